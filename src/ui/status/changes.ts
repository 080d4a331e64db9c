// What changed in the submissions since the user was last told, as plain
// data: no `vscode` import, so the detection runs (and is tested) in plain
// Node. Every list and detail the extension learns feeds it; it returns each
// change once, across sessions (AccountMemory).
import { freshMemory, hasResponded, merged, responseAge, type AccountMemory, type Person, type SubmissionRecord, type Recipient, type SubmissionDetail, type SubmissionListItem } from '../../core';

/**
 * Details a poll fetches at most, besides the list: a poll sends at most
 * 1 + DETAILS_PER_POLL requests, whatever the number of pending submissions.
 */
export const DETAILS_PER_POLL = 3;

/**
 * Details the first poll of a session fetches at most (of an account looked
 * at here before), 4 at a time: the pending submissions first in the list,
 * so that what changed meanwhile is told at once, in one notice.
 */
export const DETAILS_AT_START = 10;

/** The submission a change is about. */
export interface ChangedSubmission {
  readonly id: string;
  readonly formReference: string;
}

export type Change =
  | { readonly kind: 'completed'; readonly submission: ChangedSubmission }
  | { readonly kind: 'responded'; readonly submission: ChangedSubmission; readonly recipient: Person }
  /**
   * `count` more rejections. `recipients` are those who rejected when the
   * count matches the new responses, else those among whom the rejections are
   * (the service counts rejections per submission, not per recipient).
   */
  | {
    readonly kind: 'rejected'; readonly submission: ChangedSubmission; readonly count: number; readonly recipients: readonly Person[]; readonly exact: boolean;
    /** What the recipients who rejected wrote (only when `exact`: else who rejected is not known), those who wrote something. */
    readonly comments: readonly RecipientComment[];
  };

/** A recipient's comment on its response, as the service sent it (shown inert and bounded). */
export interface RecipientComment {
  readonly by: Person;
  readonly text: string;
}

/**
 * How each recipient of a detail is remembered: its e-mail address, else its
 * name, else its place; a second recipient with the same address (or name)
 * is told apart by its turn (`…#2`), so that each one's response is told.
 */
function recipientKeys(rs: readonly Person[]): string[] {
  const turns = new Map<string, number>();
  return rs.map((r, i) => {
    const email = r.email.trim().toLowerCase();
    const name = r.name.trim().toLowerCase();
    const key = email || (name ? `name:${name}` : `#${i}`);
    const turn = (turns.get(key) ?? 0) + 1;
    turns.set(key, turn);
    return turn === 1 ? key : `${key}#${turn}`;
  });
}
const person = (r: Person): Person => ({ name: r.name, email: r.email });

/** What one detail brings: changes to announce, and responses to count on the badge without a notice (their time cannot say whether they are news). */
export interface DetailNews {
  readonly changes: Change[];
  readonly quiet: number;
}

/**
 * Follows the submissions of one account against what it was told before
 * (AccountMemory, kept across sessions by the caller): every response,
 * rejection and completion is returned once, whichever way it was learned
 * (a list, a detail) and whenever it happened. For a submission whose
 * responses were never read, the recipients' `responded` times tell news
 * (at or after the memory's `since`) from what came before.
 */
export class ChangeTracker {
  private m?: AccountMemory;
  /** Lists received this session. */
  private lists = 0;
  /** The list count when a submission's detail was last read this session (absent: never; new ones first). */
  private readonly checkedAt = new Map<string, number>();
  /** Submissions whose list entry says they changed or are new: their detail is fetched first. */
  private readonly first = new Set<string>();
  /** Submissions in this session's lists: none is new in a later list, whatever the clocks say. */
  private readonly listed = new Set<string>();
  private last?: number;

  /** Starts a session of an account from what it was told before (undefined: never looked at, or signed out). */
  reset(memory?: AccountMemory): void {
    this.m = memory;
    this.last = memory?.look;
    this.lists = 0;
    this.checkedAt.clear();
    this.first.clear();
    this.listed.clear();
  }

  /** When a list of this account last arrived before this session (undefined: never looked at here). */
  get lastLook(): number | undefined {
    return this.last;
  }

  /** Whether at most one list arrived this session: the first look of the session. */
  get firstList(): boolean {
    return this.lists <= 1;
  }

  /** The memory now (undefined until a first list), to be kept. */
  get memory(): AccountMemory | undefined {
    return this.m;
  }

  /** Takes in what another window of the same account told meanwhile (see `merged`). */
  sync(stored: AccountMemory | undefined): void {
    if (stored) this.m = this.m ? merged(this.m, stored) : stored;
  }

  /** A list arrived at `now`: the completions it shows of submissions seen pending. */
  list(items: readonly SubmissionListItem[], now: number): Change[] {
    const m = (this.m ??= freshMemory(now));
    const before = m.look;
    // Whether `before` is this session's list, whose submissions are known: one made in its second and not in it is new.
    const known = this.lists > 0;
    this.lists++;
    const changes: Change[] = [];
    for (const item of items) {
      const rec = m.subs[item.id];
      const completed = item.completed === true;
      if (rec) {
        rec.t = now;
        if (rec.c === 0 && completed) {
          rec.c = 1;
          this.first.add(item.id);
          changes.push({ kind: 'completed', submission: { id: item.id, formReference: item.formReference } });
        }
        continue;
      }
      // Never seen: news when made since the last list — or in its second (the time's precision), when that list
      // was this session's and did not hold it. Then each response it has came since, and is news.
      const age = item.created.ms !== undefined ? responseAge(item.created, before, now) : 'old';
      const fresh = !this.listed.has(item.id) && (age === 'new' || (age === 'unknown' && known));
      const added: SubmissionRecord = fresh ? { t: now, r: [], j: 0 } : { t: now };
      if (!completed) added.c = 0;
      if (!completed || fresh) m.subs[item.id] = added;
      if (fresh) this.first.add(item.id);
    }
    for (const item of items) this.listed.add(item.id);
    m.look = now;
    return changes;
  }

