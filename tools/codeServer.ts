// code-server (VS Code 1.100.3 with a Node extension host) for the host tests
// and the demo, installed offline from the npm registry as
// shared/docs/real-vscode-offline.md describes, and started and stopped here.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { finishOff, processTree } from './processes';

export const CODE_SERVER_VERSION = '4.100.3';
export const ROOT = path.resolve(__dirname, '..');
export const INSTALL_DIR = path.join(ROOT, '.vscode-test', 'code-server');
const PACKAGE_DIR = path.join(INSTALL_DIR, 'node_modules', 'code-server');
const MARKER = path.join(INSTALL_DIR, '.installed');
export const ENTRY = path.join(PACKAGE_DIR, 'out', 'node', 'entry.js');

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): void {
  const shown = `${cmd} ${args.join(' ')}`;
  console.log(`[code-server install] ${path.relative(ROOT, cwd) || '.'}: ${shown}`);
  const r = spawnSync(cmd, args, {
    cwd,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', ...env },
  });
  if (r.status !== 0) throw new Error(`code-server install step failed (exit ${r.status ?? r.signal}): ${shown} in ${cwd}`);
}

/**
 * Installs code-server into .vscode-test/code-server on first use. A marker
 * written at the very end tells a finished install from an interrupted one,
 * which is removed and done again.
 */
export function ensureCodeServer(): string {
  if (existsSync(MARKER) && readFileSync(MARKER, 'utf8').trim() === CODE_SERVER_VERSION && existsSync(ENTRY)) return ENTRY;
  const started = Date.now();
  console.log(`[code-server install] installing code-server ${CODE_SERVER_VERSION} into ${path.relative(ROOT, INSTALL_DIR)} (first use, about a minute)`);
  rmSync(INSTALL_DIR, { recursive: true, force: true });
  mkdirSync(INSTALL_DIR, { recursive: true });
  // Its postinstall downloads ripgrep from GitHub: scripts off, then build
  // only the native modules it loads.
  run('npm', ['install', '--prefix', INSTALL_DIR, `code-server@${CODE_SERVER_VERSION}`, '--ignore-scripts'], INSTALL_DIR);
  // argon2 is loaded at start even with --auth none. npm hoists it next to
  // code-server, so it is rebuilt from the install folder (from inside the
  // code-server package, npm would not find it).
  run('npm', ['rebuild', 'argon2'], INSTALL_DIR);
  const vscodeDir = path.join(PACKAGE_DIR, 'lib', 'vscode');
  run('npm', ['install', '--omit=dev', '--ignore-scripts'], vscodeDir);
  run('npm', ['rebuild', 'node-pty', '@vscode/spdlog', 'native-watchdog'], vscodeDir, { npm_config_yes: 'true' });
  const asar = path.join(vscodeDir, 'node_modules.asar');
  rmSync(asar, { force: true });
  symlinkSync('node_modules', asar);
  run('npm', ['install', '--omit=dev', '--ignore-scripts'], path.join(vscodeDir, 'extensions'));
  writeFileSync(MARKER, `${CODE_SERVER_VERSION}\n`);
  console.log(`[code-server install] done in ${Math.round((Date.now() - started) / 1000)} s`);
  return ENTRY;
}

/** How ripgrep is installed where the machine has none. */
export const RIPGREP_INSTALL = 'sudo apt-get install ripgrep (Debian, Ubuntu), or see https://github.com/BurntSushi/ripgrep#installation';

/**
 * The workbench's Search and Quick Open run code-server's own `rg`, which its
 * install downloads from GitHub (skipped here: not reachable). The machine's
 * `rg` is linked in its place. Returns why it could not be, or undefined.
 */
export function linkRipgrep(): string | undefined {
  const target = path.join(PACKAGE_DIR, 'lib', 'vscode', 'node_modules', '@vscode', 'ripgrep', 'bin', 'rg');
  const found = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean).map((d) => path.join(d, 'rg')).find(isProgram);
  if (isProgram(target)) return undefined;
  if (!found) return 'ripgrep (rg) is not installed, so Search and Quick Open fail in the workbench';
  rmSync(target, { force: true }); // a link left dangling by a removed ripgrep
  mkdirSync(path.dirname(target), { recursive: true });
  symlinkSync(found, target);
  return undefined;
}

