import type { Readable } from 'node:stream';

/**
 * Reads a stream into one buffer, the one way a body is held in memory: once
 * more than `limit` bytes came, the stream is destroyed (giving its connection
 * back) and `tooLarge()` is thrown.
 */
export async function readAtMost(stream: Readable, limit: number, tooLarge: () => Error): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer | Uint8Array | string>) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += b.length;
    if (size > limit) {
      stream.destroy();
      throw tooLarge();
    }
    chunks.push(b);
  }
  return Buffer.concat(chunks, size);
}
