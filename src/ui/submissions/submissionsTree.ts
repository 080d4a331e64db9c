import * as vscode from 'vscode';
import type { Logger, ServiceClient, SubmissionListItem } from '../../core';
import { differs, knownOf, type LearnedOf, type SubmissionUpdates } from './submissionUpdates';
import { loadMoreItem, messageItem } from '../lists/commonItems';
import { ListTree, type TreeSessions } from '../lists/listTree';
import {
  stateOf, unhandled, type AttachmentNode, type GroupNode, type HistoryNode, type RecipientNode, type RowNode, type SubmissionChild, type SubmissionNode,
} from '../lists/nodes';
import { attachmentItem, groupItem, historyItem, recipientItem, submissionItem } from './submissionItems';
import {
  compareSubmissions, passesQuickFilter, type SubmissionQuickFilter, type SubmissionSort,
} from './submissionOutcome';
import { submissionModel } from './submissionRows';
import { UnseenRows } from './unseenRows';

/** Pending rows on screen whose details the view's Refresh fetches again, besides the list (DETAILS_AT_ONCE at a time). */
export const REFRESH_DETAILS = 10;

/** What the view's description calls each quick filter. */
const QUICK_LABELS: Readonly<Record<SubmissionQuickFilter, () => string>> = {
  pending: () => vscode.l10n.t('Pending'),
  completed: () => vscode.l10n.t('Completed'),
  attention: () => vscode.l10n.t('Needs attention'),
  unseen: () => vscode.l10n.t('Unseen responses'),
};

/** The nodes of one connection's submissions. */
type SubmissionRowNode = RowNode<SubmissionNode, SubmissionChild>;

/** A submission's children, made once per row. */
interface Groups {
  readonly recipients: GroupNode;
  readonly attachments: GroupNode;
  readonly history: HistoryNode;
}

/**
 * The Submissions view: one row per submission, newest first unless sorted
 * otherwise, expanded into recipients, attachments and a History entry.
 * Details are fetched when a row is expanded (or for every row while the
 * "needs attention" filter is set) and kept across refreshes until newer
 * ones arrive.
 */
export class SubmissionsTree extends ListTree<SubmissionListItem, SubmissionNode, SubmissionChild, Groups> {
  private sortKey: SubmissionSort = 'created';
  private quickKey?: SubmissionQuickFilter;
  private readonly unseen = new UnseenRows();

  /**
   * `updates` is where the rows say what their list and details tell (open
   * panels and the Explorer's decorations follow), and where they learn
   * what the other paths (Check Status, polling, the panels) learned.
   */
  constructor(sessions: TreeSessions, log: Logger, private readonly updates: Pick<SubmissionUpdates, 'learned' | 'onDidLearnAny' | 'listArrived'>) {
    super(sessions, log, {
      view: 'submissions',
      rowWhat: 'submission',
      model: submissionModel,
      fetch: (client, signal) => client.listSubmissions({ signal }),
      texts: {
        failed: (reason) => vscode.l10n.t('Could not load the submissions. {0}', reason),
        empty: vscode.l10n.t('No submissions yet'),
        noMatch: (f, quick) => (quick === undefined
          ? vscode.l10n.t('No submission matches "{0}"', f)
          : f ? vscode.l10n.t('No submission matches "{0}" among "{1}"', f, quick) : vscode.l10n.t('No submission in "{0}"', quick)),
        stale: (reason) => vscode.l10n.t('Could not refresh: {0} Showing the submissions loaded earlier.', reason),
      },
      details: 'expand',
      // Outcomes and rejections show without expanding: the list has no counters.
      refreshes: (shown) => shown.filter((n) => stateOf(n).toUpperCase() === 'PENDING').slice(0, REFRESH_DETAILS),
    });
    this.arrange({ order: compareSubmissions(this.sortKey) });
    this.disposeWith(updates.onDidLearnAny((l) => this.show(l)));
  }

  get sort(): SubmissionSort {
    return this.sortKey;
  }

  sortBy(sort: SubmissionSort): void {
    this.sortKey = sort;
    this.arrange({ order: compareSubmissions(sort) });
  }

  /** The quick filter set (a reveal or sign-out clears it). */
  get quickFilter(): SubmissionQuickFilter | undefined {
    return this.quick ? this.quickKey : undefined;
  }

