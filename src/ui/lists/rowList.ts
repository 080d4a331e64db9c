// The rows of a list view as plain data: no `vscode` import, so that the
// step from a fetched list to the page of rows shown runs in plain Node too
// (unit tests; `npm run bench` case 5 times this very code).
import type { Logger } from '../../core';
import { SerialTask } from './concurrency';

/** How a list view makes and matches its rows from the items of one list endpoint. */
export interface RowModel<Item, Row> {
  key(item: Item): string;
  create(item: Item): Row;
  /** Puts a fresh item into an existing row; returns whether anything changed. */
  update(row: Row, item: Item): boolean;
  /** Whether the row matches a filter text, already folded (foldText): compare with folded values. */
  matches(row: Row, needle: string): boolean;
}

/** Text as a filter compares it: lower case, accents dropped (`Übersicht` → `ubersicht`). */
export function foldText(s: string): string {
  // ASCII has no accents: the common case skips normalising (bench case 5 filters 10,000 rows).
  return /[\u0080-\uffff]/.test(s) ? s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase() : s.toLowerCase();
}

/** A filter besides the text (a quick filter): what the view calls it, and which rows it keeps. */
export interface QuickFilter<Row> {
  readonly label: string;
  keep(row: Row): boolean;
  /** It reads the rows' details, which are then fetched for every row. */
  readonly readsDetails?: boolean;
}

/** Where a list comes from and how its failures are told. */
export interface RowSource<Item, Row = unknown> {
  /** For the log: "submissions", "archive". */
  readonly what: string;
  fetch(signal: AbortSignal): Promise<readonly Item[]>;
  /** The reason shown for a failed fetch. */
  describe(error: unknown): string;
  /** Rows per page (setting `dsas.pageSize`), read when a page is cut. */
  pageSize(): number;
  readonly log: Logger;
  /** Told the rows of a list just fetched that are new or whose item changed. */
  changed?(rows: readonly Row[]): void;
}

/**
 * What a list view knows about one row besides the row itself: the state of
 * its detail, kept with the row across refreshes and dropped with it.
 */
export interface RowState<Row, Children> {
  readonly id: string;
  readonly row: Row;
  /** The detail fetch under way. */
  loading?: Promise<void>;
  /** Why the last detail fetch failed, while the row shows no (or an older) detail. */
  error?: string;
  /** The detail is older than the last refresh. */
  outdated: boolean;
  /** How many times a list changed the row's entry: a detail asked before the last change is of before it. */
  listed: number;
  /** Expanded in the view. */
  expanded: boolean;
  /** Child nodes made once, so that getParent returns the objects getChildren gave. */
  children?: Children;
}

/**
 * The rows of a list view. The service returns whole lists, so a list is
 * fetched once and shown a page at a time; a refresh keeps the row objects
 * (and their state, such as loaded details), the pages shown and the filter,
 * and when it fails keeps the last good rows and says why.
 */
export class RowList<Item, Row extends { item: Item }, Children = undefined> {
  private states: RowState<Row, Children>[] = [];
  /** The rows of `states`, in the same order. */
  private rowArray: Row[] = [];
  private readonly byId = new Map<string, RowState<Row, Children>>();
  /** The same states by row object: any tree node can be asked about. */
  private readonly byRow = new Map<unknown, RowState<Row, Children>>();
  private pages = 1;
  private generation = 0;
  private abort = new AbortController();
  private readonly task = new SerialTask(() => this.fetch());
  private changedRows: RowState<Row, Children>[] = [];
  /** Whether a list was received since the last reset. */
  loaded = false;
  /** Why the last refresh failed while older rows are shown. */
  stale?: string;
  /** Why the first load failed (nothing to show). */
  failure?: string;
  filter?: string;
  quick?: QuickFilter<Row>;
  /** The order shown; none: the service's. */
  private compare?: (a: Row, b: Row) => number;

  constructor(
    private readonly model: RowModel<Item, Row>,
    private readonly source: RowSource<Item, Row>,
  ) {}

  get all(): readonly Row[] {
    return this.rowArray;
  }

  get rows(): readonly RowState<Row, Children>[] {
    return this.states;
  }

  get(id: string): Row | undefined {
    return this.byId.get(id)?.row;
  }

  /** The state of the list's row for the item's id (a caller may hold an older or a constructed row). */
  find(item: Item): RowState<Row, Children> | undefined {
    return this.byId.get(this.model.key(item));
  }

