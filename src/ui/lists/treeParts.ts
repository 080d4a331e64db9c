import type * as vscode from 'vscode';
import type { Session } from '../session/session';
import { CollapsedRoots, connectionRootItem } from './connectionRoots';
import { ConnectionRows, type RowsHooks } from './connectionRows';
import type { ListTreeOptions } from './listTreeOptions';
import { isConnectionNode, type ConnectionNode, type RowNode, type TreeNode } from './nodes';
import type { ListRow } from './rowDetails';
import type { QuickFilter } from './rowList';

/** The connections a list view shows, one session each, and the workspace's. */
export interface TreeSessions {
  readonly sessions: { readonly all: readonly Session[]; readonly onDidChange: vscode.Event<void> };
  /** The connections in the settings' order (the roots' order); fires when one is renamed. */
  readonly connections: { readonly list: readonly { readonly id: string }[]; readonly onDidChange: vscode.Event<void> };
  /** The workspace's connection: what a caller that names none means. */
  readonly inUse: { readonly connection?: { readonly id: string }; readonly onDidChange: vscode.Event<void> };
  /** Where the roots' collapsed state is kept (the workspace's state). */
  readonly state: vscode.Memento;
}

/** The view's filters and order, one set over every connection's rows. */
export interface Arrangement<Row> {
  filter?: string;
  quick?: QuickFilter<Row>;
  order?: (x: Row, y: Row) => number;
}

type Part<Item, Row extends ListRow<Item>, Child, Children> = ConnectionRows<Item, Row, Child, Children>;

/**
 * The rows of a list view, one part per connection (ConnectionRows), made
 * and dropped as the sessions are, each holding the view's filters and
 * order; and which part a node, or a caller naming no connection, means.
 */
export class TreeParts<Item, Row extends ListRow<Item>, Child, Children> implements vscode.Disposable {
  private readonly parts = new Map<string, Part<Item, Row, Child, Children>>();
  private readonly subs = new Map<string, vscode.Disposable>();
  /** The view's filters and order. */
  arranged: Arrangement<Row> = {};
  private readonly collapsed: CollapsedRoots;

  constructor(
    private readonly sessions: TreeSessions,
    private readonly o: ListTreeOptions<Item, Row, Child>,
    private readonly hooks: Omit<RowsHooks<Row>, 'listed'> & {
      listed(rows: readonly Row[], connectionId: string): void;
      /** The part's session signed in or out. */
      changed(part: Part<Item, Row, Child, Children>): void;
      /** Whose child a node is among its connection's rows. */
      parentOf(n: RowNode<Row, Child>): RowNode<Row, Child> | undefined;
    },
  ) {
    this.collapsed = new CollapsedRoots(sessions.state, `dsas.collapsedRoots.${o.view}`);
  }

  /** A part for each session, made and dropped as they are. */
  sync(): void {
    const sessions = this.sessions.sessions.all;
    for (const [id, part] of [...this.parts]) {
      if (sessions.includes(part.session)) continue;
      this.parts.delete(id);
      this.subs.get(id)?.dispose();
      this.subs.delete(id);
      part.list.reset();
    }
    for (const session of sessions) {
      const id = session.connection.id;
      if (this.parts.has(id)) continue;
      const part: Part<Item, Row, Child, Children> = new ConnectionRows(session, this.o, { ...this.hooks, listed: (rows) => this.hooks.listed(rows, id) });
      this.arrange(part);
      this.parts.set(id, part);
      this.subs.set(id, session.onDidChange(() => this.hooks.changed(part)));
    }
  }

  get size(): number {
    return this.parts.size;
  }

  /** The parts in the order of the connections. */
  ordered(): Part<Item, Row, Child, Children>[] {
    return this.sessions.connections.list.flatMap((c) => this.parts.get(c.id) ?? []);
  }

  /** The part of the connection named (none: the workspace's). */
  get(connectionId?: string): Part<Item, Row, Child, Children> | undefined {
    const id = connectionId ?? this.sessions.inUse.connection?.id;
    return id === undefined ? undefined : this.parts.get(id);
  }

  /** The part a node belongs to: its own connection's (a row passed without one: the workspace's). */
  of(n: RowNode<Row, Child>): Part<Item, Row, Child, Children> | undefined {
    let top = n;
    for (let up = this.hooks.parentOf(top); up; up = this.hooks.parentOf(top)) top = up;
    return this.get((top as { connectionId?: string }).connectionId);
  }

  /** A connection's root as the view shows it: open unless the user collapsed it. */
  rootItem(n: ConnectionNode): vscode.TreeItem {
    const part = this.parts.get(n.connectionId);
    if (!part) return { label: '' };
    return connectionRootItem(part.session, part.problem, this.collapsed.has(n.connectionId), this.sessions.inUse.connection?.id === n.connectionId);
  }

  /** A node was expanded or collapsed in the view: a root's state is kept; a row's is noted, and an outdated detail asked for again. */
  expanded(n: TreeNode<Row, Child>, yes: boolean): void {
    if (isConnectionNode(n)) return this.collapsed.set(n.connectionId, !yes);
    const part = this.of(n);
    const s = part?.list.stateOf(n);
    if (!part || !s) return;
    s.expanded = yes;
    // Expanding asks again for an outdated detail (it stays shown until the new one arrives).
    if (yes && s.outdated && s.row.detail && this.o.details === 'expand') part.details.inBackground([s]);
  }

  forEach(f: (p: Part<Item, Row, Child, Children>) => void): void {
    this.parts.forEach((p) => f(p));
  }

  /** Puts the view's filters and order on a part's rows (`changed`: what changed; none: all of it). */
  arrange(p: Part<Item, Row, Child, Children>, changed: { filter?: unknown; quick?: unknown; order?: unknown } = { filter: 1, quick: 1, order: 1 }): void {
    if (changed.filter !== undefined) p.list.setFilter(this.arranged.filter);
    if (changed.quick !== undefined) p.list.setQuickFilter(this.arranged.quick);
    if (changed.order !== undefined) p.list.setOrder(this.arranged.order);
  }

  /** Sets (null: clears) what is given of the text filter, the quick filter and the order, on every part. Expanded rows stay expanded (getTreeItem). */
  arrangeAll(a: { filter?: string | null; quick?: QuickFilter<Row> | null; order?: (x: Row, y: Row) => number }): void {
    if (a.filter !== undefined) this.arranged.filter = a.filter?.trim() || undefined;
    if (a.quick !== undefined) this.arranged.quick = a.quick ?? undefined;
    if (a.order) this.arranged.order = a.order;
    this.parts.forEach((p) => this.arrange(p, a));
  }

  /** A part's session signed in or out: its rows go. Alone in the view, the filters go too (as the view is then empty, as it always did). */
  reset(part: Part<Item, Row, Child, Children>): void {
    part.list.reset();
    if (this.parts.size === 1) this.clearFilters();
    this.arrange(part);
  }

  /** Clears the view's filters, on every part but `except` (which cleared its own). */
  clearFilters(except?: Part<Item, Row, Child, Children>): void {
    this.arranged = { order: this.arranged.order };
    this.parts.forEach((p) => p !== except && this.arrange(p));
  }

  dispose(): void {
    this.subs.forEach((d) => d.dispose());
  }
}
