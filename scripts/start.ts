// `npm start`: the one-command demo. Builds the extension, starts the sandbox
// service with its demo data and a code-server (VS Code 1.100.3 in the
// browser) with the extension from this working tree, then prints the URL to
// open and the credentials to sign in with. Ctrl+C stops everything.
//
// The sandbox is a process of its own (`npm run sandbox`): stopping it alone
// (`s` + Enter here, or `kill` with the pid printed) leaves the workbench
// running, so that the extension's offline behaviour can be seen.
//
// Options: --port N (code-server, default 8080), --sandbox-port N (default
// 8787); a busy port is replaced by a free one. --dir DIR keeps the demo's
// workspace, profile and data there instead of .vscode-test/demo and
// .sandbox-data (the tests use it).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { ensureCodeServer, freePort, isNoise, linkRipgrep, portIsFree, RIPGREP_INSTALL, ROOT, startCodeServer, writeUserSettings, writeWorkspace } from '../tools/codeServer';
import { ProcessGuard, processTree } from '../tools/processes';
import manifest from '../package.json';

/** The sandbox's account (its defaults, passed explicitly so that what is printed is what it uses). */
const ACCOUNT = { user: 'demo', password: 'demo-password', key: 'demo-key' };

/** `wanted`, or a free port when it is busy or 0. */
async function pickPort(wanted: number): Promise<number> {
  return wanted > 0 && (await portIsFree(wanted)) ? wanted : freePort();
}

/**
 * Kills what the launcher started once the launcher is gone, however it
 * went: a detached process that holds the read end of a pipe only the
 * launcher writes to. The end of that pipe (also after a SIGKILL, which runs
 * no cleanup) makes it stop each process group it was told about: every
 * child the launcher started in a group of its own (the sandbox, code-server
 * and its extension host).
 */
function startWatchdog(): { watchGroups(): void } {
  const script = `
    const groups = new Set();
    process.stdin.on('data', (d) => String(d).split('\\n').filter(Boolean).forEach((g) => groups.add(Number(g))));
    process.stdin.on('end', () => {
      const kill = (sig) => groups.forEach((g) => { try { process.kill(-g, sig); } catch {} });
      kill('SIGTERM');
      setTimeout(() => { kill('SIGKILL'); process.exit(0); }, 3000);
    });`;
  const dog = spawn(process.execPath, ['-e', script], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
  dog.unref();
  return {
    watchGroups: () => {
      for (const pid of ownGroups().filter((g) => g !== dog.pid)) dog.stdin?.write(`${pid}\n`);
    },
  };
}

/** The launcher's descendants that lead a process group of their own (Linux /proc; none elsewhere: no watchdog there). */
function ownGroups(): number[] {
  const leads = (pid: number): boolean => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8'); // "pid (comm) state ppid pgrp ..."
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === pid;
    } catch {
      return false; // gone meanwhile
    }
  };
  try {
    return processTree(process.pid).filter((pid) => pid !== process.pid && leads(pid));
  } catch {
    return [];
  }
}

interface SandboxProcess {
  readonly child: ChildProcess;
  readonly baseUrl: string;
  stop(): Promise<void>;
}

