import type { IncomingMessage } from 'node:http';
import { ServiceError, cancelledError } from '../errors';
import { redact, silentLogger, type Logger } from '../logger';
import { messageFromBody } from '../xml/document';
import { parseChallenges } from './challenge';
import { DigestSession } from './digest';
import { ExchangeError, discard, formatBytes, readText, send, type BodySource, type RawResponse } from './http';
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
  /** Largest XML response accepted. Default 32 MiB. */
  readonly maxXmlBytes?: number;
  readonly logger?: Logger;
  /**
   * Told when the service refuses the credentials (`unauthorized` after a
   * fresh challenge) or the key (`keyRefused`), before the error is thrown:
   * the owner can stop using them, so that nothing keeps retrying them.
   */
  readonly onRefused?: (error: ServiceError) => void;
}

export interface ServiceRequest {
  readonly method: 'GET' | 'POST' | 'PUT';
  /** Appended to the base URL. */
  readonly path: string;
  /** How the operation is named in logs and errors (tickets left out). */
  readonly operation: string;
  readonly headers?: Record<string, string>;
  readonly body?: BodySource;
  readonly signal?: AbortSignal;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 300, maxDelayMs: 5000 };
const RETRY_STATUSES = new Set([500, 502, 503, 504]);
const ERROR_BODY_LIMIT = 64 * 1024;

/**
 * Sends requests to the service: Digest authentication, the API key header,
 * retries of idempotent reads, and every failure turned into a ServiceError.
 * Nothing it logs or throws contains a credential.
 */
