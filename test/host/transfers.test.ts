// An upload and a download measured inside the extension host, where VS
// Code's proxy support patches node:http: through the extension's own client
// at the sandbox's address (127.0.0.1, which VS Code leaves to the client's
// own connections), and through a client of the same code at a second
// loopback address (127.0.0.2, forwarded to the sandbox), where VS Code's
// patch puts its own agent in place of the client's. Requests and connections
// are counted in the sandbox's log; times and the extension host's CPU go to
// test-artifacts/host-transfers.json, which `npm run bench` reports.
import * as assert from 'node:assert/strict';
import { randomFillSync } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { ServiceClient } from '../../src/core';
import { tempDir } from './fixtures';
import { writeArtifact } from './helpers';
import { api, control, quiet, requireSandbox, signIn } from './session';

const MiB = 1024 * 1024;
const SIZE = 64 * MiB;

interface Logged { method: string; path: string; status: number; connection: number; nonce?: string }

interface Measured {
  readonly ms: number;
  readonly cpuMs: number;
  readonly requests: number;
}

interface Run {
  readonly address: string;
  readonly upload: Measured;
  readonly download: Measured;
  /** Connections the sandbox saw for the list, upload, detail and download together. */
  readonly connections: number;
}

/** A TCP forwarder from a second loopback address to the sandbox: one connection there per connection here. */
function alias(target: URL): Promise<{ baseUrl: string; close(): void }> {
  const server = net.createServer((socket) => {
    const to = net.connect(Number(target.port), target.hostname);
    socket.pipe(to).pipe(socket);
    socket.on('error', () => to.destroy());
    to.on('error', () => socket.destroy());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.2', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({ baseUrl: `${target.protocol}//127.0.0.2:${port}${target.pathname}`, close: () => server.close() });
    });
  });
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await fn();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { value, ms, cpuMs: (used.user + used.system) / 1000 };
}

/** Lists, uploads the file, reads its detail and downloads it (hash checked), as the extension does. */
async function run(address: string, client: ServiceClient, file: string, dest: string): Promise<Run> {
  await quiet();
  const mark = (await control<unknown[]>('/log')).length;
  await client.listSubmissions();
  const up = await timed(() => client.uploadArchiveFile({ path: file, title: `In VS Code ${address} ${Date.now()}` }));
  const detail = await client.getArchiveFile(up.value.id);
  const down = await timed(() => client.downloadArchiveFile(detail, { path: dest, overwrite: true }));
  assert.equal(down.value.bytes, SIZE);
  assert.equal(down.value.hashCheck !== undefined && typeof down.value.hashCheck === 'object' && down.value.hashCheck.matches, true, 'the download matches its recorded hash');
  const base = new URL(requireSandbox().baseUrl).pathname;
  const logged = (await control<Logged[]>('/log')).slice(mark).filter((e) => e.path === `${base}/submissions` || e.path.startsWith(`${base}/archives`));
  // This client's requests only (its Digest nonce is its own): the extension's poll or views may ask meanwhile, on connections of their own.
  const nonce = logged.find((e) => e.method === 'PUT')?.nonce;
  const ours = logged.filter((e) => e.nonce === nonce);
  const upload = ours.filter((e) => e.method === 'PUT').length;
  const download = ours.filter((e) => e.method === 'GET' && e.path.startsWith(`${base}/archives/${detail.id}/`)).length;
  return {
    address,
    upload: { ms: up.ms, cpuMs: up.cpuMs, requests: upload },
    download: { ms: down.ms, cpuMs: down.cpuMs, requests: download },
    connections: new Set(ours.map((e) => e.connection)).size,
  };
}

describe('transfers inside VS Code', () => {
  let dir: string;
  let file: string;
  const runs: Run[] = [];

  before(async () => {
    await signIn();
    dir = tempDir();
    file = path.join(dir, 'in-vscode.bin');
    writeFileSync(file, randomFillSync(Buffer.alloc(SIZE)));
  });

  after(() => {
    if (runs.length) writeArtifact('host-transfers.json', { bytes: SIZE, runs, at: new Date().toISOString() });
    rmSync(dir, { recursive: true, force: true });
  });

  it('at 127.0.0.1, the extension\'s client uploads and downloads 64 MiB in one request each, on one connection kept from the list before', async function () {
    this.timeout(120_000);
    const r = await run('127.0.0.1', (await api()).deps.session.client, file, path.join(dir, 'down-1.bin'));
    runs.push(r);
    assert.deepEqual([r.upload.requests, r.download.requests, r.connections], [1, 1, 1], JSON.stringify(r));
  });

  it('at 127.0.0.2, where VS Code puts its own agent in place of the client\'s, the same: one request each, one connection', async function () {
    this.timeout(120_000);
    const sb = requireSandbox();
    const front = await alias(new URL(sb.baseUrl));
    try {
      const client = new ServiceClient({ baseUrl: front.baseUrl, credentials: { username: sb.user, password: sb.password, apiKey: sb.key } });
      const r = await run('127.0.0.2', client, file, path.join(dir, 'down-2.bin'));
      runs.push(r);
      assert.deepEqual([r.upload.requests, r.download.requests, r.connections], [1, 1, 1], JSON.stringify(r));
    } finally {
      front.close();
    }
  });
});
