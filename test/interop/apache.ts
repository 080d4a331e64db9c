// Apache httpd in front of the sandbox, for the interop suite: Apache checks
// Digest (mod_auth_digest), the sandbox (auth 'none') checks the key and
// serves the data. Each instance has its own ServerRoot in a temp folder, runs
// in the foreground as our child on a free loopback port, and is stopped and
// removed by close().
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, chmodSync, constants, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEFAULT_BASE_PATH, startSandbox, type Sandbox } from '../../tools/sandbox';
import type { Credentials } from '../../src/core';
import { accessLogFile, APACHE_BIN, APACHE_MODULES, errorLogFile, htdigestLine, httpdConf, userFile } from './apacheConfig';
import { parseAccessLog, type ApacheLogEntry } from './apacheLog';

export const INSTALL_HINT = 'apt-get update && apt-get install -y apache2';
const REALM = 'dsas-interop';
const PASSWORD = 'interop-password';

/** Why Apache cannot be used here, or undefined when it can. */
export function apacheMissing(): string | undefined {
  try {
    accessSync(APACHE_BIN, constants.X_OK);
  } catch {
    return `${APACHE_BIN} is not installed`;
  }
  const missing = ['auth_digest', 'proxy', 'proxy_http'].filter((m) => !existsSync(path.join(APACHE_MODULES, `mod_${m}.so`)));
  return missing.length ? `Apache's modules ${missing.join(', ')} are missing from ${APACHE_MODULES}` : undefined;
}

export interface ApacheInterop {
  /** Apache's URL plus the base path. */
  readonly baseUrl: string;
  /** The account's current credentials (setPassword and setKey change them). */
  readonly credentials: Credentials;
  /** The backend; its store holds what the client sent through Apache. */
  readonly sandbox: Sandbox;
  /** Apache's access log so far. */
  log(): ApacheLogEntry[];
  /**
   * The entries after `mark`, once at least `count` are there and nothing new
   * arrived for a moment: Apache logs a request after answering it.
   */
  logSince(mark: number, count: number): Promise<ApacheLogEntry[]>;
  /** Apache's access and error logs as text, to search for secrets. */
  logTexts(): string[];
  /** An administrator changes the password: the htdigest file is rewritten. */
  setPassword(password: string): void;
  /** An administrator changes the key, on the backend that checks it. */
  setKey(key: string): Promise<void>;
  close(): Promise<void>;
}

export async function startApacheInterop(opts: { nonceLifetimeSeconds?: number } = {}): Promise<ApacheInterop> {
  const why = apacheMissing();
  if (why) throw new Error(`The Apache interop suite needs Apache httpd: ${why} (${INSTALL_HINT}).`);
  const root = mkdtempSync(path.join(os.tmpdir(), 'dsas-apache-'));
  const asRoot = process.getuid?.() === 0;
  // Workers run as www-data when started as root: they must reach the htdigest file.
  if (asRoot) chmodSync(root, 0o755);
  let sandbox: Sandbox | undefined;
  let apache: ChildProcess | undefined;
  const cleanup = async () => {
    if (apache) await stop(apache);
    await sandbox?.close();
    rmSync(root, { recursive: true, force: true });
  };
  try {
    // Its data inside root, so that removing root leaves nothing behind.
    sandbox = await startSandbox({ seed: 'demo', auth: 'none', dataDir: path.join(root, 'sandbox') });
    const credentials = { username: sandbox.user, password: PASSWORD, apiKey: sandbox.key };
    const writeUsers = (password: string) => {
      // Replaced by a rename: Apache reads the file per request and must never see it half written.
      writeFileSync(`${userFile(root)}.new`, htdigestLine(credentials.username, REALM, password), { mode: 0o644 });
      renameSync(`${userFile(root)}.new`, userFile(root));
      credentials.password = password;
    };
    writeUsers(PASSWORD);
    const started = await startOnFreePort((port) => httpdConf({
      root, port, backend: sandbox!.origin, basePath: DEFAULT_BASE_PATH, realm: REALM,
      nonceLifetimeSeconds: opts.nonceLifetimeSeconds ?? 300, runAs: asRoot ? 'www-data' : undefined,
    }), root);
    apache = started.child;
    const sb = sandbox;
    const log = () => (existsSync(accessLogFile(root)) ? parseAccessLog(readFileSync(accessLogFile(root), 'utf8')) : []);
    let closing: Promise<void> | undefined;
    return {
      baseUrl: `http://127.0.0.1:${started.port}${DEFAULT_BASE_PATH}`,
      credentials,
      sandbox: sb,
      log,
      logSince: async (mark, count) => {
        let seen = -1;
        for (let waited = 0; waited < 5000; waited += 50) {
          const n = log().length - mark;
          if (n >= count && n === seen) break;
          seen = n;
          await sleep(50);
        }
        return log().slice(mark);
      },
      logTexts: () => [accessLogFile(root), errorLogFile(root)].map((f) => (existsSync(f) ? readFileSync(f, 'utf8') : '')),
      setPassword: writeUsers,
      setKey: async (key) => {
        const res = await fetch(`${sb.origin}/__sandbox/credentials`, {
          method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ key }),
        });
        if (res.status !== 200) throw new Error(`the sandbox refused the key change: HTTP ${res.status}`);
        credentials.apiKey = key;
      },
      close: () => (closing ??= cleanup()),
    };
  } catch (e) {
    await cleanup();
    throw e;
  }
}

/** Starts Apache on a port that was free a moment ago; tries again if another process took it meanwhile. */
async function startOnFreePort(conf: (port: number) => string, root: string): Promise<{ child: ChildProcess; port: number }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const file = path.join(root, 'httpd.conf');
    writeFileSync(file, conf(port));
    try {
      return { child: await launch(file, port, root), port };
    } catch (e) {
      if (attempt >= 3 || !/Address already in use/.test((e as Error).message)) throw e;
    }
  }
}

async function launch(conf: string, port: number, root: string): Promise<ChildProcess> {
  const child = spawn(APACHE_BIN, ['-f', conf, '-DFOREGROUND'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  // A mocha run that ends abruptly must not leave Apache listening. SIGTERM:
  // the parent outlives us long enough to stop its workers.
  const killOnExit = () => {
    child.kill('SIGTERM');
    rmSync(root, { recursive: true, force: true });
  };
  process.once('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));
  const exited = once(child, 'exit');
  for (let waited = 0; waited < 10_000; waited += 50) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    if (await accepts(port)) return child;
    await sleep(50);
  }
  await stop(child);
  await exited.catch(() => undefined);
  const errorLog = existsSync(errorLogFile(root)) ? readFileSync(errorLogFile(root), 'utf8') : '';
  throw new Error(`Apache did not start on port ${port}:\n${output}${errorLog}`.trim());
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  // SIGTERM: the parent stops its workers and exits.
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
