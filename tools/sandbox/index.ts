// Programmatic entry point: start a sandbox in-process (integration tests,
// benchmarks, demo scripts). The CLI in main.ts is a thin wrapper over it.
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SandboxStore } from './store';
import { DigestAuth } from './digest-auth';
import { FaultController } from './faults';
import { createSandboxServer, type ServerConfig } from './server';
import { seedDemo } from './seed';
import { applyResponse, completionStatus } from './submission-rules';
import { nowMs } from './wire-time';
import type { AccessLogEntry, DigestAlgorithm, Outcome } from './types';

export { FaultController } from './faults';
export type { FaultRule, FaultKind, ActiveFault } from './faults';
export { SandboxStore } from './store';
export type * from './types';

export const DEFAULT_BASE_PATH = '/dsas/v1.1';
export const REALM = 'dsas-sandbox';

export interface SandboxOptions {
  /** 0 = a free port (default). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default: a fresh temp folder, removed again by close(). */
  dataDir?: string;
  user?: string;
  password?: string;
  key?: string;
  /** Seeds only when the data folder holds no data yet. Default 'none'. */
  seed?: 'demo' | 'none';
  /** Offered challenges in this order. Default ['SHA-256', 'MD5']. */
  algorithms?: DigestAlgorithm[];
  /** Default 300000 (5 min). */
  nonceTtlMs?: number;
  /**
   * 'none': no Digest check here, for a sandbox behind a server that does it
   * (the Apache interop suite); X-Service-Key is still checked. Default 'digest'.
   */
  auth?: 'digest' | 'none';
  /** Default '/dsas/v1.1'. */
  basePath?: string;
  /** Request bodies above this get 413. Default: no limit. */
  maxUploadBytes?: number;
  /** One line per request and per internal error. */
  log?: (line: string) => void;
}

export interface SimulatedResponse {
  email?: string;
  outcome?: Outcome;
  comment?: string;
  endorsement?: string;
}

export interface Sandbox {
  /** e.g. http://127.0.0.1:PORT/dsas/v1.1 */
  baseUrl: string;
  /** e.g. http://127.0.0.1:PORT */
  origin: string;
  port: number;
  user: string;
  /** The current password and key (the credentials control endpoint can change them). */
  readonly password: string;
  readonly key: string;
  dataDir: string;
  faults: FaultController;
  store: SandboxStore;
  accessLog: AccessLogEntry[];
  /** A recipient views and responds; completes the submission once everyone has responded. */
  simulateResponse(submissionId: string, opts?: SimulatedResponse): void;
  /** Simulates a restart of the nonce store: every nonce becomes unknown (stale). */
  forgetNonces(): void;
  /** Closes the server and every open socket, and flushes the state file. */
  close(): Promise<void>;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const user = opts.user ?? 'demo';
  // Changed by the credentials control endpoint.
  let password = opts.password ?? 'demo-password';
  let key = opts.key ?? 'demo-key';
  const host = opts.host ?? '127.0.0.1';
  const basePath = (opts.basePath ?? DEFAULT_BASE_PATH).replace(/\/+$/, '');
  if (!basePath.startsWith('/')) throw new Error(`basePath must start with "/": ${basePath}`);
  const ownDataDir = opts.dataDir === undefined;
  const dataDir = path.resolve(opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'dsas-sandbox-')));

  const { store, isNew } = SandboxStore.open(dataDir);
  if (isNew) {
    if ((opts.seed ?? 'none') === 'demo') await seedDemo(store, user);
    else await store.save();
  }

  const auth = new DigestAuth({
    realm: REALM,
    user,
    password,
    algorithms: opts.algorithms ?? ['SHA-256', 'MD5'],
    nonceTtlMs: opts.nonceTtlMs ?? 300_000,
  });
  const faults = new FaultController();
  const accessLog: AccessLogEntry[] = [];
  const accessLogFile = createWriteStream(path.join(dataDir, 'access.log'), { flags: 'a' });

  const simulateResponse = (submissionId: string, input: SimulatedResponse = {}) => {
    const s = store.getSubmission(submissionId);
    if (!s) throw new Error(`no submission ${submissionId}`);
    const r = applyResponse(s, input, nowMs());
    void store.save().catch((e: unknown) => opts.log?.(`saving state failed: ${(e as Error).message}`));
    return { submissionId, email: r.email, outcome: r.outcome, status: completionStatus(s) };
  };

  const config: ServerConfig = {
    store,
    auth,
    checkDigest: (opts.auth ?? 'digest') === 'digest',
    faults,
    user,
    key,
    basePath,
    accessLog,
    accessLogFile,
    maxUploadBytes: opts.maxUploadBytes,
    log: opts.log,
    control: {
      faults, accessLog, respond: simulateResponse, forgetNonces: () => auth.forgetNonces(),
      setCredentials: (change) => {
        if (change.password !== undefined) auth.setPassword((password = change.password));
        if (change.key !== undefined) config.key = key = change.key;
      },
      setArchiveHash: (id, hash) => {
        const f = store.getArchive(id);
        if (!f) throw new Error(`no archive file ${id}`);
        f.hash = hash;
        void store.save().catch((e: unknown) => opts.log?.(`saving state failed: ${(e as Error).message}`));
      },
      removeSubmission: (id) => {
        if (!store.removeSubmission(id)) throw new Error(`no submission ${id}`);
        void store.save().catch((e: unknown) => opts.log?.(`saving state failed: ${(e as Error).message}`));
      },
      state: () => ({
        submissions: store.submissions.map((s) => ({ ...s, packageXml: store.packageXml(s.id).toString('utf8') })),
        archives: store.archives,
      }),
    },
  };
  const server = createSandboxServer(config);
  server.listen(opts.port ?? 0, host);
  try {
    await once(server, 'listening');
  } catch (e) {
    accessLogFile.end();
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  const port = (server.address() as AddressInfo).port;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await store.flush();
      await new Promise<void>((resolve) => accessLogFile.end(() => resolve()));
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    })();
    return closing;
  };

  return {
    baseUrl: origin + basePath,
    origin,
    port,
    user,
    get password() {
      return password;
    },
    get key() {
      return key;
    },
    dataDir,
    faults,
    store,
    accessLog,
    simulateResponse: (id, input) => void simulateResponse(id, input),
    forgetNonces: () => auth.forgetNonces(),
    close,
  };
}
