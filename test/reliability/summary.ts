// The last line of `npm test`: what the reliability and security tests tried,
// summed over the unit, integration and host runs. It runs only after every
// test passed (npm test stops at the first failure), so each count stands for
// a case whose checks held. `--reset` forgets earlier runs' tallies, as
// `npm test` does when it starts. What the tests left in their temporary
// folder is checked after this line, by the runner (scripts/test.ts).
import { readNotRun } from './optional';
import { readAll, reset, TALLY_KINDS, zero } from './tally';

if (process.argv.includes('--reset')) {
  reset();
} else {
  const suites = readAll();
  const total = zero();
  for (const s of suites) for (const k of TALLY_KINDS) total[k] += s.counts[k];
  const n = (x: number) => x.toLocaleString('en-US');
  const missing = TALLY_KINDS.filter((k) => total[k] === 0);
  const notRun = readNotRun();
  const bySuite = suites.map((s) => `${s.suite.replace(/^test:/, '')} ${n(s.tests)}`).join(', ');
  console.log(
    `\nReliability and security: ${n(total.faults)} fault cases, ${n(total.hostile)} hostile inputs and ${n(total.fuzz)} fuzz documents tried ` +
      `(tests per run: ${bySuite || 'none'}); nothing lost (${n(total.lossChecks)} checks: no partial file, no duplicate, nothing outside its folder) ` +
      `and nothing leaked (${n(total.leakChecks)} places searched for the password and API key: 0 hits).` +
      (notRun.length ? ` Not run: ${notRun.map((s) => s.suite).join(', ')}.` : ''),
  );
  for (const s of notRun) console.log(`  ${s.suite}: ${s.why}.`);
  if (missing.length) {
    console.error(`The tally has no ${missing.join(', ')}: a suite that counts them did not run.`);
    process.exitCode = 1;
  }
}
