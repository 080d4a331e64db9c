import { abortReason } from '../errors';

export interface RetryPolicy {
  /** Further attempts after the first. */
  readonly retries: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

/** Exponential backoff with ±25 % jitter, so that clients do not retry in step. */
export function backoffDelay(p: RetryPolicy, attempt: number): number {
  const raw = Math.min(p.maxDelayMs, p.baseDelayMs * 2 ** attempt);
  return Math.round(raw * (0.75 + Math.random() * 0.5));
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
