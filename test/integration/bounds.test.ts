// The client's bounds at their defaults, exactly as CONTRIBUTING states them:
// how often a 500 is retried and after which waits, and the largest XML
// answer and list read.
import assert from 'node:assert/strict';
import { describe, it } from 'mocha';
import type { Exchange, Script } from '../hostile/server';
import { tried } from '../reliability/tally';
import { capturingLogger, hostileClient, hostilePerTest, makeFile, rejection, tempDir } from './helpers';

const MIB = 1024 * 1024;

describe('client ↔ hostile server: bounds at their defaults', () => {
  const hostile = hostilePerTest();

  /** Answers every authenticated request with an HTML 500 page, once its body is in. */
  const failing: Script = (x) => {
    if (!x.entry.passwordOk) return x.server.standard(x);
    return void x.req.on('end', () => x.res.writeHead(500, { 'Content-Type': 'text/html' }).end('<html><body><h1>Internal Server Error</h1></body></html>')).resume();
  };

  it('a GET answered 500 is retried 3 times, after 300, 600 and 1,200 ms (±25 %), then fails with the status and the page', async () => {
    const arrived: number[] = [];
    const sv = await hostile((x) => {
      if (x.entry.passwordOk) arrived.push(Date.now());
      return failing(x);
    });
    const logger = capturingLogger();
    const { c } = hostileClient(sv, { retry: undefined, logger }); // the default policy
    const e = await rejection(() => c.listArchive());
    assert.equal(e.kind, 'serviceError');
    assert.equal(e.status, 500);
    assert.equal(e.message, 'The service answered with HTTP 500: Internal Server Error');
    assert.deepEqual(sv.log.filter((r) => r.digest).map((r) => `${r.method} ${r.path} ${r.status}`), Array(4).fill('GET /archives 500'), 'the first attempt and 3 retries');
    const waits = logger.lines.map((l) => /^GET \/archives: The service answered with HTTP 500: .* Retrying in (\d+) ms \((\d) of 3\)\.$/.exec(l)).filter((m) => m !== null);
    assert.deepEqual(waits.map((m) => Number(m[2])), [1, 2, 3]);
    waits.forEach((m, i) => {
      const base = 300 * 2 ** i;
      const wait = Number(m[1]);
      assert.ok(wait >= base * 0.75 && wait <= base * 1.25, `wait ${i + 1}: ${wait} ms for ${base} ms ±25 %`);
      assert.ok(arrived[i + 1] - arrived[i] >= wait - 5, `retry ${i + 1} came ${arrived[i + 1] - arrived[i]} ms after the attempt before it, not before its wait of ${wait} ms`);
    });
    tried('faults', 4);
  });

  it('a POST or PUT answered 500 is not retried', async () => {
    const sv = await hostile(failing);
    const { c } = hostileClient(sv, { retry: undefined });
    const doc = makeFile(tempDir(), 'offer.txt', 'an offer');
    for (const send of [
      () => c.uploadArchiveFile({ path: doc, title: 'Offer' }),
      () => c.createSubmission({ formReference: 'R-1', documents: [{ path: doc }], recipients: [{ firstName: 'Ada', lastName: 'L', email: 'ada@example.org' }] }),
    ]) {
      const mark = sv.log.length;
      const e = await rejection(send);
      assert.equal(e.status, 500);
      assert.equal(sv.log.slice(mark).filter((r) => r.method !== 'GET').length, 1, 'sent once');
      tried('faults');
    }
  });

  /** A valid archive answer of exactly `bytes` bytes (a comment makes up the size). */
  const HEAD = '<?xml version="1.0"?><response status="ok"><Files><file><id>7</id><name>a.pdf</name><ticket>t</ticket></file><!--';
  const TAIL = '--></Files></response>';
  const answerOf = (bytes: number) => Buffer.from(HEAD + 'x'.repeat(bytes - HEAD.length - TAIL.length) + TAIL);
  const answering = (body: Buffer): Script => (x: Exchange) => x.server.standard(x, () => void x.res.writeHead(200, { 'Content-Type': 'application/xml', 'Content-Length': body.length }).end(body));

  describe('the largest XML answer read is 32 MiB, lists excepted', () => {
    it('an answer of exactly 32 MiB is read', async () => {
      const sv = await hostile(answering(answerOf(32 * MIB)));
      const { c } = hostileClient(sv, { retry: undefined });
      assert.equal((await c.getArchiveFile('7')).id, '7');
    }).timeout(30_000);

    it('one byte more is refused, once, naming the limit', async () => {
      const sv = await hostile(answering(answerOf(32 * MIB + 1)));
      const { c } = hostileClient(sv, { retry: undefined });
      const e = await rejection(() => c.getArchiveFile('7'));
      assert.equal(e.kind, 'badResponse');
      assert.equal(e.message, "The service's response is larger than the 32 MB limit for XML responses.");
      assert.equal(sv.log.filter((r) => r.digest).length, 1, 'not retried');
      tried('faults');
    }).timeout(30_000);
  });

  describe('the largest list read is 128 MiB', () => {
    it('a list of exactly 128 MiB is read', async () => {
      const sv = await hostile(answering(answerOf(128 * MIB)));
      const { c } = hostileClient(sv, { retry: undefined });
      assert.deepEqual((await c.listArchive()).map((f) => f.id), ['7']);
    }).timeout(60_000);

    it('one byte more is refused, once, naming the limit', async () => {
      const sv = await hostile(answering(answerOf(128 * MIB + 1)));
      const { c } = hostileClient(sv, { retry: undefined });
      const e = await rejection(() => c.listArchive());
      assert.equal(e.kind, 'badResponse');
      assert.equal(e.message, "The service's list is larger than the 128 MB limit for lists.");
      assert.equal(sv.log.filter((r) => r.digest).length, 1, 'not retried');
      tried('faults');
    }).timeout(60_000);
  });
});
