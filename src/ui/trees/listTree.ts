import * as vscode from 'vscode';
import type { Logger, ServiceClient } from '../../core';
import { Cmd, type CommandId } from '../commandIds';
import { describeError } from '../errorText';
import type { Session } from '../session';
import { readSettings } from '../settings';
import { safeText } from '../text';
import { showFilter } from './commonItems';
import type { LoadMoreNode, MessageNode, TreeNode } from './nodes';
import { RowDetails, type ListRow } from './rowDetails';
import { RowList, type RowModel } from './rowList';

/** What one list view is: where its rows come from and the words it says about them. */
export interface ListTreeOptions<Item, Row extends ListRow<Item>, Child> {
  /** The view `dsas.<view>`; also what the log calls the list. */
  readonly view: LoadMoreNode['view'];
  /** For the log: "submission", "archive file". */
  readonly rowWhat: string;
  readonly model: RowModel<Item, Row>;
  fetch(client: ServiceClient, signal: AbortSignal): Promise<readonly Item[]>;
  /** The command that fetches the list again (clicking a failure notice). */
  readonly refreshCommand: CommandId;
  /** The context key that says a filter is set (for the title bar's buttons). */
  readonly filteredKey: string;
  readonly texts: {
    failed(reason: string): string;
    empty: string;
    noMatch(filter: string): string;
    /** The view's message while older rows are shown. */
    stale(reason: string): string;
  };
  /**
   * When details are fetched. `expand`: when a row is expanded (its children
   * show them), and again in the background on refresh for expanded rows.
   * `screen`: for the rows shown, whose own item shows them, and for every
   * row while a filter is set, which reads them; each row is redrawn as its
   * detail arrives.
   */
  readonly details: 'expand' | 'screen';
  readonly dragAndDrop?: vscode.TreeDragAndDropController<TreeNode<Row, Child>>;
}

/**
 * A list view over one list endpoint: it owns the rows, paging, the filter,
 * the lazy details with their errors and retries, stale rows, reveal and
 * reset. A concrete tree says how its nodes look (`getTreeItem`), what a row
 * and its children expand into (`childrenOf`) and whose child a node is
 * (`getParent`), each a `switch` over every kind of its nodes.
 */
