import { afterEach, beforeEach, describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { randomFillSync } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileBody } from '../../src/core/bodies';
import { checkFile, isProblem } from '../../src/core/localFile';
import { multipartBody } from '../../src/core/multipart';
import type { BodyChunks } from '../../src/core/transport/body';
import { tempDir } from './helpers';

const MiB = 1024 * 1024;

/** Reads every chunk as a sender does: a copy of its bytes, and `sent` once `taken` says the connection has it. */
async function send(chunks: BodyChunks, taken: (i: number) => boolean = () => true): Promise<{ bytes: Buffer; memories: Set<ArrayBufferLike>; held: { chunk: Buffer; copy: Buffer }[] }> {
  const copies: Buffer[] = [];
  const memories = new Set<ArrayBufferLike>();
  const held: { chunk: Buffer; copy: Buffer }[] = [];
  let i = 0;
  for await (const chunk of chunks) {
    const copy = Buffer.from(chunk);
    copies.push(copy);
    memories.add(chunk.buffer);
    if (taken(i++)) chunks.sent(chunk);
    else held.push({ chunk, copy });
  }
  return { bytes: Buffer.concat(copies), memories, held };
}

describe('request bodies read from disk', () => {
  let dir: string;
  let cleanup: () => void;
  let file: string;
  let content: Buffer;
  beforeEach(() => {
    ({ dir, cleanup } = tempDir('bodies'));
    file = path.join(dir, 'scan.pdf');
    content = randomFillSync(Buffer.alloc(12 * MiB + 12345));
    fs.writeFileSync(file, content);
  });
  afterEach(() => cleanup());

  async function checked() {
    const c = await checkFile(file);
    assert.ok(!isProblem(c));
    return c;
  }

  it('an upload body reads a 12 MiB file into the same memory again once the connection has taken each chunk (no new buffer per read)', async () => {
    const body = fileBody(await checked(), 'scan.pdf');
    const opened = body.open();
    assert.ok(!Buffer.isBuffer(opened));
    const { bytes, memories } = await send(opened);
    assert.ok(bytes.equals(content), 'the bytes sent are the file');
    assert.ok(memories.size <= 2, `${memories.size} buffers for 13 reads`);
  });

  it('a submission body does the same for its documents, the package and framing around them intact', async () => {
    const pkg = Buffer.from('<submission/>');
    const body = multipartBody([
      { field: 'attachment[]', fileName: 'package.xml', contentType: 'application/xml', content: { buffer: pkg } },
      { field: 'attachment[]', fileName: 'scan.pdf', contentType: 'application/pdf', content: { file: await checked() } },
    ]);
    const opened = body.open();
    assert.ok(!Buffer.isBuffer(opened));
    const { bytes, memories } = await send(opened);
    assert.equal(bytes.length, body.length);
    assert.ok(bytes.includes(content), 'the document travels whole');
    assert.ok(bytes.includes(pkg), 'and the package');
    // The package, the heads and the tail are buffers of their own.
    assert.ok(memories.size <= 6, `${memories.size} buffers`);
  });

  it('a chunk the connection has not taken yet is never filled again', async () => {
    const body = fileBody(await checked(), 'scan.pdf');
    const opened = body.open();
    assert.ok(!Buffer.isBuffer(opened));
    // Every third chunk stays with the "connection" until the end.
    const { bytes, held } = await send(opened, (i) => i % 3 !== 0);
    assert.ok(bytes.equals(content));
    assert.ok(held.length >= 4);
    for (const h of held) assert.ok(h.chunk.equals(h.copy), 'a chunk still held keeps its bytes');
  });
});
