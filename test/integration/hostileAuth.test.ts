// The client against a server that misbehaves on purpose (test/hostile/):
// what it does with refusals, stale nonces, challenges it cannot answer, 403s,
// odd but valid Digest challenges, and errors that echo the credentials.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'mocha';
import { ServiceClient, type ClientOptions, type ServiceError } from '../../src/core';
import { CONNECTIONS_PER_HOST } from '../../src/core/transport/http';
import { sendOk, startHostile, type Exchange, type HostileServer, type Script } from '../hostile/server';
import { tried } from '../reliability/tally';
import { makeFile, rejection, removeTemps, tempDir } from './helpers';

describe('client ↔ hostile server: authentication', () => {
  let server: HostileServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    removeTemps();
  });

  async function hostile(script: Script = (x) => x.server.standard(x)): Promise<HostileServer> {
    server = await startHostile(script);
    return server;
  }

  /** A client of the hostile server; `refusals` collects what onRefused was told. */
  function client(sv: HostileServer, overrides: Partial<ClientOptions> = {}) {
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

  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  describe('one refusal, not one per call', () => {
    it('a password changed while 10 calls are in flight or queued: one more request carries it, the owner is told once, nothing follows', async () => {
      const held: Exchange[] = [];
      const sv = await hostile((x) => x.server.standard(x));
      const { c, refusals } = client(sv);
      await c.listSubmissions();
      // Hold the requests on the wire (one per connection the client keeps: 8), then change the password and answer them.
      sv.setScript((x) => {
        if (held.length < CONNECTIONS_PER_HOST) {
          held.push(x);
          if (held.length === CONNECTIONS_PER_HOST) {
            sv.account.password = 'changed-by-admin';
            for (const h of held) void sv.standard(h);
          }
          return;
        }
        return sv.standard(x);
      });
      const mark = sv.log.length;
      const results = await Promise.allSettled(Array.from({ length: 10 }, () => c.listSubmissions()));
      assert.ok(results.every((r) => r.status === 'rejected' && (r.reason as ServiceError).kind === 'unauthorized'), JSON.stringify(results.map((r) => r.status)));
      const after = sv.log.slice(mark);
      // The 8 on the wire carried the old password before anything could be known; after the first refusal one request
      // tries a fresh nonce; the 2 queued never go out.
      assert.equal(after.filter((e) => e.passwordOk === false).length, CONNECTIONS_PER_HOST + 1, after.map((e) => `${e.n} ${e.status}`).join(', '));
      assert.equal(after.length, CONNECTIONS_PER_HOST + 1);
      assert.equal(refusals.length, 1, 'the owner is told once');
      await rejection(() => c.listArchive());
      await wait(100);
      assert.equal(sv.log.length - mark, CONNECTIONS_PER_HOST + 1, 'nothing is sent after the refusal');
      tried('faults');
    });

    it('a new client (a window reload) with a refused password and 9 concurrent calls: 2 requests, 1 carrying it, told once', async () => {
      const sv = await hostile();
      const { c, refusals } = client(sv, { credentials: { username: 'alice', password: 'old-password', apiKey: 'right-key' } });
      const results = await Promise.allSettled([
        c.listSubmissions(), c.listArchive(), c.getSubmission('1'), c.getHistory('1'), c.getStatus('1'),
        c.getArchiveFile('2'), c.listSubmissions(), c.getStatus('3'), c.getHistory('4'),
      ]);
      assert.ok(results.every((r) => r.status === 'rejected' && (r.reason as ServiceError).kind === 'unauthorized'));
      assert.deepEqual(sv.log.map((e) => [e.digest ? 'with' : 'without', e.status]), [['without', 401], ['with', 401]]);
      assert.equal(sv.refusedPasswordRequests.length, 1);
      assert.equal(refusals.length, 1);
      tried('faults');
    });

    it('calls waiting on a re-challenge go on with the new nonce when it is accepted (a service that forgot its nonces)', async () => {
      const sv = await hostile();
      const { c, refusals } = client(sv);
      await c.listSubmissions();
      // A restart that forgets nonces and, unlike RFC 7616 asks, does not say stale.
      sv.setScript((x) => (x.entry.passwordOk && !x.server.nonceFresh(x.entry) ? x.server.reply(x, 401, 'who?', { 'WWW-Authenticate': x.server.challenge() }) : x.server.standard(x)));
      sv.account.nonceTtlMs = 0;
      await wait(5);
      sv.account.nonceTtlMs = 60_000;
      const mark = sv.log.length;
      const lists = await Promise.all(Array.from({ length: 6 }, () => c.listSubmissions()));
      assert.equal(lists.length, 6);
      assert.equal(refusals.length, 0);
      assert.equal(sv.log.slice(mark).filter((e) => e.status === 200).length, 6);
      tried('faults');
    });
  });

  describe('stale=true is never a refusal', () => {
    it('stale forever: a bounded number of tries, then a service error; nothing is reported as refused', async () => {
      const sv = await hostile((x) => x.server.reply(x, 401, 'stale', { 'WWW-Authenticate': x.server.challenge({ stale: true }) }));
      const { c, refusals } = client(sv);
      const e = await rejection(() => c.listSubmissions());
      assert.equal(e.kind, 'serviceError');
      assert.match(e.message, /stale .* times in a row; the password was not refused/);
      assert.equal(refusals.length, 0);
      assert.ok(sv.log.length <= 5, `${sv.log.length} requests`);
      tried('faults');
    });

    it('two stale answers in a row are retried and succeed', async () => {
      let stale = 2;
      const sv = await hostile((x) => (x.entry.passwordOk && stale-- > 0
        ? x.server.reply(x, 401, 'stale', { 'WWW-Authenticate': x.server.challenge({ stale: true }) })
        : x.server.standard(x)));
      const { c, refusals } = client(sv);
      assert.deepEqual(await c.listSubmissions(), []);
      assert.deepEqual(sv.log.map((e) => e.status), [401, 401, 401, 200]);
      assert.equal(refusals.length, 0);
      tried('faults');
    });
  });

  describe('a 401 that is not a Digest refusal', () => {
    const cases: [string, Record<string, string | string[]>, RegExp][] = [
      ['no challenge at all', {}, /without a Digest challenge/],
      ['Basic from a gateway', { 'WWW-Authenticate': 'Basic realm="Corporate gateway"' }, /does not support: Basic \(realm "Corporate gateway"\)/],
      ['Bearer', { 'WWW-Authenticate': 'Bearer realm="api", error="invalid_token"' }, /does not support: Bearer \(realm "api"\)/],
      ['qop=auth-int only', { 'WWW-Authenticate': 'Digest realm="hostile", nonce="abc", qop="auth-int"' }, /does not support: Digest \(realm "hostile", qop auth-int\)/],
      ['Basic and Negotiate in several headers', { 'WWW-Authenticate': ['Negotiate', 'Basic realm="x"'] }, /does not support: Negotiate, Basic \(realm "x"\)/],
    ];
    for (const [name, headers, message] of cases) {
      it(`${name}: says what the service asked for, refuses nothing, sends once`, async () => {
        const sv = await hostile((x) => x.server.reply(x, 401, 'no', headers));
        const { c, refusals } = client(sv);
        const results = await Promise.allSettled([c.listSubmissions(), c.listArchive(), c.getStatus('1')]);
        for (const r of results) {
          assert.equal(r.status, 'rejected');
          const e = (r as PromiseRejectedResult).reason as ServiceError;
          assert.equal(e.kind, 'authUnsupported');
          assert.match(e.message, message);
        }
        assert.equal(refusals.length, 0, 'nothing refused: the password is kept');
        assert.equal(sv.log.length, 1, 'the others share the first answer');
        tried('faults');
      });
    }
  });

  describe('403 is not always the key', () => {
    it('a 403 on one resource is "not allowed" there; the key is checked on the list once and kept', async () => {
      const sv = await hostile((x) => (x.entry.passwordOk && x.entry.path.startsWith('/submissions/1') ? x.server.reply(x, 403, 'not yours') : x.server.standard(x)));
      const { c, refusals } = client(sv);
      await c.listArchive();
      const results = await Promise.allSettled([c.getSubmission('1'), c.getHistory('1'), c.getStatus('1')]);
      for (const r of results) {
        const e = (r as PromiseRejectedResult).reason as ServiceError;
        assert.equal(e.kind, 'forbidden');
        assert.equal(e.serviceMessage, 'not yours');
      }
      assert.equal(refusals.length, 0);
      assert.equal(sv.log.filter((e) => e.path === '/submissions').length, 1, 'one key check for the three');
      assert.deepEqual(await c.listArchive(), [], 'the client still works');
      tried('faults');
    });

    it('a 403 that the list confirms is the key: refused once, nothing more sent', async () => {
      const sv = await hostile();
      const { c, refusals } = client(sv);
      await c.listArchive();
      sv.account.key = 'changed-key';
      const mark = sv.log.length;
      const results = await Promise.allSettled([c.getSubmission('1'), c.getStatus('2'), c.listArchive()]);
      for (const r of results) assert.equal(((r as PromiseRejectedResult).reason as ServiceError).kind, 'keyRefused');
      assert.equal(refusals.length, 1);
      assert.equal(refusals[0].kind, 'keyRefused');
      await rejection(() => c.listSubmissions());
      assert.equal(sv.log.slice(mark).filter((e) => e.path === '/submissions').length, 1);
      assert.ok(sv.log.length - mark <= 4, `${sv.log.length - mark} requests`);
      tried('faults');
    });
  });

  describe('Digest interoperability', () => {
    it('answers a challenge without qop (RFC 2069) without nc or cnonce', async () => {
      const sv = await hostile(); // it refuses qop, nc or cnonce when it offered no qop
      sv.account.qop = undefined;
      const { c } = client(sv);
      assert.deepEqual(await c.listSubmissions(), []);
      assert.deepEqual(sv.log.map((e) => e.status), [401, 200]);
    });

    it('takes qop from the challenge when the realm contains "qop="', async () => {
      const sv = await hostile();
      sv.account.realm = 'Staff qop=auth-int, zone';
      const { c } = client(sv);
      assert.deepEqual(await c.listSubmissions(), []);
      assert.equal(sv.log.at(-1)?.digest?.qop, 'auth');
      tried('hostile');
    });

    it('compares qop case-insensitively (qop="AUTH")', async () => {
      const sv = await hostile();
      sv.account.qop = 'AUTH';
      const { c } = client(sv);
      assert.deepEqual(await c.listSubmissions(), []);
      assert.deepEqual(sv.log.map((e) => e.status), [401, 200]);
    });

    for (const user of ['Zoë Łukasz', 'o"brien\\dept', '山田']) {
      it(`signs in as ${JSON.stringify(user)} (username* or escaped quoted-string)`, async () => {
        const sv = await hostile();
        sv.account.user = user;
        const { c } = client(sv);
        assert.deepEqual(await c.listSubmissions(), []);
        assert.equal(sv.log.at(-1)?.passwordOk, true);
        tried('hostile');
      });
    }

    it('reads several challenges in one header and in several headers, choosing the strongest Digest', async () => {
      for (const header of [
        ['Basic realm="gw", Digest realm="hostile", nonce="N1", qop="auth", algorithm=MD5, Digest realm="hostile", nonce="N2", qop="auth", algorithm=SHA-256'],
        ['Basic realm="gw"', 'Digest realm="hostile", nonce="N1", qop="auth", algorithm=MD5', 'Digest realm="hostile", nonce="N2", qop="auth", algorithm=SHA-256'],
      ]) {
        const sv = await hostile((x) => (x.entry.digest ? sendIfRight(x) : x.server.reply(x, 401, 'who', { 'WWW-Authenticate': header })));
        const { c } = client(sv);
        assert.deepEqual(await c.listSubmissions(), []);
        assert.equal(sv.log.at(-1)?.digest?.algorithm, 'SHA-256');
        assert.equal(sv.log.at(-1)?.digest?.nonce, 'N2');
        await sv.close();
        server = undefined;
      }
    });
  });

  describe('a large body is never sent only to be refused', () => {
    const SIZE = 4 * 1024 * 1024;

    it('a nonce that may have aged is re-learned with a body-less request: the body goes out once', async () => {
      const sv = await hostile();
      sv.account.nonceTtlMs = 300;
      const { c } = client(sv, { nonceMaxAgeMs: 200 });
      await c.listArchive();
      await wait(400);
      const file = makeFile(tempDir(), 'big.bin', Buffer.alloc(SIZE, 7));
      const mark = sv.log.length;
      assert.equal((await c.uploadArchiveFile({ path: file, title: 'big' })).id, '77');
      const after = sv.log.slice(mark);
      assert.deepEqual(after.map((e) => `${e.method} ${e.status}`), ['GET 401', 'PUT 200']);
      assert.equal(after.reduce((n, e) => n + e.bodyBytes, 0), SIZE, 'the body went out exactly once');
      tried('faults');
    });

    it('learns a short nonce lifetime from a stale answer and probes before the next body', async () => {
      const sv = await hostile();
      sv.account.nonceTtlMs = 2500;
      const { c } = client(sv);
      await c.listArchive();
      await wait(3000);
      await c.listArchive(); // stale: the service's nonces live less than 3 s
      await wait(3000);
      const file = makeFile(tempDir(), 'big.bin', Buffer.alloc(SIZE, 7));
      const mark = sv.log.length;
      await c.uploadArchiveFile({ path: file, title: 'big' });
      assert.equal(sv.log.slice(mark).reduce((n, e) => n + e.bodyBytes, 0), SIZE);
      tried('faults');
    }).timeout(15_000);

    it('a body of 4 MiB on a nonce a few seconds old, with the default settings: a body-less request first, the body goes out once (nonces living 3 s)', async () => {
      const sv = await hostile();
      sv.account.nonceTtlMs = 3000;
      const { c } = client(sv);
      await c.listArchive();
      await wait(5500);
      const file = makeFile(tempDir(), 'big.bin', Buffer.alloc(SIZE, 7));
      const mark = sv.log.length;
      await c.uploadArchiveFile({ path: file, title: 'big' });
      const after = sv.log.slice(mark);
      assert.deepEqual(after.map((e) => `${e.method} ${e.status}`), ['GET 401', 'PUT 200'], 'the stale nonce met the body-less request');
      assert.equal(after.reduce((n, e) => n + e.bodyBytes, 0), SIZE, 'the body went out exactly once');
      tried('faults');
    }).timeout(15_000);

    it('a nonce that expires while the body-less request is answered: a new one is fetched without credentials, the body goes out once', async () => {
      const sv = await hostile();
      sv.account.nonceTtlMs = 7500;
      let slow = false;
      // The service checks the nonce when a request arrives, and answers the body-less one 1.5 s later.
      sv.setScript((x) => x.server.standard(x, async (y) => {
        if (slow && y.entry.method === 'GET') await wait(1500);
        sendOk(y);
      }));
      const { c } = client(sv);
      await c.listArchive();
      await wait(5500);
      slow = true;
      const file = makeFile(tempDir(), 'big.bin', Buffer.alloc(SIZE, 7));
      const mark = sv.log.length;
      await c.uploadArchiveFile({ path: file, title: 'big' });
      const after = sv.log.slice(mark);
      assert.deepEqual(after.map((e) => `${e.method} ${e.status} ${e.digest ? 'with' : 'without'} credentials`), [
        'GET 200 with credentials', 'GET 401 without credentials', 'PUT 200 with credentials',
      ]);
      assert.equal(after.reduce((n, e) => n + e.bodyBytes, 0), SIZE, 'the body went out exactly once');
      tried('faults');
    }).timeout(15_000);

    it('uses the nextnonce of Authentication-Info, so an active client keeps a young nonce', async () => {
      const sv = await hostile();
      sv.account.nextnonce = true;
      sv.account.nonceTtlMs = 400;
      const { c } = client(sv, { nonceMaxAgeMs: 10_000 });
      await c.listArchive();
      for (let i = 0; i < 4; i++) {
        await wait(250);
        await c.listArchive();
      }
      assert.deepEqual(sv.log.map((e) => e.status), [401, 200, 200, 200, 200, 200], 'no stale answer: each request used the last nextnonce');
      assert.equal(new Set(sv.log.slice(1).map((e) => e.digest?.nonce)).size, 5);
    });

    it('when the body-less request is refused, the body is not sent', async () => {
      const sv = await hostile();
      const { c, refusals } = client(sv, { nonceMaxAgeMs: 100 });
      await c.listArchive();
      sv.account.password = 'changed';
      await wait(150);
      const file = makeFile(tempDir(), 'big.bin', Buffer.alloc(SIZE, 7));
      const mark = sv.log.length;
      const e = await rejection(() => c.uploadArchiveFile({ path: file, title: 'big' }));
      assert.equal(e.kind, 'unauthorized');
      assert.equal(refusals.length, 1);
      assert.ok(sv.log.slice(mark).every((x) => x.method === 'GET' && x.bodyBytes === 0), sv.log.slice(mark).map((x) => x.method).join());
      tried('faults');
      tried('lossChecks');
    });

    it('a first upload on a new client proves the credentials before the body', async () => {
      const sv = await hostile();
      const { c } = client(sv, { credentials: { username: 'alice', password: 'wrong', apiKey: 'right-key' } });
      const file = makeFile(tempDir(), 'big.bin', Buffer.alloc(SIZE, 7));
      const e = await rejection(() => c.uploadArchiveFile({ path: file, title: 'big' }));
      assert.equal(e.kind, 'unauthorized');
      assert.equal(sv.log.reduce((n, x) => n + x.bodyBytes, 0), 0, 'no byte of the body went out');
      tried('faults');
    });
  });

  describe('no secret in any message', () => {
    const PASSWORD = 'pa&ss<wörd>"x"';
    const KEY = 'K3Y-0123456789abcdef';
    const echo = `You sent password ${PASSWORD} and X-Service-Key: key="${KEY}"; also ${encodeURIComponent(PASSWORD)}`;
    const xmlEcho = echo.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const cases: [string, (x: Exchange) => void][] = [
      ['HTTP 200 with status="error" echoing them', (x) => x.res.writeHead(200, { 'Content-Type': 'application/xml' }).end(`<?xml version="1.0"?><response status="error ${KEY}"><message>${xmlEcho}${' padding'.repeat(100)}</message></response>`)],
      ['HTTP 500 with an HTML page echoing them', (x) => x.res.writeHead(500, { 'Content-Type': 'text/html' }).end(`<html><body><h1>Error</h1><p>${echo}</p><pre>${'x'.repeat(5000)}</pre></body></html>`)],
      ['HTTP 200 with malformed XML echoing them', (x) => x.res.writeHead(200, { 'Content-Type': 'application/xml' }).end(`<response status="ok"><Submissions>${xmlEcho}<oops></Submissions></response>`)],
      ['HTTP 403 echoing them', (x) => x.res.writeHead(403, { 'Content-Type': 'text/plain' }).end(echo)],
      ['a Basic challenge whose realm echoes them', (x) => x.res.writeHead(401, { 'WWW-Authenticate': `Basic realm="${KEY} ${'r'.repeat(300)}"` }).end()],
    ];
    for (const [name, answer] of cases) {
      it(`${name}: redacted and bounded to 200 characters`, async () => {
        const sv = await hostile((x) => (x.entry.passwordOk ? answer(x) : x.entry.digest ? x.server.standard(x) : x.server.reply(x, 401, 'who', { 'WWW-Authenticate': x.server.challenge() })));
        if (name.startsWith('a Basic')) sv.setScript(answer);
        sv.account.password = PASSWORD;
        sv.account.key = KEY;
        const lines: string[] = [];
        const logger = { debug: (m: string) => lines.push(m), info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m), error: (m: string) => lines.push(m) };
        const { c } = client(sv, { retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 }, logger });
        const e = await rejection(() => c.getSubmission('5'));
        const texts = [e.message, e.serviceMessage ?? '', ...lines];
        for (const t of texts) {
          for (const secret of [PASSWORD, KEY, encodeURIComponent(PASSWORD), 'pa&amp;ss']) {
            assert.ok(!t.includes(secret), `${JSON.stringify(secret)} in ${JSON.stringify(t)}`);
          }
        }
        assert.ok((e.serviceMessage ?? '').length <= 201, `serviceMessage of ${e.serviceMessage?.length} characters`);
        assert.ok(e.message.length <= 500, `message of ${e.message.length} characters`);
        tried('leakChecks', texts.length);
        tried('hostile');
      });
    }
  });
});

/** Accepts a Digest answer to the fixed challenges of a test (nonces N1, N2), refuses anything else. */
function sendIfRight(x: Exchange): void {
  const ok = x.entry.passwordOk && ['N1', 'N2'].includes(x.entry.digest?.nonce ?? '');
  if (!ok) return x.server.reply(x, 401, 'no');
  x.res.writeHead(200, { 'Content-Type': 'application/xml' }).end('<?xml version="1.0"?><response status="ok"><Submissions></Submissions></response>');
}
