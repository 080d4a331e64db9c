import { mkdtempSync, promises as fs, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, afterEach, before } from 'mocha';
import { ServiceClient, type ClientOptions, type Logger, type ServiceError } from '../../src/core';
import { startHostile, type HostileServer, type Script } from '../hostile/server';
import { startSandbox, type Sandbox } from '../../tools/sandbox';

type SandboxOptions = Parameters<typeof startSandbox>[0];

/** A sandbox in a fresh temporary data folder, removed on close. */
export async function freshSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ dataDir: tempDir('dsas-sb-'), ...opts });
}

/** Registers hooks that give a suite one demo-seeded sandbox and a client for it. */
export function demoSandboxPerSuite(opts: SandboxOptions = {}): { readonly sb: Sandbox; readonly client: ServiceClient } {
  const ctx = {} as { sb: Sandbox; client: ServiceClient };
  before(async () => {
    ctx.sb = await freshSandbox({ seed: 'demo', ...opts });
    ctx.client = clientFor(ctx.sb);
  });
  after(async () => {
    await ctx.sb?.close();
    removeTemps();
  });
  return ctx;
}

export function clientFor(sb: Sandbox, overrides: Partial<ClientOptions> = {}): ServiceClient {
  return new ServiceClient({
    baseUrl: sb.baseUrl,
    credentials: { username: sb.user, password: sb.password, apiKey: sb.key },
    retry: { retries: 3, baseDelayMs: 10, maxDelayMs: 50 },
    timeoutMs: 5000,
    ...overrides,
  });
}

const temps: string[] = [];

export function tempDir(prefix = 'dsas-test-'): string {
  const d = mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(d);
  return d;
}

export function removeTemps(): void {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** Writes a file of `size` deterministic bytes and returns its path. */
export function makeFile(dir: string, name: string, content: string | Buffer): string {
  const p = path.join(dir, name);
  writeFileSync(p, content);
  return p;
}

export async function listDir(dir: string): Promise<string[]> {
  return (await fs.readdir(dir)).sort();
}

/** Runs `fn` and returns the error it throws, failing the test if it does not. */
export async function rejection(fn: () => Promise<unknown>): Promise<Error & { kind?: string; outcomeUnknown?: boolean; status?: number; serviceMessage?: string }> {
  try {
    await fn();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

/**
 * Waits until the sandbox has logged `count` service requests: it logs a
 * request when its connection settles, which can be after the client returned.
 */
export async function loggedRequests(sb: Sandbox, count: number, since = 0): Promise<{ method: string; path: string; status: number }[]> {
  for (let waited = 0; serviceRequests(sb, since).length < count && waited < 3000; waited += 20) {
    await new Promise((r) => setTimeout(r, 20));
  }
  return serviceRequests(sb, since);
}

/** Requests to the service path, in order, from the sandbox's access log. */
export function serviceRequests(sb: Sandbox, since = 0): { method: string; path: string; status: number }[] {
  return sb.accessLog.slice(since).filter((e) => !e.path.startsWith('/__sandbox'));
}

/**
 * Registers hooks that close each test's hostile server (test/hostile/) and
 * remove its temporary folders; returns how a test starts its server, by
 * default one that answers as a well-behaved Digest service.
 */
export function hostilePerTest(): (script?: Script) => Promise<HostileServer> {
  let server: HostileServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    removeTemps();
  });
  return async (script = (x) => x.server.standard(x)) => (server = await startHostile(script));
}

/** A client of the hostile server (its account, quick retries); `refusals` collects what onRefused was told. */
export function hostileClient(sv: HostileServer, overrides: Partial<ClientOptions> = {}): { c: ServiceClient; refusals: ServiceError[] } {
  const refusals: ServiceError[] = [];
  const c = new ServiceClient({
    baseUrl: sv.baseUrl,
    credentials: { username: sv.account.user, password: sv.account.password, apiKey: sv.account.key },
    retry: { retries: 2, baseDelayMs: 5, maxDelayMs: 20 },
    timeoutMs: 5000,
    onRefused: (e) => refusals.push(e),
    ...overrides,
  });
  return { c, refusals };
}

/** A logger that keeps every line, whatever its level. */
export function capturingLogger(): Logger & { readonly lines: string[] } {
  const lines: string[] = [];
  const keep = (m: string) => void lines.push(m);
  return { lines, debug: keep, info: keep, warn: keep, error: keep };
}
