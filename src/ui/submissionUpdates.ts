import * as vscode from 'vscode';
import type { SubmissionDetail, SubmissionState } from '../core';

/** What the extension just learned about one submission: its state (status endpoint or list), its detail, or both. */
export interface Learned {
  readonly id: string;
  readonly state?: SubmissionState;
  readonly detail?: SubmissionDetail;
}

/** What a panel shows of a submission, reduced to what can change: its state and a digest of the responses. */
export interface Known {
  readonly state?: string;
  readonly digest?: string;
}

/** The comparable part of what is known; the detail's `completed` stands for the state when no status came with it. */
export function knownOf(l: Omit<Learned, 'id'>): Known {
  const completed = l.detail?.completed;
  const state = l.state ?? (completed === undefined ? undefined : completed ? 'COMPLETED' : 'PENDING');
  return { state: state?.trim().toUpperCase() || undefined, digest: l.detail && digestOf(l.detail) };
}

/** True when `learned` says something other than `shown`: another state, or other responses. Unknown parts never differ. */
export function differs(shown: Known, learned: Known): boolean {
  const other = (a?: string, b?: string) => a !== undefined && b !== undefined && a !== b;
  return other(shown.state, learned.state) || other(shown.digest, learned.digest);
}

function digestOf(d: SubmissionDetail): string {
  return JSON.stringify([
    d.completed, d.total,
    d.recipients.map((r) => [r.email, r.submissionViewed, r.timeViewed.raw, r.responseStatus, r.responded.raw, r.comment, r.endorsement]),
  ]);
}

/**
 * Where the tree (details), Check Status and polling say what they learned
 * about a submission, so that open panels can follow without asking the
 * service again. One per extension, made in extension.ts.
 */
export class SubmissionUpdates implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<Learned>();
  readonly onDidLearn = this.emitter.event;

  learned(l: Learned): void {
    this.emitter.fire(l);
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
