import * as vscode from 'vscode';
import type { ArchiveListItem, Logger } from '../../core';
import { describeError } from '../errorText';
import type { Session } from '../session';
import { ArchiveDrop } from './archiveDrop';
import { archiveItem, archiveLabel, archiveTooltip, detailItem, detailLines } from './archiveItems';
import { loadMoreItem, messageItem, showFilter } from './commonItems';
import { Limiter } from './concurrency';
import type { ArchiveNode, ArchiveTreeNode, DetailNode, MessageNode } from './nodes';
import { rootNodes, RowList } from './rowList';
import { safeText } from './safeText';

/** Detail requests in flight at once while filling in the rows on screen. */
const CONCURRENCY = 4;

/**
 * The Archive view: one row per file. The list endpoint has only id, name
 * and title, so the details (size, tags, times…) are fetched for the rows on
 * screen, a few at a time, and each row is updated as its detail arrives.
 * Files dropped on the view are archived.
 */
export class ArchiveTree implements vscode.TreeDataProvider<ArchiveTreeNode>, vscode.Disposable {
  readonly view: vscode.TreeView<ArchiveTreeNode>;
  /** Files dropped on the view are archived. */
  readonly dragAndDrop: ArchiveDrop;
  private readonly changed = new vscode.EventEmitter<ArchiveTreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly list: RowList<ArchiveListItem, ArchiveNode>;
  private readonly limiter = new Limiter(CONCURRENCY);
  private readonly detailLoads = new Map<ArchiveNode, Promise<void>>();
  private readonly detailErrors = new WeakMap<ArchiveNode, string>();
  /** Rows whose detail is older than the last refresh (fetched again when on screen). */
  private readonly outdated = new WeakSet<ArchiveNode>();
  private readonly parents = new WeakMap<DetailNode | MessageNode, ArchiveNode>();
  private readonly retries = new WeakMap<MessageNode, vscode.Command>();
  private readonly subs: vscode.Disposable[] = [];
  private rootTimer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly session: Session,
    private readonly log: Logger,
  ) {
    this.list = new RowList(session, log, {
      what: 'archive',
      fetch: (client, signal) => client.listArchive({ signal }),
      key: (item) => item.id,
      create: (item): ArchiveNode => ({ kind: 'archiveFile', item }),
      update: (row, item) => {
        const changed = JSON.stringify(row.item) !== JSON.stringify(item);
        row.item = item;
        return changed;
      },
      matches: (row, needle) => matches(row, needle),
    });
    this.dragAndDrop = new ArchiveDrop(log);
    this.view = vscode.window.createTreeView('dsas.archive', {
      treeDataProvider: this,
      showCollapseAll: true,
      canSelectMany: false,
      dragAndDropController: this.dragAndDrop,
    });
    this.subs.push(
      this.view,
      this.changed,
      session.onDidChange(() => this.reset()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('dsas.pageSize')) {
          this.list.resetPages();
          this.changed.fire(undefined);
        }
      }),
    );
  }

  /** All loaded files, whatever the filter and page. */
  get items(): readonly ArchiveNode[] {
    return this.list.all;
  }

  get filter(): string | undefined {
    return this.list.filter;
  }

  get loaded(): boolean {
    return this.list.loaded;
  }

  getTreeItem(n: ArchiveTreeNode): vscode.TreeItem {
    switch (n.kind) {
      case 'archiveFile': return archiveItem(n, this.detailErrors.get(n));
      case 'detail': {
        const parent = this.parents.get(n);
        return detailItem(n, parent?.item.id ?? '', parent?.detail ? detailLines(parent.detail).findIndex((d) => d.label === n.label) : 0);
      }
      case 'loadMore': return loadMoreItem(n);
      case 'message': return messageItem(n, this.retries.get(n));
    }
  }

  async getChildren(n?: ArchiveTreeNode): Promise<ArchiveTreeNode[]> {
    if (!this.session.signedIn) return [];
    if (!n) {
      await this.list.ensureLoaded();
      this.showState();
      const nodes = rootNodes(this.list, 'archive', {
        failed: (reason) => vscode.l10n.t('Could not load the archive. {0}', reason),
        empty: vscode.l10n.t('The archive is empty'),
        noMatch: (f) => vscode.l10n.t('No file matches "{0}"', f),
      });
      const retry = { command: 'dsas.refreshArchive', title: vscode.l10n.t('Refresh') };
      for (const m of nodes) if (m.kind === 'message' && m.icon !== 'info') this.retries.set(m, retry);
      this.fillDetails(nodes.filter((x): x is ArchiveNode => x.kind === 'archiveFile'));
      return nodes;
    }
    if (n.kind !== 'archiveFile') return [];
    // An outdated detail stays shown until the new one arrives (fillDetails fetches it).
    if (!n.detail) await this.loadDetail(n).catch(() => undefined);
    const out: ArchiveTreeNode[] = [];
    const error = this.detailErrors.get(n);
    if (error !== undefined) {
      const m: MessageNode = n.detail
        ? { kind: 'message', text: vscode.l10n.t('Showing earlier details: the refresh failed. {0}', error), tooltip: error, icon: 'warning' }
        : { kind: 'message', text: vscode.l10n.t('Could not load the details. {0}', error), tooltip: error, icon: 'error' };
      this.parents.set(m, n);
      this.retries.set(m, { command: 'dsas.refreshItem', title: vscode.l10n.t('Refresh'), arguments: [n] });
      out.push(m);
    }
    if (n.detail) {
      for (const line of detailLines(n.detail)) {
        this.parents.set(line, n);
        out.push(line);
      }
    }
    return out;
  }

  getParent(n: ArchiveTreeNode): ArchiveTreeNode | undefined {
    return n.kind === 'detail' || n.kind === 'message' ? this.parents.get(n) : undefined;
  }

  /** Hovering a row whose detail is not there yet: fetch it for the tooltip. */
  async resolveTreeItem(item: vscode.TreeItem, n: ArchiveTreeNode): Promise<vscode.TreeItem> {
    if (n.kind !== 'archiveFile') return item;
    if (!n.detail) await this.loadDetail(n).catch(() => undefined);
    item.tooltip = archiveTooltip(n, this.detailErrors.get(n));
    return item;
  }

  /** Queues the detail of each row on screen that has none (or an outdated one). */
  private fillDetails(rows: readonly ArchiveNode[]): void {
    for (const row of rows) {
      if ((row.detail && !this.outdated.has(row)) || this.detailLoads.has(row) || this.detailErrors.has(row)) continue;
      void this.loadDetail(row).catch(() => undefined);
    }
  }

  /** Fetches a row's detail through the limiter (once at a time per row) and updates the row. */
  private loadDetail(n: ArchiveNode): Promise<void> {
    let p = this.detailLoads.get(n);
    if (!p) {
      p = this.limiter.run(() => this.fetchDetail(n)).finally(() => this.detailLoads.delete(n));
      this.detailLoads.set(n, p);
    }
    return p;
  }

  private async fetchDetail(n: ArchiveNode): Promise<void> {
    if (this.list.get(n.item.id) !== n) return; // signed out or gone meanwhile
    try {
      const detail = await this.session.client.getArchiveFile(n.item.id);
      if (this.list.get(n.item.id) !== n) return;
      n.detail = detail;
      this.outdated.delete(n);
      this.detailErrors.delete(n);
      this.updated(n);
    } catch (e) {
      if (this.list.get(n.item.id) !== n) return;
      this.detailErrors.set(n, describeError(e));
      this.log.warn(`Loading archive file ${n.item.id} failed: ${describeError(e)}`);
      this.updated(n);
      throw e;
    }
  }

  /** A row's detail arrived: the row changes, or with a filter (tags) the rows shown may. */
  private updated(n: ArchiveNode): void {
    if (this.list.filter === undefined) {
      this.changed.fire(n);
      return;
    }
    this.rootTimer ??= setTimeout(() => {
      this.rootTimer = undefined;
      this.changed.fire(undefined);
    }, 100);
  }

  /**
   * Without a node: fetches the list again, keeping the pages shown, the
   * filter and loaded details (fetched again for the rows on screen).
   * With a node: fetches its detail now; a failure is thrown.
   */
  async refresh(node?: ArchiveNode): Promise<void> {
    if (node) {
      // The tree's own row for that id (a caller may hold an older or a constructed node).
      const row = this.list.get(node.item.id) ?? node;
      this.outdated.add(row);
      await this.detailLoads.get(row)?.catch(() => undefined);
      await this.loadDetail(row);
      return;
    }
    await this.list.reload();
    for (const row of this.list.all) {
      this.detailErrors.delete(row);
      if (row.detail) this.outdated.add(row);
    }
    this.changed.fire(undefined);
  }

  /** Shows, selects and focuses a file's row; the list is fetched again first unless it already holds the file. */
  async reveal(fileId: string): Promise<void> {
    if (!this.list.get(fileId)) await this.refresh();
    const row = this.list.get(fileId);
    if (!row || !this.list.include(row)) {
      this.log.warn(`Archive file ${fileId} is not in the list the service returned; nothing to reveal.`);
      return;
    }
    this.showState();
    this.changed.fire(undefined);
    await this.view.reveal(row, { select: true, focus: true });
  }

  /** Filters by id, title, name and tags; tags need the details, so they are fetched for every row. */
  setFilter(text: string | undefined): void {
    this.list.setFilter(text);
    this.showState();
    this.changed.fire(undefined);
    if (this.list.filter !== undefined) this.fillDetails(this.list.all);
  }

  loadMore(): void {
    this.list.more();
    this.changed.fire(undefined);
  }

  private showState(): void {
    showFilter(this.view, 'dsas.archiveFiltered', this.list.filter);
    this.view.message = this.list.stale === undefined ? undefined : vscode.l10n.t('Could not refresh: {0} Showing the files loaded earlier.', safeText(this.list.stale));
  }

  private reset(): void {
    this.list.reset();
    this.detailLoads.clear();
    this.showState();
    this.changed.fire(undefined);
  }

  dispose(): void {
    if (this.rootTimer) clearTimeout(this.rootTimer);
    this.subs.forEach((d) => d.dispose());
  }
}

function matches(row: ArchiveNode, needle: string): boolean {
  const i = row.item;
  const tags = row.detail?.tags.map((t) => t.text) ?? [];
  return [i.id, archiveLabel(i), i.title, i.name, ...tags].some((v) => v.toLocaleLowerCase().includes(needle));
}
