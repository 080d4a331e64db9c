/**
 * Samples this process's resident set size on a timer. Sampling runs on the
 * same event loop as the transfer, so a sample can be late while the loop is
 * busy; `process.resourceUsage().maxRSS` is reported beside it as a check.
 */
export class RssSampler {
  private timer?: NodeJS.Timeout;
  private peakBytes = 0;
  private count = 0;

  start(intervalMs: number): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
  }

  stop(): { peak: number; samples: number } {
    this.sample();
    clearInterval(this.timer);
    return { peak: this.peakBytes, samples: this.count };
  }

  private sample(): void {
    const rss = process.memoryUsage.rss();
    if (rss > this.peakBytes) this.peakBytes = rss;
    this.count++;
  }
}

/** RSS once the heap has settled: after a full GC when `--expose-gc` is on. */
export async function settledRss(): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 2; i++) {
    gc?.();
    await new Promise((r) => setTimeout(r, 50));
  }
  return process.memoryUsage.rss();
}