/** `npm run sandbox` as a child in a process group of its own: terminal signals reach only the launcher, which stops it in order. */
function startSandboxProcess(port: number, dataDir: string, onStopped: (code: number | null, signal: string | null) => void): Promise<SandboxProcess> {
  const args = ['--import', 'tsx', path.join(ROOT, 'tools', 'sandbox', 'main.ts'), '--port', String(port), '--data', dataDir, '--seed', 'demo',
    '--user', ACCOUNT.user, '--password', ACCOUNT.password, '--key', ACCOUNT.key, '--quiet'];
  const child = spawn(process.execPath, args, { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stopping = false;
  const exited = new Promise<void>((resolve) => child.once('exit', (code, signal) => {
    if (!stopping) onStopped(code, signal);
    resolve();
  }));
  createInterface({ input: child.stderr! }).on('line', (line) => console.error(`[sandbox] ${line}`));
  const stop = async (): Promise<void> => {
    stopping = true;
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the sandbox did not start within 30 s')), 30_000);
    void exited.then(() => reject(new Error(`the sandbox exited before it was ready (exit code ${child.exitCode})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const ready = /^SANDBOX_READY (\S+)/.exec(line);
      if (!ready) return;
      clearTimeout(timer);
      resolve({ child, baseUrl: ready[1], stop });
    });
  });
}

async function main(guard: ProcessGuard): Promise<void> {
  const { values } = parseArgs({ options: { port: { type: 'string' }, 'sandbox-port': { type: 'string' }, dir: { type: 'string' } } });
  const demo = values.dir ? path.resolve(values.dir) : path.join(ROOT, '.vscode-test', 'demo');
  const dataDir = values.dir ? path.join(demo, 'sandbox-data') : path.join(ROOT, '.sandbox-data');
  ensureCodeServer();
  const noSearch = linkRipgrep();
  if (noSearch) console.log(`Note: ${noSearch}. Install it with: ${RIPGREP_INSTALL}`);
  const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');
  const watchdog = startWatchdog();

  const sandboxPort = await pickPort(Number(values['sandbox-port'] ?? 8787));
  const restart = `npm run sandbox -- --port ${sandboxPort} --data ${path.relative(process.cwd(), dataDir) || '.'}`;
  let sandbox: SandboxProcess | undefined;
  const startSandbox = async (): Promise<SandboxProcess> => {
    const sb = await startSandboxProcess(sandboxPort, dataDir, (code, signal) => {
      sandbox = undefined;
      console.log(`\n[sandbox] stopped (${signal ?? `exit code ${code}`}). The workbench keeps running and the extension sees the service offline.\n  Start it again with s + Enter, or: ${restart}\n`);
    });
    watchdog.watchGroups();
    return sb;
  };
  sandbox = await startSandbox();
  guard.add(async () => sandbox?.stop());

  const workspace = path.join(demo, 'workspace');
  writeWorkspace(workspace, { 'workbench.startupEditor': 'none', 'git.openRepositoryInParentFolders': 'never' });
  // The service address and user name count only as user settings.
  const userDataDir = path.join(demo, 'user-data');
  // No start page: code-server's "Setup VS Code Web" walkthrough would cover the workbench, in any folder.
  writeUserSettings(userDataDir, { 'dsas.baseURL': sandbox.baseUrl, 'dsas.userName': ACCOUNT.user, 'security.workspace.trust.enabled': false, 'workbench.startupEditor': 'none' });
  const sample = path.join(workspace, 'sample-letter.txt');
  if (!existsSync(sample)) writeFileSync(sample, 'Dear recipient,\n\nplease find the quarterly report attached.\n\nRegards\n');

  // The extension is loaded from the working tree: the extensions folder is
  // made anew on every start and holds a link to it, which code-server picks
  // up when it first scans the (empty) folder.
  const extensionsDir = path.join(demo, 'extensions');
  rmSync(extensionsDir, { recursive: true, force: true });
  mkdirSync(extensionsDir, { recursive: true });
  symlinkSync(ROOT, path.join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`), 'dir');

  const cs = await startCodeServer({
    port: await pickPort(Number(values.port ?? 8080)),
    userDataDir,
    extensionsDir,
    workspace,
    onLine: (line) => { if (/error/i.test(line) && !isNoise(line)) console.log(`[code-server] ${line}`); },
    register: (stop) => {
      guard.add(stop);
      watchdog.watchGroups(); // code-server was just spawned, in a group of its own
    },
  });

  console.log(`
  Document Submission and Archive: demo is running

  Open in a browser:  ${cs.url}?folder=${encodeURI(workspace)}
  Sandbox service:    ${sandbox.baseUrl}  (process ${sandbox.child.pid})
    user name:        ${ACCOUNT.user}
    password:         ${ACCOUNT.password}
    service key:      ${ACCOUNT.key}
  Demo data:          ${path.relative(ROOT, dataDir)}/ (delete it for fresh demo data)

  s + Enter stops the sandbox alone (and starts it again): the workbench keeps running.
  Ctrl+C stops code-server and the sandbox.
`);
  // `s` toggles the sandbox, so that the extension can be watched losing and finding the service.
  if (process.stdin.isTTY) {
    createInterface({ input: process.stdin }).on('line', (line) => {
      if (line.trim() !== 's') return;
      if (sandbox) void sandbox.stop().then(() => { sandbox = undefined; console.log('[sandbox] stopped; s + Enter starts it again.'); });
      else void startSandbox().then((sb) => { sandbox = sb; console.log(`[sandbox] running again at ${sb.baseUrl} (process ${sb.child.pid})`); }, (e: Error) => console.error(`[sandbox] ${e.message}`));
    });
  }
  await new Promise(() => {}); // until Ctrl+C
}

const guard = new ProcessGuard();
guard.onSignals();
// npm does not pass a SIGTERM on to the script it runs: once the parent
// (npm, or its shell) is gone, the launcher stops what it started too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid === parent) return;
  console.error('\nThe process that started the demo ended: stopping everything that was started');
  void guard.exit(143);
}, 1000).unref();
main(guard).catch((e: Error) => {
  console.error(`start: ${e.message}`);
  void guard.exit(1);
});
