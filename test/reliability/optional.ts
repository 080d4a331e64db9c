// Suites that need a program from the operating system (Apache httpd, curl)
// run whenever it is installed. Without it, a developer's run says so in one
// line and the summary of `npm test` lists the suite as not run; CI (CI set,
// as `.ci/run` does) must have it, so there its absence fails the run.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { tallyDir } from './tally';

export interface NotRun {
  readonly suite: string;
  /** Why, and the command that installs what it needs. */
  readonly why: string;
}

const SUFFIX = '.notrun';

/**
 * Returns true when the suite can run. When `missing` says what is absent, it
 * fails in CI, and elsewhere prints one line and records the suite as not run.
 */
export function optionalSuite(suite: string, missing: string | undefined, install: string, dir = tallyDir(), say = console.log): boolean {
  if (!missing) return true;
  if (process.env.CI) throw new Error(`${suite}: ${missing}; CI must install it (${install}).`);
  const why = `${missing} (install it with: ${install})`;
  say(`${suite} not run: ${why}.`);
  mkdirSync(dir, { recursive: true });
  const entry: NotRun = { suite, why };
  writeFileSync(path.join(dir, `${suite.replace(/[^\w.-]+/g, '_')}${SUFFIX}`), `${JSON.stringify(entry)}\n`);
  return false;
}

export function readNotRun(dir = tallyDir()): NotRun[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(SUFFIX)).sort();
  } catch {
    return [];
  }
  return names.map((n) => JSON.parse(readFileSync(path.join(dir, n), 'utf8')) as NotRun);
}
