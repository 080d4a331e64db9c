import * as http from 'node:http';
import * as https from 'node:https';
import { formatBytes } from '../byteSize';
import { ServiceError, abortReason, cancelledError } from '../errors';
import { boundOnly, type Quote } from '../serviceText';
import { readAtMost } from '../readAtMost';
import { decodeXml } from '../xml/decode';
import type { BodySource } from './body';
import { pumpBody } from './bodyPump';

export interface Exchange {
  readonly method: string;
  readonly url: URL;
  readonly headers: Record<string, string>;
  readonly body?: BodySource;
  readonly signal?: AbortSignal;
  /** No progress (connect, send, first byte) for this long aborts the exchange. */
  readonly timeoutMs: number;
  /** The connections it may use: its client's own (`connections()`). */
  readonly agents: Agents;
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

/** Thrown by `send` for failures below HTTP; carries how much of the request had gone. */
export class ExchangeError extends ServiceError {
  constructor(
    error: ServiceError,
    /** Whether any request body byte was handed to the socket. */
    readonly bodyStarted: boolean,
    /**
     * Whether the whole request may have reached the service: connected, and
     * its last byte handed to the connection. When false, some bytes never
     * left this process, so the service cannot have had a complete request.
     */
    readonly requestComplete: boolean,
  ) {
    super(error.kind, error.message, { cause: error, operation: error.operation });
  }
}

/**
 * A failure of a request made before another one (the body-less request
 * before a body) is no failure of that one's exchange: nothing of it went
 * out, so the service cannot have had it, and a cancel is a plain cancel.
 */
export function failedBefore(e: unknown): unknown {
  if (!(e instanceof ExchangeError)) return e;
  const said = e.kind === 'cancelled' ? e.message : `${e.message} It failed before the request was sent: the service did not receive it.`;
  return new ServiceError(e.kind, said, { operation: e.operation, cause: e });
}

/** Connections kept per host; the transport sends no more requests than this at once. */
export const CONNECTIONS_PER_HOST = 8;

export interface Agents {
  readonly http: http.Agent;
  readonly https: https.Agent;
}

/**
 * One client's connections, its own: a transport counts its requests on the
 * wire against them, so a request it lets go never waits for another
 * client's (the one the extension built before a setting changed, whose
 * downloads go on), its deadline running meanwhile.
 */
export function connections(): Agents {
  return {
    http: new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS_PER_HOST }),
    https: new https.Agent({ keepAlive: true, maxSockets: CONNECTIONS_PER_HOST }),
  };
}

/**
 * One HTTP exchange with node:http: streams the body with backpressure,
 * applies the timeout (to connecting, then to any pause in the exchange) and
 * the caller's AbortSignal, and resolves with the response head; the caller
 * consumes or discards the body.
 */
