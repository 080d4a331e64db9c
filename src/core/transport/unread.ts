import type * as http from 'node:http';

/** The most of an unread answer (a 401's page) read so that its connection can be reused… */
const DISCARD_BYTES = 64 * 1024;
/** …and for how long: a body that takes longer, or never ends, gives its connection back closed. */
const DISCARD_MS = 2000;

/**
 * Reads and throws away a body so the connection can be reused, bounded in
 * bytes and time: the connection is one of the client's few until the body
 * ends, and no call's deadline runs for it any more.
 */
export function discard(res: http.IncomingMessage): void {
  if (res.closed) return;
  if (Number(res.headers['content-length'] ?? 0) > DISCARD_BYTES) return void res.destroy();
  let bytes = 0;
  const timer = setTimeout(() => res.destroy(), DISCARD_MS).unref();
  res.once('close', () => clearTimeout(timer));
  res.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > DISCARD_BYTES) res.destroy();
  });
  res.resume();
}
