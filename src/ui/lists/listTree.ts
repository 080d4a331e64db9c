import * as vscode from 'vscode';
import type { Logger, ServiceClient } from '../../core';
import { detailMessage, showFilter } from './commonItems';
import type { ConnectionRows } from './connectionRows';
import { TreeParts, type TreeSessions } from './treeParts';
import { LIST_VIEWS, type ListTreeOptions } from './listTreeOptions';
import { isConnectionNode, type RowNode, type TreeNode } from './nodes';
import type { ListRow } from './rowDetails';
import type { QuickFilter, RowList } from './rowList';
import { RootFetches } from './rootFetches';
import { revealShown } from './showHidden';

export type { TreeSessions };

/** What is read of one connection's list: its rows, whether it arrived, and why the last fetch failed. */
export type ListOf<Row> = Pick<RowList<unknown, ListRow<unknown> & Row>, 'all' | 'loaded' | 'stale' | 'failure'>;

/**
 * A list view over one list endpoint, for every connection (TreeParts): with
 * one, its rows at the top; with several, a root per connection with its
 * rows under it. It owns the rows, paging, the filter (one per view), the
 * lazy details with their errors and retries, stale rows, reveal and reset.
 * A concrete tree says how its nodes look (`itemOf`), what a row and its
 * children expand into (`childrenOf`) and whose child a node is
 * (`parentOf`), each a `switch` over every kind of its nodes.
 */
