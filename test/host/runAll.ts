// `npm run test:host`: the four VS Code runs of the host suite (runOffline.ts).
// The extension and the host tests are built once, first; then the main run
// in three parts side by side, and as soon as one part has ended the
// Restricted Mode, installed and reload runs beside the others (each a VS Code
// of its own; the tests mostly wait on the workbench and timers: two parts
// kept about one core busy, three carry two). The first part shows its output
// as it comes, every other run its own once it has ended.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { runTogether, SIGNALS, type Step } from '../reliability/runSteps';
import { ROOT } from '../../tools/codeServer';

const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

/** The main run's parts, side by side. */
const PARTS = 3;

/** A run of runOffline.ts with the flag `flag` (`part=k/n` for a part of the main run), on the build made here. */
function hostRun(flag: string): Step {
  return { label: `host --${flag}`, command: process.execPath, args: [TSX, path.join(ROOT, 'test', 'host', 'runOffline.ts'), '--built', `--${flag}`] };
}

function build(script: string): boolean {
  return spawnSync(process.execPath, [script], { cwd: ROOT, stdio: 'inherit' }).status === 0;
}

/** Repeats every run's failures last, so that the end of a long log (all a CI page may show) names them. */
function tellFailures(): void {
  const dir = path.join(ROOT, 'test-artifacts', 'host-failures');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.txt')).sort() : [];
  for (const f of files) console.error(`host: failed in ${f.replace(/\.txt$/, '')}:\n${readFileSync(path.join(dir, f), 'utf8').trimEnd()}`);
}

async function main(): Promise<number> {
  if (!build('esbuild.mjs') || !build('test/host/build.mjs')) return 1;
  // A Ctrl+C or SIGTERM goes to the runs under way, which stop what they started.
  let parts: ChildProcess[] = [];
  let others: ChildProcess[] = [];
  for (const sig of SIGNALS) process.on(sig, () => [...parts, ...others].forEach((c) => c.kill(sig)));
  rmSync(path.join(ROOT, 'test-artifacts', 'screenshots'), { recursive: true, force: true });
  rmSync(path.join(ROOT, 'test-artifacts', 'host-failures'), { recursive: true, force: true });
  const partRuns = Array.from({ length: PARTS }, (_, i) => hostRun(`part=${i + 1}/${PARTS}`));
  const otherRuns = ['restricted', 'installed', 'reload'].map(hostRun);
  const partsDone = runTogether(partRuns, process.env, 'inherit', (c) => (parts = c));
  // The short runs start as soon as one part has ended, beside the others: VS Codes that mostly wait.
  await new Promise<void>((resolve) => parts.forEach((c) => (c.exitCode !== null ? resolve() : c.once('exit', () => resolve()))));
  const othersDone = runTogether(otherRuns, process.env, 'pipe', (c) => (others = c));
  const [partCodes, codes] = await Promise.all([partsDone, othersDone]);
  const failedPart = partCodes.find((c) => c !== 0);
  const failed = codes.find((c) => c !== 0);
  tellFailures();
  [...partCodes, ...codes].forEach((c, i) => c !== 0 && console.error(`host: ${[...partRuns, ...otherRuns][i].label} failed (exit code ${c})`));
  if (failed !== undefined) console.error(`host: ${codes.filter((c) => c !== 0).length} of the Restricted Mode, installed and reload runs failed`);
  return failedPart ?? failed ?? 0;
}

void main().then((code) => (process.exitCode = code));
