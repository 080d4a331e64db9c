import type { Logger } from '../../core';
import { describeError } from '../text/errorText';
import { DETAILS_AT_ONCE, Limiter } from './concurrency';
import type { RowList, RowState } from './rowList';

export const ignore = (): void => undefined;

/** Times a detail is asked again when a list changed its row meanwhile, before the one in hand is shown as outdated. */
const ASKED_AGAIN = 2;

/** A row of a list view: a list item, and a detail fetched when needed. */
export interface ListRow<Item> {
  readonly kind: string;
  /** The connection whose service listed it. */
  readonly connectionId?: string;
  item: Item;
  detail?: unknown;
}

export interface DetailSource<Row> {
  /** For the log: "submission", "archive file". */
  readonly rowWhat: string;
  readonly log: Logger;
  /**
   * Fetches a row's detail; what it returns puts it into the row (called only
   * while the row is still the list's). `now`: the user asked (Refresh on
   * the row).
   */
  fetch(row: Row, now: boolean): Promise<() => void>;
  /** A row's detail arrived or failed: show it. */
  redraw(row: Row): void;
}

/**
 * The details of a list's rows: fetched once at a time per row and a few
 * rows at a time, each failure kept in its row's state (and thrown to who
 * waits for it), never applied to a row the list no longer holds.
 */
export class RowDetails<Item, Row extends ListRow<Item>, Children> {
  private readonly limiter = new Limiter(DETAILS_AT_ONCE);

  constructor(
    private readonly list: RowList<Item, Row, Children>,
    private readonly source: DetailSource<Row>,
  ) {}

  /** Fetches a row's detail unless one is under way. `redraw`: the row is shown again when it is done. */
  load(s: RowState<Row, Children>, redraw: boolean, now = false): Promise<void> {
    s.loading ??= this.limiter.run(() => this.fetchInto(s, redraw, now)).finally(() => {
      s.loading = undefined;
    });
    return s.loading;
  }

  /** Waits for a row's detail, fetching it if there is none; a failure is left in the row's state. */
  async ensure(row: Row, redraw: boolean): Promise<RowState<Row, Children> | undefined> {
    const s = this.list.stateOf(row);
    if (s && !row.detail) await this.load(s, redraw).catch(ignore);
    return s;
  }

  /** Fetches the detail of the list's row for that item now, after one under way; a failure is thrown. */
  async now(row: Row): Promise<void> {
    // The list's own row for that id (a caller may hold an older or a constructed one).
    const s = this.list.find(row.item);
    if (!s) return;
    while (s.loading) await s.loading.catch(ignore);
    return this.load(s, true, true);
  }

  /** Fetches details in the background; each row is redrawn as its detail arrives. */
  inBackground(rows: readonly RowState<Row, Children>[]): void {
    for (const s of rows) if (!s.loading) void this.load(s, true).catch(ignore);
  }

  /** Queues the detail of each row that has none (or an outdated one) and did not just fail. */
  fill(rows: readonly Row[]): void {
    const states = rows.flatMap((r) => this.list.stateOf(r) ?? []);
    this.inBackground(states.filter((s) => (!s.row.detail || s.outdated) && s.error === undefined));
  }

  private async fetchInto(s: RowState<Row, Children>, redraw: boolean, now: boolean): Promise<void> {
    if (!this.list.holds(s)) return; // signed out or gone meanwhile
    try {
      // A detail asked before a list changed the row's entry answers as of before that change: it is asked
      // again, so that an answer arriving late never takes back what a newer list said.
      let asked: number;
      let apply: () => void;
      let tries = 0;
      do {
        asked = s.listed;
        apply = await this.source.fetch(s.row, now);
        if (!this.list.holds(s)) return;
      } while (asked !== s.listed && ++tries < ASKED_AGAIN);
      apply();
      // Still older than the list (it kept changing): the next refresh or poll fetches it again.
      s.outdated = asked !== s.listed;
      s.error = undefined;
    } catch (e) {
      if (!this.list.holds(s)) return;
      s.error = describeError(e);
      this.source.log.warn(`Loading ${this.source.rowWhat} ${s.id} failed: ${s.error}`);
      throw e;
    } finally {
      if (redraw && this.list.holds(s)) this.source.redraw(s.row);
    }
  }
}
