import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { afterEach, before, describe, it } from 'mocha';
import { tried } from '../reliability/tally';
import { clientFor, demoSandboxPerSuite, listDir, loggedRequests, makeFile, rejection, serviceRequests, tempDir } from './helpers';

describe('client ↔ sandbox: faults', () => {
  const t = demoSandboxPerSuite();
  before(() => t.client.listArchive()); // hold a nonce, so counts below are per operation
  afterEach(() => t.sb.faults.clear());

  it('retries a GET answered with 503, then succeeds', async () => {
    t.sb.faults.add({ method: 'GET', path: '^/archives$', kind: 'status', status: 503, times: 2 });
    const mark = t.sb.accessLog.length;
    const list = await t.client.listArchive();
    assert.equal(list.length, t.sb.store.archives.length);
    assert.deepEqual(serviceRequests(t.sb, mark).map((r) => r.status), [503, 503, 200]);
    tried('faults', 2);
  });

  it('gives up after the retries with a clear error', async () => {
    t.sb.faults.add({ method: 'GET', path: '^/archives$', kind: 'status', status: 502, times: 10 });
    const mark = t.sb.accessLog.length;
    const e = await rejection(() => t.client.listArchive());
    assert.equal(e.kind, 'serviceError');
    assert.equal(e.status, 502);
    assert.match(e.message, /^The service answered with HTTP 502/);
    assert.equal(serviceRequests(t.sb, mark).length, 4);
    tried('faults', 4);
  });

  it('reads malformed XML, an HTML page, an empty body and status="error" as typed errors', async () => {
    for (const [kind, want] of [['malformed', 'badResponse'], ['notXml', 'badResponse'], ['empty', 'badResponse'], ['statusNotOk', 'serviceError']] as const) {
      t.sb.faults.add({ method: 'GET', path: '^/submissions$', kind });
      const e = await rejection(() => t.client.listSubmissions());
      assert.equal(e.kind, want, `${kind} gives ${want}`);
      tried('faults');
    }
  });

  it('leaves nothing behind when the connection drops mid-download, and a retry succeeds', async () => {
    const dir = tempDir();
    const rec = t.sb.store.archives.find((f) => f.fullSize > 2000)!;
    t.sb.faults.add({ method: 'GET', path: `^/archives/${rec.id}/`, kind: 'drop', afterBytes: 1000 });
    const e = await rejection(() => t.client.downloadArchiveFile(rec, { directory: dir }));
    assert.equal(e.kind, 'network');
    assert.deepEqual(await listDir(dir), [], 'no file and no temporary file');
    tried('faults');
    tried('lossChecks');
    const ok = await t.client.downloadArchiveFile(rec, { directory: dir });
    assert.ok(existsSync(ok.path));
    assert.deepEqual(await listDir(dir), [rec.name]);
  });

  it('never re-sends a POST cut while its body goes out; says whether the service may have it', async () => {
    const dir = tempDir();
    const doc = makeFile(dir, 'doc.bin', Buffer.alloc(512 * 1024, 3));
    t.sb.faults.add({ method: 'POST', path: '^/submissions$', kind: 'drop', afterBytes: 100 * 1024 });
    const mark = t.sb.accessLog.length;
    const before = t.sb.store.submissions.length;
    const e = await rejection(() => t.client.createSubmission({
      formReference: 'drop', documents: [{ path: doc }], recipients: [{ firstName: 'a', lastName: 'b', email: 'a@example.org' }],
    }));
    assert.equal(e.kind, 'network');
    // The cut comes after 100 KiB reached the service; the client has usually written the rest into the
    // socket by then (the whole request went out: unknown), but on a busy machine it may not have (then the
    // service cannot have had all of it, and the error says so). Never re-sent either way.
    assert.match(e.message, e.outcomeUnknown ? /may or may not have been carried out/ : /before the whole request was sent: the service did not receive it/);
    assert.equal((await loggedRequests(t.sb, 1, mark)).filter((r) => r.method === 'POST').length, 1);
    assert.equal(t.sb.store.submissions.length, before);
    tried('faults');
    tried('lossChecks', 2); // one POST on the wire, no submission stored
  });

  it('never re-sends an upload cut while its body goes out; says whether the service may have it', async () => {
    const file = makeFile(tempDir(), 'scan.bin', Buffer.alloc(512 * 1024, 5));
    t.sb.faults.add({ method: 'PUT', path: '^/archives$', kind: 'drop', afterBytes: 100 * 1024 });
    const mark = t.sb.accessLog.length;
    const before = t.sb.store.archives.length;
    const e = await rejection(() => t.client.uploadArchiveFile({ path: file, title: 'dropped upload' }));
    assert.equal(e.kind, 'network');
    // The cut comes after 100 KiB reached the service; the client has usually written the rest into the
    // socket by then (the whole request went out: unknown), but on a busy machine it may not have (then the
    // service cannot have had all of it, and the error says so). Never re-sent either way.
    assert.match(e.message, e.outcomeUnknown ? /may or may not have been carried out/ : /before the whole request was sent: the service did not receive it/);
    assert.equal((await loggedRequests(t.sb, 1, mark)).filter((r) => r.method === 'PUT').length, 1);
    assert.equal(t.sb.store.archives.length, before);
    tried('faults');
    tried('lossChecks', 2); // one PUT on the wire, nothing stored
  });

  it('cancels a slow download at once and cleans up', async () => {
    const dir = tempDir();
    const rec = t.sb.store.archives.find((f) => f.fullSize > 2000)!;
    t.sb.faults.add({ method: 'GET', path: `^/archives/${rec.id}/`, kind: 'slowBody', ms: 200 });
    const ac = new AbortController();
    const started = Date.now();
    const p = t.client.downloadArchiveFile(rec, { directory: dir }, { signal: ac.signal, onProgress: () => ac.abort() });
    const e = await rejection(() => p);
    assert.equal(e.kind, 'cancelled');
    assert.ok(Date.now() - started < 2000);
    assert.deepEqual(await listDir(dir), []);
    tried('faults');
    tried('lossChecks');
  });

  it('80 detail calls at once, each answered in 0.7 s, all succeed within a 5 s response deadline: it runs from when a request can go out, not while it waits for one of the 8 connections', async function () {
    this.timeout(30_000);
    const c = clientFor(t.sb, { responseDeadlineMs: 5000 });
    await c.listArchive();
    t.sb.faults.add({ method: 'GET', path: '^/archives/\\d+$', kind: 'delay', ms: 700, rate: 1 });
    const ids = t.sb.store.archives.map((f) => f.id);
    const mark = t.sb.accessLog.length;
    const started = Date.now();
    const results = await Promise.allSettled(Array.from({ length: 80 }, (_, i) => c.getArchiveFile(ids[i % ids.length])));
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
    assert.deepEqual([...new Set(failures)], [], `${failures.length} of 80 failed`);
    assert.ok(Date.now() - started >= 6500, 'they waited for one another: 10 rounds of 8');
    assert.equal((await loggedRequests(t.sb, 80, mark)).length, 80, 'none timed out and went again');
    tried('faults');
  });

  it('times out a GET that gets no answer, retrying before it gives up', async () => {
    const slow = clientFor(t.sb, { timeoutMs: 200, retry: { retries: 1, baseDelayMs: 10, maxDelayMs: 10 } });
    t.sb.faults.add({ method: 'GET', path: '^/archives$', kind: 'delay', ms: 1000, times: 2 });
    const e = await rejection(() => slow.listArchive());
    assert.equal(e.kind, 'timeout');
    tried('faults', 2);
  });
});
