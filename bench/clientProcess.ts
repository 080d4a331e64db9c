// Starts clientChild.ts in a child process and runs one operation in it.
// The child is bundled with esbuild first (as the extension is), so it runs
// on plain Node with no TypeScript loader in its memory or on its CPU.
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { build } from 'esbuild';
import type { ChildFailure, ChildOperation, ChildRequest, ChildResult } from './protocol';

let bundled: Promise<{ file: string; dir: string }> | undefined;

/** Bundles the child once per process; the folder is removed by `disposeClientChild`. */
function childBundle(): Promise<{ file: string; dir: string }> {
  bundled ??= (async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dsas-bench-child-'));
    const file = path.join(dir, 'clientChild.js');
    await build({
      entryPoints: [path.join(__dirname, 'clientChild.ts')],
      outfile: file,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      sourcemap: true,
      external: ['node-fetch'],
      logLevel: 'warning',
    });
    return { file, dir };
  })();
  return bundled;
}

export async function disposeClientChild(): Promise<void> {
  if (!bundled) return;
  const { dir } = await bundled;
  bundled = undefined;
  rmSync(dir, { recursive: true, force: true });
}

export interface ChildRunOptions {
  readonly baseUrl: string;
  readonly user: string;
  readonly password: string;
  readonly key: string;
  readonly sampleMs?: number;
  /** Write a CPU profile of the child into this folder. */
  readonly profileDir?: string;
  /** Kill the child after this long. */
  readonly timeoutMs?: number;
}

/** Runs one operation of our client in a fresh child process. */
export async function runInClientChild(o: ChildRunOptions, operation: ChildOperation): Promise<ChildResult> {
  const { file } = await childBundle();
  const execArgv = ['--expose-gc', '--enable-source-maps'];
  if (o.profileDir) {
    mkdirSync(o.profileDir, { recursive: true });
    execArgv.push('--cpu-prof', `--cpu-prof-dir=${path.resolve(o.profileDir)}`, `--cpu-prof-name=${operation.kind}-${Date.now()}.cpuprofile`);
  }
  const child = fork(file, [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const request: ChildRequest = {
    baseUrl: o.baseUrl, user: o.user, password: o.password, key: o.key, operation, sampleMs: o.sampleMs ?? 10,
  };
  return new Promise<ChildResult>((resolve, reject) => {
    let answer: ChildResult | ChildFailure | undefined;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`our client (${operation.kind}) did not finish within ${Math.round((o.timeoutMs ?? 600_000) / 1000)} s`));
    }, o.timeoutMs ?? 600_000);
    child.on('message', (m: ChildResult | ChildFailure) => {
      answer = m;
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (answer?.ok) resolve(answer);
      else reject(new Error(`our client (${operation.kind}) failed: ${answer?.error ?? `exited with ${signal ?? code}`}`));
    });
    child.send(request);
  });
}