export function send(ex: Exchange): Promise<RawResponse> {
  return new Promise<RawResponse>((resolve, reject) => {
    if (ex.signal?.aborted) return reject(abortReason(ex.signal));
    const isHttps = ex.url.protocol === 'https:';
    // Said, not left to the agent: VS Code's proxy support hands each request
    // an agent of its own without keep-alive, and Node then asks the service
    // to close the connection after every answer (a new connection, and a new
    // TLS handshake, per request; microsoft/vscode#173861). Said, the
    // connection goes back to the agent that made it and is used again.
    const headers: Record<string, string | number> = { ...ex.headers, Connection: 'keep-alive' };
    if (ex.body?.length !== undefined) headers['Content-Length'] = ex.body.length;
    else if (!ex.body && ex.method !== 'GET' && ex.method !== 'HEAD') headers['Content-Length'] = 0;

    let bodyStarted = false;
    /** Body bytes handed to the request so far. */
    let handed = 0;
    let connected = false;
    let settled = false;
    const seconds = formatSeconds(ex.timeoutMs);
    const req = (isHttps ? https : http).request(ex.url, {
      method: ex.method,
      headers,
      agent: isHttps ? ex.agents.https : ex.agents.http,
    });
    const fail = (e: ServiceError): void => {
      if (settled) return;
      settled = true;
      cleanup();
      // Counted, not only ended: the last byte can reach the service before the body stream knows it has ended.
      const complete = connected && (req.writableEnded || (ex.body?.length !== undefined && handed >= ex.body.length));
      req.destroy();
      reject(new ExchangeError(e, bodyStarted, complete));
    };
    const onAbort = (): void => fail(abortReason(ex.signal));
    ex.signal?.addEventListener('abort', onAbort, { once: true });
    // The socket's own timeout starts only once it is connected: a host that
    // drops connection attempts would otherwise keep the call for minutes.
    const connectTimer = setTimeout(() => {
      fail(new ServiceError('timeout', `The service could not be reached: could not connect within ${seconds}.`));
    }, ex.timeoutMs);
    const cleanup = (): void => {
      clearTimeout(connectTimer);
      ex.signal?.removeEventListener('abort', onAbort);
    };
    req.once('socket', (socket) => {
      const onConnect = (): void => {
        connected = true;
        clearTimeout(connectTimer);
      };
      if (socket.connecting) socket.once('connect', onConnect);
      else onConnect();
    });

    req.setTimeout(ex.timeoutMs, () => {
      fail(new ServiceError('timeout', `The service did not answer within ${seconds}.`));
    });
    req.on('error', (e) => fail(networkError(e)));
    req.on('response', (res) => {
      if (settled) {
        res.destroy();
        return;
      }
      settled = true;
      cleanup();
      // The body is consumed by the caller; the signal and timeout still apply to it.
      const onBodyAbort = (): void => {
        res.destroy(abortReason(ex.signal));
      };
      ex.signal?.addEventListener('abort', onBodyAbort, { once: true });
      res.once('close', () => ex.signal?.removeEventListener('abort', onBodyAbort));
      res.setTimeout?.(ex.timeoutMs, () => {
        res.destroy(new ServiceError('timeout', `The service stopped sending for ${seconds}.`));
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
    pumpBody(body, req, (bytes) => {
      bodyStarted = true;
      handed += bytes;
    }).catch((e: unknown) => {
      // Errors are named by where they start: the body is a local file, the request is the network.
      fail(e instanceof ServiceError ? e : fileError(e));
    });
  });
}

/** Collects a response body as text (in the encoding it declares), refusing more than `limit` bytes; what the service named is quoted by `quote`. */
export async function readText(res: http.IncomingMessage, limit: number, operation: string, quote: Quote = boundOnly): Promise<string> {
  let body: Buffer;
  try {
    body = await readAtMost(res, limit, () => new ServiceError('badResponse', `The service's response is larger than the ${formatBytes(limit)} limit for XML responses.`, { operation }));
  } catch (e) {
    throw toServiceError(e, operation);
  }
  const size = body.length;
  const expected = Number(res.headers['content-length']);
  if (Number.isFinite(expected) && res.headers['content-length'] !== undefined && size < expected) {
    throw new ServiceError('network', `The connection closed after ${size} of ${expected} bytes.`, { operation });
  }
  try {
    return decodeXml(body, res.headers['content-type'], quote);
  } catch (e) {
    // The decoder knows the encoding, not the call: the error names both.
    if (e instanceof ServiceError && e.operation === undefined) throw new ServiceError(e.kind, e.message, { operation, cause: e });
    throw e;
  }
}

export function toServiceError(e: unknown, operation?: string): ServiceError {
  if (e instanceof ServiceError) return e;
  return networkError(e, operation);
}

function networkError(e: unknown, operation?: string): ServiceError {
  const err = e as NodeJS.ErrnoException;
  if (err?.name === 'AbortError') return cancelledError(operation);
  const code = err?.code ?? '';
  const certificate = CERTIFICATE_PROBLEMS[code];
  if (certificate) {
    // Not retried: a refused certificate stays refused until someone changes the trust.
    return new ServiceError('untrusted', `The service's certificate is not trusted: ${certificate} (${code}).`, { operation, cause: e });
  }
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

const UNKNOWN_AUTHORITY = 'it was not issued by an authority this computer trusts';

/** Node's codes for a certificate it refused, as what went wrong with it. */
const CERTIFICATE_PROBLEMS: Record<string, string> = {
  CERT_HAS_EXPIRED: 'it has expired',
  CERT_NOT_YET_VALID: 'it is not valid yet (is this computer\'s clock right?)',
  ERR_TLS_CERT_ALTNAME_INVALID: 'it was issued for another host name',
  HOSTNAME_MISMATCH: 'it was issued for another host name',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'it is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: UNKNOWN_AUTHORITY,
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: UNKNOWN_AUTHORITY,
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: UNKNOWN_AUTHORITY,
  UNABLE_TO_GET_ISSUER_CERT: UNKNOWN_AUTHORITY,
  CERT_UNTRUSTED: UNKNOWN_AUTHORITY,
  CERT_REVOKED: 'it has been revoked',
  CERT_SIGNATURE_FAILURE: 'its signature is invalid',
  CERT_REJECTED: 'it was rejected',
  INVALID_CA: 'an authority in its chain is not valid',
};

function fileError(e: unknown): ServiceError {
  const err = e as NodeJS.ErrnoException;
  return new ServiceError('localFile', `A file could not be read: ${err?.code ?? err?.message}.`, { cause: e });
}

/** `1.5 s`, `30 s`. */
export function formatSeconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}
