import type { IncomingMessage } from 'node:http';
import { ServiceError, abortReason, type ServiceErrorKind } from '../errors';
import { silentLogger, type Logger } from '../logger';
import { quoter, type Quote } from '../serviceText';
import { messageFromBody } from '../xml/document';
import { Authenticator } from './authenticate';
import { Deadline } from './deadline';
import { formatBytes } from '../byteSize';
import { connections, ExchangeError, readText, send, type RawResponse } from './http';
import type { ServiceRequest } from './request';
import { backoffDelay, sleep, type RetryPolicy } from './retry';

export interface Credentials {
  readonly username: string;
  readonly password: string;
  readonly apiKey: string;
}

export interface TransportOptions {
  /** The service root, path prefix included. */
  readonly baseUrl: string;
  readonly credentials: Credentials;
  /** Inactivity limit for every exchange. Default 30 s. */
  readonly timeoutMs?: number;
  readonly retry?: Partial<RetryPolicy>;
  /**
   * Longest time for an XML answer: for a read, the time its requests hold a
   * connection, retries included (not the time queued behind the client's
   * own requests for one of its connections); for an upload, from the
   * answer's first byte. Default 60 s.
   */
  readonly responseDeadlineMs?: number;
  /** Largest XML response accepted, lists excepted. Default 32 MiB. */
  readonly maxXmlBytes?: number;
  /**
   * Largest list (GET /submissions, GET /archives) accepted: lists are read as
   * they arrive, never held whole. Default 128 MiB, about 250,000 submissions.
   */
  readonly maxListBytes?: number;
  /**
   * A nonce older than this may have aged out on the service: a request with
   * a body first re-learns it with a body-less request. Default 30 s; a body
   * of 4 MiB or more waits for at most 5 s (see Authenticator.readyForBody).
   */
  readonly nonceMaxAgeMs?: number;
  readonly logger?: Logger;
  /**
   * Told once when the service refuses the credentials for good
   * (`unauthorized` after a fresh challenge) or the key (`keyRefused`, a 403
   * on the list of submissions), before the error is thrown: the owner can
   * stop using them. The transport itself sends nothing more after it.
   */
  readonly onRefused?: (error: ServiceError) => void;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 300, maxDelayMs: 5000 };
const RETRY_STATUSES = new Set([500, 502, 503, 504]);
const ERROR_BODY_LIMIT = 64 * 1024;
export const DEFAULT_MAX_LIST_BYTES = 128 * 1024 * 1024;
/** Failures that cut an exchange short, as opposed to an answer from the service. */
const INTERRUPTIONS = new Set<ServiceErrorKind>(['network', 'timeout', 'cancelled']);

/**
 * Sends requests to the service: authentication (see Authenticator), the API
 * key header, retries of idempotent reads, and every failure turned into a
 * ServiceError. Nothing it logs or throws contains a credential, and every
 * text taken from a response is redacted and bounded (`quote`).
 */
export class ServiceTransport {
  private readonly base: string;
  private readonly auth: Authenticator;
  private readonly keyHeader: string;
  private readonly timeoutMs: number;
  private readonly retry: RetryPolicy;
  private readonly maxXmlBytes: number;
  /** Largest list accepted (see TransportOptions.maxListBytes). */
  readonly maxListBytes: number;
  private readonly responseDeadlineMs: number;
  private readonly log: Logger;
  /** Redacts this account's secrets from, and bounds, any text of the service's. */
  readonly quote: Quote;
  /** Requests sent, 401 challenges included: what a benchmark counts as round trips. */
  private readonly agents = connections();

  constructor(opts: TransportOptions) {
    let url: URL;
    try {
      url = new URL(opts.baseUrl);
    } catch {
      throw new ServiceError('invalidRequest', 'The base URL is not a valid URL.');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ServiceError('invalidRequest', 'The base URL must start with https:// or http://.');
    }
    if (url.username || url.password) {
      throw new ServiceError('invalidRequest', 'The base URL must not contain a user name or password.');
    }
    this.base = opts.baseUrl.replace(/\/+$/, '');
    const { username, password, apiKey } = opts.credentials;
    if (/[^\x20-\x7E]|"/.test(apiKey)) {
      throw new ServiceError('invalidRequest', 'The API key must be printable ASCII without quotes.');
    }
    this.keyHeader = `key="${apiKey}"`;
    this.timeoutMs = opts.timeoutMs ?? 30_000;
    this.retry = { ...DEFAULT_RETRY, ...opts.retry };
    this.maxXmlBytes = opts.maxXmlBytes ?? 32 * 1024 * 1024;
    this.maxListBytes = opts.maxListBytes ?? DEFAULT_MAX_LIST_BYTES;
    this.responseDeadlineMs = opts.responseDeadlineMs ?? 60_000;
    this.log = opts.logger ?? silentLogger;
    this.quote = quoter([password, apiKey]);
    this.auth = new Authenticator({
      username, password,
      url: (req) => this.url(req),
      exchange: (req, authorization) => this.exchange(req, authorization),
      forbidden: async (res, req) => this.statusError(res, req.operation),
      quote: this.quote,
      log: this.log,
      nonceMaxAgeMs: opts.nonceMaxAgeMs,
      responseDeadlineMs: this.responseDeadlineMs,
      onRefused: opts.onRefused,
    });
  }

  /**
   * GET an XML document, retried on network errors, timeouts and
   * 500/502/503/504; all attempts together end at the response deadline,
   * whose clock runs while an attempt holds a connection.
   */
  async getXml(path: string, operation: string, signal?: AbortSignal): Promise<string> {
    return this.getBody(path, operation, (res) => readText(res.body, this.maxXmlBytes, operation, this.quote), signal);
  }