  /** Shows only pending, completed, needing-attention or unseen submissions; undefined: all. */
  showOnly(f: SubmissionQuickFilter | undefined): void {
    this.quickKey = f;
    if (f === 'unseen') this.unseen.start();
    const keep = (n: SubmissionNode) => (f === 'unseen' ? this.unseen.keeps(n.connectionId ?? '', n.item.id) : f !== undefined && passesQuickFilter(n, f));
    this.arrange({ quick: f ? { label: QUICK_LABELS[f](), keep, readsDetails: f === 'attention' } : null });
  }

  /** One connection's submissions with responses told and not looked at yet: under the `unseen` filter, new ones join the rows shown. */
  setUnseen(connectionId: string, ids: ReadonlySet<string>): void {
    if (this.unseen.update(connectionId, ids) && this.quickFilter === 'unseen') this.arrange({});
  }

  protected itemOf(n: SubmissionRowNode, expanded: boolean): vscode.TreeItem {
    switch (n.kind) {
      case 'submission': return submissionItem(n, expanded);
      case 'recipients':
      case 'attachments': return groupItem(n);
      case 'recipient': return recipientItem(n, n.submission.detail?.recipients.indexOf(n.recipient) ?? 0);
      case 'attachment': return attachmentItem(n, n.submission.detail?.attachments.indexOf(n.attachment) ?? 0);
      case 'history': return historyItem(n);
      case 'loadMore': return loadMoreItem(n);
      case 'message': return messageItem(n);
      default: return unhandled(n);
    }
  }

  protected childrenOf(n: SubmissionRowNode): Promise<SubmissionRowNode[]> | SubmissionRowNode[] {
    switch (n.kind) {
      case 'submission': return this.rowChildren(n, () => {
        const g = this.groups(n);
        return [g.recipients, g.attachments, g.history];
      });
      case 'recipients': return (n.submission.detail?.recipients ?? []).map((recipient): RecipientNode => ({ kind: 'recipient', submission: n.submission, recipient }));
      case 'attachments': return (n.submission.detail?.attachments ?? []).map((attachment): AttachmentNode => ({ kind: 'attachment', submission: n.submission, attachment }));
      case 'recipient':
      case 'attachment':
      case 'history':
      case 'loadMore':
      case 'message': return [];
      default: return unhandled(n);
    }
  }

  protected parentOf(n: SubmissionRowNode): SubmissionRowNode | undefined {
    switch (n.kind) {
      case 'recipients':
      case 'attachments':
      case 'history': return n.submission;
      case 'recipient': return this.groups(n.submission).recipients;
      case 'attachment': return this.groups(n.submission).attachments;
      case 'message': return n.parent;
      case 'submission':
      case 'loadMore': return undefined;
      default: return unhandled(n);
    }
  }

  private groups(n: SubmissionNode): Groups {
    const s = this.stateOf(n);
    const g = s?.children ?? { recipients: { kind: 'recipients', submission: n }, attachments: { kind: 'attachments', submission: n }, history: { kind: 'history', submission: n } };
    if (s) s.children = g;
    return g;
  }

  /** The detail, and with `now` (Refresh on the row) the status too; said where everything learned is said, and shown from there (`show`). */
  protected async fetchDetail(n: SubmissionNode, now: boolean, client: ServiceClient): Promise<() => void> {
    const [detail, st] = await Promise.all([client.getSubmission(n.item.id), now ? client.getStatus(n.item.id) : undefined]);
    return () => this.updates.learned({ id: n.item.id, detail, state: st?.status, connectionId: n.connectionId });
  }

  /** A list's rows that are new or changed: said, so that what follows a submission's state follows its list entry too. */
  protected override listed(rows: readonly SubmissionNode[], connectionId: string): void {
    for (const n of rows) this.updates.learned({ id: n.item.id, listed: n.item, connectionId });
    this.updates.listArrived((this.listOf(connectionId)?.all ?? []).map((n) => n.item), connectionId);
  }

  /**
   * What was learned of a submission, on its row: a detail (counters,
   * recipients, attachments) and the newest state, the status when one came
   * with it, else the detail's `completed` over an older status. The list's
   * own entries are in the rows already.
   */
  private show(l: LearnedOf): void {
    if (!l.detail && l.state === undefined) return;
    const row = this.rowOf(l.id, l.connectionId);
    if (!row) return;
    if (l.detail) row.detail = l.detail;
    // A state the detail shown does not have makes it outdated: expanding the row fetches it again.
    else if (row.detail && differs(knownOf({ detail: row.detail }), knownOf({ state: l.state }))) this.stateOf(row)!.outdated = true;
    row.status = l.state ?? (l.detail?.completed === undefined ? row.status : undefined);
    if (l.detail) this.detailArrived(row);
    else this.rowChanged(row);
  }
}
