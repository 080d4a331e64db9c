// The steps of `npm test`, one after the other, each a child process whose
// temporary folder is the run's own (see leftovers.ts); the first that fails
// ends the run. Steps given together (an array) run at the same time: the
// first one's output is shown as it comes, each other's once it has ended
// (whole, so that the lines of two suites never mix). Afterwards the run's
// folder must be as it was: what is left there is named and fails the run,
// and the folder is removed either way.
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { leftIn, makeRunFolder, removeRunFolder, withTempFolder } from './leftovers';

export interface Step {
  /** What the messages call it, e.g. the npm script's name. */
  readonly label: string;
  readonly command: string;
  readonly args: readonly string[];
}

export interface RunOptions {
  /** Where the run's folder is made; by default the temporary folder. */
  readonly parent?: string;
  readonly stdio?: StdioOptions;
  /** Where the run's own messages go. */
  readonly say?: (line: string) => void;
}

export interface RunResult {
  /** 0 when every step passed and nothing was left; else the failed step's exit code, or 1. */
  readonly code: number;
  /** The run's folder (removed by now). */
  readonly dir: string;
  /** What the steps left in it. */
  readonly left: readonly string[];
  /** How long each step ran (steps given together: `a+b`, as long as the longest), in seconds. */
  readonly took: readonly { readonly label: string; readonly seconds: number }[];
}

/** `npm run <script> [args]`, through the npm that runs this process when there is one. */
export function npmStep(script: string, ...args: string[]): Step {
  const npm = process.env.npm_execpath;
  const run = ['run', ...args, script];
  // npm_execpath is npm's own script (npm-cli.js): node runs it on every platform, without a shell.
  if (npm && /\.[cm]?js$/.test(npm)) return { label: script, command: process.execPath, args: [npm, ...run] };
  return { label: script, command: process.platform === 'win32' ? 'npm.cmd' : 'npm', args: run };
}

export async function runSteps(steps: readonly (Step | readonly Step[])[], o: RunOptions = {}): Promise<RunResult> {
  const say = o.say ?? ((line: string) => console.error(line));
  const folder = makeRunFolder(o.parent);
  const env = withTempFolder(folder.dir);
  // A SIGINT or SIGTERM for the run is passed on to the steps under way (which stop what they
  // started); once they have ended, the run ends, and its folder is removed all the same.
  let current: ChildProcess[] = [];
  let interrupted: NodeJS.Signals | undefined;
  const pass = (sig: NodeJS.Signals): void => {
    interrupted = sig;
    for (const child of current) child.kill(sig);
  };
  for (const sig of SIGNALS) process.on(sig, pass);
  let code = 0;
  const took: { label: string; seconds: number }[] = [];
  try {
    for (const step of steps) {
      const together = isGroup(step) ? step : [step];
      const started = Date.now();
      const codes = await runTogether(together, env, o.stdio, (children) => (current = children));
      took.push({ label: together.map((s) => s.label).join('+'), seconds: (Date.now() - started) / 1000 });
      current = [];
      const failed = codes.findIndex((c) => c !== 0);
      code = failed < 0 ? 0 : codes[failed];
      if (interrupted && code === 0) code = interrupted === 'SIGINT' ? 130 : 143;
      if (code !== 0) {
        const label = together[Math.max(failed, 0)].label;
        say(`${label} ${interrupted ? `stopped by ${interrupted}` : `failed (exit code ${code})`}: the steps after it were not run.`);
        break;
      }
    }
    const left = leftIn(folder);
    if (left.length) {
      say(`The tests left ${left.length} ${left.length === 1 ? 'entry' : 'entries'} in their temporary folder (${folder.dir}): ${left.join(', ')}`);
      if (code === 0) code = 1;
    }
    return { code, dir: folder.dir, left, took };
  } finally {
    for (const sig of SIGNALS) process.off(sig, pass);
    removeRunFolder(folder);
  }
}

/**
 * Runs `steps` at the same time; their exit codes, in order. With 'inherit'
 * the first one's output shows as it comes, each other's in one piece once it
 * has ended. `running` is told the processes started.
 */
export async function runTogether(steps: readonly Step[], env: NodeJS.ProcessEnv, stdio: StdioOptions = 'inherit', running?: (children: ChildProcess[]) => void): Promise<number[]> {
  const started = steps.map((s, i) => start(s, env, i > 0 && stdio === 'inherit' ? 'pipe' : stdio));
  running?.(started.map((r) => r.child));
  const codes: number[] = [];
  for (const r of started) {
    codes.push(await r.code);
    if (r.output) process.stdout.write(Buffer.concat(await r.output));
  }
  return codes;
}

export const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

function isGroup(step: Step | readonly Step[]): step is readonly Step[] {
  return Array.isArray(step);
}

interface Started {
  readonly child: ChildProcess;
  /** Its exit code (a signal's conventional code when it was killed by one). */
  readonly code: Promise<number>;
  /** With 'pipe': what it wrote (stdout and stderr in the order they came), once it has ended. */
  readonly output?: Promise<Buffer[]>;
}

function start(step: Step, env: NodeJS.ProcessEnv, stdio: StdioOptions): Started {
  const piped = stdio === 'pipe';
  const child = spawn(step.command, [...step.args], { env, stdio: piped ? ['ignore', 'pipe', 'pipe'] : stdio, shell: process.platform === 'win32' && step.command.endsWith('.cmd') });
  const code = new Promise<number>((resolve) => {
    child.once('error', (e) => {
      console.error(`${step.label}: ${e.message}`);
      resolve(1);
    });
    child.once('exit', (c, sig) => resolve(c ?? (sig === 'SIGINT' ? 130 : 143)));
  });
  if (!piped) return { child, code };
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (b: Buffer) => chunks.push(b));
  child.stderr?.on('data', (b: Buffer) => chunks.push(b));
  const output = new Promise<Buffer[]>((resolve) => {
    child.once('close', () => resolve(chunks));
    child.once('error', () => resolve(chunks));
  });
  return { child, code, output };
}