  /** A detail arrived at `now`: the responses, rejections and completion not told yet. */
  detail(d: SubmissionDetail, now: number): DetailNews {
    const m = this.m;
    if (!m) return { changes: [], quiet: 0 }; // before any list of this account
    const rec = (m.subs[d.id] ??= { t: now });
    rec.t = now;
    this.checkedAt.set(d.id, this.lists);
    this.first.delete(d.id);
    const submission = { id: d.id, formReference: d.formReference };
    const keys = recipientKeys(d.recipients);
    const responded = d.recipients.map((r, i) => ({ r, key: keys[i] })).filter(({ r }) => hasResponded(r));
    const rejected = d.total.rejected;
    const changes: Change[] = [];
    let quiet = 0;
    let newcomers: Recipient[];
    let more: number;
    if (rec.r === undefined) {
      // Its responses were never read: their times tell which are news; only rejections certainly among those are told.
      const ages = responded.map(({ r }) => responseAge(r.responded, m.since, now));
      newcomers = responded.filter((_, i) => ages[i] === 'new').map(({ r }) => r);
      quiet = ages.filter((a) => a === 'unknown').length;
      more = Math.max(0, (rejected ?? 0) - (responded.length - newcomers.length));
    } else {
      const told = new Set(rec.r);
      newcomers = responded.filter(({ key }) => !told.has(key)).map(({ r }) => r);
      more = rejected === undefined ? 0 : rejected - (rec.j ?? 0);
    }
    const exact = more > 0 && more === newcomers.length;
    const comments = exact ? newcomers.filter((r) => r.comment.trim()).map((r) => ({ by: person(r), text: r.comment })) : [];
    if (more > 0) changes.push({ kind: 'rejected', submission, count: more, recipients: newcomers.map(person), exact, comments });
    if (!exact) for (const r of newcomers) changes.push({ kind: 'responded', submission, recipient: person(r) });
    rec.r = [...new Set([...(rec.r ?? []), ...responded.map(({ key }) => key)])];
    if (rejected !== undefined) rec.j = Math.max(rec.j ?? 0, rejected);
    if (d.completed === true) {
      // Completed at its last response: news when it was seen pending, or when a response it has is.
      if (rec.c === 0 || (rec.c === undefined && newcomers.length > 0)) changes.push({ kind: 'completed', submission });
      rec.c = 1;
    } else if (d.completed === false) rec.c = 0;
    return { changes, quiet };
  }

  /** Counts responses not looked at yet on a submission. */
  addUnseen(id: string, n: number, now: number): void {
    const rec = this.m?.subs[id];
    if (!rec || n <= 0) return;
    rec.u = (rec.u ?? 0) + n;
    rec.ua = after(rec, now);
  }

  /** The user looked at a submission: its responses are seen. Returns whether it had unseen ones. */
  lookedAt(id: string, now: number): boolean {
    const rec = this.m?.subs[id];
    if (!rec?.u) return false;
    delete rec.u;
    rec.ua = after(rec, now);
    return true;
  }

  /**
   * The submissions whose detail a poll fetches, at most `max`: those the
   * lists say changed or are new (and `outdated`) first, then the pending
   * ones checked longest ago, so that each of N pending submissions is
   * checked at least every ⌈N / max⌉ polls (at the start of a session,
   * none was: they come in the order given, newest first). None after the first list of an account
   * never looked at here: what came before has nothing to tell.
   */
  pick(pending: readonly string[], outdated: readonly string[], max: number): string[] {
    if (this.lists <= 1 && this.last === undefined) return [];
    const subs = this.m?.subs ?? {};
    const first = [...new Set([...this.first, ...outdated])].filter((id) => subs[id]);
    const rest = pending
      .filter((id) => subs[id] && !first.includes(id))
      .sort((a, b) => (this.checkedAt.get(a) ?? 0) - (this.checkedAt.get(b) ?? 0));
    return [...first, ...rest].slice(0, max);
  }
}

/** When an unseen count changes: now, but never before its last change (a clock put back), as the later change says it (`merged`). */
const after = (rec: SubmissionRecord, now: number) => Math.max(now, (rec.ua ?? -Infinity) + 1);

/** The changes of one poll, by submission, in the order they came. */
export function bySubmission(changes: readonly Change[]): Map<string, Change[]> {
  const out = new Map<string, Change[]>();
  for (const c of changes) {
    const list = out.get(c.submission.id) ?? [];
    list.push(c);
    out.set(c.submission.id, list);
  }
  return out;
}

/**
 * Responses a change brings (for the badge). An inexact rejection's
 * recipients come as `responded` changes too, so it adds only when it names nobody.
 */
export function responsesIn(c: Change): number {
  if (c.kind === 'responded') return 1;
  if (c.kind === 'rejected') return c.exact ? c.recipients.length : c.recipients.length === 0 ? c.count : 0;
  return 0;
}
