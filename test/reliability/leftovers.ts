// Tests leave nothing behind: `npm test` notes what the temporary folder
// holds when it starts, and its summary fails on anything added since.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { tallyDir } from './tally';

// Not .json: the tally reads every .json file of its folder as a suite's counts.
const SNAPSHOT = 'temp-before.snapshot';

export function noteTempFolder(dir = tallyDir(), temp = os.tmpdir()): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, SNAPSHOT), `${JSON.stringify(readdirSync(temp))}\n`);
}

/** What the temporary folder holds now that it did not when noted (nothing known when it was never noted). */
export function addedToTempFolder(dir = tallyDir(), temp = os.tmpdir()): string[] {
  let before: string[];
  try {
    before = JSON.parse(readFileSync(path.join(dir, SNAPSHOT), 'utf8')) as string[];
  } catch {
    return [];
  }
  const known = new Set(before);
  return readdirSync(temp).filter((n) => !known.has(n)).sort();
}
