import { problemMessage, type Problem } from './problems';

/**
 * One typed error family for everything the client can fail with. The core
 * never words errors for a person beyond a plain English message; the UI maps
 * `kind` to its own text and actions.
 */
export type ServiceErrorKind =
  /** The service refused the user name or password: a fresh Digest challenge answered and refused again. */
  | 'unauthorized'
  /** The service refused the API key: a 403 on the list of submissions. */
  | 'keyRefused'
  /** A 401 this client cannot answer: no challenge, or only schemes it does not speak (Basic, Bearer, auth-int). */
  | 'authUnsupported'
  /** A 403 on one resource while the key is accepted: not allowed for that resource. */
  | 'forbidden'
  /** The id, ticket or path does not exist (404). */
  | 'notFound'
  /** The service answered with an error status or a `status` other than `ok`. */
  | 'serviceError'
  /** The response could not be read: not XML, malformed, truncated, too large, wrong shape. */
  | 'badResponse'
  /** The connection failed or dropped. */
  | 'network'
  /**
   * The service's TLS certificate was refused (expired, another host name, an
   * authority not trusted here). Not retried, and nothing was sent.
   */
  | 'untrusted'
  /** No answer, or no progress, within the configured time. */
  | 'timeout'
  /** The caller cancelled. */
  | 'cancelled'
  /** The request was refused before anything was sent (validation); `problem` says why when the user's input was at fault. */
  | 'invalidRequest'
  /** A local file could not be read or written. */
  | 'localFile';

export interface ServiceErrorDetails {
  /** HTTP status, when there was a response. */
  status?: number;
  /** Message text found in the service's response body, already redacted and bounded. */
  serviceMessage?: string;
  /** True when a request that changes data may or may not have been carried out. */
  outcomeUnknown?: boolean;
  /** The operation that failed, e.g. `GET /submissions/12`. Never holds credentials. */
  operation?: string;
  /** What is wrong with the user's input, for `invalidRequest`: the extension words it. */
  problem?: Problem;
  /** For a list refused as larger than the client's limit for lists: that limit, in bytes (the extension names its setting). */
  listLimit?: number;
  cause?: unknown;
}

export class ServiceError extends Error {
  readonly kind: ServiceErrorKind;
  readonly status?: number;
  readonly serviceMessage?: string;
  readonly outcomeUnknown: boolean;
  readonly operation?: string;
  readonly problem?: Problem;
  readonly listLimit?: number;

  constructor(kind: ServiceErrorKind, message: string, details: ServiceErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ServiceError';
    this.kind = kind;
    this.status = details.status;
    this.serviceMessage = details.serviceMessage;
    this.outcomeUnknown = details.outcomeUnknown ?? false;
    this.operation = details.operation;
    this.problem = details.problem;
    this.listLimit = details.listLimit;
  }
}

export function isServiceError(e: unknown, kind?: ServiceErrorKind): e is ServiceError {
  return e instanceof ServiceError && (kind === undefined || e.kind === kind);
}

/** The log's line for an error: its kind, status and operation (never credentials), or the stack of a bug. */
export function errorDetail(e: unknown): string {
  if (isServiceError(e)) return `${e.kind}${e.status ? ` ${e.status}` : ''}${e.operation ? ` (${e.operation})` : ''}: ${e.message}`;
  return e instanceof Error ? e.stack ?? e.message : String(e);
}

export function cancelledError(operation?: string): ServiceError {
  return new ServiceError('cancelled', 'The operation was cancelled.', { operation });
}

export function invalidRequest(message: string): ServiceError {
  return new ServiceError('invalidRequest', message);
}

/** The user's input refused before anything was sent: the problem as data, its plain English as the message. */
export function invalidInput(problem: Problem): ServiceError {
  return new ServiceError('invalidRequest', problemMessage(problem), { problem });
}

/**
 * Why a signal aborted: the ServiceError it was aborted with (a deadline
 * passing is a timeout), else a plain cancel.
 */
export function abortReason(signal: AbortSignal | undefined, operation?: string): ServiceError {
  return signal?.reason instanceof ServiceError ? signal.reason : cancelledError(operation);
}
