// The bytes of a new submission as they reach the service: the package is the
// first part of the multipart body (the sandbox reads parts in any order, so
// only the raw body shows it), then each document, byte for byte.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'mocha';
import { tried } from '../reliability/tally';
import { hostileClient, hostilePerTest, makeFile, tempDir } from './helpers';

interface Part {
  readonly headers: string;
  readonly content: Buffer;
}

/** Splits a multipart body at its boundary exactly as RFC 7578 / RFC 2046 lay it out: no preamble, CRLF before each delimiter, a closing delimiter last. */
function multipartParts(body: Buffer, boundary: string): Part[] {
  const open = Buffer.from(`--${boundary}\r\n`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  assert.ok(body.subarray(0, open.length).equals(open), `the body starts with the first delimiter: ${JSON.stringify(body.subarray(0, 60).toString('latin1'))}`);
  const parts: Part[] = [];
  let at = open.length;
  for (;;) {
    const end = body.indexOf(delimiter, at);
    assert.ok(end >= 0, 'every part ends at a delimiter');
    const part = body.subarray(at, end);
    const split = part.indexOf('\r\n\r\n');
    parts.push({ headers: part.subarray(0, split).toString('utf8'), content: part.subarray(split + 4) });
    const after = body.subarray(end + delimiter.length, end + delimiter.length + 2).toString('latin1');
    if (after === '--') {
      assert.equal(body.subarray(end + delimiter.length + 2).toString('latin1'), '\r\n', 'nothing after the closing delimiter');
      return parts;
    }
    assert.equal(after, '\r\n');
    at = end + delimiter.length + 2;
  }
}

describe('client ↔ hostile server: the bytes of a new submission', () => {
  const hostile = hostilePerTest();
  it('sends the package first, as application/xml named package.xml, then each document byte for byte', async () => {
    const received: { contentType: string; body: Buffer }[] = [];
    const sv = (await hostile((x) => {
      if (x.entry.passwordOk && x.entry.method === 'POST') {
        const chunks: Buffer[] = [];
        x.req.on('data', (c: Buffer) => chunks.push(c));
        x.req.on('end', () => received.push({ contentType: String(x.req.headers['content-type']), body: Buffer.concat(chunks) }));
      }
      return x.server.standard(x);
    }));
    const { c } = hostileClient(sv);
    const dir = tempDir();
    // Bytes that look like a delimiter and like a part's head must stay inside their part.
    const offer = Buffer.concat([Buffer.from('%PDF-1.7\r\n--boundary\r\nContent-Type: text/plain\r\n\r\n'), randomBytes(64 * 1024)]);
    const notes = Buffer.from('Übersicht\r\n\r\nline two');
    const created = await c.createSubmission({
      formReference: 'Contract 7',
      documents: [{ path: makeFile(dir, 'offer.pdf', offer) }, { path: makeFile(dir, 'notes.txt', notes) }],
      recipients: [{ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' }],
    });
    assert.equal(created.id, '88');
    assert.equal(received.length, 1, 'one POST reached the service');
    const [{ contentType, body }] = received;
    const boundary = /^multipart\/form-data; boundary=(\S+)$/.exec(contentType)?.[1];
    assert.ok(boundary, contentType);
    const parts = multipartParts(body, boundary);
    assert.deepEqual(parts.map((p) => p.headers), [
      'Content-Disposition: form-data; name="attachment[]"; filename="package.xml"\r\nContent-Type: application/xml',
      'Content-Disposition: form-data; name="attachment[]"; filename="offer.pdf"\r\nContent-Type: application/pdf',
      'Content-Disposition: form-data; name="attachment[]"; filename="notes.txt"\r\nContent-Type: text/plain',
    ]);
    const pkg = parts[0].content.toString('utf8');
    assert.match(pkg, /^<\?xml version="1\.0" encoding="UTF-8"\?>/);
    assert.match(pkg, /Contract 7/);
    assert.match(pkg, /ada@example\.org/);
    assert.ok(parts[1].content.equals(offer), 'offer.pdf byte for byte');
    assert.ok(parts[2].content.equals(notes), 'notes.txt byte for byte');
    tried('lossChecks', 2);
  });
});
