import * as vscode from 'vscode';
import type { Logger, SubmissionListItem, SubmissionState } from '../../core';
import { describeError } from '../errorText';
import type { Session } from '../session';
import { loadMoreItem, messageItem, showFilter } from './commonItems';
import { Limiter } from './concurrency';
import {
  stateOf, type AttachmentNode, type GroupNode, type HistoryNode, type MessageNode, type RecipientNode, type SubmissionNode,
  type SubmissionTreeNode,
} from './nodes';
import { rootNodes, RowList } from './rowList';
import { safeText } from './safeText';
import { attachmentItem, groupItem, historyItem, recipientItem, submissionItem } from './submissionItems';
import { submissionLabel } from './submissionRows';

interface Children {
  readonly recipients: GroupNode;
  readonly attachments: GroupNode;
  readonly history: HistoryNode;
}

/**
 * The Submissions view: one row per submission, expanded into recipients,
 * attachments and a History entry. The list is fetched whole and shown a page
 * at a time; details are fetched when a row is expanded and kept across
 * refreshes until newer ones arrive.
 */
export class SubmissionsTree implements vscode.TreeDataProvider<SubmissionTreeNode>, vscode.Disposable {
  readonly view: vscode.TreeView<SubmissionTreeNode>;
  private readonly changed = new vscode.EventEmitter<SubmissionTreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly list: RowList<SubmissionListItem, SubmissionNode>;
  private readonly children = new WeakMap<SubmissionNode, Children>();
  private readonly detailLoads = new Map<SubmissionNode, Promise<void>>();
  /** Why the last detail fetch of a row failed, while the row is shown without (or with older) detail. */
  private readonly detailErrors = new WeakMap<SubmissionNode, string>();
  private readonly limiter = new Limiter(4);
  /** Rows expanded in the view: their details are fetched again on refresh. */
  private readonly expanded = new Set<SubmissionNode>();
  /** Rows whose detail is older than the last refresh: fetched again when next expanded. */
  private readonly outdated = new WeakSet<SubmissionNode>();
  /** What clicking a failure message does: fetch again. */
  private readonly retries = new WeakMap<MessageNode, vscode.Command>();
  private readonly subs: vscode.Disposable[] = [];