function isProgram(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** Lines code-server prints that say nothing useful offline (the gallery is unreachable by design). */
export function isNoise(line: string): boolean {
  return /gallery|marketplace|open-vsx|ENOTFOUND|EAI_AGAIN|getaddrinfo|update\.code\.visualstudio|Failed to fetch|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|vscode-unpkg|\[File Watcher|ptyHost|Extension host agent|Session tunnel|Unable to retrieve mac address|Server is not running/i.test(line);
}

export interface CodeServerOptions {
  port: number;
  userDataDir: string;
  extensionsDir: string;
  workspace: string;
  /** Keep workspace trust on (it is disabled by default, so that every workspace is trusted). */
  workspaceTrust?: boolean;
  env?: NodeJS.ProcessEnv;
  /** Called with each line code-server prints. */
  onLine?: (line: string) => void;
  /** Called at once with the function that stops it, so that an interrupted start is cleaned up too. */
  register?: (stop: () => Promise<void>) => void;
}

export interface RunningCodeServer {
  url: string;
  host: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts code-server in its own process group (so stopping it also stops the
 * extension host and the other processes it forks) and resolves once it
 * answers HTTP.
 */
export async function startCodeServer(opts: CodeServerOptions): Promise<RunningCodeServer> {
  const host = `127.0.0.1:${opts.port}`;
  const child = spawn(process.execPath, [
    ENTRY, '--auth', 'none', '--bind-addr', host, '--disable-telemetry', '--disable-update-check',
    ...(opts.workspaceTrust ? [] : ['--disable-workspace-trust']), '--disable-getting-started-override',
    '--user-data-dir', opts.userDataDir, '--extensions-dir', opts.extensionsDir, opts.workspace,
  ], { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...opts.env } });

  let exited = false;
  const exitPromise = new Promise<void>((resolve) => child.once('exit', () => { exited = true; resolve(); }));
  const forward = (chunk: Buffer): void => {
    for (const line of chunk.toString('utf8').split(/\r?\n/)) if (line.trim()) opts.onLine?.(line);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);

  const stop = async (): Promise<void> => {
    if (child.pid === undefined) return;
    const tree = processTree(child.pid);
    if (exited) return finishOff(tree);
    const signalGroup = (sig: NodeJS.Signals): void => {
      try { process.kill(-child.pid!, sig); } catch { /* already gone */ }
    };
    signalGroup('SIGTERM');
    const timer = setTimeout(() => signalGroup('SIGKILL'), 3000);
    await exitPromise;
    clearTimeout(timer);
    // Children that outlived the server (e.g. the extension host) are in the same group.
    signalGroup('SIGKILL');
    await finishOff(tree);
  };

  opts.register?.(stop);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`code-server exited before it was ready (exit code ${child.exitCode})`);
    try {
      const res = await fetch(`http://${host}/healthz`);
      if (res.ok) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('code-server did not answer within 60 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url: `http://${host}/`, host, process: child, stop };
}

/**
 * Installs a .vsix into an extensions folder with code-server's own CLI, as a
 * user would (it writes the folder's extensions.json, which the server reads
 * at start). Offline: a .vsix without dependencies needs no gallery.
 */
export function installExtension(vsix: string, extensionsDir: string, userDataDir: string): void {
  const r = spawnSync(process.execPath, [ENTRY, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--install-extension', vsix], {
    stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', timeout: 60_000,
  });
  if (r.status !== 0 || !/successfully installed/.test(r.stdout)) {
    throw new Error(`code-server --install-extension failed (exit ${r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`);
  }
}

/** The workbench URL that opens `workspace`, with the extension (and optionally tests) given in the payload. */
export function workbenchUrl(host: string, workspace: string, payload: [string, string][]): string {
  const query = `folder=${encodeURIComponent(workspace)}`;
  return payload.length ? `http://${host}/?${query}&payload=${encodeURIComponent(JSON.stringify(payload))}` : `http://${host}/?${query}`;
}

/**
 * Sets keys in the user settings of a code-server profile. The service address
 * and user name are read from user settings only, never from a workspace.
 */
export function writeUserSettings(userDataDir: string, settings: Record<string, unknown>): void {
  const file = path.join(userDataDir, 'User', 'settings.json');
  let current: Record<string, unknown> = {};
  try {
    current = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    // none yet, or not plain JSON: start from our keys
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...current, ...settings }, null, 2)}
`);
}

/** Writes a workspace folder with the given workspace settings. */
export function writeWorkspace(dir: string, settings: Record<string, unknown>): void {
  mkdirSync(path.join(dir, '.vscode'), { recursive: true });
  writeFileSync(path.join(dir, '.vscode', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
}
