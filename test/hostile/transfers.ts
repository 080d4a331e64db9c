// Transfer faults for the hostile server's scripts: what a slow, broken or
// lying network or server does to a request in flight. Each takes the
// exchange a script was given and misbehaves on its connection.
import type { Exchange } from './server';

/** Headers of a 200 XML answer, then one byte every `everyMs`, for as long as the client listens. */
export function trickle(x: Exchange, everyMs = 200): void {
  const body = '<?xml version="1.0"?><response status="ok"><Submissions></Submissions></response>'.repeat(1000);
  x.res.writeHead(200, { 'Content-Type': 'application/xml' });
  let i = 0;
  const timer = setInterval(() => {
    if (x.res.destroyed || i >= body.length) return clearInterval(timer);
    x.res.write(body[i++]);
  }, everyMs);
  x.res.on('close', () => clearInterval(timer));
}

/** A 401 with a fresh challenge sent before one byte of the body is read, then the connection closed. */
export function refuseEarlyAndClose(x: Exchange, stale = true): void {
  x.entry.status = 401;
  x.res.writeHead(401, { 'Content-Type': 'application/xml', Connection: 'close', 'WWW-Authenticate': x.server.challenge({ stale }) });
  x.res.end('<?xml version="1.0"?><response status="error"><message>unauthorized</message></response>', () => x.req.socket.destroy());
}

/** Resolves once `bytes` of the request body have arrived (or the body ended), with the body paused there. */
export function bodyReached(x: Exchange, bytes: number): Promise<void> {
  return new Promise((resolve) => {
    const check = (): void => {
      if (x.entry.bodyBytes >= bytes) {
        x.req.pause();
        x.req.off('data', check);
        resolve();
      }
    };
    x.req.on('data', check);
    x.req.once('end', () => resolve());
  });
}

/** Resolves once the whole request body has arrived. */
export function bodyEnded(x: Exchange): Promise<void> {
  return new Promise((resolve) => {
    if (x.req.readableEnded) return resolve();
    x.req.once('end', () => resolve());
    x.req.resume();
  });
}

/** Reads `bytes` of the body, then resets the connection (a proxy or server that gave up mid-body). */
export async function resetMidBody(x: Exchange, bytes: number): Promise<void> {
  await bodyReached(x, bytes);
  x.req.socket.resetAndDestroy();
}

/** Reads the whole body (the request is complete: a service could act on it), waits, then resets without answering. */
export async function resetAfterBody(x: Exchange, waitMs: number): Promise<void> {
  await bodyEnded(x);
  await new Promise((r) => setTimeout(r, waitMs));
  x.req.socket.resetAndDestroy();
}

/** A 200 whose Content-Length promises more than is sent: 40 bytes, then the connection closes. */
export function lyingLength(x: Exchange): void {
  x.entry.status = 200;
  x.res.writeHead(200, { 'Content-Type': 'application/xml', 'Content-Length': '1000' });
  x.res.write('<?xml version="1.0"?><response status="');
  setTimeout(() => x.req.socket.destroy(), 20);
}
