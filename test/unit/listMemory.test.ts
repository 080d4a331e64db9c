import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, it } from 'mocha';
import { readList } from '../../src/core/listReading';
import { boundOnly } from '../../src/core/serviceText';
import type { SubmissionListItem } from '../../src/core/models';
import { ResponseReader } from '../../src/core/xml/readers';

/** A full garbage collection, so that what the heap holds is what is still referenced. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** The time of the i-th submission as the service writes it. */
const createdOf = (i: number): string => new Date(Date.UTC(2025, 0, 1) + i * 3_731_000).toISOString().replace('T', ' ').slice(0, 19);

const NAMES = ['Zoë van der Berg', 'Łukasz Kowalczyk', 'Jürgen Müller', 'Siobhán Ó Briain', 'Hiroshi Nakamura'];

/**
 * Submissions as a service sends them: ids of six digits, a form reference
 * with a dash, one sender, a primary recipient of a few names but an address
 * of each their own, sometimes authentication, a 32-digit md5 id and a time
 * of the usual form, one a second apart. Names beyond Latin-1 make the text
 * two bytes a character, as it is in most lists.
 */
function submissions(n: number, created: (i: number) => string = createdOf): Buffer {
  const rows = Array.from({ length: n }, (_, i) => {
    const auth = i % 4 === 0 ? `<recipient_auth>SMS</recipient_auth><recipient_auth_number>+49 151 ${10_000_000 + i}</recipient_auth_number>` : '';
    return `<submission type="8" broadcast="${i % 9 === 0 ? 1 : 0}"><id>${100_000 + i}</id><form_reference>Service contract – ${2025 + (i % 2)}-${String(i).padStart(5, '0')}</form_reference>` +
      '<sender><user_fullname>Demo Sender</user_fullname><user_email>demo.sender@example.com</user_email></sender>' +
      `<primary_recipient><name>${NAMES[i % NAMES.length]}</name><email>recipient${i}@corp.example.co.uk</email>${auth}</primary_recipient>` +
      `<silent>${i % 11 === 0 ? 1 : 0}</silent><completed>${i % 3 === 0 ? 1 : 0}</completed><md5_id>${(i * 2_654_435_761).toString(16).padStart(32, 'c').slice(-32)}</md5_id><created>${created(i)}</created></submission>`;
  });
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><response status="ok"><Submissions>${rows.join('')}</Submissions></response>`, 'utf8');
}

/** The heap a list of `n` submissions holds once read, a row. */
async function keptPerRow(n: number, bytes: Buffer): Promise<{ perRow: number; items: readonly SubmissionListItem[] }> {
  const gc = collector();
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 65_536) pieces.push(bytes.subarray(at, at + 65_536));
  const reader = new ResponseReader();
  gc();
  const before = process.memoryUsage().heapUsed;
  const list = await readList(Readable.from(pieces, { objectMode: false }), {
    operation: 'GET /submissions', limit: 1 << 30, quote: boundOnly, reader: () => reader.submissionListReader(), contentType: 'application/xml',
  });
  gc();
  return { perRow: (process.memoryUsage().heapUsed - before) / n, items: list.items };
}

describe('the memory a list keeps', () => {
  it('keeps at most 480 bytes a submission once read (its XML takes 504; 500–511 with the text of each time kept), the time of each not as text', async () => {
    const n = 20_000;
    const bytes = submissions(n);
    const { perRow, items } = await keptPerRow(n, bytes);
    assert.equal(items.length, n);
    assert.deepEqual(items.map((s) => s.created.raw), Array.from({ length: n }, (_, i) => createdOf(i)));
    assert.ok(perRow <= 480, `${perRow.toFixed(0)} bytes a submission (its XML: ${(bytes.length / n).toFixed(0)})`);
  });

  it('keeps no piece of the body for times that name no real day (30 February), as text or with a zone', async () => {
    const n = 20_000;
    for (const [form, created] of [
      ['with a zone', (i: number) => `2025-02-30T${createdOf(i).slice(11)}Z`],
      ['with a fraction', (i: number) => `2025-02-30 ${createdOf(i).slice(11)}.5`],
    ] as const) {
      const bytes = submissions(n, created);
      const { perRow, items } = await keptPerRow(n, bytes);
      assert.deepEqual(items.map((s) => s.created.raw), Array.from({ length: n }, (_, i) => created(i)), form);
      assert.ok(perRow <= 500, `${form}: ${perRow.toFixed(0)} bytes a submission (its XML: ${(bytes.length / n).toFixed(0)})`);
    }
  });
});
