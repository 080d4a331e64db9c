import busboy from 'busboy';
import { afterEach, beforeEach, describe, it } from 'mocha';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ServiceError } from '../../src/core/errors';
import { multipartBody, type FormPart } from '../../src/core/multipart';
import type { BodyChunks } from '../../src/core/transport/body';
import { isError, tempDir } from './helpers';

interface ReceivedPart {
  field: string;
  filename: string;
  mimeType: string;
  data: Buffer;
}

async function readAll(source: BodyChunks | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(source)) return source;
  const chunks: Buffer[] = [];
  for await (const c of source) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

/** Parses a multipart body the way a server would (busboy), collecting every file part. */
function parseMultipart(body: Buffer, contentType: string): Promise<ReceivedPart[]> {
  return new Promise((resolve, reject) => {
    const parts: ReceivedPart[] = [];
    const bb = busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8' });
    bb.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => parts.push({ field, filename: info.filename ?? '', mimeType: info.mimeType, data: Buffer.concat(chunks) }));
    });
    bb.on('field', (name) => reject(new Error(`unexpected non-file field ${name}`)));
    bb.on('error', reject);
    bb.on('close', () => resolve(parts));
    bb.end(body);
  });
}

describe('multipartBody', () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(() => ({ dir, cleanup } = tempDir('multipart')));
  afterEach(() => cleanup());

  function writeFile(name: string, content: Buffer): FormPart {
    const p = path.join(dir, name);
    fs.writeFileSync(p, content);
    return { field: 'attachment[]', fileName: name, contentType: name.endsWith('.pdf') ? 'application/pdf' : 'text/plain', content: { file: { path: p, size: content.length, mtimeMs: fs.statSync(p).mtimeMs } } };
  }

  const xml = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><submission type="8"><cover_note><![CDATA[Zoë 😀]]></cover_note></submission>', 'utf8');
  // Bytes that look like a boundary line and CRLFs must travel untouched.
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\r\n--not-a-boundary\r\n'), Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 256)), Buffer.from('\r\n%%EOF')]);
  const txt = Buffer.from('Übersicht – 2024\nline 2\n', 'utf8');

  function build() {
    const parts: FormPart[] = [
      { field: 'attachment[]', fileName: 'package.xml', contentType: 'application/xml', content: { buffer: xml } },
      writeFile('contract.pdf', pdf),
      writeFile('Übersicht – 2024 😀.txt', txt),
    ];
    return multipartBody(parts);
  }

  it('announces a multipart/form-data type with a boundary', () => {
    const body = build();
    assert.match(body.contentType, /^multipart\/form-data; boundary=[A-Za-z0-9-]{20,70}$/);
  });

  it('produces exactly `length` bytes that parse back into the parts, names and bytes intact', async () => {
    const body = build();
    const bytes = await readAll(body.open());
    assert.equal(typeof body.length, 'number');
    assert.equal(bytes.length, body.length);
    const parts = await parseMultipart(bytes, body.contentType);
    assert.equal(parts.length, 3);
    assert.deepStrictEqual(parts.map((p) => [p.field, p.filename, p.mimeType]), [
      ['attachment[]', 'package.xml', 'application/xml'],
      ['attachment[]', 'contract.pdf', 'application/pdf'],
      ['attachment[]', 'Übersicht – 2024 😀.txt', 'text/plain'],
    ]);
    assert.ok(parts[0].data.equals(xml), 'package bytes');
    assert.ok(parts[1].data.equals(pdf), 'pdf bytes');
    assert.ok(parts[2].data.equals(txt), 'text bytes');
  });

  it('gives identical bytes when opened twice', async () => {
    const body = build();
    const first = await readAll(body.open());
    const second = await readAll(body.open());
    assert.equal(first.length, body.length);
    assert.ok(first.equals(second));
  });

  it('percent-encodes a quote in a file name so the header stays intact', async () => {
    const body = multipartBody([{ field: 'attachment[]', fileName: 'say "hi".txt', contentType: 'text/plain', content: { buffer: Buffer.from('x') } }]);
    const bytes = await readAll(body.open());
    assert.equal(bytes.length, body.length);
    assert.ok(bytes.includes(Buffer.from('filename="say %22hi%22.txt"')));
    const [p] = await parseMultipart(bytes, body.contentType);
    assert.equal(p.data.toString(), 'x');
  });

  it('uses a different boundary for each body', () => {
    assert.notEqual(build().contentType, build().contentType);
  });

  it('fails with localFile when a file grew after the body was built', async () => {
    const body = build();
    fs.appendFileSync(path.join(dir, 'contract.pdf'), Buffer.from('more bytes'));
    await assert.rejects(readAll(body.open()),
      isError('localFile', `"contract.pdf" changed while it was being sent (${pdf.length} bytes when it was checked, ${pdf.length + 10} now), so it was not sent complete. Send it again once it is no longer being written.`));
  });

  it('fails with localFile when a file shrank after the body was built', async () => {
    const body = build();
    fs.truncateSync(path.join(dir, 'Übersicht – 2024 😀.txt'), 3);
    await assert.rejects(readAll(body.open()),
      isError('localFile', `"Übersicht – 2024 😀.txt" changed while it was being sent (${txt.length} bytes when it was checked, 3 now), so it was not sent complete. Send it again once it is no longer being written.`));
  });

  it('fails with localFile when a file was rewritten with the same size after the body was built', async () => {
    const body = build();
    const p = path.join(dir, 'contract.pdf');
    fs.writeFileSync(p, Buffer.alloc(pdf.length, 0x58));
    fs.utimesSync(p, new Date(), new Date(Date.now() + 5000));
    await assert.rejects(readAll(body.open()),
      isError('localFile', '"contract.pdf" changed while it was being sent, so it was not sent complete. Send it again once it is no longer being written.'));
  });

  it('never sends more than `length` bytes before failing on a grown file', async () => {
    const body = build();
    fs.appendFileSync(path.join(dir, 'contract.pdf'), Buffer.alloc(5_000_000, 1));
    const total = body.length ?? Number.NaN;
    const chunks = body.open() as BodyChunks;
    let sent = 0;
    const err = await (async () => {
      for await (const c of chunks) sent += c.length;
    })().then(() => undefined, (e: unknown) => e);
    assert.ok(err instanceof ServiceError && err.kind === 'localFile', String(err));
    assert.ok(sent <= total, `${sent} > ${total}`);
  });

  it('fails, as a local file error, when a file disappeared', async () => {
    const body = build();
    fs.rmSync(path.join(dir, 'contract.pdf'));
    // Either a localFile ServiceError, or the open() error that the transport turns into one.
    await assert.rejects(readAll(body.open()), (e: unknown) => {
      if (e instanceof ServiceError) return e.kind === 'localFile';
      const err = e as NodeJS.ErrnoException;
      return err.code === 'ENOENT' && err.syscall === 'open';
    });
  });
});
