import * as vscode from 'vscode';
import type { Logger } from '../../core';
import { describeError } from '../text/errorText';
import type { SessionInUse as Session } from '../session/sessionInUse';
import { readSettings } from '../session/settings';
import { detailMessage, showFilter } from './commonItems';
import { LIST_VIEWS, type ListTreeOptions } from './listTreeOptions';
import type { TreeNode } from './nodes';
import { RowDetails, type ListRow } from './rowDetails';
import { RowList, type QuickFilter } from './rowList';
import { RootFetches } from './rootFetches';
import { showHidden } from './showHidden';

/**
 * A list view over one list endpoint: it owns the rows, paging, the filter,
 * the lazy details with their errors and retries, stale rows, reveal and
 * reset. A concrete tree says how its nodes look (`itemOf`), what a row
 * and its children expand into (`childrenOf`) and whose child a node is
 * (`getParent`), each a `switch` over every kind of its nodes.
 */
export abstract class ListTree<Item, Row extends ListRow<Item>, Child, Children = undefined>
implements vscode.TreeDataProvider<TreeNode<Row, Child>>, vscode.Disposable {
  readonly view: vscode.TreeView<TreeNode<Row, Child>>;
  private readonly changed = new vscode.EventEmitter<TreeNode<Row, Child> | undefined>();
  private readonly rootFetches = new RootFetches();
  readonly onDidChangeTreeData = this.changed.event;
  protected readonly list: RowList<Item, Row, Children>;
  private readonly details: RowDetails<Item, Row, Children>;
  private readonly subs: vscode.Disposable[] = [];
  private rootTimer?: ReturnType<typeof setTimeout>;

  constructor(
    protected readonly session: Session,
    protected readonly log: Logger,
    private readonly o: ListTreeOptions<Item, Row, Child>,
  ) {
    this.list = new RowList(o.model, {
      what: o.view,
      fetch: (signal) => o.fetch(session.client, signal),
      describe: describeError,
      pageSize: () => readSettings().pageSize,
      log,
      changed: (rows) => this.listed(rows),
    });
    this.details = new RowDetails(this.list, {
      rowWhat: o.rowWhat,
      log,
      fetch: (row, now) => this.fetchDetail(row, now),
      redraw: (row) => this.redraw(row),
    });
    this.view = vscode.window.createTreeView(`dsas.${o.view}`, {
      treeDataProvider: this,
      showCollapseAll: true,
      canSelectMany: true,
      dragAndDropController: o.dragAndDrop,
    });
    const expanded = (n: TreeNode<Row, Child>, yes: boolean) => {
      const s = this.list.stateOf(n);
      if (!s) return;
      s.expanded = yes;
      // Expanding asks again for an outdated detail (it stays shown until the new one arrives).
      if (yes && s.outdated && s.row.detail && this.o.details === 'expand') this.details.inBackground([s]);
    };
    this.subs.push(
      this.view,
      this.changed,
      session.onDidChange(() => this.reset()),
      this.view.onDidExpandElement((e) => expanded(e.element, true)),
      this.view.onDidCollapseElement((e) => expanded(e.element, false)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('dsas.pageSize')) {
          this.list.resetPages();
          this.changed.fire(undefined);
        }
      }),
    );
  }

  /** How a node looks; a row is given whether it is expanded. */
  protected abstract itemOf(n: TreeNode<Row, Child>, expanded: boolean): vscode.TreeItem;
  abstract getParent(n: TreeNode<Row, Child>): TreeNode<Row, Child> | undefined;
  /** The children of a node (`rowChildren` for a row). */
  protected abstract childrenOf(n: TreeNode<Row, Child>): Promise<TreeNode<Row, Child>[]> | TreeNode<Row, Child>[];
  /** See DetailSource.fetch. */
  protected abstract fetchDetail(row: Row, now: boolean): Promise<() => void>;

  /** A list just fetched brought these rows, new or changed (whichever fetch: the view's, Refresh, a poll). */
  protected listed(_rows: readonly Row[]): void {}

  /** All loaded rows, whatever the filter and page. */
  get items(): readonly Row[] {
    return this.list.all;
  }

  get filter(): string | undefined {
    return this.list.filter;
  }

  /** Whether a list has been received since sign-in. */
  get loaded(): boolean {
    return this.list.loaded;
  }

  /** Why the last refresh (or the first load) failed. */
  get stale(): string | undefined {
    return this.list.stale ?? this.list.failure;
  }

  getTreeItem(n: TreeNode<Row, Child>): vscode.TreeItem {
    const expanded = this.list.stateOf(n)?.expanded === true;
    const t = this.itemOf(n, expanded);
    // A row hidden by a filter and shown again keeps its expansion (VS Code forgets it).
    if (expanded && t.collapsibleState === vscode.TreeItemCollapsibleState.Collapsed) t.collapsibleState = vscode.TreeItemCollapsibleState.Expanded;
    return t;
  }

  async getChildren(n?: TreeNode<Row, Child>): Promise<TreeNode<Row, Child>[]> {
    if (!this.session.signedIn) return [];
    if (n) return this.childrenOf(n);
    const roots = await this.rootNodes();
    this.rootFetches.done();
    return roots;
  }

  /** The root: a stale notice (said once: the view's message stays free), the page of rows, a Load more row, or why there are none. */
  private async rootNodes(): Promise<TreeNode<Row, Child>[]> {
    await this.list.ensureLoaded();
    this.showState();
    const list = this.list;
    const retry = { command: LIST_VIEWS[this.o.view].refreshCommand };
    if (!list.loaded) {
      return list.failure === undefined ? [] : [{ kind: 'message', text: this.o.texts.failed(list.failure), tooltip: list.failure, icon: 'error', retry }];
    }
    const out: TreeNode<Row, Child>[] = [];
    if (list.stale !== undefined) {
      out.push({ kind: 'message', text: this.o.texts.stale(list.stale), tooltip: list.stale, icon: 'warning', retry });
    }
    const { rows, remaining } = list.page();
    out.push(...rows);
    if (remaining > 0) out.push({ kind: 'loadMore', view: this.o.view, remaining });
    if (rows.length === 0) {
      const f = list.filter;
      const filtered = (f !== undefined || list.quick !== undefined) && list.all.length > 0;
      out.push({ kind: 'message', text: filtered ? this.o.texts.noMatch(f ?? '', list.quick?.label) : this.o.texts.empty, icon: 'info' });
    }
    if (this.o.details === 'screen') this.details.fill(rows);
    return out;
  }

  /** A row's children: a note when its detail failed, then what the detail expands into. */
  protected async rowChildren(row: Row, fromDetail: (detail: NonNullable<Row['detail']>) => TreeNode<Row, Child>[]): Promise<TreeNode<Row, Child>[]> {
    // The row is redrawn when its detail arrives: its own item shows some of it (counters, tooltip).
    const s = await this.details.ensure(row, true);
    const out: TreeNode<Row, Child>[] = [];
    if (s?.error !== undefined) out.push(detailMessage(row, s.error));
    const detail = row.detail;
    if (detail !== undefined && detail !== null) out.push(...fromDetail(detail));
    return out;
  }

  /** Why the last detail fetch of a row failed. */
  protected detailError(row: Row): string | undefined {
    return this.list.stateOf(row)?.error;
  }

  /** Waits for a row's detail, fetching it if needed; a failure is left in the row's state. */
  protected async awaitDetail(row: Row): Promise<void> {
    await this.details.ensure(row, this.o.details === 'screen');
  }

  /** Whether the filters read details: then a detail arriving may change which rows are shown. */
  private filtersReadDetails(): boolean {
    return (this.o.details === 'screen' && this.list.filter !== undefined) || this.list.quick?.readsDetails === true;
  }

  /** A row's detail arrived: the row changes, or with a filter that reads details the rows shown may. */
  private redraw(row: Row): void {
    if (!this.filtersReadDetails()) {
      this.changed.fire(row);
      return;
    }
    this.rootTimer ??= setTimeout(() => {
      this.rootTimer = undefined;
      this.changed.fire(undefined);
    }, 100);
  }

  /**
   * Without a row: fetches the list again, keeping the pages shown, the
   * filter and loaded details (which are fetched again). With a row: fetches
   * its detail now (after one under way); a failure is thrown.
   */
  async refresh(row?: Row): Promise<void> {
    if (row) return this.details.now(row);
    await this.list.reload();
    for (const s of this.list.rows) {
      // In `screen` mode a failed detail is not fetched again for the screen until a refresh.
      if (this.o.details === 'screen') s.error = undefined;
      if (s.row.detail) s.outdated = true;
    }
    this.changed.fire(undefined);
    if (this.o.details !== 'expand') return;
    const also = new Set(this.o.refreshes?.(this.list.page().rows));
    this.details.inBackground(this.list.rows.filter((s) => (s.row.detail && s.expanded) || also.has(s.row)));
  }

  /**
   * One list request (polling), and nothing else: the details of rows whose
   * list entry changed are marked outdated, for the caller to fetch within
   * its own bound (`outdated`, `setDetail`). Returns whether it worked.
   */
  async refreshList(): Promise<boolean> {
    for (const s of await this.list.load()) if (s.row.detail) s.outdated = true;
    this.changed.fire(undefined);
    return this.list.loaded && this.list.stale === undefined;
  }

  /** Ids of rows showing an outdated detail, expanded rows first. */
  outdated(): string[] {
    const rows = this.list.rows.filter((s) => s.outdated);
    return [...rows.filter((s) => s.expanded), ...rows.filter((s) => !s.expanded)].map((s) => s.id);
  }

  /** A detail learned elsewhere (a poll) is shown on its row, which is no longer outdated. */
  protected detailArrived(row: Row): void {
    const s = this.list.stateOf(row);
    if (s) s.outdated = false;
    this.changed.fire(row);
  }

  /**
   * Shows, selects and focuses a row, adding pages or clearing the filter as
   * needed; the list is fetched again first unless it already holds the id.
   */
  async reveal(id: string): Promise<void> {
    if (!this.list.get(id)) await this.refresh();
    const row = this.list.get(id);
    if (!row || !this.list.include(row)) {
      this.log.warn(`${this.o.rowWhat.charAt(0).toUpperCase()}${this.o.rowWhat.slice(1)} ${id} is not in the list the service returned; nothing to reveal.`);
      return;
    }
    this.showState();
    const fetched = this.rootFetches.next();
    this.changed.fire(undefined);
    await showHidden(this.view, `dsas.${this.o.view}`, fetched);
    try {
      await this.view.reveal(row, { select: true, focus: true });
    } catch {
      // The workbench may still hold the rows from before the change, without this one: once it has the new ones, again.
      await fetched;
      await this.view.reveal(row, { select: true, focus: true });
    }
  }

  /**
   * Sets (null: clears) what is given of the text filter, the quick filter
   * and the order. A filter that reads details has them fetched for every
   * row, a few at a time. Expanded rows stay expanded (getTreeItem).
   */
  arrange(a: { filter?: string | null; quick?: QuickFilter<Row> | null; order?: (x: Row, y: Row) => number }): void {
    if (a.filter !== undefined) this.list.setFilter(a.filter ?? undefined);
    if (a.quick !== undefined) this.list.setQuickFilter(a.quick ?? undefined);
    if (a.order) this.list.setOrder(a.order);
    this.showState();
    this.changed.fire(undefined);
    if (this.filtersReadDetails()) this.details.fill(this.list.all);
  }

  setFilter(text: string | undefined): void {
    this.arrange({ filter: text ?? null });
  }

  loadMore(): void {
    this.list.more();
    this.changed.fire(undefined);
  }

  /** Disposed with the view. */
  protected disposeWith(d: vscode.Disposable): void { this.subs.push(d); }

  /** Redraws a row whose state changed outside a fetch (a status just learned). */
  protected rowChanged(row: Row): void {
    this.changed.fire(row);
  }

  private showState(): void {
    showFilter(this.view, LIST_VIEWS[this.o.view].filteredKey, this.list.filter, this.list.quick?.label);
  }

  private reset(): void {
    this.list.reset();
    this.showState();
    this.changed.fire(undefined);
  }

  dispose(): void {
    if (this.rootTimer) clearTimeout(this.rootTimer);
    this.subs.forEach((d) => d.dispose());
  }
}
