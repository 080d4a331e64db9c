// The waits the runner's page routes share: each is bounded and says what it waited for.

export const oneLine = (s: string, max = 300): string => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max)}…` : t;
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it gives a value, or fails with `what` after `ms`. */
export async function poll<T>(what: string, check: () => Promise<T | undefined>, ms: number): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`${what} within ${ms / 1000} s`);
    await sleep(200);
  }
}
