import { ChunkPool } from './chunkPool';
import { CHUNK, fileChunks, type CheckedFile } from './fileChunks';
import type { BodyChunks, BodySource } from './transport/body';

/**
 * Chunks whose file reads go into buffers of one pool, each given back when
 * the sender says it was sent. `read` makes the chunks of one opening.
 */
export function pooledChunks(read: (pool: ChunkPool) => AsyncIterable<Buffer>): BodyChunks {
  const pool = new ChunkPool(CHUNK);
  const chunks = read(pool);
  return {
    [Symbol.asyncIterator]: () => chunks[Symbol.asyncIterator](),
    sent: (chunk) => pool.give(chunk),
  };
}

/** A checked file as a request body, read from disk as it is sent. */
export function fileBody(file: CheckedFile, label: string): BodySource & { readonly length: number } {
  return {
    length: file.size,
    open: () => pooledChunks((pool) => fileChunks(file, label, pool)),
  };
}

/** Wraps a body so that each opening reports bytes as they are read. */
export function withProgress<B extends BodySource>(body: B, onProgress?: (sent: number, total: number) => void): B {
  if (!onProgress) return body;
  return {
    ...body,
    open: () => {
      const inner = body.open();
      if (Buffer.isBuffer(inner)) return inner;
      return {
        sent: (chunk: Buffer) => inner.sent(chunk),
        async *[Symbol.asyncIterator]() {
          let sent = 0;
          for await (const chunk of inner) {
            sent += chunk.length;
            onProgress(sent, body.length ?? 0);
            yield chunk;
          }
        },
      };
    },
  };
}
