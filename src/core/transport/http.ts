import * as http from 'node:http';
import * as https from 'node:https';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ServiceError, cancelledError } from '../errors';

/** A request body that can be produced again (needed when a 401 asks for a retry). */
export interface BodySource {
  /** A fresh stream or buffer each call. */
  open(): Readable | Buffer;
  /** Bytes, when known: sent as Content-Length so the body is not chunked. */
  readonly length?: number;
}

export interface Exchange {
  readonly method: string;
  readonly url: URL;
  readonly headers: Record<string, string>;
  readonly body?: BodySource;
  readonly signal?: AbortSignal;
  /** No progress (connect, send, first byte) for this long aborts the exchange. */
  readonly timeoutMs: number;
}

export interface RawResponse {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  /** Values of repeated headers, kept apart (several `WWW-Authenticate` challenges). */
  readonly rawHeaders: readonly string[];
  readonly body: http.IncomingMessage;
  /** Whether any request body byte was handed to the socket. */
  readonly bodyStarted: boolean;
}

/** Thrown by `send` for failures below HTTP; carries what was already sent. */
export class ExchangeError extends ServiceError {
  constructor(error: ServiceError, readonly bodyStarted: boolean) {
    super(error.kind, error.message, { cause: error, operation: error.operation });
  }
}

/** Connections kept per host; the transport sends no more requests than this at once. */
export const CONNECTIONS_PER_HOST = 8;

const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS_PER_HOST }),
  https: new https.Agent({ keepAlive: true, maxSockets: CONNECTIONS_PER_HOST }),
};

/**
 * One HTTP exchange with node:http: streams the body with backpressure,
 * applies an inactivity timeout and the caller's AbortSignal, and resolves
 * with the response head; the caller consumes or discards the body.
 */
export function send(ex: Exchange): Promise<RawResponse> {
  return new Promise<RawResponse>((resolve, reject) => {
    if (ex.signal?.aborted) return reject(cancelledError());
    const isHttps = ex.url.protocol === 'https:';
    const headers: Record<string, string | number> = { ...ex.headers };
    if (ex.body?.length !== undefined) headers['Content-Length'] = ex.body.length;
    else if (!ex.body && ex.method !== 'GET' && ex.method !== 'HEAD') headers['Content-Length'] = 0;

    let bodyStarted = false;
    let settled = false;
    const req = (isHttps ? https : http).request(ex.url, {
      method: ex.method,
      headers,
      agent: isHttps ? agents.https : agents.http,
    });
    const fail = (e: ServiceError): void => {
      if (settled) return;
      settled = true;
      cleanup();
      req.destroy();
      reject(new ExchangeError(e, bodyStarted));
    };
    const onAbort = (): void => fail(cancelledError());
    ex.signal?.addEventListener('abort', onAbort, { once: true });
    const cleanup = (): void => ex.signal?.removeEventListener('abort', onAbort);

    req.setTimeout(ex.timeoutMs, () => {
      fail(new ServiceError('timeout', `The service did not answer within ${Math.round(ex.timeoutMs / 1000)} s.`));
    });
    req.on('error', (e) => fail(networkError(e)));
    req.on('response', (res) => {
      if (settled) {
        res.destroy();
        return;
      }
      settled = true;
      // The body is consumed by the caller; the signal and timeout still apply to it.
      ex.signal?.removeEventListener('abort', onAbort);
      const onBodyAbort = (): void => {
        res.destroy(cancelledError());
      };
      ex.signal?.addEventListener('abort', onBodyAbort, { once: true });
      res.once('close', () => ex.signal?.removeEventListener('abort', onBodyAbort));
      res.setTimeout?.(ex.timeoutMs, () => {
        res.destroy(new ServiceError('timeout', `The service stopped sending for ${Math.round(ex.timeoutMs / 1000)} s.`));
      });
      // A refusal that arrives while the body is still going out (a 401 to a large
      // upload) ends the sending. A success can arrive a moment before the request
      // reports 'finish'; destroying then would cut its own response short.
      if (!req.writableFinished && (res.statusCode ?? 0) >= 300) req.destroy();
      resolve({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders: res.rawHeaders, body: res, bodyStarted });
    });

    if (!ex.body) {
      req.end();
      return;
    }
    const body = ex.body.open();
    if (Buffer.isBuffer(body)) {
      bodyStarted = body.length > 0;
      req.end(body);
      return;
    }
    body.once('data', () => {
      bodyStarted = true;
    });
    // Errors are named by where they start: the body is a local file, the request is the network.
    body.once('error', (e) => fail(e instanceof ServiceError ? e : fileError(e)));
    pipeline(body, req).catch(() => {
      // Already reported by the listeners above, or the request was ended by an early response.
    });
  });
}

/** Collects a response body as UTF-8 text, refusing more than `limit` bytes. */
export async function readText(res: http.IncomingMessage, limit: number, operation: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) {
        res.destroy();
        throw new ServiceError('badResponse', `The service's response is larger than the ${formatBytes(limit)} limit for XML responses.`, { operation });
      }
      chunks.push(chunk);
    }
  } catch (e) {
    throw toServiceError(e, operation);
  }
  const expected = Number(res.headers['content-length']);
  if (Number.isFinite(expected) && res.headers['content-length'] !== undefined && size < expected) {
    throw new ServiceError('network', `The connection closed after ${size} of ${expected} bytes.`, { operation });
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads and throws away a body so the connection can be reused; bounded. */
export function discard(res: http.IncomingMessage): void {
  if (Number(res.headers['content-length'] ?? 0) > 65536) res.destroy();
  else res.resume();
}

export function toServiceError(e: unknown, operation?: string): ServiceError {
  if (e instanceof ServiceError) return e;
  return networkError(e, operation);
}

function networkError(e: unknown, operation?: string): ServiceError {
  const err = e as NodeJS.ErrnoException;
  if (err?.name === 'AbortError') return cancelledError(operation);
  const code = err?.code ?? '';
  const why: Record<string, string> = {
    ECONNREFUSED: 'the connection was refused (is the service running at that address?)',
    ENOTFOUND: 'the host name could not be found',
    EAI_AGAIN: 'the host name could not be resolved',
    ECONNRESET: 'the connection was reset',
    ETIMEDOUT: 'the connection timed out',
    EHOSTUNREACH: 'the host is unreachable',
    ENETUNREACH: 'the network is unreachable',
    EPIPE: 'the connection was closed while sending',
    ERR_STREAM_PREMATURE_CLOSE: 'the connection closed before the response was complete',
  };
  const text = why[code] ?? (err?.message === 'aborted' ? 'the connection closed before the response was complete' : `a network error occurred${code ? ` (${code})` : ''}`);
  if (code === 'ETIMEDOUT') return new ServiceError('timeout', `The service could not be reached: ${text}.`, { operation, cause: e });
  return new ServiceError('network', `The service could not be reached: ${text}.`, { operation, cause: e });
}

function fileError(e: unknown): ServiceError {
  const err = e as NodeJS.ErrnoException;
  return new ServiceError('localFile', `A file could not be read: ${err?.code ?? err?.message}.`, { cause: e });
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[u]}`;
}
