import { abortReason } from '../errors';

/**
 * A counting semaphore for requests on the wire. Kept equal to the agent's
 * connections per host, so that no request waits inside the agent with its
 * Authorization already computed: a queued request takes its credentials
 * only once it can go out, after any refusal that came meanwhile.
 */
export class Slots {
  private readonly waiting: (() => void)[] = [];

  constructor(private free: number) {}

  /**
   * Resolves with the release function once a slot is free; rejects when the
   * signal aborts first. `first`: ahead of those waiting (a call that already
   * waited its turn and goes on).
   */
  acquire(signal?: AbortSignal, first = false): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise((resolve, reject) => {
      const grant = (): void => {
        signal?.removeEventListener('abort', onAbort);
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          this.next();
        });
      };
      const onAbort = (): void => {
        const i = this.waiting.indexOf(grant);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(abortReason(signal));
      };
      if (this.free > 0) {
        this.free--;
        grant();
        return;
      }
      if (first) this.waiting.unshift(grant);
      else this.waiting.push(grant);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private next(): void {
    const grant = this.waiting.shift();
    if (grant) grant();
    else this.free++;
  }
}
