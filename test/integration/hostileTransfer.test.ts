// The client against transfers that go wrong on purpose (test/hostile/): a
// host that never answers a connection, a server that trickles, files that
// change while they are sent, connections reset or refused mid-body, and
// Cancel at every moment of an upload. Each case asserts what the caller is
// told (the error's kind, whether the outcome is unknown, its words) and
// what the server received.
import assert from 'node:assert/strict';
import { appendFileSync, truncateSync } from 'node:fs';
import { afterEach, describe, it } from 'mocha';
import { ServiceClient, type ClientOptions } from '../../src/core';
import { startBlackhole, type Blackhole } from '../hostile/blackhole';
import { sendOk, startHostile, type Exchange, type HostileServer, type Script } from '../hostile/server';
import { bodyEnded, bodyReached, lyingLength, refuseEarlyAndClose, resetAfterBody, resetMidBody, trickle } from '../hostile/transfers';
import { tried } from '../reliability/tally';
import { makeFile, rejection, removeTemps, tempDir } from './helpers';

const MiB = 1024 * 1024;
/** Larger than every socket buffer between the client and the server, so the body cannot all be "sent" early. */
const LARGE = 32 * MiB;

describe('client ↔ hostile server: transfers', function () {
  this.timeout(20_000);
  let server: HostileServer | undefined;
  let hole: Blackhole | undefined;
  afterEach(async () => {
    await server?.close();
    hole?.close();
    server = undefined;
    hole = undefined;
    removeTemps();
  });

  /** A server that authenticates every request and hands uploads (POST, PUT) to `upload`. */
  async function hostile(upload: Script = sendOk): Promise<HostileServer> {
    server = await startHostile((x) => x.server.standard(x, x.entry.method === 'GET' ? sendOk : upload));
    return server;
  }

  function client(baseUrl: string, overrides: Partial<ClientOptions> = {}): ServiceClient {
    const a = server?.account ?? { user: 'alice', password: 'right-password', key: 'right-key' };
    return new ServiceClient({
      baseUrl,
      credentials: { username: a.user, password: a.password, apiKey: a.key },
      retry: { retries: 2, baseDelayMs: 5, maxDelayMs: 20 },
      timeoutMs: 5000,
      ...overrides,
    });
  }

  function bigFile(size = LARGE, name = 'contract.pdf'): string {
    return makeFile(tempDir(), name, Buffer.alloc(size, 0x25));
  }

  /** The two requests that change data, each uploading `file`. */
  const uploads = {
    'PUT /archives': (c: ServiceClient, file: string, signal?: AbortSignal) => c.uploadArchiveFile({ path: file, title: 'Contract' }, { signal }),
    'POST /submissions': (c: ServiceClient, file: string, signal?: AbortSignal) => c.createSubmission({
      formReference: 'Contract', recipients: [{ firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' }], documents: [{ path: file }],
    }, { signal }),
  };

  /** A promise and the function that resolves it: how a script tells the test that a moment has come. */
  function moment(): { reached: Promise<void>; reach: () => void } {
    let reach!: () => void;
    const reached = new Promise<void>((r) => { reach = r; });
    return { reached, reach };
  }

  /** An upload script: the body pauses after 1 MiB while the test changes the file, then is read to its end. */
  const pauseAfterMiB = (reached: () => void): Script => async (x) => {
    await bodyReached(x, MiB);
    reached();
    await new Promise((r) => setTimeout(r, 100));
    x.req.resume();
    sendOk(x);
  };

  const uploadsTo = (sv: HostileServer) => sv.log.filter((e) => e.method !== 'GET');

  describe('connecting', () => {
    it('a host that drops connection attempts: a call with a 1 s timeout and 1 retry fails as a timeout within 3 s', async () => {
      hole = await startBlackhole();
      const c = client(hole.baseUrl, { timeoutMs: 1000, retry: { retries: 1, baseDelayMs: 5, maxDelayMs: 5 } });
      const started = Date.now();
      const err = await rejection(() => c.listSubmissions());
      const took = Date.now() - started;
      assert.equal(err.kind, 'timeout', err.message);
      assert.match(err.message, /could not connect within 1 s/);
      assert.ok(took >= 1900 && took < 3000, `took ${took} ms`);
      tried('faults');
    });

    for (const [op, upload] of Object.entries(uploads)) {
      it(`${op}: Cancel while connecting is a plain cancel, at once`, async () => {
        hole = await startBlackhole();
        const c = client(hole.baseUrl);
        const ac = new AbortController();
        setTimeout(() => ac.abort(), 300);
        const started = Date.now();
        const err = await rejection(() => upload(c, bigFile(MiB), ac.signal));
        assert.equal(err.kind, 'cancelled');
        assert.equal(err.outcomeUnknown, false);
        assert.ok(Date.now() - started < 1000);
        tried('faults');
      });
    }
  });

  describe('reading', () => {
    it('a server that trickles a list one byte every 100 ms: the call fails within its 1.5 s deadline, retries included', async () => {
      const sv = await startHostile((x) => x.server.standard(x, (y) => trickle(y, 100)));
      server = sv;
      const c = client(sv.baseUrl, { responseDeadlineMs: 1500 });
      const started = Date.now();
      const err = await rejection(() => c.listSubmissions());
      const took = Date.now() - started;
      assert.equal(err.kind, 'timeout', err.message);
      assert.match(err.message, /1\.5 s/);
      assert.ok(took >= 1400 && took < 2500, `took ${took} ms`);
      tried('faults');
    });

    it('a Content-Length that lies: the list is not accepted, retried, then a network error', async () => {
      const sv = await startHostile((x) => x.server.standard(x, lyingLength));
      server = sv;
      const err = await rejection(() => client(sv.baseUrl).listSubmissions());
      assert.equal(err.kind, 'network', err.message);
      assert.equal(sv.log.filter((e) => e.status === 200).length, 3, 'the first try and 2 retries');
      tried('faults');
    });
  });

  describe('an upload sends exactly what it declared', () => {
    for (const [op, upload] of Object.entries(uploads)) {
      it(`${op}: a file that grows while it is sent: no byte beyond the declared length, and an error that names the file`, async () => {
        const m = moment();
        const sv = await hostile(pauseAfterMiB(m.reach));
        const file = bigFile();
        const c = client(sv.baseUrl);
        const result = rejection(() => upload(c, file));
        await m.reached;
        appendFileSync(file, Buffer.alloc(MiB, 0x41));
        const err = await result;
        assert.equal(err.kind, 'localFile', err.message);
        assert.match(err.message, /"contract\.pdf" changed while it was being sent/);
        await new Promise((r) => setTimeout(r, 100));
        const sent = uploadsTo(sv);
        assert.equal(sent.length, 1, 'one request, no surplus read as a second one');
        assert.ok(sent[0].bodyBytes < LARGE, `received ${sent[0].bodyBytes} bytes`);
        tried('faults');
      });

      it(`${op}: a file that shrinks while it is sent: an error that names the file, nothing left waiting`, async () => {
        const m = moment();
        const sv = await hostile(pauseAfterMiB(m.reach));
        const file = bigFile();
        const c = client(sv.baseUrl, { timeoutMs: 10_000 });
        const started = Date.now();
        const result = rejection(() => upload(c, file));
        await m.reached;
        truncateSync(file, 2 * MiB);
        const err = await result;
        assert.equal(err.kind, 'localFile', err.message);
        assert.match(err.message, /"contract\.pdf" changed while it was being sent/);
        assert.ok(Date.now() - started < 5000, 'not left waiting for the missing bytes');
        tried('faults');
      });
    }
  });

  describe('a connection that fails during an upload', () => {
    it('an early 401 and close before the body is read, 20 times: never "outcome unknown"', async () => {
      let refuseNext = true;
      const sv = await hostile((x) => {
        if (refuseNext) {
          refuseNext = false;
          return refuseEarlyAndClose(x);
        }
        return sendOk(x);
      });
      const file = bigFile(4 * MiB);
      const outcomes: string[] = [];
      for (let i = 0; i < 20; i++) {
        refuseNext = true;
        const c = client(sv.baseUrl);
        await c.uploadArchiveFile({ path: file, title: 'Contract' }).then(
          () => outcomes.push('ok'),
          (e: { kind: string; outcomeUnknown: boolean }) => outcomes.push(e.outcomeUnknown ? 'unknown' : e.kind),
        );
        tried('faults');
      }
      assert.equal(outcomes.filter((o) => o === 'unknown').length, 0, outcomes.join(', '));
    });

    for (const [op, upload] of Object.entries(uploads)) {
      it(`${op}: a reset mid-body is a network error that says the service did not receive it`, async () => {
        const sv = await hostile((x) => resetMidBody(x, MiB));
        const err = await rejection(() => upload(client(sv.baseUrl), bigFile()));
        assert.equal(err.kind, 'network', err.message);
        assert.equal(err.outcomeUnknown, false);
        assert.match(err.message, /before the whole request was sent: the service did not receive it/);
        assert.equal(uploadsTo(sv).length, 1, 'not sent again');
        tried('faults');
      });

      it(`${op}: a reset of the body-less request before it: the service did not receive it (not "outcome unknown")`, async () => {
        const sv = await hostile();
        const c = client(sv.baseUrl, { nonceMaxAgeMs: 1 }); // each body is preceded by a body-less request
        await c.listArchive();
        await new Promise((r) => setTimeout(r, 5)); // the nonce is older than 1 ms, even on a fast machine
        sv.setScript((x) => (x.entry.method === 'GET' ? void x.req.socket.destroy() : x.server.standard(x, sendOk)));
        const err = await rejection(() => upload(c, bigFile(MiB)));
        assert.equal(err.kind, 'network', err.message);
        assert.notEqual(err.outcomeUnknown, true, err.message);
        assert.match(err.message, /the service did not receive it/);
        assert.equal(uploadsTo(sv).length, 0, 'the request itself never went out');
        tried('faults');
      });

      it(`${op}: a reset after the whole body was read is "outcome unknown", not sent again`, async () => {
        const sv = await hostile((x) => resetAfterBody(x, 200));
        const err = await rejection(() => upload(client(sv.baseUrl), bigFile(MiB)));
        assert.equal(err.kind, 'network', err.message);
        assert.equal(err.outcomeUnknown, true);
        assert.equal(uploadsTo(sv).length, 1);
        tried('faults');
      });

      it(`${op}: an answer trickled after the body is "outcome unknown" once the response deadline passes`, async () => {
        const sv = await hostile(async (x) => {
          await bodyEnded(x);
          trickle(x, 100);
        });
        const err = await rejection(() => upload(client(sv.baseUrl, { responseDeadlineMs: 1000 }), bigFile(MiB)));
        assert.equal(err.kind, 'timeout', err.message);
        assert.equal(err.outcomeUnknown, true);
        tried('faults');
      });
    }
  });

  describe('Cancel at every moment of an upload', () => {
    for (const [op, upload] of Object.entries(uploads)) {
      it(`${op}: Cancel during the body is a plain cancel: the service has part of it, which it cannot act on`, async () => {
        const m = moment();
        const sv = await hostile(async (x) => {
          await bodyReached(x, MiB);
          m.reach();
        });
        const ac = new AbortController();
        const result = rejection(() => upload(client(sv.baseUrl), bigFile(), ac.signal));
        await m.reached;
        ac.abort();
        const err = await result;
        assert.equal(err.kind, 'cancelled');
        assert.equal(err.outcomeUnknown, false);
        assert.ok(uploadsTo(sv)[0].bodyBytes < LARGE, JSON.stringify(sv.log.map((e) => [e.method, e.status, e.bodyBytes])));
        tried('faults');
      });

      it(`${op}: Cancel after the body went out is "outcome unknown": the service has all of it`, async () => {
        const m = moment();
        const sv = await hostile(async (x) => {
          await bodyEnded(x);
          m.reach(); // and never answers
        });
        const ac = new AbortController();
        const result = rejection(() => upload(client(sv.baseUrl), bigFile(MiB), ac.signal));
        await m.reached;
        ac.abort();
        const err = await result;
        assert.equal(err.kind, 'cancelled');
        assert.equal(err.outcomeUnknown, true);
        assert.match(err.message, /may or may not have been carried out/);
        assert.ok(uploadsTo(sv)[0].bodyBytes >= MiB);
        tried('faults');
      });

      it(`${op}: Cancel while the answer arrives is "outcome unknown"`, async () => {
        const m = moment();
        const sv = await hostile(async (x) => {
          await bodyEnded(x);
          x.res.writeHead(200, { 'Content-Type': 'application/xml' });
          x.res.write('<?xml version="1.0"?><response status="ok">');
          m.reach();
        });
        const ac = new AbortController();
        const result = rejection(() => upload(client(sv.baseUrl), bigFile(MiB), ac.signal));
        await m.reached;
        await new Promise((r) => setTimeout(r, 50));
        ac.abort();
        const err = await result;
        assert.equal(err.kind, 'cancelled');
        assert.equal(err.outcomeUnknown, true);
        tried('faults');
      });
    }
  });

  describe('the Expect header', () => {
    for (const [op, upload] of Object.entries(uploads)) {
      it(`${op}: sends no Expect header (as curl -H 'Expect:' does)`, async () => {
        const seen: Exchange[] = [];
        const sv = await hostile((x) => {
          seen.push(x);
          return sendOk(x);
        });
        await upload(client(sv.baseUrl), bigFile(1000));
        assert.equal(seen.length, 1);
        assert.equal('expect' in seen[0].entry.headers, false, JSON.stringify(seen[0].entry.headers));
        tried('hostile');
      });
    }
  });
});
