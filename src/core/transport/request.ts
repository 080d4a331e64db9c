import type { Deadline } from './deadline';
import type { BodySource } from './body';

/** One call to the service, as the transport and its authenticator see it. */
export interface ServiceRequest {
  readonly method: 'GET' | 'POST' | 'PUT';
  /** Appended to the base URL. */
  readonly path: string;
  /** How the operation is named in logs and errors (tickets left out). */
  readonly operation: string;
  readonly headers?: Record<string, string>;
  readonly body?: BodySource;
  readonly signal?: AbortSignal;
  /** The call's response deadline, whose clock runs while the request holds a connection. */
  readonly deadline?: Pick<Deadline, 'run'>;
}
