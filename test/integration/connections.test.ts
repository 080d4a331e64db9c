// The client's 8 connections against a server that holds on to them
// (test/hostile/): answers the client does not read, a check of the key that
// never completes, downloads that never end. A call's response deadline runs
// only while it holds a connection, so a connection kept for nothing would
// leave every later call waiting for ever, unseen: these tests show that
// each call still ends, at its deadline or at the user's Cancel.
import assert from 'node:assert/strict';
import { describe, it } from 'mocha';
import { CONNECTIONS_PER_HOST } from '../../src/core/transport/http';
import { sendOk, type Exchange } from '../hostile/server';
import { tried } from '../reliability/tally';
import { hostileClient, hostilePerTest, rejection, tempDir } from './helpers';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Settles with what `p` gave, or says it was still waiting after `ms`. */
function within<T>(p: Promise<T>, ms: number): Promise<T | 'still waiting'> {
  return Promise.race([p, wait(ms).then(() => 'still waiting' as const)]);
}

/** Sends `head` and then a byte every 100 ms for as long as the client listens: on the raw socket, so that even the head never ends. */
function trickleRaw(x: Exchange, head: string): void {
  const s = x.req.socket;
  s.write(head);
  const timer = setInterval(() => (s.destroyed ? clearInterval(timer) : s.write('a')), 100);
  s.once('close', () => clearInterval(timer));
}

/** A stale 401 whose chunked body comes a byte every 100 ms for as long as the client listens. */
function staleTrickling(x: Exchange): void {
  x.entry.status = 401;
  x.res.writeHead(401, { 'Content-Type': 'text/plain', 'WWW-Authenticate': x.server.challenge({ stale: true }) });
  const timer = setInterval(() => (x.res.destroyed ? clearInterval(timer) : x.res.write('.')), 100);
  x.res.once('close', () => clearInterval(timer));
}

