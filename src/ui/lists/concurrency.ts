/** Details (of submissions, archive files) fetched at once by a view or a bulk download: a few, so that a long selection does not fill the client's connections. */
export const DETAILS_AT_ONCE = 4;

/** Runs at most `limit` tasks at a time, in the order they were queued. */
export class Limiter {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running++;
        task().then(resolve, reject).finally(() => {
          this.running--;
          this.queue.shift()?.();
        });
      };
      if (this.running < this.limit) start();
      else this.queue.push(start);
    });
  }
}

/**
 * A task that never runs twice at once: a call while it runs waits for that
 * run and then runs it once more (several such calls share that one run).
 * The task is expected not to reject.
 */
export class SerialTask {
  private current?: Promise<void>;
  private next?: Promise<void>;

  constructor(private readonly task: () => Promise<void>) {}

  get running(): boolean {
    return this.current !== undefined;
  }

  /** Settles when the runs already started or queued are over. */
  idle(): Promise<void> {
    return this.next ?? this.current ?? Promise.resolve();
  }

  run(): Promise<void> {
    if (!this.current) return this.start();
    this.next ??= this.current.then(() => {
      this.next = undefined;
      return this.start();
    });
    return this.next;
  }

  private start(): Promise<void> {
    const p = this.task().finally(() => {
      if (this.current === p) this.current = undefined;
    });
    this.current = p;
    return p;
  }
}
