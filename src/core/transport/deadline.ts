import { ServiceError } from '../errors';
import { formatSeconds } from './http';

/**
 * A call's response deadline: a signal that aborts with a timeout once the
 * clock has run for `ms`, or as `signal` does. The clock runs only while the
 * call holds one of the client's connections (`run` until the returned
 * function is called), so that time spent queued behind the client's own
 * requests is never blamed on the service.
 */
export class Deadline {
  private readonly ac = new AbortController();
  private left: number;
  private runningSince?: number;
  private timer?: ReturnType<typeof setTimeout>;
  /** Connections the call holds now. */
  private held = 0;
  private readonly follow = (): void => this.ac.abort(this.outer?.reason);

  constructor(private readonly ms: number, private readonly outer: AbortSignal | undefined) {
    this.left = ms;
    if (outer?.aborted) this.follow();
    else outer?.addEventListener('abort', this.follow, { once: true });
  }

  get signal(): AbortSignal {
    return this.ac.signal;
  }

  /**
   * Runs the clock while the returned function has not been called. A call
   * can hold two connections for a moment (a 401's body still closing while
   * the retry goes out): the clock runs while any is held.
   */
  run(): () => void {
    if (this.held++ === 0 && !this.ac.signal.aborted) {
      this.runningSince = Date.now();
      this.timer = setTimeout(() => {
        this.ac.abort(new ServiceError('timeout', `The service did not send its whole answer within the ${formatSeconds(this.ms)} allowed for it.`));
      }, this.left);
    }
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      if (--this.held === 0) this.pause();
    };
  }

  /** Stops the clock and lets go of the outer signal. */
  dispose(): void {
    this.pause();
    this.outer?.removeEventListener('abort', this.follow);
  }

  private pause(): void {
    if (this.runningSince === undefined) return;
    clearTimeout(this.timer);
    this.left = Math.max(0, this.left - (Date.now() - this.runningSince));
    this.runningSince = undefined;
  }
}
