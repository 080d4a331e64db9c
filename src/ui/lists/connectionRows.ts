import * as vscode from 'vscode';
import type { Logger, ServiceClient } from '../../core';
import { Cmd } from '../commands/commandIds';
import type { Session } from '../session/session';
import { readSettings } from '../session/settings';
import { describeError } from '../text/errorText';
import { LIST_VIEWS, type ListTreeOptions } from './listTreeOptions';
import type { ConnectionNode, MessageNode, RowNode } from './nodes';
import { RowDetails, type ListRow } from './rowDetails';
import { RowList } from './rowList';

/** What one connection's rows tell the view they belong to. */
export interface RowsHooks<Row> {
  readonly log: Logger;
  /** A list just fetched brought these rows, new or changed. */
  listed(rows: readonly Row[]): void;
  /** Fetches a row's detail with this connection's client (see DetailSource.fetch). */
  fetchDetail(row: Row, now: boolean, client: ServiceClient): Promise<() => void>;
  /** A row's detail arrived or failed. */
  redraw(row: Row): void;
}

/**
 * One connection's rows in a list view: its list, fetched with its own
 * session's client, and the details of its rows, each failure said among
 * its own rows only. Every row it makes carries the connection's id.
 */
export class ConnectionRows<Item, Row extends ListRow<Item>, Child, Children> {
  readonly list: RowList<Item, Row, Children>;
  readonly details: RowDetails<Item, Row, Children>;
  /** Its root in the view when the view shows several connections: one object, so that getParent gives what getChildren gave. */
  readonly node: ConnectionNode;

  constructor(
    readonly session: Session,
    private readonly o: ListTreeOptions<Item, Row, Child>,
    hooks: RowsHooks<Row>,
  ) {
    const connectionId = session.connection.id;
    this.node = { kind: 'connection', connectionId };
    const model = { ...o.model, create: (item: Item): Row => ({ ...o.model.create(item), connectionId }) };
    this.list = new RowList(model, {
      what: o.view,
      fetch: (signal) => o.fetch(session.client, signal),
      describe: describeError,
      pageSize: () => readSettings().pageSize,
      log: hooks.log,
      changed: (rows) => hooks.listed(rows),
    });
    this.details = new RowDetails(this.list, {
      rowWhat: o.rowWhat,
      log: hooks.log,
      fetch: (row, now) => hooks.fetchDetail(row, now, session.client),
      redraw: (row) => hooks.redraw(row),
    });
  }

  get id(): string {
    return this.node.connectionId;
  }

  /** Why its list could not be fetched (the rows shown, if any, are older), if it could not. */
  get problem(): string | undefined {
    return this.list.stale ?? this.list.failure;
  }

  /** Its rows at the top of the view or under its root: a stale notice, the page of rows, a Load more row, or why there are none. */
  async rowNodes(): Promise<RowNode<Row, Child>[]> {
    await this.list.ensureLoaded();
    const { list, o } = this;
    const connectionId = this.id;
    const retry = { command: LIST_VIEWS[o.view].refreshCommand };
    if (!list.loaded) {
      return list.failure === undefined ? [] : [{ kind: 'message', text: o.texts.failed(list.failure), tooltip: list.failure, icon: 'error', retry, connectionId }];
    }
    const out: RowNode<Row, Child>[] = [];
    if (list.stale !== undefined) {
      out.push({ kind: 'message', text: o.texts.stale(list.stale), tooltip: list.stale, icon: 'warning', retry, connectionId });
    }
    const { rows, remaining } = list.page();
    out.push(...rows);
    if (remaining > 0) out.push({ kind: 'loadMore', view: o.view, remaining, connectionId });
    if (rows.length === 0) {
      const f = list.filter;
      const filtered = (f !== undefined || list.quick !== undefined) && list.all.length > 0;
      out.push({ kind: 'message', text: filtered ? o.texts.noMatch(f ?? '', list.quick?.label) : o.texts.empty, icon: 'info', connectionId });
    }
    if (o.details === 'screen') this.details.fill(rows);
    return out;
  }

  /** What stands under its root while it is signed out: why, and a click that signs in to it. */
  signedOutNode(): MessageNode<Row> {
    const t = vscode.l10n.t;
    const s = this.session;
    const text = s.refusedNow
      ? t('The service refused the stored password or API key. Sign in again…')
      : s.accountChanged ? t('The address or user name changed. Sign in…') : t('Not signed in. Sign in…');
    return { kind: 'message', text, icon: s.refusedNow ? 'error' : 'info', connectionId: this.id, retry: { command: Cmd.signIn, arguments: [this.node], title: t('Sign In') } };
  }

  /**
   * A refresh of the list (the view's Refresh), keeping the pages shown, the
   * filter and loaded details, which are fetched again: in `expand` mode
   * those of expanded rows and of the rows `refreshes` names, in the
   * background; in `screen` mode as the rows are drawn.
   */
  async reload(): Promise<void> {
    await this.list.reload();
    for (const s of this.list.rows) {
      // In `screen` mode a failed detail is not fetched again for the screen until a refresh.
      if (this.o.details === 'screen') s.error = undefined;
      if (s.row.detail) s.outdated = true;
    }
  }

  /**
   * One list request (polling), and nothing else: the details of rows whose
   * list entry changed are marked outdated, for the caller to fetch within
   * its own bound. Returns whether it worked.
   */
  async loadList(): Promise<boolean> {
    for (const s of await this.list.load()) if (s.row.detail) s.outdated = true;
    return this.list.loaded && this.list.stale === undefined;
  }

  /** Ids of its rows showing an outdated detail, expanded rows first. */
  outdated(): string[] {
    const rows = this.list.rows.filter((s) => s.outdated);
    return [...rows.filter((s) => s.expanded), ...rows.filter((s) => !s.expanded)].map((s) => s.id);
  }

  /** After a reload: the details an `expand` view fetches again in the background. */
  refetchDetails(): void {
    if (this.o.details !== 'expand') return;
    const also = new Set(this.o.refreshes?.(this.list.page().rows));
    this.details.inBackground(this.list.rows.filter((s) => (s.row.detail && s.expanded) || also.has(s.row)));
  }
}
