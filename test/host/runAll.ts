// `npm run test:host`: the four VS Code runs of the host suite (runOffline.ts).
// The extension and the host tests are built once, first; then the main run,
// then the Restricted Mode, installed and reload runs at the same time (each
// a VS Code of its own; they are short and mostly wait). The first of those
// shows its output as it comes, the others theirs once they have ended.
import { spawnSync, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { runTogether, SIGNALS, type Step } from '../reliability/runSteps';
import { ROOT } from './codeServer';

const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

/** A run of runOffline.ts (`name` its flag, none for the main run), on the build made here. */
function hostRun(name?: string): Step {
  return { label: `host${name ? ` --${name}` : ''}`, command: process.execPath, args: [TSX, path.join(ROOT, 'test', 'host', 'runOffline.ts'), '--built', ...(name ? [`--${name}`] : [])] };
}

function build(script: string): boolean {
  return spawnSync(process.execPath, [script], { cwd: ROOT, stdio: 'inherit' }).status === 0;
}

async function main(): Promise<number> {
  if (!build('esbuild.mjs') || !build('test/host/build.mjs')) return 1;
  // A Ctrl+C or SIGTERM goes to the runs under way, which stop what they started.
  let children: ChildProcess[] = [];
  for (const sig of SIGNALS) process.on(sig, () => children.forEach((c) => c.kill(sig)));
  const running = (started: ChildProcess[]) => (children = started);
  const [main] = await runTogether([hostRun()], process.env, 'inherit', running);
  if (main !== 0) return main;
  const codes = await runTogether(['restricted', 'installed', 'reload'].map(hostRun), process.env, 'inherit', running);
  const failed = codes.find((c) => c !== 0);
  if (failed !== undefined) console.error(`host: ${codes.filter((c) => c !== 0).length} of the Restricted Mode, installed and reload runs failed`);
  return failed ?? 0;
}

void main().then((code) => (process.exitCode = code));