export abstract class ListTree<Item, Row extends ListRow<Item>, Child, Children = undefined>
implements vscode.TreeDataProvider<TreeNode<Row, Child>>, vscode.Disposable {
  readonly view: vscode.TreeView<TreeNode<Row, Child>>;
  private readonly changed = new vscode.EventEmitter<TreeNode<Row, Child> | undefined>();
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
      canSelectMany: false,
      dragAndDropController: o.dragAndDrop,
    });
    const expanded = (n: TreeNode<Row, Child>, yes: boolean) => {
      const s = this.list.stateOf(n);
      if (s) s.expanded = yes;
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

  abstract getTreeItem(n: TreeNode<Row, Child>): vscode.TreeItem;
  abstract getParent(n: TreeNode<Row, Child>): TreeNode<Row, Child> | undefined;
  /** The children of a node (`rowChildren` for a row). */
  protected abstract childrenOf(n: TreeNode<Row, Child>): Promise<TreeNode<Row, Child>[]> | TreeNode<Row, Child>[];
  /** See DetailSource.fetch. */
  protected abstract fetchDetail(row: Row, now: boolean): Promise<() => void>;

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

  async getChildren(n?: TreeNode<Row, Child>): Promise<TreeNode<Row, Child>[]> {
    if (!this.session.signedIn) return [];
    return n ? this.childrenOf(n) : this.rootNodes();
  }

  /** The root: a stale notice, the page of rows, a Load more row, or why there are none. */
  private async rootNodes(): Promise<TreeNode<Row, Child>[]> {
    await this.list.ensureLoaded();
    this.showState();
    const list = this.list;
    const retry = { command: this.o.refreshCommand };
    if (!list.loaded) {
      return list.failure === undefined ? [] : [{ kind: 'message', text: this.o.texts.failed(list.failure), tooltip: list.failure, icon: 'error', retry }];
    }
    const out: TreeNode<Row, Child>[] = [];
    if (list.stale !== undefined) {
      out.push({ kind: 'message', text: vscode.l10n.t('Showing earlier data: the refresh failed. {0}', list.stale), tooltip: list.stale, icon: 'warning', retry });
    }
    const { rows, remaining } = list.page();
    out.push(...rows);
    if (remaining > 0) out.push({ kind: 'loadMore', view: this.o.view, remaining });
    if (rows.length === 0) {
      const f = list.filter;
      out.push({ kind: 'message', text: f !== undefined && list.all.length > 0 ? this.o.texts.noMatch(f) : this.o.texts.empty, icon: 'info' });
    }
    if (this.o.details === 'screen') this.details.fill(rows);
    return out;
  }

  /** A row's children: a note when its detail failed, then what the detail expands into. */
  protected async rowChildren(row: Row, fromDetail: (detail: NonNullable<Row['detail']>) => TreeNode<Row, Child>[]): Promise<TreeNode<Row, Child>[]> {
    const hadDetail = row.detail !== undefined;
    const s = await this.details.ensure(row, this.o.details === 'screen');
    // An outdated detail stays shown until the new one arrives.
    if (s?.outdated && hadDetail && this.o.details === 'expand') this.details.inBackground([s]);
    const out: TreeNode<Row, Child>[] = [];
    if (s?.error !== undefined) out.push(this.detailMessage(row, s.error));
    const detail = row.detail;
    if (detail !== undefined && detail !== null) out.push(...fromDetail(detail));
    return out;
  }

  private detailMessage(row: Row, error: string): MessageNode<Row> {
    const retry = { command: Cmd.refreshItem, arguments: [row] };
    return row.detail
      ? { kind: 'message', text: vscode.l10n.t('Showing earlier details: the refresh failed. {0}', error), tooltip: error, icon: 'warning', parent: row, retry }
      : { kind: 'message', text: vscode.l10n.t('Could not load the details. {0}', error), tooltip: error, icon: 'error', parent: row, retry };
  }

  /** Why the last detail fetch of a row failed. */
  protected detailError(row: Row): string | undefined {
    return this.list.stateOf(row)?.error;
  }

  /** Waits for a row's detail, fetching it if needed; a failure is left in the row's state. */
  protected async awaitDetail(row: Row): Promise<void> {
    await this.details.ensure(row, this.o.details === 'screen');
  }

  /** A row's detail arrived: the row changes, or with a filter that reads details the rows shown may. */
  private redraw(row: Row): void {
    if (this.o.details === 'expand' || this.list.filter === undefined) {
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
    if (this.o.details === 'expand') this.details.inBackground(this.list.rows.filter((s) => s.row.detail && s.expanded));
  }

  /**
   * One list request (polling): rows are updated, and the details of rows
   * whose list entry changed are fetched again. Returns whether it worked.
   */
  async refreshList(): Promise<boolean> {
    const changed = (await this.list.load()).filter((s) => s.row.detail);
    this.changed.fire(undefined);
    for (const s of changed) s.outdated = true;
    if (this.o.details === 'expand') this.details.inBackground(changed.filter((s) => s.expanded));
    return this.list.loaded && this.list.stale === undefined;
  }

  /**
   * Shows, selects and focuses a row, adding pages or clearing the filter as
   * needed; the list is fetched again first unless it already holds the id.
   */
  async reveal(id: string): Promise<void> {
    if (!this.list.get(id)) await this.refresh();
    const row = this.list.get(id);
    if (!row || !this.list.include(row)) {
      const what = this.o.rowWhat.charAt(0).toUpperCase() + this.o.rowWhat.slice(1);
      this.log.warn(`${what} ${id} is not in the list the service returned; nothing to reveal.`);
      return;
    }
    this.showState();
    this.changed.fire(undefined);
    await this.view.reveal(row, { select: true, focus: true });
  }

  setFilter(text: string | undefined): void {
    this.list.setFilter(text);
    this.showState();
    this.changed.fire(undefined);
    if (this.o.details === 'screen' && this.list.filter !== undefined) this.details.fill(this.list.all);
  }

  loadMore(): void {
    this.list.more();
    this.changed.fire(undefined);
  }

  /** Redraws a row whose state changed outside a fetch (a status just learned). */
  protected rowChanged(row: Row): void {
    this.changed.fire(row);
  }

  private showState(): void {
    showFilter(this.view, this.o.filteredKey, this.list.filter);
    this.view.message = this.list.stale === undefined ? undefined : this.o.texts.stale(safeText(this.list.stale));
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
