// Tests leave nothing behind. `npm test` gives every step a temporary folder
// of its own (TMPDIR, TMP and TEMP point into one folder the run makes), so
// that what the steps leave can be told from what the rest of the machine
// does meanwhile: only that folder is checked, and it is removed afterwards.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const RUN_FOLDER_PREFIX = 'dsas-test-';

/** One run's temporary folder, and what it held before any step ran. */
export interface RunFolder {
  readonly dir: string;
  readonly before: readonly string[];
}

/**
 * Makes the run's folder in `parent`. tsx, which runs the steps' TypeScript,
 * keeps its compiled files in `tsx-<user>` of the temporary folder: that
 * folder is the run's own from the start, not something a test left.
 */
export function makeRunFolder(parent = os.tmpdir()): RunFolder {
  const dir = mkdtempSync(path.join(parent, RUN_FOLDER_PREFIX));
  // Like the temporary folder it stands in for, others may pass through it: Apache's workers,
  // which run as www-data when the tests run as root, read their server root inside it.
  chmodSync(dir, 0o755);
  mkdirSync(path.join(dir, tsxCacheName()));
  return { dir, before: readdirSync(dir) };
}

/** The environment of a process whose temporary folder (os.tmpdir() on every platform) is `dir`, passed on to what it starts. */
export function withTempFolder(dir: string, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, TMPDIR: dir, TMP: dir, TEMP: dir };
}

/** What the run's folder holds now that it did not before the steps, sorted. */
export function leftIn(folder: RunFolder): string[] {
  const known = new Set(folder.before);
  return readdirSync(folder.dir).filter((n) => !known.has(n)).sort();
}

export function removeRunFolder(folder: RunFolder): void {
  rmSync(folder.dir, { recursive: true, force: true, maxRetries: 3 });
}

/** As tsx names its cache folder: by user id, or user name where there is none (Windows). */
function tsxCacheName(): string {
  return `tsx-${process.geteuid ? process.geteuid() : os.userInfo().username}`;
}
