import type { ClientRequest } from 'node:http';
import type { BodyChunks } from './body';

/**
 * Writes a body's chunks to the request with backpressure, and ends it. Each
 * chunk is given back to its source (`sent`) only when the connection has
 * taken it, so that the source may read into that memory again. Stops,
 * closing the source, once the request was destroyed (a failure, a cancel,
 * an early answer); a failure of the source rejects.
 */
export async function pumpBody(chunks: BodyChunks, req: ClientRequest, onChunk: (bytes: number) => void): Promise<void> {
  for await (const chunk of chunks) {
    if (req.destroyed) return;
    onChunk(chunk.length);
    const more = req.write(chunk, (e) => {
      if (!e) chunks.sent(chunk);
    });
    if (!more) await drained(req);
  }
  if (!req.destroyed) req.end();
}

/** Resolves when the request can take more, or is gone. */
function drained(req: ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      req.off('drain', done);
      req.off('close', done);
      resolve();
    };
    req.on('drain', done);
    req.on('close', done);
  });
}
