// Receives the multipart body of POST /submissions with busboy, streaming
// every file part to a temp file (never buffering a part whole) while hashing
// it. Part-level problems are collected and reported after the body is read,
// so the client always gets a full 400 answer instead of a reset.
import busboy from 'busboy';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';

export interface ReceivedPart {
  fieldName: string;
  filename: string;
  mimeType: string;
  tempPath: string;
  size: number;
  sha256: string;
}

export interface MultipartResult {
  parts: ReceivedPart[];
  /** The first problem found (e.g. a non-file field); the caller answers 400. */
  problem?: string;
}

export class MultipartError extends Error {}

/** Streams `body` through a hash/size counter into `dest`. */
export async function streamToFile(body: Readable, dest: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      hash.update(chunk);
      cb(null, chunk);
    },
  });
  const out = createWriteStream(dest);
  try {
    await pipeline(body, counter, out);
  } catch (e) {
    // The file may be created by an open still in flight: wait for the
    // stream to close, then remove it, so no partial file outlives a failure.
    if (!out.closed) await once(out, 'close').catch(() => undefined);
    await rm(dest, { force: true });
    throw e;
  }
  return { size, sha256: hash.digest('hex') };
}

export function receiveMultipart(headers: IncomingHttpHeaders, body: Readable, tempPath: () => string): Promise<MultipartResult> {
  return new Promise<MultipartResult>((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      // defParamCharset utf8: curl and browsers send raw UTF-8 file names.
      bb = busboy({ headers, defParamCharset: 'utf8', preservePath: false });
    } catch (e) {
      reject(new MultipartError(`cannot read multipart body: ${(e as Error).message}`));
      return;
    }
    const parts: ReceivedPart[] = [];
    const writes: Promise<unknown>[] = [];
    let problem: string | undefined;
    const note = (p: string) => {
      problem ??= p;
    };
    let failed = false;
    // On a broken or cut body: stop parsing, let every part's file be closed
    // and removed, then report.
    const fail = (e: unknown) => {
      if (failed) return;
      failed = true;
      body.unpipe(bb);
      bb.destroy();
      void Promise.allSettled(writes).then(() => reject(e));
    };

    bb.on('file', (name, stream, info) => {
      if (failed) {
        stream.resume();
        return;
      }
      if (name !== 'attachment[]') note(`unexpected form part "${name}": every part must be named attachment[]`);
      if (!info.filename) note(`a part named "${name}" has no filename`);
      const dest = tempPath();
      const part: ReceivedPart = { fieldName: name, filename: info.filename ?? '', mimeType: info.mimeType, tempPath: dest, size: 0, sha256: '' };
      parts.push(part);
      const write = streamToFile(stream, dest).then((r) => {
        part.size = r.size;
        part.sha256 = r.sha256;
      });
      // Settled through allSettled; this keeps a failure from counting as unhandled.
      write.catch(() => undefined);
      writes.push(write);
    });
    bb.on('field', (name) => {
      note(`form part "${name}" is not a file: every attachment[] part must carry a filename and a media type`);
    });
    bb.on('error', (e: unknown) => fail(new MultipartError(`malformed multipart body: ${(e as Error).message}`)));
    bb.on('close', () => {
      if (failed) return;
      Promise.allSettled(writes).then((results) => {
        const bad = results.find((r) => r.status === 'rejected');
        if (bad) reject((bad as PromiseRejectedResult).reason);
        else resolve({ parts, problem });
      });
    });
    body.on('error', (e) => fail(e));
    body.pipe(bb);
  });
}
