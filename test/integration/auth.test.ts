import assert from 'node:assert/strict';
import { after, describe, it } from 'mocha';
import type { Sandbox } from '../../tools/sandbox';
import type { ServiceError } from '../../src/core';
import { tried } from '../reliability/tally';
import { clientFor, freshSandbox, loggedRequests, makeFile, rejection, removeTemps, serviceRequests, tempDir } from './helpers';
import { requestCounter } from '../../tools/requestCounter';

describe('client ↔ sandbox: authentication', () => {
  const open: Sandbox[] = [];
  const sandbox = async (opts: Parameters<typeof freshSandbox>[0] = {}) => {
    const sb = await freshSandbox({ seed: 'demo', ...opts });
    open.push(sb);
    return sb;
  };
  after(async () => {
    await Promise.all(open.map((s) => s.close()));
    removeTemps();
  });

  for (const algorithm of ['MD5', 'SHA-256'] as const) {
    it(`authenticates with ${algorithm} when only ${algorithm} is offered`, async () => {
      const sb = await sandbox({ algorithms: [algorithm] });
      const list = await clientFor(sb).listSubmissions();
      assert.equal(list.length, sb.store.submissions.length);
      assert.equal(sb.accessLog.at(-1)?.algorithm, algorithm);
    });
  }

  it('chooses SHA-256 when both are offered, and pays the 401 only once', async () => {
    const sb = await sandbox();
    const requests = requestCounter();
    const client = clientFor(sb, { logger: requests.logger });
    await client.listSubmissions();
    await client.listArchive();
    await client.getStatus(sb.store.submissions[0].id);
    assert.deepEqual(serviceRequests(sb).map((r) => r.status), [401, 200, 200, 200]);
    assert.equal(sb.accessLog.at(-1)?.algorithm, 'SHA-256');
    assert.equal(requests.count, 4);
  });

  it('recovers transparently from an expired nonce (stale=true)', async () => {
    const sb = await sandbox({ nonceTtlMs: 300 });
    const client = clientFor(sb);
    await client.listArchive();
    await new Promise((r) => setTimeout(r, 450));
    const mark = sb.accessLog.length;
    await client.listArchive();
    assert.deepEqual(serviceRequests(sb, mark).map((r) => r.status), [401, 200]);
    assert.equal(sb.accessLog[mark].authFailure, 'stale');
    tried('faults');
  });

  it('recovers transparently when the service forgot its nonces (restart)', async () => {
    const sb = await sandbox();
    const client = clientFor(sb);
    await client.listArchive();
    sb.forgetNonces();
    const mark = sb.accessLog.length;
    const list = await client.listArchive();
    assert.equal(list.length, sb.store.archives.length);
    assert.deepEqual(serviceRequests(sb, mark).map((r) => r.status), [401, 200]);
    tried('faults');
  });

  it('reports a wrong password clearly after two requests, without looping', async () => {
    const sb = await sandbox();
    const client = clientFor(sb, { credentials: { username: sb.user, password: 'wrong-password', apiKey: sb.key } });
    const e = await rejection(() => client.listSubmissions());
    assert.equal(e.kind, 'unauthorized');
    assert.equal(e.message, 'The service refused the user name or password.');
    assert.equal(serviceRequests(sb).length, 2);
    assert.doesNotMatch(e.message + String(e.stack), /wrong-password/);
    tried('faults');
    tried('leakChecks');
  });

  it('reports a wrong password on a first upload after two body-less requests: the file never goes out', async () => {
    const sb = await sandbox();
    const client = clientFor(sb, { credentials: { username: sb.user, password: 'nope', apiKey: sb.key } });
    const file = makeFile(tempDir(), 'big.bin', Buffer.alloc(1024 * 1024, 1));
    const e = await rejection(() => client.uploadArchiveFile({ path: file, title: 't' }));
    assert.equal(e.kind, 'unauthorized');
    assert.deepEqual((await loggedRequests(sb, 2)).map((r) => `${r.method} ${r.status}`), ['GET 401', 'GET 401']);
    assert.equal(sb.accessLog.filter((r) => r.bytesIn > 0).length, 0, 'the file never went out');
    tried('faults');
    tried('lossChecks');
  });

  it('reports a refused API key', async () => {
    const sb = await sandbox();
    const client = clientFor(sb, { credentials: { username: sb.user, password: sb.password, apiKey: 'not-the-key' } });
    const e = await rejection(() => client.listArchive());
    assert.equal(e.kind, 'keyRefused');
    assert.equal(e.status, 403);
    assert.match(e.message, /^The service refused the API key/);
    assert.doesNotMatch(e.message, /not-the-key/);
    tried('faults');
    tried('leakChecks');
  });

  /** Changes the account's credentials through the sandbox's control endpoint, as an administrator would. */
  async function changeCredentials(sb: Sandbox, change: { password?: string; key?: string }): Promise<void> {
    const res = await fetch(`${sb.origin}/__sandbox/credentials`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(change) });
    assert.equal(res.status, 200, await res.text());
  }

  for (const [what, change, kind, requests] of [
    ['a password', { password: 'changed-password' }, 'unauthorized', [401, 401]],
    ['an API key', { key: 'changed-key' }, 'keyRefused', [403]],
  ] as const) {
    it(`${what} changed on the service while in use is refused after ${requests.length} request(s), reported once, never retried`, async () => {
      const sb = await sandbox();
      const refusals: ServiceError[] = [];
      const client = clientFor(sb, { onRefused: (e) => refusals.push(e) });
      await client.listSubmissions();
      assert.equal(refusals.length, 0, 'an accepted request reports nothing');
      await changeCredentials(sb, change);
      const mark = sb.accessLog.length;
      const e = await rejection(() => client.listSubmissions());
      assert.equal(e.kind, kind);
      assert.deepEqual(serviceRequests(sb, mark).map((r) => r.status), requests);
      assert.equal(refusals.length, 1, 'the owner is told once');
      assert.equal(refusals[0], e, 'about the error thrown');
      await new Promise((r) => setTimeout(r, 200));
      assert.equal(serviceRequests(sb, mark).length, requests.length, 'nothing is sent afterwards on its own');
      const fresh = clientFor(sb, { credentials: { username: sb.user, password: sb.password, apiKey: sb.key } });
      assert.equal((await fresh.listSubmissions()).length, sb.store.submissions.length, 'the new credentials work');
      tried('faults');
    });
  }

  it('sends a strictly new nonce count for every request, even in parallel', async () => {
    const sb = await sandbox();
    const client = clientFor(sb);
    await client.listArchive();
    const mark = sb.accessLog.length;
    const ids = sb.store.submissions.map((s) => s.id);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => client.getStatus(ids[i % ids.length])));
    assert.equal(results.length, 30);
    const entries = sb.accessLog.slice(mark);
    assert.ok(entries.every((e) => e.status === 200), 'no request was refused as a replay');
    const ncs = entries.map((e) => `${e.nonce}/${e.nc}`);
    assert.equal(new Set(ncs).size, 30, 'every (nonce, nc) pair is unique');
  });

  it('proves the credentials before a first upload, so the body goes out once', async () => {
    const sb = await sandbox();
    const client = clientFor(sb);
    const size = 3 * 1024 * 1024;
    const file = makeFile(tempDir(), 'once.bin', Buffer.alloc(size, 9));
    await client.uploadArchiveFile({ path: file, title: 'once' });
    const reqs = serviceRequests(sb);
    assert.deepEqual(reqs.map((r) => `${r.method} ${r.status}`), ['GET 401', 'GET 200', 'PUT 200']);
    assert.equal(sb.accessLog.filter((e) => e.bytesIn >= size).length, 1);
  });
});
