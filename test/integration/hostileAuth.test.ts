// The client against a server that misbehaves on purpose (test/hostile/):
// what it does with refusals, stale nonces, challenges it cannot answer, 403s,
// odd but valid Digest challenges, and errors that echo the credentials.
import assert from 'node:assert/strict';
import { describe, it } from 'mocha';
import type { ServiceError } from '../../src/core';
import { CONNECTIONS_PER_HOST } from '../../src/core/transport/http';
import { sendOk, type Exchange, type HostileServer } from '../hostile/server';
import { tried } from '../reliability/tally';
import { hostileClient, hostilePerTest, makeFile, rejection, tempDir } from './helpers';

describe('client ↔ hostile server: authentication', () => {
  const hostile = hostilePerTest();

  const client = hostileClient;

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

    for (const secret of ['password', 'key'] as const) {
      it(`the ${secret} changed while 12 calls of three kinds are under way: told once, and every call fails with that one error`, async () => {
        const held: Exchange[] = [];
        const sv = await hostile();
        const { c, refusals } = client(sv);
        await c.listSubmissions();
        // 8 on the wire (one per connection), 4 queued behind them; the change lands while all are under way.
        sv.setScript(async (x) => {
          if (held.length >= CONNECTIONS_PER_HOST) return sv.standard(x);
          held.push(x);
          if (held.length < CONNECTIONS_PER_HOST) return;
          if (secret === 'password') sv.account.password = 'changed-by-admin';
          else sv.account.key = 'changed-by-admin';
          for (const h of held) void sv.standard(h);
        });
        const calls = [
          ...Array.from({ length: 6 }, () => c.listSubmissions()),
          ...Array.from({ length: 3 }, () => c.listArchive()),
          ...['1', '2', '3'].map((id) => c.getStatus(id)),
        ];
        const results = await Promise.allSettled(calls);
        assert.equal(refusals.length, 1, `the owner is told once, not ${refusals.length} times`);
        assert.equal(refusals[0].kind, secret === 'password' ? 'unauthorized' : 'keyRefused');
        results.forEach((r, i) => {
          assert.equal(r.status, 'rejected', `call ${i + 1} failed`);
          assert.equal((r as PromiseRejectedResult).reason, refusals[0], `call ${i + 1} failed with the one error told: ${(r as PromiseRejectedResult).reason}`);
        });
        tried('faults');
      });
    }

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
    // The one rule (CONTRIBUTING, Design): up to 3 stale answers in a row are answered with a new
    // request; the 4th fails the call with a service error, and nothing is refused or forgotten.
    /** A server that answers the first `n` authenticated requests stale, then as usual. */
    async function staleTimes(n: number): Promise<HostileServer> {
      let left = n;
      return hostile((x) => (x.entry.passwordOk && left-- > 0
        ? x.server.reply(x, 401, 'stale', { 'WWW-Authenticate': x.server.challenge({ stale: true }) })
        : x.server.standard(x)));
    }

    it('3 stale answers in a row are each answered with a new request, and the call succeeds', async () => {
      const sv = await staleTimes(3);
      const { c, refusals } = client(sv);
      assert.deepEqual(await c.listSubmissions(), []);
      assert.deepEqual(sv.log.map((e) => `${e.digest ? 'with' : 'without'} ${e.status}`), ['without 401', 'with 401', 'with 401', 'with 401', 'with 200']);
      assert.equal(refusals.length, 0);
      tried('faults', 3);
    });

    it('the 4th stale answer in a row fails the call with a service error: 5 requests, nothing refused, nothing forgotten', async () => {
      const sv = await staleTimes(4);
      const { c, refusals } = client(sv, { retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 } });
      const e = await rejection(() => c.listSubmissions());
      assert.equal(e.kind, 'serviceError');
      assert.equal(e.message, 'The service called its own new nonce stale 4 times in a row; the password was not refused.');
      assert.deepEqual(sv.log.map((x) => `${x.digest ? 'with' : 'without'} ${x.status}`), ['without 401', 'with 401', 'with 401', 'with 401', 'with 401']);
      assert.equal(refusals.length, 0);
      assert.deepEqual(await c.listSubmissions(), [], 'the password is kept: the next call goes on with it');
      tried('faults', 4);
    });

    it('stale forever, from the first answer on: 4 requests, then the service error', async () => {
      const sv = await hostile((x) => x.server.reply(x, 401, 'stale', { 'WWW-Authenticate': x.server.challenge({ stale: true }) }));
      const { c, refusals } = client(sv);
      const e = await rejection(() => c.listSubmissions());
      assert.equal(e.kind, 'serviceError');
      assert.match(e.message, /stale 4 times in a row; the password was not refused/);
      assert.equal(refusals.length, 0);
      assert.equal(sv.log.length, 4, 'the first answer, without credentials, is a stale challenge too');
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
});

/** Accepts a Digest answer to the fixed challenges of a test (nonces N1, N2), refuses anything else. */
function sendIfRight(x: Exchange): void {
  const ok = x.entry.passwordOk && ['N1', 'N2'].includes(x.entry.digest?.nonce ?? '');
  if (!ok) return x.server.reply(x, 401, 'no');
  x.res.writeHead(200, { 'Content-Type': 'application/xml' }).end('<?xml version="1.0"?><response status="ok"><Submissions></Submissions></response>');
}
