import type { NewArchiveFile, NewSubmission } from '../src/core';

/** What the parent tells a client child: where the service is and what to do once. */
export interface ChildRequest {
  readonly baseUrl: string;
  readonly user: string;
  readonly password: string;
  readonly key: string;
  readonly operation: ChildOperation;
  /** RSS sampling interval. */
  readonly sampleMs: number;
}

export type ChildOperation =
  | { readonly kind: 'upload'; readonly file: NewArchiveFile }
  | { readonly kind: 'download'; readonly file: { readonly id: string; readonly ticket: string; readonly name: string; readonly hash?: string }; readonly dest: string }
  | { readonly kind: 'create'; readonly submission: NewSubmission }
  | { readonly kind: 'listSubmissions' }
  | { readonly kind: 'listArchive' };

/** What a client child reports back. Memory in bytes, times in ms. */
export interface ChildResult {
  readonly ok: true;
  /** The operation's call, from before it to its promise resolving. */
  readonly ms: number;
  /** CPU time (user + system) of the child during the operation. */
  readonly cpuMs: number;
  /** Requests the client sent for the operation (counted from the client's one log line per request), 401s included. */
  readonly requests: number;
  /** Requests the warm-up sign-in took. */
  readonly signInRequests: number;
  /** RSS after loading modules, signing in and a GC, before the operation. */
  readonly baselineRss: number;
  /** Highest RSS sampled during the operation. */
  readonly peakRss: number;
  /** The kernel's peak RSS for the whole child (getrusage), a cross-check of the sampling. */
  readonly maxRssLifetime: number;
  readonly samples: number;
  /** Bytes the operation moved (progress callback total, or the download's size). */
  readonly bytes: number;
  /** The new id (upload, create) or the saved path (download). */
  readonly result: string;
}

export interface ChildFailure {
  readonly ok: false;
  readonly error: string;
}
