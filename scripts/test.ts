// `npm test`: the npm scripts named on its command line, in order, each with
// the run's own temporary folder (TMPDIR, TMP and TEMP), so that what the
// tests leave can be found, and what other programs on the machine do in
// the temporary folder meanwhile cannot fail the run. Scripts joined by `+`
// (`test:integration+test:interop`) run at the same time. It starts by
// forgetting earlier runs' tallies; the last script prints the summary line,
// and after it a line says how long each step took.
import { npmStep, runSteps } from '../test/reliability/runSteps';
import { reset } from '../test/reliability/tally';

async function main(): Promise<number> {
  const scripts = process.argv.slice(2);
  if (scripts.length === 0) {
    console.error('Usage: tsx scripts/test.ts <npm script>…');
    return 2;
  }
  reset();
  const r = await runSteps(scripts.map((s) => (s.includes('+') ? s.split('+').map((one) => npmStep(one)) : npmStep(s))));
  // Where the time went, for the 10 minutes CI allows.
  console.error(`npm test: ${r.took.map((t) => `${t.label} ${t.seconds.toFixed(0)} s`).join(', ')}`);
  return r.code;
}

void main().then((code) => (process.exitCode = code));
