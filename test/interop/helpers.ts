import { after, before } from 'mocha';
import { ServiceClient, type ClientOptions } from '../../src/core';
import { makeFile, tempDir } from '../integration/helpers';
import type { Sandbox } from '../../tools/sandbox';
import { startApacheInterop, type ApacheInterop } from './apache';
import type { ApacheLogEntry } from './apacheLog';
import { requestCounter } from '../../tools/requestCounter';

/** Registers hooks that give a suite one Apache in front of a demo-seeded sandbox. */
export function apachePerSuite(opts: { nonceLifetimeSeconds?: number } = {}): { readonly apache: ApacheInterop } {
  const ctx = {} as { apache: ApacheInterop };
  before(async function () {
    this.timeout(30_000);
    ctx.apache = await startApacheInterop(opts);
  });
  after(async function () {
    this.timeout(30_000);
    await ctx.apache?.close();
  });
  return ctx;
}

/** What each client made by clientFor sent, for watch. */
const sentBy = new WeakMap<ServiceClient, { readonly count: number }>();

export function clientFor(a: ApacheInterop, overrides: Partial<ClientOptions> = {}): ServiceClient {
  const requests = requestCounter(overrides.logger);
  const client = new ServiceClient({
    baseUrl: a.baseUrl,
    credentials: { ...a.credentials },
    retry: { retries: 3, baseDelayMs: 10, maxDelayMs: 50 },
    timeoutMs: 10_000,
    ...overrides,
    logger: requests.logger,
  });
  sentBy.set(client, requests);
  return client;
}

/**
 * Starts watching Apache's log for what `clients` send from now on; the
 * returned function waits for (at least) as many entries as they sent.
 */
export function watch(a: ApacheInterop, ...clients: ServiceClient[]): () => Promise<ApacheLogEntry[]> {
  const mark = a.log().length;
  const sent = () => clients.reduce((n, c) => n + (sentBy.get(c)?.count ?? 0), 0);
  const before = sent();
  return () => a.logSince(mark, sent() - before);
}

/** "GET 401", "PUT 200", ... for assertion messages and deepEqual. */
export const lines = (entries: readonly ApacheLogEntry[]) => entries.map((e) => `${e.method} ${e.status}`);

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Ten calls over eight endpoints, reads and downloads, to run at once. */
export function mixedCalls(client: ServiceClient, sb: Sandbox, dir: string): (() => Promise<unknown>)[] {
  const sub = sb.store.submissions.find((s) => s.attachments.length > 0)!;
  const a = sub.attachments[0];
  const file = sb.store.archives[0];
  return [
    () => client.listSubmissions(),
    () => client.getSubmission(sub.id),
    () => client.getHistory(sub.id),
    () => client.getStatus(sub.id),
    () => client.downloadAttachment(sub.id, { id: a.id, ticket: a.ticket, name: a.name }, { directory: dir }),
    () => client.downloadSummary(sub.id, { directory: dir }),
    () => client.listArchive(),
    () => client.getArchiveFile(file.id),
    () => client.downloadArchiveFile(file, { directory: dir }),
    () => client.listSubmissions(),
  ];
}

/** A file of `size` bytes whose every 4 KiB block starts with its offset, so that a block out of place shows. */
export function numberedFile(name: string, size: number): { bytes: Buffer; file: string } {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 4096) bytes.writeUInt32BE(i, i);
  return { bytes, file: makeFile(tempDir(), name, bytes) };
}
