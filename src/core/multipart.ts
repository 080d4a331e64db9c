import { randomBytes } from 'node:crypto';
import { pooledChunks } from './bodies';
import type { ChunkPool } from './chunkPool';
import { fileChunks, type CheckedFile } from './fileChunks';
import type { BodySource } from './transport/body';

/** One `multipart/form-data` part: in memory (the package) or a file streamed from disk. */
export interface FormPart {
  readonly field: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly content: { readonly buffer: Buffer } | { readonly file: CheckedFile };
}

export interface MultipartBody extends BodySource {
  readonly contentType: string;
}

/**
 * A multipart body whose length is known before sending (so it goes out with
 * Content-Length, not chunked) and whose files are read from disk as they are
 * sent. A file that changes while being sent is an error, not a corrupt part.
 */
export function multipartBody(parts: readonly FormPart[]): MultipartBody {
  const boundary = `----dsas${randomBytes(16).toString('hex')}`;
  const heads = parts.map((p, i) => Buffer.from(
    `${i === 0 ? '' : '\r\n'}--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${quote(p.field)}"; filename="${quote(p.fileName)}"\r\n` +
    `Content-Type: ${p.contentType}\r\n\r\n`,
    'utf8',
  ));
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  const length = heads.reduce((n, h, i) => n + h.length + sizeOf(parts[i]), tail.length);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length,
    open: () => pooledChunks((pool) => generate(parts, heads, tail, pool)),
  };
}

async function* generate(parts: readonly FormPart[], heads: readonly Buffer[], tail: Buffer, pool: ChunkPool): AsyncGenerator<Buffer> {
  for (const [i, part] of parts.entries()) {
    yield heads[i];
    const c = part.content;
    if ('buffer' in c) {
      yield c.buffer;
      continue;
    }
    yield* fileChunks(c.file, part.fileName, pool);
  }
  yield tail;
}

function sizeOf(p: FormPart): number {
  return 'buffer' in p.content ? p.content.buffer.length : p.content.file.size;
}

/** Quoting as browsers do for form-data names: UTF-8 as is, `"` CR LF percent-encoded. */
function quote(s: string): string {
  return s.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
