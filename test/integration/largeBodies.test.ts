// A large body goes over the network once, against a server (test/hostile/)
// that reads every body before it answers, as Apache does: a nonce that aged
// while the upload waited for a connection, nextnonces the server then calls
// stale, and a server that calls every nonce stale. Each test counts the body
// bytes that reached the server.
import assert from 'node:assert/strict';
import { describe, it } from 'mocha';
import { CONNECTIONS_PER_HOST } from '../../src/core/transport/http';
import { newNonce } from '../hostile/digest';
import { sendOk, type Exchange, type HostileServer } from '../hostile/server';
import { bodyEnded } from '../hostile/transfers';
import { tried } from '../reliability/tally';
import { hostileClient, hostilePerTest, makeFile, rejection, tempDir } from './helpers';

const MiB = 1024 * 1024;
const SIZE = 4 * MiB;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Body bytes of the uploads (PUT, POST) the server received since `mark`. */
const bodyBytes = (sv: HostileServer, mark: number) => sv.log.slice(mark).filter((e) => e.method !== 'GET').reduce((n, e) => n + e.bodyBytes, 0);
const lines = (sv: HostileServer, mark: number) => sv.log.slice(mark).map((e) => `${e.method} ${e.status}`);

describe('client ↔ hostile server: a large body goes out once', function () {
  this.timeout(30_000);
  const hostile = hostilePerTest();

  /** A server that reads a request's body before it answers, then answers as `answer` says (by default as a Digest service does). */
  const readingBodies = (answer: (x: Exchange) => void | Promise<void> = (x) => x.server.standard(x)) => hostile(async (x) => {
    if (x.entry.method !== 'GET') await bodyEnded(x);
    await answer(x);
  });

  it(`an upload that waited for a connection behind ${CONNECTIONS_PER_HOST} slow downloads: its nonce's age is judged when it can go, the body goes once`, async () => {
    const sv = await readingBodies((x) => x.server.standard(x, async (y) => {
      if (!y.entry.path.startsWith('/archives/')) return sendOk(y);
      y.res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': '3' });
      await wait(7000);
      y.res.end('abc');
    }));
    sv.account.nonceTtlMs = 6000; // longer than the 5 s a large body may use; shorter than the wait
    const { c } = hostileClient(sv, { timeoutMs: 20_000 });
    await c.listSubmissions();
    const dir = tempDir();
    const downloads = Array.from({ length: CONNECTIONS_PER_HOST }, (_, i) => c.downloadArchiveFile({ id: String(i), ticket: 'T', name: `f${i}.bin` }, { directory: dir }));
    await wait(300);
    const file = makeFile(tempDir(), 'big.bin', Buffer.alloc(SIZE, 7));
    const mark = sv.log.length;
    assert.equal((await c.uploadArchiveFile({ path: file, title: 'big' })).id, '77');
    await Promise.all(downloads);
    const mine = sv.log.slice(mark).filter((e) => !e.path.startsWith('/archives/'));
    assert.deepEqual(mine.map((e) => `${e.method} ${e.status}`), ['GET 401', 'PUT 200'], 'the aged nonce met a body-less request');
    assert.equal(bodyBytes(sv, mark), SIZE, 'the body went out exactly once');
    tried('faults');
  });

  it('nextnonces that the server then calls stale: after the first, they are not used, and the next uploads go out once', async () => {
    // A server whose nextnonce is never valid (as a cluster whose nodes do not share nonces).
    const sv = await readingBodies((x) => {
      if (x.entry.passwordOk && x.server.nonceFresh(x.entry)) x.res.setHeader('Authentication-Info', `nextnonce="${newNonce()}", qop=auth`);
      return x.server.standard(x);
    });
    const { c } = hostileClient(sv);
    await c.listSubmissions();
    const file = makeFile(tempDir(), 'big.bin', Buffer.alloc(SIZE, 7));
    await c.uploadArchiveFile({ path: file, title: 'big' });
    for (let i = 0; i < 3; i++) {
      const mark = sv.log.length;
      await c.uploadArchiveFile({ path: file, title: 'big' });
      assert.deepEqual(lines(sv, mark), ['PUT 200'], `upload ${i + 2}`);
      assert.equal(bodyBytes(sv, mark), SIZE);
    }
    tried('hostile');
  });

  const otherSpaces: Record<string, (x: Exchange) => void> = {
    'another realm': (x) => x.server.reply(x, 401, 'who', { 'WWW-Authenticate': x.server.challenge({ realm: 'front door' }) }),
    'no qop': (x) => x.server.reply(x, 401, 'who', { 'WWW-Authenticate': x.server.challenge({ qop: null }) }),
  };
  for (const [name, answer] of Object.entries(otherSpaces)) {
    it(`the request without credentials for a new nonce answered with a challenge of ${name}: not taken, the body goes once on the nonce in use`, async () => {
      const sv = await readingBodies((x) => (!x.entry.digest && x.entry.path === '/archives' && x.entry.n > 2 ? answer(x) : x.server.standard(x)));
      const { c, refusals } = hostileClient(sv, { nonceMaxAgeMs: 300 });
      await c.listArchive();
      await wait(400); // older than the client allows: proved, then renewed
      const file = makeFile(tempDir(), 'big.bin', Buffer.alloc(SIZE, 7));
      const mark = sv.log.length;
      await c.uploadArchiveFile({ path: file, title: 'big' });
      assert.equal(bodyBytes(sv, mark), SIZE, `the body went out exactly once: ${lines(sv, mark).join(', ')}`);
      assert.equal(refusals.length, 0);
      tried('hostile');
    });
  }

  for (const [op, upload] of Object.entries({
    'PUT /archives': (c: ReturnType<typeof hostileClient>['c'], file: string) => c.uploadArchiveFile({ path: file, title: 'big' }),
    'POST /submissions': (c: ReturnType<typeof hostileClient>['c'], file: string) => c.createSubmission({
      formReference: 'big', recipients: [{ firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' }], documents: [{ path: file }],
    }),
  })) {
    it(`${op}: a server that calls every nonce stale gets the body once, then only body-less requests, and the call fails as a service error, the service not having it`, async () => {
      let stale = false;
      const sv = await readingBodies((x) => (stale && x.entry.passwordOk
        ? x.server.reply(x, 401, 'stale', { 'WWW-Authenticate': x.server.challenge({ stale: true }) })
        : x.server.standard(x)));
      const { c, refusals } = hostileClient(sv);
      await c.listSubmissions();
      stale = true;
      const file = makeFile(tempDir(), 'big.bin', Buffer.alloc(SIZE, 7));
      const mark = sv.log.length;
      const e = await rejection(() => upload(c, file));
      assert.equal(e.kind, 'serviceError', e.message);
      assert.match(e.message, /stale 4 times in a row/);
      assert.equal(e.outcomeUnknown, false, 'every answer was a refusal: the service did not take it');
      assert.equal(refusals.length, 0);
      assert.ok(bodyBytes(sv, mark) >= SIZE && bodyBytes(sv, mark) < 2 * SIZE, `${bodyBytes(sv, mark)} body bytes for a ${SIZE}-byte file: ${lines(sv, mark).join(', ')}`);
      assert.equal(lines(sv, mark).length, 4, '4 stale answers in a row');
      tried('hostile');
    });
  }
});