describe('client ↔ hostile server: every call gets a connection, or ends', function () {
  this.timeout(30_000);
  const hostile = hostilePerTest();

  it(`an answer the client does not read keeps no connection: after ${CONNECTIONS_PER_HOST} downloads met stale 401s whose bodies never end, a list is answered at once`, async () => {
    let authenticated = 0;
    // Every other authenticated request meets a stale nonce: each download is answered on its second try.
    const sv = await hostile((x) => {
      if (x.entry.passwordOk && x.server.nonceFresh(x.entry) && authenticated++ % 2 === 1) return staleTrickling(x);
      return x.server.standard(x, (y) => (y.entry.path.startsWith('/archives/') ? void y.res.writeHead(200, { 'Content-Length': '3' }).end('abc') : sendOk(y)));
    });
    const { c } = hostileClient(sv, { responseDeadlineMs: 1500 });
    await c.listSubmissions();
    const dir = tempDir();
    for (let i = 0; i < CONNECTIONS_PER_HOST; i++) {
      const saved = await within(c.downloadArchiveFile({ id: String(i), ticket: 'T', name: `f${i}.bin` }, { directory: dir }), 5000);
      assert.notEqual(saved, 'still waiting', `download ${i + 1} waited for a connection that unread answers kept`);
    }
    const started = Date.now();
    assert.notEqual(await within(c.listSubmissions(), 5000), 'still waiting', 'the list waited for a connection that unread answers kept');
    assert.ok(Date.now() - started < 1500, `took ${Date.now() - started} ms`);
    tried('hostile');
  });

  it('a 403 whose check of the key never gets its whole head: the call ends as "not allowed" within its deadline', async () => {
    const sv = await hostile((x) => {
      if (!x.entry.passwordOk) return x.server.standard(x);
      if (x.entry.path === '/submissions/5') return x.server.reply(x, 403, 'not yours');
      if (x.entry.path === '/submissions' && sv.log.filter((e) => e.path === '/submissions').length > 2) return trickleRaw(x, 'HTTP/1.1 200 OK\r\nX-Slow: ');
      return x.server.standard(x);
    });
    const { c } = hostileClient(sv, { responseDeadlineMs: 1500 });
    await c.listSubmissions();
    const started = Date.now();
    const e = await within(rejection(() => c.getSubmission('5')), 8000);
    assert.notEqual(e, 'still waiting', 'the call waited for the check of the key for ever');
    const took = Date.now() - started;
    assert.equal((e as { kind?: string }).kind, 'forbidden', (e as Error).message);
    assert.ok(took < 4000, `took ${took} ms`);
    tried('hostile');
  });

  it('a detail whose head never ends fails at its deadline', async () => {
    const sv = await hostile((x) => (x.entry.passwordOk && x.entry.path === '/submissions/5' ? trickleRaw(x, 'HTTP/1.1 200 OK\r\nX-Slow: ') : x.server.standard(x)));
    const { c } = hostileClient(sv, { responseDeadlineMs: 1500 });
    await c.listSubmissions();
    const started = Date.now();
    const e = await rejection(() => c.getSubmission('5'));
    assert.equal(e.kind, 'timeout', e.message);
    assert.ok(Date.now() - started < 2500, `took ${Date.now() - started} ms`);
    tried('hostile');
  });

  /** A server whose downloads send a byte every 100 ms for as long as the client listens. */
  const endlessDownloads = () => hostile((x) => x.server.standard(x, (y) => {
    if (!y.entry.path.startsWith('/archives/')) return sendOk(y);
    y.res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
    const timer = setInterval(() => (y.res.destroyed ? clearInterval(timer) : y.res.write('.')), 100);
    y.res.once('close', () => clearInterval(timer));
  }));

  it(`a second client (built when a setting changes) does not wait for the connections of the first: its list is answered while the first's ${CONNECTIONS_PER_HOST} downloads go on`, async () => {
    const sv = await endlessDownloads();
    const first = hostileClient(sv).c;
    await first.listSubmissions();
    const dir = tempDir();
    const stops = Array.from({ length: CONNECTIONS_PER_HOST }, () => new AbortController());
    const downloads = stops.map((stop, i) => first.downloadArchiveFile({ id: String(i), ticket: 'T', name: `f${i}.bin` }, { directory: dir }, { signal: stop.signal }).catch((e: Error) => e));
    await wait(500);
    const second = hostileClient(sv, { responseDeadlineMs: 1500 }).c;
    const listed = await second.listSubmissions().then(() => 'answered', (e: Error) => e.message);
    for (const stop of stops) stop.abort();
    await Promise.all(downloads);
    // Before, its request waited for one of the first client's connections, its deadline running, and failed blaming the service.
    assert.equal(listed, 'answered');
    tried('hostile');
  });

  it(`a call queued behind ${CONNECTIONS_PER_HOST} downloads that never end ends at once when cancelled`, async () => {
    const sv = await endlessDownloads();
    const { c } = hostileClient(sv, { responseDeadlineMs: 1500 });
    await c.listSubmissions();
    const dir = tempDir();
    const stops = Array.from({ length: CONNECTIONS_PER_HOST }, () => new AbortController());
    const downloads = stops.map((stop, i) => c.downloadArchiveFile({ id: String(i), ticket: 'T', name: `f${i}.bin` }, { directory: dir }, { signal: stop.signal }).catch((e: Error) => e));
    await wait(500);
    const cancel = new AbortController();
    const list = rejection(() => c.listSubmissions({ signal: cancel.signal }));
    await wait(2000); // longer than its deadline: queued, its clock does not run
    const started = Date.now();
    cancel.abort();
    const e = await list;
    assert.equal(e.kind, 'cancelled', e.message);
    assert.ok(Date.now() - started < 200, `ended ${Date.now() - started} ms after Cancel`);
    for (const stop of stops) stop.abort();
    await Promise.all(downloads);
    tried('hostile');
  });
});
