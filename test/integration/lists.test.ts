// Long lists: read as they arrive, above the limit of other XML answers, and
// an unchanged list not read again, while a changed byte always is.
import assert from 'node:assert/strict';
import { describe, it } from 'mocha';
import type { Exchange, Script } from '../hostile/server';
import { tried } from '../reliability/tally';
import { hostileClient, hostilePerTest, rejection } from './helpers';

/** A list of `n` submissions in the service's format; `completed` says which are completed. */
function submissionList(n: number, completed: (i: number) => boolean = () => false): Buffer {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<response status="ok">\n  <Submissions>\n'];
  for (let i = 0; i < n; i++) {
    parts.push(`    <submission type="8" broadcast="0">\n      <id>${100000 + i}</id>\n      <form_reference>Annual compliance declaration ${i}</form_reference>\n`
      + '      <sender>\n        <user_fullname>Zoë Müller-Lüdenscheidt</user_fullname>\n        <user_email>zoe.mueller@example.com</user_email>\n      </sender>\n'
      + `      <primary_recipient>\n        <name>Jürgen Þórsdóttir</name>\n        <email>jurgen.thorsdottir${i % 97}@example.org</email>\n      </primary_recipient>\n`
      + `      <silent>0</silent>\n      <completed>${completed(i) ? 1 : 0}</completed>\n      <md5_id>${(i * 2654435761 >>> 0).toString(16).padStart(32, '0')}</md5_id>\n`
      + '      <created>2026-11-22 08:15:00</created>\n    </submission>\n');
  }
  parts.push('  </Submissions>\n</response>\n');
  return Buffer.from(parts.join(''), 'utf8');
}

describe('client ↔ hostile server: long lists', () => {
  const hostile = hostilePerTest();
  /** Answers GET /submissions with whatever `body()` is at the time. */
  const answering = (body: () => Buffer): Script => (x: Exchange) => x.server.standard(x, () => {
    const b = body();
    x.res.writeHead(200, { 'Content-Type': 'application/xml', 'Content-Length': b.length }).end(b);
  });

  it('reads a list of 100,000 submissions, larger than the 32 MiB of other answers', async () => {
    const body = submissionList(100_000);
    assert.ok(body.length > 32 * 1024 * 1024, `${body.length} bytes`);
    const sv = await hostile(answering(() => body));
    const { c } = hostileClient(sv, { retry: undefined });
    const list = await c.listSubmissions();
    assert.equal(list.length, 100_000);
    assert.equal(list[99_999].id, '199999');
    assert.equal(list[99_999].sender.fullName, 'Zoë Müller-Lüdenscheidt');
    tried('faults');
  }).timeout(60_000);

  it('refuses a list above the limit set for lists, naming it, once', async () => {
    const body = submissionList(100);
    const sv = await hostile(answering(() => body));
    const { c } = hostileClient(sv, { retry: undefined, maxListBytes: 4096 });
    const e = await rejection(() => c.listSubmissions());
    assert.equal(e.kind, 'badResponse');
    assert.equal(e.message, "The service's list is larger than the 4 KB limit for lists.");
    assert.equal(sv.log.filter((r) => r.digest).length, 1, 'not retried');
    tried('faults');
  });

  it('gives back the list it has when the service sends the same bytes again', async () => {
    const body = submissionList(2_000);
    const sv = await hostile(answering(() => body));
    const { c } = hostileClient(sv, { retry: undefined });
    const first = await c.listSubmissions();
    const second = await c.listSubmissions();
    assert.equal(second, first, 'the same list, not a new one read from the same bytes');
    assert.equal(sv.log.filter((r) => r.digest).length, 2, 'asked twice all the same');
  });

  it('reads a list again when one byte changed, the length the same: never the list it had', async () => {
    let body = submissionList(2_000);
    const sv = await hostile(answering(() => body));
    const { c } = hostileClient(sv, { retry: undefined });
    const first = await c.listSubmissions();
    assert.equal(first[1_234].completed, false);
    // One submission completed: `<completed>0` becomes `<completed>1`, one byte, the same length.
    const changed = submissionList(2_000, (i) => i === 1_234);
    assert.equal(changed.length, body.length);
    assert.equal(Buffer.compare(changed, body) !== 0, true);
    body = changed;
    const second = await c.listSubmissions();
    assert.notEqual(second, first);
    assert.equal(second[1_234].completed, true);
    assert.deepEqual(second.filter((s) => s.completed).map((s) => s.id), ['101234']);
    tried('lossChecks');
  });
});