export abstract class ListTree<Item, Row extends ListRow<Item>, Child, Children = undefined>
implements vscode.TreeDataProvider<TreeNode<Row, Child>>, vscode.Disposable {
  readonly view: vscode.TreeView<TreeNode<Row, Child>>;
  private readonly changed = new vscode.EventEmitter<TreeNode<Row, Child> | undefined>();
  private readonly rootFetches = new RootFetches();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly parts: TreeParts<Item, Row, Child, Children>;
  private readonly subs: vscode.Disposable[] = [];
  private rootTimer?: ReturnType<typeof setTimeout>;

  constructor(
    sessions: TreeSessions,
    protected readonly log: Logger,
    private readonly o: ListTreeOptions<Item, Row, Child>,
  ) {
    this.view = vscode.window.createTreeView(`dsas.${o.view}`, {
      treeDataProvider: this,
      showCollapseAll: true,
      canSelectMany: true,
      dragAndDropController: o.dragAndDrop,
    });
    this.parts = new TreeParts(sessions, o, {
      log,
      listed: (rows, id) => this.listed(rows, id),
      fetchDetail: (row, now, client) => this.fetchDetail(row, now, client),
      redraw: (row) => this.redraw(row),
      changed: (part) => this.reset(part),
      parentOf: (n) => this.parentOf(n),
    });
    this.sync();
    this.subs.push(
      this.view,
      this.changed,
      this.parts,
      sessions.sessions.onDidChange(() => this.sync()),
      sessions.connections.onDidChange(() => this.changed.fire(undefined)),
      sessions.inUse.onDidChange(() => this.changed.fire(undefined)),
      this.view.onDidExpandElement((e) => this.parts.expanded(e.element, true)),
      this.view.onDidCollapseElement((e) => this.parts.expanded(e.element, false)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('dsas.pageSize')) {
          this.parts.forEach((p) => p.list.resetPages());
          this.changed.fire(undefined);
        }
      }),
    );
  }

  /** How a node looks; a row is given whether it is expanded. */
  protected abstract itemOf(n: RowNode<Row, Child>, expanded: boolean): vscode.TreeItem;
  /** Whose child a node is among its connection's rows (undefined: it is one of the rows shown at the top, or under the connection's root). */
  protected abstract parentOf(n: RowNode<Row, Child>): RowNode<Row, Child> | undefined;
  /** The children of a node (`rowChildren` for a row). */
  protected abstract childrenOf(n: RowNode<Row, Child>): Promise<RowNode<Row, Child>[]> | RowNode<Row, Child>[];
  /** See DetailSource.fetch; `client` is the row's connection's. */
  protected abstract fetchDetail(row: Row, now: boolean, client: ServiceClient): Promise<() => void>;

  /** A list just fetched for `connectionId` brought these rows, new or changed (whichever fetch: the view's, Refresh, a poll). */
  protected listed(_rows: readonly Row[], _connectionId: string): void {}

  /** The sessions changed: a part for each. */
  private sync(): void {
    this.parts.sync();
    this.showState();
    this.changed.fire(undefined);
  }

  /** The list state of one of the rows (of whichever connection). */
  protected stateOf(row: Row): ReturnType<RowList<Item, Row, Children>['stateOf']> {
    return this.parts.of(row)?.list.stateOf(row);
  }
  /** The workspace's connection's rows, whatever the filter and page. */
  get items(): readonly Row[] { return this.parts.get()?.list.all ?? []; }
  /** One connection's list (none: the workspace's). */
  listOf(connectionId?: string): ListOf<Row> | undefined { return this.parts.get(connectionId)?.list; }
  get filter(): string | undefined { return this.parts.arranged.filter; }
  /** The quick filter set on the view. */
  protected get quick(): QuickFilter<Row> | undefined { return this.parts.arranged.quick; }
  /** Whether the workspace's connection's list has been received since sign-in. */
  get loaded(): boolean { return this.parts.get()?.list.loaded ?? false; }
  /** Why the workspace's connection's last refresh (or first load) failed. */
  get stale(): string | undefined { return this.parts.get()?.problem; }

  getTreeItem(n: TreeNode<Row, Child>): vscode.TreeItem {
    if (isConnectionNode(n)) return this.parts.rootItem(n);
    const part = this.parts.of(n);
    const expanded = part?.list.stateOf(n)?.expanded === true;
    const t = this.itemOf(n, expanded);
    // A row hidden by a filter and shown again keeps its expansion (VS Code forgets it).
    if (expanded && t.collapsibleState === vscode.TreeItemCollapsibleState.Collapsed) t.collapsibleState = vscode.TreeItemCollapsibleState.Expanded;
    // The same id is another row on another service.
    if (t.id !== undefined && part && this.parts.size > 1) t.id = `${part.id}/${t.id}`;
    return t;
  }

  async getChildren(n?: TreeNode<Row, Child>): Promise<TreeNode<Row, Child>[]> {
    if (n === undefined) {
      const parts = this.parts.ordered();
      if (parts.length !== 1) {
        this.rootFetches.done();
        return parts.map((p) => p.node);
      }
      return this.rowsOf(parts[0], []);
    }
    if (isConnectionNode(n)) {
      const part = this.parts.get(n.connectionId);
      return part ? this.rowsOf(part, [part.signedOutNode()]) : [];
    }
    if (!this.parts.of(n)?.session.signedIn) return [];
    return this.childrenOf(n);
  }

  /** A connection's rows, or `signedOut` while it is signed out. */
  private async rowsOf(part: ConnectionRows<Item, Row, Child, Children>, signedOut: TreeNode<Row, Child>[]): Promise<TreeNode<Row, Child>[]> {
    if (!part.session.signedIn) return signedOut;
    const rows = await part.rowNodes();
    this.showState();
    this.rootFetches.done();
    return rows;
  }

  getParent(n: TreeNode<Row, Child>): TreeNode<Row, Child> | undefined {
    if (isConnectionNode(n)) return undefined;
    const up = this.parentOf(n);
    if (up || this.parts.size < 2) return up;
    return this.parts.of(n)?.node;
  }

  /** A row's children: a note when its detail failed, then what the detail expands into. */
  protected async rowChildren(row: Row, fromDetail: (detail: NonNullable<Row['detail']>) => RowNode<Row, Child>[]): Promise<RowNode<Row, Child>[]> {
    // The row is redrawn when its detail arrives: its own item shows some of it (counters, tooltip).
    const s = await this.parts.of(row)?.details.ensure(row, true);
    const out: RowNode<Row, Child>[] = [];
    if (s?.error !== undefined) out.push(detailMessage(row, s.error));
    const detail = row.detail;
    if (detail !== undefined && detail !== null) out.push(...fromDetail(detail));
    return out;
  }

  /** Why the last detail fetch of a row failed. */
  protected detailError(row: Row): string | undefined {
    return this.stateOf(row)?.error;
  }

  /** Waits for a row's detail, fetching it if needed; a failure is left in the row's state. */
  protected async awaitDetail(row: Row): Promise<void> {
    await this.parts.of(row)?.details.ensure(row, this.o.details === 'screen');
  }

  /** Whether the filters read details: then a detail arriving may change which rows are shown. */
  private filtersReadDetails(): boolean {
    return (this.o.details === 'screen' && this.parts.arranged.filter !== undefined) || this.parts.arranged.quick?.readsDetails === true;
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
   * Without a row: fetches every signed-in connection's list again, keeping
   * the pages shown, the filter and loaded details (which are fetched
   * again), each connection's drawn as it arrives (a slow service holds back
   * no other's). With a row: fetches its detail now (after one under way);
   * a failure is thrown.
   */
  async refresh(row?: Row): Promise<void> {
    if (row) return this.parts.of(row)?.details.now(row);
    await Promise.all(this.parts.ordered().filter((p) => p.session.signedIn).map(async (p) => {
      await p.reload();
      this.changed.fire(undefined);
      p.refetchDetails();
    }));
  }

  /** One list request of one connection (none: the workspace's), and nothing else (see ConnectionRows.loadList); whether it worked. */
  async refreshList(connectionId?: string): Promise<boolean> {
    const ok = await this.parts.get(connectionId)?.loadList();
    this.changed.fire(undefined);
    return ok === true;
  }

  /** Ids of one connection's rows (none: the workspace's) showing an outdated detail, expanded rows first. */
  outdated(connectionId?: string): string[] {
    return this.parts.get(connectionId)?.outdated() ?? [];
  }

  /** A detail learned elsewhere (a poll) is shown on its row, which is no longer outdated. */
  protected detailArrived(row: Row): void {
    const s = this.stateOf(row);
    if (s) s.outdated = false;
    this.changed.fire(row);
  }

  /** The connection named, or the workspace's: its id. */
  protected connectionOf(connectionId?: string): string | undefined { return this.parts.get(connectionId)?.id; }
  /** The row of an id in one connection's list (none: the workspace's). */
  protected rowOf(id: string, connectionId?: string): Row | undefined {
    return this.parts.get(connectionId)?.list.get(id);
  }

  /**
   * Shows, selects and focuses a row of one connection (none: the
   * workspace's), adding pages or clearing the filter as needed; its list is
   * fetched again first unless it already holds the id.
   */
  async reveal(id: string, connectionId?: string): Promise<void> {
    const part = this.parts.get(connectionId);
    if (!part) return;
    if (!part.list.get(id)) {
      await part.reload();
      this.changed.fire(undefined);
    }
    const row = part.list.get(id);
    const { filter, quick } = part.list;
    if (!row || !part.list.include(row)) {
      this.log.warn(`${this.o.rowWhat.charAt(0).toUpperCase()}${this.o.rowWhat.slice(1)} ${id} is not in the list the service returned; nothing to reveal.`);
      return;
    }
    // A filter that hid it is cleared on every connection's rows: the view has one filter.
    if (part.list.filter !== filter || part.list.quick !== quick) this.parts.clearFilters(part);
    this.showState();
    const fetched = this.rootFetches.next();
    this.changed.fire(undefined);
    await revealShown(this.view, `dsas.${this.o.view}`, row, fetched);
  }

  /** Sets what is given of the filters and the order (see TreeParts.arrangeAll); a filter that reads details has them fetched for every row. */
  arrange(a: { filter?: string | null; quick?: QuickFilter<Row> | null; order?: (x: Row, y: Row) => number }): void {
    this.parts.arrangeAll(a);
    this.showState();
    this.changed.fire(undefined);
    if (this.filtersReadDetails()) this.parts.forEach((p) => p.details.fill(p.list.all));
  }

  setFilter(text: string | undefined): void { this.arrange({ filter: text ?? null }); }

  /** The next page of one connection's rows (none: of every connection's). */
  loadMore(connectionId?: string): void {
    if (connectionId === undefined) this.parts.forEach((p) => p.list.more());
    else this.parts.get(connectionId)?.list.more();
    this.changed.fire(undefined);
  }

  /** Disposed with the view. */
  protected disposeWith(d: vscode.Disposable): void { this.subs.push(d); }
  /** Redraws a row whose state changed outside a fetch (a status just learned). */
  protected rowChanged(row: Row): void {
    this.changed.fire(row);
  }

  private showState(): void {
    showFilter(this.view, LIST_VIEWS[this.o.view].filteredKey, this.parts.arranged.filter, this.parts.arranged.quick?.label);
  }

  /** A connection signed in or out: its rows go (see TreeParts.reset). */
  private reset(part: ConnectionRows<Item, Row, Child, Children>): void {
    this.parts.reset(part);
    this.showState();
    this.changed.fire(undefined);
  }

  dispose(): void {
    if (this.rootTimer) clearTimeout(this.rootTimer);
    this.subs.forEach((d) => d.dispose());
  }
}