  /** GET whose body `read` consumes as it arrives, retried like getXml, a retry reading a new body. */
  async getBody<T>(path: string, operation: string, read: (res: RawResponse) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const limit = new Deadline(this.responseDeadlineMs, signal);
    try {
      return await this.withRetries(operation, limit.signal, async () => {
        const res = await this.request({ method: 'GET', path, operation, signal: limit.signal, deadline: limit });
        return read(res);
      });
    } finally {
      limit.dispose();
    }
  }

  /** GET a raw download's response head, retried like getXml until the body starts. */
  async getStream(path: string, operation: string, signal?: AbortSignal): Promise<RawResponse> {
    return this.withRetries(operation, signal, () => this.request({ method: 'GET', path, operation, signal }));
  }

  /**
   * Sends a request that changes data; never retried. When it fails or is
   * cancelled after the whole request may have reached the service (its last
   * byte sent, or an answer begun), the outcome is unknown; before that, the
   * service cannot have had all of it, and the error says so.
   */
  async sendOnce(req: ServiceRequest): Promise<string> {
    let answered = false;
    try {
      const res = await this.request(req);
      answered = true;
      const limit = new Deadline(this.responseDeadlineMs, req.signal);
      limit.run();
      try {
        // The answer's own deadline starts with it: sending a large body may take long.
        limit.signal.addEventListener('abort', () => res.body.destroy(abortReason(limit.signal)), { once: true });
        return await readText(res.body, this.maxXmlBytes, req.operation, this.quote);
      } finally {
        limit.dispose();
      }
    } catch (e) {
      if (!(e instanceof ServiceError) || !INTERRUPTIONS.has(e.kind)) throw e;
      if (answered || (e instanceof ExchangeError && e.requestComplete)) {
        throw new ServiceError(e.kind, `${e.message} The request may or may not have been carried out.`, {
          operation: req.operation, outcomeUnknown: true, cause: e,
        });
      }
      if (e instanceof ExchangeError && e.bodyStarted && e.kind !== 'cancelled') {
        throw new ServiceError(e.kind, `${e.message} It failed before the whole request was sent: the service did not receive it.`, {
          operation: req.operation, cause: e,
        });
      }
      throw e;
    }
  }

  /** One request with its authentication; resolves with a 2xx response, throws a ServiceError for anything else. */
  async request(req: ServiceRequest): Promise<RawResponse> {
    const res = await this.auth.send(req);
    if (res.status >= 200 && res.status < 300) return res;
    throw await this.statusError(res, req.operation);
  }

  private url(req: ServiceRequest): URL {
    return new URL(this.base + req.path);
  }

  private async exchange(req: ServiceRequest, authorization?: string): Promise<RawResponse> {
    const headers: Record<string, string> = { ...req.headers, 'X-Service-Key': this.keyHeader, Accept: 'application/xml, */*' };
    if (authorization) headers.Authorization = authorization;
    const started = Date.now();
    try {
      const res = await send({ method: req.method, url: this.url(req), headers, body: req.body, signal: req.signal, timeoutMs: this.timeoutMs, agents: this.agents });
      const sent = res.bodyStarted && req.body?.length !== undefined ? `, sent ${formatBytes(req.body.length)}` : '';
      const length = res.headers['content-length'];
      const received = length !== undefined ? `, ${formatBytes(Number(length))} to receive` : '';
      // One line per request, at a level the log shows by default; never a header value.
      this.log.info(`${req.operation} -> ${res.status} (${Date.now() - started} ms${sent}${received})`);
      return res;
    } catch (e) {
      const err = e as ServiceError;
      this.log.info(`${req.operation} failed: ${err.kind} (${Date.now() - started} ms)`);
      throw e;
    }
  }

  /** Turns a non-2xx response into the error a user can act on. */
  private async statusError(res: RawResponse, operation: string): Promise<ServiceError> {
    const message = await this.errorMessage(res.body, operation);
    const details = { status: res.status, serviceMessage: message || undefined, operation };
    const suffix = message ? `: ${message}` : '.';
    switch (res.status) {
      case 403:
        return new ServiceError('forbidden', `The service does not allow this (HTTP 403)${suffix}`, details);
      case 404:
        return new ServiceError('notFound', `Not found on the service${suffix}`, details);
      default:
        return new ServiceError('serviceError', `The service answered with HTTP ${res.status}${suffix}`, details);
    }
  }

  private async errorMessage(body: IncomingMessage, operation: string): Promise<string> {
    try {
      return messageFromBody(await readText(body, ERROR_BODY_LIMIT, operation, this.quote), this.quote);
    } catch {
      return '';
    }
  }

  private async withRetries<T>(operation: string, signal: AbortSignal | undefined, attempt: () => Promise<T>): Promise<T> {
    for (let n = 0; ; n++) {
      try {
        return await attempt();
      } catch (e) {
        const err = e as ServiceError;
        const retryable = err.kind === 'network' || err.kind === 'timeout' || (err.kind === 'serviceError' && RETRY_STATUSES.has(err.status ?? 0));
        if (!retryable || n >= this.retry.retries || signal?.aborted) throw signal?.aborted ? abortReason(signal, operation) : e;
        const delay = backoffDelay(this.retry, n);
        this.log.warn(`${operation}: ${err.message} Retrying in ${delay} ms (${n + 1} of ${this.retry.retries}).`);
        await sleep(delay, signal);
      }
    }
  }
}
