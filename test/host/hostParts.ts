// How the main host run is dealt into parts that run side by side: by each
// file's measured duration (test/host/durations.json, seconds), longest first,
// each to the part with the least so far, so that the parts end together.
// The first part starts with an allowance for the short runs (Restricted
// Mode, installed, reload) that start as soon as it has ended, beside the
// others. A file missing from the table counts as the median duration
// (10 s while the table is empty).
import durations from './durations.json';

/** About how long the short runs take beside a part, in seconds. */
const SHORT_RUNS_S = 60;

/** The files of part `k` (1-based) of `n`, in name order. */
export function partFiles(files: readonly string[], k: number, n: number, measured: Readonly<Record<string, number>> = durations): string[] {
  if (n <= 1) return [...files];
  const known = files.map((f) => measured[f]).filter((s): s is number => typeof s === 'number').sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 10;
  const cost = (f: string) => measured[f] ?? median;
  const loads = Array.from({ length: n }, (_, i): number => (i === 0 ? SHORT_RUNS_S : 0));
  const part = new Map<string, number>();
  // Longest first; ties by name so that every run deals the same way.
  for (const f of [...files].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b))) {
    const i = loads.indexOf(Math.min(...loads));
    loads[i] += cost(f);
    part.set(f, i);
  }
  return files.filter((f) => part.get(f) === k - 1);
}

/** The name a run goes by in its artifacts: `test:host`, `test:host-part1`, `test:host-reload` …, from DSAS_HOST_RUN and DSAS_HOST_PART. */
export function runName(run: string, part: string): string {
  const [k, n] = (part || '1/1').split('/').map(Number);
  return run ? `test:host-${run}` : n > 1 ? `test:host-part${k}` : 'test:host';
}

/** The file a run's failures are written to, under the artifacts folder (runAll.ts repeats them last). */
export function failuresFile(artifacts: string, name: string): string {
  return `${artifacts}/host-failures/${name.replace(/:/g, '-')}.txt`;
}