export class ServiceTransport {
  private readonly base: string;
  private readonly digest: DigestSession;
  private readonly keyHeader: string;
  private readonly timeoutMs: number;
  private readonly retry: RetryPolicy;
  private readonly maxXmlBytes: number;
  private readonly log: Logger;
  private readonly secrets: string[];
  private readonly onRefused?: (error: ServiceError) => void;
  /** Requests sent, 401 challenges included: what a benchmark counts as round trips. */
  requestCount = 0;

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
    this.digest = new DigestSession(username, password);
    this.keyHeader = `key="${apiKey}"`;
    this.timeoutMs = opts.timeoutMs ?? 30_000;
    this.retry = { ...DEFAULT_RETRY, ...opts.retry };
    this.maxXmlBytes = opts.maxXmlBytes ?? 32 * 1024 * 1024;
    this.log = opts.logger ?? silentLogger;
    this.secrets = [password, apiKey];
    this.onRefused = opts.onRefused;
  }

  /** GET an XML document, retried on network errors, timeouts and 500/502/503/504. */
  async getXml(path: string, operation: string, signal?: AbortSignal): Promise<string> {
    return this.withRetries(operation, signal, async () => {
      const res = await this.request({ method: 'GET', path, operation, signal });
      return readText(res.body, this.maxXmlBytes, operation);
    });
  }

  /** GET a raw download's response head, retried like getXml until the body starts. */
  async getStream(path: string, operation: string, signal?: AbortSignal): Promise<RawResponse> {
    return this.withRetries(operation, signal, () => this.request({ method: 'GET', path, operation, signal }));
  }

  /**
   * Sends a request that changes data. Never retried once the body has
   * started; a failure after that has an unknown outcome.
   */
  async sendOnce(req: ServiceRequest): Promise<string> {
    try {
      const res = await this.request(req);
      return await readText(res.body, this.maxXmlBytes, req.operation);
    } catch (e) {
      if (e instanceof ExchangeError && e.bodyStarted && (e.kind === 'network' || e.kind === 'timeout')) {
        throw new ServiceError(e.kind, `${e.message} The request may or may not have been carried out.`, {
          operation: req.operation, outcomeUnknown: true, cause: e,
        });
      }
      throw e;
    }
  }

  /**
   * One request with its authentication handshake; resolves with a 2xx
   * response, throws a ServiceError for anything else. At most two requests
   * reach the service for one call (three with the upload probe).
   */
  async request(req: ServiceRequest): Promise<RawResponse> {
    try {
      return await this.authenticated(req);
    } catch (e) {
      if (e instanceof ServiceError && (e.kind === 'unauthorized' || e.kind === 'keyRefused')) {
        try {
          this.onRefused?.(e);
        } catch {
          // the owner's problem must not hide the refusal
        }
      }
      throw e;
    }
  }

  private async authenticated(req: ServiceRequest): Promise<RawResponse> {
    const url = new URL(this.base + req.path);
    // A streamed body must not go out only to be refused by a challenge: learn the nonce first.
    const freshNonce = req.body !== undefined && !this.digest.hasChallenge && (await this.probe(url, req));
    let res = await this.exchange(url, req, true);
    if (res.status === 401) {
      const hadCredentials = this.digest.hasChallenge;
      const challenges = this.challengesOf(res);
      discard(res.body);
      if (challenges.length === 0) throw this.unauthorized(req, 'without a Digest challenge');
      const { stale } = this.digest.accept(challenges);
      // Refused with a nonce just issued: the credentials are wrong, asking again would not help.
      if (freshNonce && !stale) {
        this.digest.reset();
        throw this.unauthorized(req);
      }
      this.log.debug(`${req.operation}: ${stale ? 'stale nonce, retrying' : hadCredentials ? 'credentials refused once, retrying with the new challenge' : 'challenge received'} (${this.digest.algorithm})`);
      res = await this.exchange(url, req, true);
      if (res.status === 401) {
        discard(res.body);
        this.digest.reset();
        throw this.unauthorized(req);
      }
    }
    if (res.status >= 200 && res.status < 300) return res;
    throw await this.statusError(res, req.operation);
  }

  /** Learns a nonce with a body-less, credential-less GET; true when one was learned. */
  private async probe(url: URL, req: ServiceRequest): Promise<boolean> {
    const res = await this.exchange(url, { ...req, method: 'GET', body: undefined, operation: `GET ${req.path} (to learn a nonce)` }, false);
    discard(res.body);
    const challenges = res.status === 401 ? this.challengesOf(res) : [];
    if (challenges.length) this.digest.accept(challenges);
    return challenges.length > 0;
  }

  private async exchange(url: URL, req: ServiceRequest, withAuth: boolean): Promise<RawResponse> {
    const headers: Record<string, string> = { ...req.headers, 'X-Service-Key': this.keyHeader, Accept: 'application/xml, */*' };
    const authorization = withAuth ? this.digest.authorization(req.method, url.toString()) : undefined;
    if (authorization) headers.Authorization = authorization;
    const started = Date.now();
    this.requestCount++;
    try {
      const res = await send({ method: req.method, url, headers, body: req.body, signal: req.signal, timeoutMs: this.timeoutMs });
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

  private challengesOf(res: RawResponse) {
    const values: string[] = [];
    for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
      if (res.rawHeaders[i].toLowerCase() === 'www-authenticate') values.push(res.rawHeaders[i + 1]);
    }
    return parseChallenges(values).filter((c) => c.scheme.toLowerCase() === 'digest');
  }

  private unauthorized(req: ServiceRequest, detail?: string): ServiceError {
    return new ServiceError('unauthorized', `The service refused the user name or password${detail ? ` (${detail})` : ''}.`, {
      status: 401, operation: req.operation,
    });
  }

  /** Turns a non-2xx response into the error a user can act on. */
  private async statusError(res: RawResponse, operation: string): Promise<ServiceError> {
    const message = await this.errorMessage(res.body, operation);
    const details = { status: res.status, serviceMessage: message || undefined, operation };
    const suffix = message ? `: ${message}` : '.';
    switch (res.status) {
      case 403:
        return new ServiceError('keyRefused', `The service refused the API key${suffix}`, details);
      case 404:
        return new ServiceError('notFound', `Not found on the service${suffix}`, details);
      default:
        return new ServiceError('serviceError', `The service answered with HTTP ${res.status}${suffix}`, details);
    }
  }

  private async errorMessage(body: IncomingMessage, operation: string): Promise<string> {
    try {
      const text = await readText(body, ERROR_BODY_LIMIT, operation);
      return redact(messageFromBody(text), this.secrets);
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
        if (!retryable || n >= this.retry.retries || signal?.aborted) throw signal?.aborted ? cancelledError(operation) : e;
        const delay = backoffDelay(this.retry, n);
        this.log.warn(`${operation}: ${err.message} Retrying in ${delay} ms (${n + 1} of ${this.retry.retries}).`);
        await sleep(delay, signal);
      }
    }
  }
}