  /** The state of this very node, if it is one of the list's rows. */
  stateOf(node: unknown): RowState<Row, Children> | undefined {
    return this.byRow.get(node);
  }

  /** Whether a row's state is still the list's (not signed out or gone meanwhile). */
  holds(s: RowState<Row, Children>): boolean {
    return this.byId.get(s.id) === s;
  }

  /**
   * Fetches the list (one request; a call during a fetch waits for it and
   * fetches once more). Never throws: a failure is kept in `stale`/`failure`.
   * Returns the rows whose item changed or that are new.
   */
  async load(): Promise<readonly RowState<Row, Children>[]> {
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
  async reload(): Promise<readonly RowState<Row, Children>[]> {
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
      const items = await this.source.fetch(signal);
      if (generation !== this.generation) return;
      const changed = this.merge(items);
      this.loaded = true;
      this.stale = undefined;
      this.failure = undefined;
      this.source.changed?.(changed.map((s) => s.row));
    } catch (e) {
      if (generation !== this.generation) return;
      const reason = this.source.describe(e);
      this.source.log.warn(`Listing ${this.source.what} failed: ${reason}`);
      if (this.loaded) this.stale = reason;
      else this.failure = reason;
    }
  }

  /** Puts a list into the rows; the states of those new or changed. */
  private merge(items: readonly Item[]): RowState<Row, Children>[] {
    const changed: RowState<Row, Children>[] = [];
    const next: RowState<Row, Children>[] = [];
    const seen = new Set<string>();
    // Told once per list: a list that repeats ids comes again with every poll.
    const repeats = { count: 0, first: '' };
    for (const item of items) {
      const id = this.model.key(item);
      if (seen.has(id)) {
        if (repeats.count++ === 0) repeats.first = id;
        continue;
      }
      seen.add(id);
      let s = this.byId.get(id);
      if (s) {
        if (this.model.update(s.row, item)) {
          s.listed++;
          changed.push(s);
        }
      } else {
        s = { id, row: this.model.create(item), outdated: false, expanded: false, listed: 0 };
        this.byId.set(id, s);
        this.byRow.set(s.row, s);
        changed.push(s);
      }
      next.push(s);
    }
    for (const [id, s] of [...this.byId]) {
      if (seen.has(id)) continue;
      this.byId.delete(id);
      this.byRow.delete(s.row);
    }
    if (repeats.count) {
      this.source.log.warn(`In the ${this.source.what} list, ${repeats.count} rows repeat an id listed before them (the first: ${JSON.stringify(repeats.first)}); only the first row of each id is shown.`);
    }
    this.states = next;
    this.rowArray = next.map((s) => s.row);
    this.changedRows.push(...changed);
    return changed;
  }

  /** Forgets everything (sign-in, sign-out); answers still on their way are ignored. */
  reset(): void {
    this.abandonFetch();
    this.states = [];
    this.rowArray = [];
    this.byId.clear();
    this.byRow.clear();
    this.changedRows = [];
    this.loaded = false;
    this.stale = undefined;
    this.failure = undefined;
    this.filter = undefined;
    this.quick = undefined;
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

  /** Sets or clears the quick filter; the first page of the matches is shown. */
  setQuickFilter(quick: QuickFilter<Row> | undefined): void {
    this.quick = quick;
    this.pages = 1;
  }

  /** Sets the order the rows are shown in (pages shown stay). */
  setOrder(compare: ((a: Row, b: Row) => number) | undefined): void {
    this.compare = compare;
  }

  /** The page size changed: show one page again. */
  resetPages(): void {
    this.pages = 1;
  }

  private matching(): Row[] {
    const needle = this.filter === undefined ? '' : foldText(this.filter);
    const quick = this.quick;
    const rows = needle || quick ? this.rowArray.filter((r) => (!quick || quick.keep(r)) && (!needle || this.model.matches(r, needle))) : this.rowArray;
    return this.compare ? [...rows].sort(this.compare) : rows;
  }

  /** The rows shown and how many more match. */
  page(): { rows: Row[]; remaining: number; matched: number } {
    const all = this.matching();
    const shown = this.pages * this.source.pageSize();
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
    if (!this.stateOf(row)) return false;
    if (!this.matching().includes(row)) {
      this.setFilter(undefined);
      this.setQuickFilter(undefined);
    }
    const index = this.matching().indexOf(row);
    this.pages = Math.max(this.pages, Math.floor(index / this.source.pageSize()) + 1);
    return true;
  }
}