  constructor(
    private readonly session: Session,
    private readonly log: Logger,
  ) {
    this.list = new RowList(session, log, {
      what: 'submissions',
      fetch: (client, signal) => client.listSubmissions({ signal }),
      key: (item) => item.id,
      create: (item): SubmissionNode => ({ kind: 'submission', item }),
      update: (row, item) => updateRow(row, item),
      matches: (row, needle) => matches(row.item, needle),
    });
    this.view = vscode.window.createTreeView('dsas.submissions', { treeDataProvider: this, showCollapseAll: true });
    this.subs.push(
      this.view,
      this.changed,
      session.onDidChange(() => this.reset()),
      this.view.onDidExpandElement((e) => e.element.kind === 'submission' && this.expanded.add(e.element)),
      this.view.onDidCollapseElement((e) => e.element.kind === 'submission' && this.expanded.delete(e.element)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('dsas.pageSize')) {
          this.list.resetPages();
          this.changed.fire(undefined);
        }
      }),
    );
  }

  /** All loaded submissions, whatever the filter and page (for the status bar). */
  get items(): readonly SubmissionNode[] {
    return this.list.all;
  }

  get filter(): string | undefined {
    return this.list.filter;
  }

  /** Whether a list has been received since sign-in. */
  get loaded(): boolean {
    return this.list.loaded;
  }

  /** Why the last refresh failed while older rows are shown. */
  get stale(): string | undefined {
    return this.list.stale ?? this.list.failure;
  }

  getTreeItem(n: SubmissionTreeNode): vscode.TreeItem {
    switch (n.kind) {
      case 'submission': return submissionItem(n);
      case 'recipients':
      case 'attachments': return groupItem(n);
      case 'recipient': return recipientItem(n, n.submission.detail?.recipients.indexOf(n.recipient) ?? 0);
      case 'attachment': return attachmentItem(n, n.submission.detail?.attachments.indexOf(n.attachment) ?? 0);
      case 'history': return historyItem(n);
      case 'loadMore': return loadMoreItem(n);
      case 'message': return messageItem(n, this.retries.get(n));
    }
  }

  async getChildren(n?: SubmissionTreeNode): Promise<SubmissionTreeNode[]> {
    if (!this.session.signedIn) return [];
    if (!n) {
      await this.list.ensureLoaded();
      this.showState();
      const nodes = rootNodes(this.list, 'submissions', {
        failed: (reason) => vscode.l10n.t('Could not load the submissions. {0}', reason),
        empty: vscode.l10n.t('No submissions yet'),
        noMatch: (f) => vscode.l10n.t('No submission matches "{0}"', f),
      });
      const retry = { command: 'dsas.refreshSubmissions', title: vscode.l10n.t('Refresh') };
      for (const m of nodes) if (m.kind === 'message' && m.icon !== 'info') this.retries.set(m, retry);
      return nodes;
    }
    switch (n.kind) {
      case 'submission': return this.submissionChildren(n);
      case 'recipients': return (n.submission.detail?.recipients ?? []).map((recipient): RecipientNode => ({ kind: 'recipient', submission: n.submission, recipient }));
      case 'attachments': return (n.submission.detail?.attachments ?? []).map((attachment): AttachmentNode => ({ kind: 'attachment', submission: n.submission, attachment }));
      default: return [];
    }
  }

  getParent(n: SubmissionTreeNode): SubmissionTreeNode | undefined {
    switch (n.kind) {
      case 'recipients':
      case 'attachments':
      case 'history': return n.submission;
      case 'recipient': return this.childrenOf(n.submission).recipients;
      case 'attachment': return this.childrenOf(n.submission).attachments;
      default: return undefined;
    }
  }

  private async submissionChildren(n: SubmissionNode): Promise<SubmissionTreeNode[]> {
    if (!n.detail) await this.loadDetail(n).catch(() => undefined);
    else if (this.outdated.has(n)) this.refetchDetails([n]); // the older detail shows until then
    const out: SubmissionTreeNode[] = [];
    const error = this.detailErrors.get(n);
    if (error !== undefined) {
      const message: MessageNode = n.detail
        ? { kind: 'message', text: vscode.l10n.t('Showing earlier details: the refresh failed. {0}', error), tooltip: error, icon: 'warning' }
        : { kind: 'message', text: vscode.l10n.t('Could not load the details. {0}', error), tooltip: error, icon: 'error' };
      this.retries.set(message, { command: 'dsas.refreshItem', title: vscode.l10n.t('Refresh'), arguments: [n] });
      out.push(message);
    }
    if (!n.detail) return out;
    const c = this.childrenOf(n);
    out.push(c.recipients, c.attachments, c.history);
    return out;
  }

  private childrenOf(n: SubmissionNode): Children {
    let c = this.children.get(n);
    if (!c) {
      c = { recipients: { kind: 'recipients', submission: n }, attachments: { kind: 'attachments', submission: n }, history: { kind: 'history', submission: n } };
      this.children.set(n, c);
    }
    return c;
  }

  /** Fetches a row's detail (once at a time per row); a failure is remembered, not thrown. */
  private loadDetail(n: SubmissionNode): Promise<void> {
    let p = this.detailLoads.get(n);
    if (!p) {
      p = this.fetchDetail(n).finally(() => this.detailLoads.delete(n));
      this.detailLoads.set(n, p);
    }
    return p;
  }

  private async fetchDetail(n: SubmissionNode, status = false): Promise<void> {
    const client = this.session.client;
    try {
      const [detail, st] = await Promise.all([client.getSubmission(n.item.id), status ? client.getStatus(n.item.id) : undefined]);
      if (this.list.get(n.item.id) !== n) return; // signed out or gone meanwhile
      n.detail = detail;
      this.outdated.delete(n);
      n.status = st?.status ?? (detail.completed === undefined ? n.status : undefined);
      this.detailErrors.delete(n);
    } catch (e) {
      if (this.list.get(n.item.id) !== n) return;
      this.detailErrors.set(n, describeError(e));
      this.log.warn(`Loading submission ${n.item.id} failed: ${describeError(e)}`);
      throw e;
    }
  }

  /**
   * Without a node: fetches the list again, keeping the pages shown, the
   * filter and loaded details (which are fetched again in the background).
   * With a node: fetches its detail and status now; a failure is thrown.
   */
  async refresh(node?: SubmissionNode): Promise<void> {
    if (node) {
      // The tree's own row for that id (a caller may hold an older or a constructed node).
      const row = this.list.get(node.item.id) ?? node;
      try {
        await this.fetchDetail(row, true);
      } finally {
        if (this.list.get(row.item.id) === row) this.changed.fire(row);
      }
      return;
    }
    await this.list.reload();
    this.changed.fire(undefined);
    for (const row of this.list.all) if (row.detail) this.outdated.add(row);
    this.refetchDetails(this.list.all.filter((r) => r.detail && this.expanded.has(r)));
  }

  /**
   * One list request (polling): rows are updated, and the details of rows
   * whose list entry changed are fetched again. Returns whether it worked.
   */
  async refreshList(): Promise<boolean> {
    const changed = (await this.list.load()).filter((r) => r.detail);
    this.changed.fire(undefined);
    for (const row of changed) this.outdated.add(row);
    this.refetchDetails(changed.filter((r) => this.expanded.has(r)));
    return this.list.loaded && this.list.stale === undefined;
  }

  /** Fetches details again in the background, a few at a time; each row is updated as its detail arrives. */
  private refetchDetails(rows: readonly SubmissionNode[]): void {
    for (const row of rows) {
      if (this.detailLoads.has(row)) continue;
      const p = this.limiter.run(async () => {
        if (this.list.get(row.item.id) !== row) return;
        await this.fetchDetail(row).catch(() => undefined);
        if (this.list.get(row.item.id) === row) this.changed.fire(row);
      }).finally(() => this.detailLoads.delete(row));
      this.detailLoads.set(row, p);
    }
  }

  /**
   * Shows, selects and focuses a submission's row, adding pages or clearing
   * the filter as needed; the list is fetched again first unless it already
   * holds the submission.
   */
  async reveal(submissionId: string): Promise<void> {
    if (!this.list.get(submissionId)) await this.refresh();
    const row = this.list.get(submissionId);
    if (!row || !this.list.include(row)) {
      this.log.warn(`Submission ${submissionId} is not in the list the service returned; nothing to reveal.`);
      return;
    }
    this.showState();
    this.changed.fire(undefined);
    await this.view.reveal(row, { select: true, focus: true });
  }

  /** Check Status and polling: the row shows the state just learned. */
  setStatus(submissionId: string, status: SubmissionState): void {
    const row = this.list.get(submissionId);
    if (!row) return;
    row.status = status;
    this.changed.fire(row);
  }

  setFilter(text: string | undefined): void {
    this.list.setFilter(text);
    this.showState();
    this.changed.fire(undefined);
  }

  loadMore(): void {
    this.list.more();
    this.changed.fire(undefined);
  }

  private showState(): void {
    showFilter(this.view, 'dsas.submissionsFiltered', this.list.filter);
    this.view.message = this.list.stale === undefined ? undefined : vscode.l10n.t('Could not refresh: {0} Showing the submissions loaded earlier.', safeText(this.list.stale));
  }

  private reset(): void {
    this.list.reset();
    this.detailLoads.clear();
    this.expanded.clear();
    this.showState();
    this.changed.fire(undefined);
  }

  dispose(): void {
    this.subs.forEach((d) => d.dispose());
  }
}

/** Puts a fresh list item into a row; an older loaded detail must not contradict the list's state. */
function updateRow(row: SubmissionNode, item: SubmissionListItem): boolean {
  const changed = JSON.stringify(row.item) !== JSON.stringify(item);
  const before = stateOf(row);
  row.item = item;
  if (item.completed !== undefined) {
    const now = item.completed ? 'COMPLETED' : 'PENDING';
    // The list is newer than a status or detail learned before it.
    row.status = row.detail && row.detail.completed !== item.completed ? now : undefined;
    if (before !== stateOf(row)) return true;
  }
  return changed;
}

function matches(item: SubmissionListItem, needle: string): boolean {
  const p = item.primaryRecipient;
  return [item.id, submissionLabel(item), item.formReference, item.sender.fullName, item.sender.email, p?.name, p?.email]
    .some((v) => v !== undefined && v.toLocaleLowerCase().includes(needle));
}
