import * as vscode from 'vscode';
import { stateOfCompleted, type SubmissionDetail, type SubmissionListItem, type SubmissionState } from '../../core';

/** What the extension just learned about one submission: its state from the status endpoint, its detail, or its entry in the list. */
export interface Learned {
  readonly id: string;
  readonly state?: SubmissionState;
  readonly detail?: SubmissionDetail;
  /** Its entry in a list just fetched, new or changed: its `completed` flag stands for the state. */
  readonly listed?: SubmissionListItem;
  /** The connection whose service said it; none: the workspace's connection. */
  readonly connectionId?: string;
}

/** What was learned, with the connection it was learned from. */
export type LearnedOf = Learned & { readonly connectionId: string };

/** A whole list of one connection's submissions. */
export interface ListedOf {
  readonly connectionId: string;
  readonly items: readonly SubmissionListItem[];
}

/** What a panel shows of a submission, reduced to what can change: its state and a digest of the responses. */
export interface Known {
  readonly state?: string;
  readonly digest?: string;
}

/** The comparable part of what is known; the detail's (else the list's) `completed` stands for the state when no status came with it. */
export function knownOf(l: Omit<Learned, 'id'>): Known {
  const completed = l.detail?.completed ?? l.listed?.completed;
  const state = l.state ?? stateOfCompleted(completed);
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
 * The one place where the extension learns about submissions: every path
 * says here what it learned (the Submissions view's list and the details of
 * its rows, Check Status, polling, the History and Summary panels' loads),
 * and what shows a submission follows from here without asking the service
 * again: the view's rows, the open panels, the Explorer's decorations of
 * files sent. One per extension, made in extension.ts.
 *
 * The same id is another submission on another service: what is said names
 * its connection (none: the workspace's). `onDidLearn` and `onDidList` say
 * what the workspace's connection learned, for what follows that one only;
 * `onDidLearnAny` and `onDidListAny` say every connection's, named.
 */
export class SubmissionUpdates implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<LearnedOf>();
  private readonly lists = new vscode.EventEmitter<readonly SubmissionListItem[]>();
  private readonly anyEmitter = new vscode.EventEmitter<LearnedOf>();
  private readonly anyLists = new vscode.EventEmitter<ListedOf>();
  /** What the workspace's connection learned. */
  readonly onDidLearn = this.emitter.event;
  /** A whole list of the workspace's connection arrived (whichever fetch: the view's, Refresh, a poll); its new or changed entries are also said one by one. */
  readonly onDidList = this.lists.event;
  /** What any connection learned, named. */
  readonly onDidLearnAny = this.anyEmitter.event;
  /** A whole list of any connection arrived, named. */
  readonly onDidListAny = this.anyLists.event;

  /** `inUse`: the id of the workspace's connection now (none: there is none). */
  constructor(private readonly inUse: () => string | undefined) {}

  learned(l: Learned): void {
    const connectionId = l.connectionId ?? this.inUse();
    if (connectionId === undefined) return;
    const named = { ...l, connectionId };
    this.anyEmitter.fire(named);
    if (connectionId === this.inUse()) this.emitter.fire(named);
  }

  /** A whole list of `connectionId`'s (none: the workspace's) arrived. */
  listArrived(items: readonly SubmissionListItem[], connectionId = this.inUse()): void {
    if (connectionId === undefined) return;
    this.anyLists.fire({ connectionId, items });
    if (connectionId === this.inUse()) this.lists.fire(items);
  }

  dispose(): void {
    [this.emitter, this.lists, this.anyEmitter, this.anyLists].forEach((e) => e.dispose());
  }
}
