import type { Recipient, SubmissionState } from './models';

/**
 * The state a submission's `completed` flag stands for where the status
 * endpoint said nothing: undefined when the service gave no flag either.
 */
export function stateOfCompleted(completed: boolean | undefined): Extract<SubmissionState, 'COMPLETED' | 'PENDING'> | undefined {
  return completed === undefined ? undefined : completed ? 'COMPLETED' : 'PENDING';
}

/** A recipient responded when the service gave a response time (`response_status` has no documented meaning). */
export function hasResponded(r: Recipient): boolean {
  return r.responded.raw.trim() !== '';
}
