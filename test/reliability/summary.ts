// The last line of `npm test`: what the reliability and security tests tried,
// summed over the unit, integration and host runs. It runs only after every
// test passed (npm test stops at the first failure), so each count stands for
// a case whose checks held, and it fails when the tests left anything in the
// temporary folder. `--reset` forgets earlier runs' tallies and notes what that folder holds.
import * as os from 'node:os';
import { addedToTempFolder, noteTempFolder } from './leftovers';
import { readNotRun } from './optional';
import { readAll, reset, TALLY_KINDS, zero } from './tally';

if (process.argv.includes('--reset')) {
  reset();
  noteTempFolder();
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
  const left = addedToTempFolder();
  if (left.length) {
    console.error(`The tests left ${left.length} entries in the temporary folder (${os.tmpdir()}): ${left.join(', ')}`);
    process.exitCode = 1;
  }
  if (missing.length) {
    console.error(`The tally has no ${missing.join(', ')}: a suite that counts them did not run.`);
    process.exitCode = 1;
  }
}
