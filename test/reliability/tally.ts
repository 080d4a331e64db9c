// What the reliability and security tests tried, counted for the summary line
// of `npm test`. A test adds to the tally while it runs; its counts are kept
// only if it passes (the runners' hooks call settle()). The state lives on
// globalThis because the host tests are bundled one file each, and each
// bundle carries its own copy of this module.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

export const TALLY_KINDS = ['faults', 'hostile', 'fuzz', 'lossChecks', 'leakChecks'] as const;
export type TallyKind = (typeof TALLY_KINDS)[number];
export type Counts = Record<TallyKind, number>;

/** One runner's saved tally. */
export interface SuiteTally {
  readonly suite: string;
  readonly counts: Counts;
  /** Passed tests that counted something. */
  readonly tests: number;
}

interface State {
  pending: Counts;
  kept: Counts;
  tests: number;
}

const KEY = Symbol.for('dsas.reliabilityTally');

export function zero(): Counts {
  return { faults: 0, hostile: 0, fuzz: 0, lossChecks: 0, leakChecks: 0 };
}

function state(): State {
  const g = globalThis as { [KEY]?: State };
  return (g[KEY] ??= { pending: zero(), kept: zero(), tests: 0 });
}

/**
 * Counts what the running test tried: `faults` injected fault cases, `hostile`
 * hostile inputs, `fuzz` mutated documents, `lossChecks` checks that nothing
 * was lost, duplicated or written outside its place, `leakChecks` places
 * searched for a secret.
 */
export function tried(kind: TallyKind, n = 1): void {
  if (!Number.isInteger(n) || n < 0) throw new Error(`a tally counts whole things, not ${n}`);
  state().pending[kind] += n;
}

/** Ends the running test: its counts are kept only if it passed. */
export function settle(passed: boolean): void {
  const s = state();
  if (passed && TALLY_KINDS.some((k) => s.pending[k] > 0)) {
    for (const k of TALLY_KINDS) s.kept[k] += s.pending[k];
    s.tests++;
  }
  s.pending = zero();
}

export function tallyDir(): string {
  return path.join(process.env.DSAS_TEST_ARTIFACTS ?? path.resolve('test-artifacts'), 'tally');
}

/** Writes what this process kept as <dir>/<suite>.json (nothing when it counted nothing). */
export function save(suite: string, dir = tallyDir()): void {
  const s = state();
  if (s.tests === 0) return;
  mkdirSync(dir, { recursive: true });
  const tally: SuiteTally = { suite, counts: s.kept, tests: s.tests };
  writeFileSync(path.join(dir, `${suite.replace(/[^\w.-]/g, '_')}.json`), `${JSON.stringify(tally, null, 2)}\n`);
}

export function readAll(dir = tallyDir()): SuiteTally[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return names.map((n) => JSON.parse(readFileSync(path.join(dir, n), 'utf8')) as SuiteTally);
}

export function reset(dir = tallyDir()): void {
  rmSync(dir, { recursive: true, force: true });
}
