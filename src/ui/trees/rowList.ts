import * as vscode from 'vscode';
import type { Logger, ServiceClient } from '../../core';
import { describeError } from '../errorText';
import type { Session } from '../session';
import { readSettings } from '../settings';
import { SerialTask } from './concurrency';
import type { LoadMoreNode, MessageNode } from './nodes';

/** How a tree gets its rows from one list endpoint. */
export interface RowSource<Item, Row> {
  /** For the log: "submissions", "archive". */
  readonly what: string;
  fetch(client: ServiceClient, signal: AbortSignal): Promise<readonly Item[]>;
  key(item: Item): string;
  create(item: Item): Row;
  /** Puts a fresh item into an existing row; returns whether anything changed. */
  update(row: Row, item: Item): boolean;
  /** Whether the row matches a filter text (already lower-cased). */
  matches(row: Row, needle: string): boolean;
}

/**
 * The rows of a list view. The service returns whole lists, so a list is
 * fetched once and shown a page at a time; a refresh keeps the row objects
 * (and what hangs off them, such as loaded details), the pages shown and the
 * filter, and when it fails keeps the last good rows and says why.
 */
export class RowList<Item, Row> {
  private rows: Row[] = [];
  private readonly byId = new Map<string, Row>();
  private pages = 1;
  private generation = 0;
  private abort = new AbortController();
  private readonly task = new SerialTask(() => this.fetch());
  private changedRows: Row[] = [];
  /** Whether a list was received since the last reset. */
  loaded = false;
  /** Why the last refresh failed while older rows are shown. */
  stale?: string;
  /** Why the first load failed (nothing to show). */
  failure?: string;
  filter?: string;

  constructor(
    private readonly session: Session,
    private readonly log: Logger,
    private readonly source: RowSource<Item, Row>,
  ) {}

  get all(): readonly Row[] {
    return this.rows;
  }

  get(id: string): Row | undefined {
    return this.byId.get(id);
  }

  /**
   * Fetches the list (one request; a call during a fetch waits for it and
   * fetches once more). Never throws: a failure is kept in `stale`/`failure`.
   * Returns the rows whose item changed or that are new.
   */
  async load(): Promise<readonly Row[]> {
    await this.task.run();
    const changed = this.changedRows;
    this.changedRows = [];
    return changed;
  }

  /**
   * Fetches the list again now (the user's Refresh): a fetch still under way,
   * which a slow or stalled service can keep for up to its deadline, is
   * abandoned rather than waited for.
   */
  async reload(): Promise<readonly Row[]> {
    if (this.task.running) this.abandonFetch();
    return this.load();
  }

  /** Loads the list unless it was loaded or failed already (a fetch under way is waited for). */
  async ensureLoaded(): Promise<void> {
    await this.task.idle();
    if (!this.loaded && this.failure === undefined) await this.load();
  }

  private async fetch(): Promise<void> {
    const generation = this.generation;
    const signal = this.abort.signal;
    try {
      const items = await this.source.fetch(this.session.client, signal);
      if (generation !== this.generation) return;
      this.merge(items);
      this.loaded = true;
      this.stale = undefined;
      this.failure = undefined;
    } catch (e) {
      if (generation !== this.generation) return;
      const reason = describeError(e);
      this.log.warn(`Listing ${this.source.what} failed: ${reason}`);
      if (this.loaded) this.stale = reason;
      else this.failure = reason;
    }
  }

  private merge(items: readonly Item[]): void {
    const next: Row[] = [];
    const seen = new Set<string>();
    for (const item of items) {
      const id = this.source.key(item);
      if (seen.has(id)) {
        this.log.warn(`The ${this.source.what} list holds id ${JSON.stringify(id)} more than once; showing the first.`);
        continue;
      }
      seen.add(id);
      let row = this.byId.get(id);
      if (row) {
        if (this.source.update(row, item)) this.changedRows.push(row);
      } else {
        row = this.source.create(item);
        this.byId.set(id, row);
        this.changedRows.push(row);
      }
      next.push(row);
    }
    for (const id of [...this.byId.keys()]) if (!seen.has(id)) this.byId.delete(id);
    this.rows = next;
  }

  /** Forgets everything (sign-in, sign-out); answers still on their way are ignored. */
  reset(): void {
    this.abandonFetch();
    this.rows = [];
    this.byId.clear();
    this.changedRows = [];
    this.loaded = false;
    this.stale = undefined;
    this.failure = undefined;
    this.filter = undefined;
    this.pages = 1;
  }

  /** Cancels the fetch under way; its answer, if one still comes, is ignored. */
  private abandonFetch(): void {
    this.generation++;
    this.abort.abort();
    this.abort = new AbortController();
  }

  /** Sets or clears the filter; the first page of the matches is shown. */
  setFilter(text: string | undefined): void {
    const t = text?.trim();
    this.filter = t ? t : undefined;
    this.pages = 1;
  }

  /** The page size changed: show one page again. */
  resetPages(): void {
    this.pages = 1;
  }

  matching(): Row[] {
    const needle = this.filter?.toLocaleLowerCase();
    return needle ? this.rows.filter((r) => this.source.matches(r, needle)) : this.rows;
  }

  /** The rows shown and how many more match. */
  page(): { rows: Row[]; remaining: number; matched: number } {
    const all = this.matching();
    const shown = this.pages * readSettings().pageSize;
    return { rows: all.slice(0, shown), remaining: Math.max(0, all.length - shown), matched: all.length };
  }

  more(): void {
    if (this.page().remaining > 0) this.pages++;
  }

  /**
   * Makes a row part of the page shown: clears a filter that hides it and
   * adds pages as needed. Returns false when the row is not in the list.
   */
  include(row: Row): boolean {
    if (!this.rows.includes(row)) return false;
    if (!this.matching().includes(row)) this.setFilter(undefined);
    const index = this.matching().indexOf(row);
    this.pages = Math.max(this.pages, Math.floor(index / readSettings().pageSize) + 1);
    return true;
  }
}

/** The root of a list view: a stale notice, the page of rows, a Load more row, or why there are none. */
export function rootNodes<Row>(
  list: RowList<unknown, Row>,
  view: LoadMoreNode['view'],
  texts: { failed: (reason: string) => string; empty: string; noMatch: (filter: string) => string },
): (Row | LoadMoreNode | MessageNode)[] {
  if (!list.loaded) {
    return list.failure === undefined ? [] : [{ kind: 'message', text: texts.failed(list.failure), tooltip: list.failure, icon: 'error' }];
  }
  const out: (Row | LoadMoreNode | MessageNode)[] = [];
  if (list.stale !== undefined) {
    out.push({
      kind: 'message',
      text: vscode.l10n.t('Showing earlier data: the refresh failed. {0}', list.stale),
      tooltip: list.stale,
      icon: 'warning',
    });
  }
  const { rows, remaining } = list.page();
  out.push(...rows);
  if (remaining > 0) out.push({ kind: 'loadMore', view, remaining });
  if (rows.length === 0) {
    if (list.filter !== undefined && list.all.length > 0) out.push({ kind: 'message', text: texts.noMatch(list.filter), icon: 'info' });
    else out.push({ kind: 'message', text: texts.empty, icon: 'info' });
  }
  return out;
}
