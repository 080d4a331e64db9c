import type { Sandbox } from '../tools/sandbox';
import type { ChildRunOptions } from './clientProcess';
import type { BenchOptions } from './options';

/** What every case gets. */
export interface BenchContext {
  readonly opts: BenchOptions;
  readonly sb: Sandbox;
  /** Folder for generated files and downloads. */
  readonly work: string;
  /** How our client's child reaches the sandbox. */
  readonly child: ChildRunOptions;
  /** Progress lines on stderr (stdout holds only the table). */
  readonly log: (line: string) => void;
}

/** Waits until `test()` holds, polling; false after `ms`. */
export async function until(test: () => boolean, ms = 5000): Promise<boolean> {
  for (let waited = 0; !test(); waited += 10) {
    if (waited >= ms) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
}
