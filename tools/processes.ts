// Stopping what a runner started, whatever way the run ends: success,
// failure, time limit or Ctrl+C.
import { readdirSync, readFileSync } from 'node:fs';

type Cleanup = () => Promise<void>;

export class ProcessGuard {
  private readonly cleanups: Cleanup[] = [];
  private exiting: Promise<never> | undefined;
  private timer: NodeJS.Timeout | undefined;

  /** Registers a cleanup; they run in reverse order of registration. */
  add(cleanup: Cleanup): void {
    this.cleanups.push(cleanup);
  }

  /** Fails the run with `message` after `ms`, instead of hanging. */
  deadline(ms: number, message: string): void {
    this.timer = setTimeout(() => {
      console.error(`\n${message}`);
      void this.exit(1);
    }, ms);
  }

  onSignals(): void {
    for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.on(sig, () => {
        console.error(`\n${sig}: stopping everything that was started`);
        void this.exit(sig === 'SIGINT' ? 130 : 143);
      });
    }
  }

  /** Whether the run is stopping (a deadline, a signal or the end): what ends meanwhile is no result. */
  get stopping(): boolean {
    return this.exiting !== undefined;
  }

  /** Runs every cleanup (each bounded to 10 s), then exits with `code`. Idempotent. */
  exit(code: number): Promise<never> {
    this.exiting ??= (async () => {
      if (this.timer) clearTimeout(this.timer);
      for (const c of this.cleanups.splice(0).reverse()) {
        try {
          const t0 = Date.now();
          await Promise.race([c(), new Promise((r) => setTimeout(r, 10_000))]);
          if (process.env.DSAS_HOST_VERBOSE === '1') console.error(`cleanup step: ${Date.now() - t0} ms`);
        } catch (e) {
          console.error(`cleanup: ${(e as Error).message}`);
        }
      }
      process.exit(code);
    })();
    return this.exiting;
  }
}

/**
 * The text of a workbench console message, without the styling of VS Code's
 * console logger (`%c INFO color: #33f text`).
 */
export function consoleText(raw: string): string | undefined {
  const text = raw.replace(/^%c\s*(\w+)\s+color:\s*\S+\s?/, '$1 ').trimEnd();
  return text.length ? text : undefined;
}

function parentOf(pid: number): number | undefined {
  try {
    // /proc/PID/stat: "pid (comm) state ppid ..."; comm may contain spaces and parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** `root` and all its descendants now alive (Linux /proc), so that they can be waited for once stopped. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const ppid = parentOf(pid);
    if (ppid !== undefined) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const tree: number[] = [];
  const todo = [root];
  while (todo.length) {
    const pid = todo.pop()!;
    tree.push(pid);
    todo.push(...(children.get(pid) ?? []));
  }
  return tree;
}

function alive(pid: number): boolean {
  try {
    readFileSync(`/proc/${pid}/stat`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Kills what is left of `pids` and waits (at most `ms`) until every one of
 * them has disappeared, including zombies not yet reaped by init, so that
 * nothing the runner started is visible once it exits.
 */
export async function finishOff(pids: number[], ms = 5000): Promise<void> {
  for (const pid of pids) {
    try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
  }
  const until = Date.now() + ms;
  while (pids.some(alive) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
}
