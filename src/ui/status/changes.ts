// What changed in the submissions since the last look, as plain data: no
// `vscode` import, so the detection runs (and is tested) in plain Node.
// Polling feeds it lists and details; it returns each change once.
import { hasResponded, type Person, type SubmissionDetail, type SubmissionListItem } from '../../core';

/**
 * Details a poll fetches at most, besides the list: a poll sends at most
 * 1 + DETAILS_PER_POLL requests, whatever the number of pending submissions.
 */
export const DETAILS_PER_POLL = 3;

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
  | { readonly kind: 'rejected'; readonly submission: ChangedSubmission; readonly count: number; readonly recipients: readonly Person[]; readonly exact: boolean };

/** What is known of one submission. Each part only grows, so a change is returned once. */
interface Known {
  formReference: string;
  completed: boolean;
  /** Recipients (by key) who had responded at the last detail; none before the first detail. */
  responded?: Set<string>;
  rejected: number;
  /** The poll count when its detail was last fetched; 0 never (new ones first). */
  checkedAt: number;
}

/** A recipient has responded when the service gave the time of its response (spec 2.2 `responded`). */
const recipientKey = (r: Person, index: number) => (r.email ? r.email.toLowerCase() : `#${index}`);

/**
 * Follows the submissions of one session. The first list is the baseline;
 * a submission that appears later is new, and everything it already has
 * (responses, completion) is a change. A submission listed in the first list
 * has its baseline responses from its first detail.
 */
export class ChangeTracker {
  private readonly known = new Map<string, Known>();
  private baseline = true;
  private polls = 0;

  /** Forgets everything (sign-in, sign-out). */
  reset(): void {
    this.known.clear();
    this.baseline = true;
    this.polls = 0;
  }

  /**
   * A list arrived: returns the completions it shows and the ids whose list
   * entry says something changed (completed, or new since the last list).
   */
  list(items: readonly SubmissionListItem[]): { changes: Change[]; changed: string[] } {
    this.polls++;
    const changes: Change[] = [];
    const changed: string[] = [];
    for (const item of items) {
      const k = this.known.get(item.id);
      if (!k) {
        const fresh = !this.baseline;
        this.known.set(item.id, {
          formReference: item.formReference,
          completed: fresh ? false : item.completed === true,
          responded: fresh ? new Set() : undefined,
          rejected: 0,
          checkedAt: 0,
        });
        if (fresh) changed.push(item.id);
      } else if (!k.completed && item.completed === true) {
        changed.push(item.id);
      }
      const now = this.known.get(item.id)!;
      now.formReference = item.formReference;
      changes.push(...this.complete(item.id, now, item.completed === true));
    }
    this.baseline = false;
    return { changes, changed };
  }

  /** A detail arrived: the recipients who responded since the last one, rejections, completion. */
  detail(d: SubmissionDetail): Change[] {
    const k = this.known.get(d.id);
    if (!k) return []; // not in the list this session follows
    k.checkedAt = this.polls;
    k.formReference = d.formReference || k.formReference;
    const submission = { id: d.id, formReference: k.formReference };
    const now = new Set<string>();
    const newcomers: Person[] = [];
    d.recipients.forEach((r, i) => {
      if (!hasResponded(r)) return;
      const key = recipientKey(r, i);
      now.add(key);
      if (k.responded && !k.responded.has(key)) newcomers.push({ name: r.name, email: r.email });
    });
    const changes: Change[] = [];
    const rejected = d.total.rejected;
    // The first detail of a submission seen in the baseline list only sets what is known.
    if (k.responded) {
      const more = rejected === undefined ? 0 : rejected - k.rejected;
      const exact = more > 0 && more === newcomers.length;
      if (more > 0) changes.push({ kind: 'rejected', submission, count: more, recipients: newcomers, exact });
      if (!exact) for (const recipient of newcomers) changes.push({ kind: 'responded', submission, recipient });
    }
    k.responded = new Set([...(k.responded ?? []), ...now]);
    if (rejected !== undefined) k.rejected = Math.max(k.rejected, rejected);
    changes.push(...this.complete(d.id, k, d.completed === true));
    return changes;
  }

  private complete(id: string, k: Known, completed: boolean): Change[] {
    if (!completed || k.completed) return [];
    k.completed = true;
    return [{ kind: 'completed', submission: { id, formReference: k.formReference } }];
  }

  /**
   * The submissions whose detail a poll fetches, at most `max`: those the
   * list says changed first, then the pending ones checked longest ago, so
   * that each of N pending submissions is checked at least every ⌈N / max⌉ polls.
   * None after the first list: a sign-in sends the list alone.
   */
  pick(pending: readonly string[], changed: readonly string[], max: number): string[] {
    if (this.polls <= 1) return [];
    const first = [...new Set(changed)].filter((id) => this.known.has(id));
    const rest = pending
      .filter((id) => this.known.has(id) && !first.includes(id))
      .sort((a, b) => this.known.get(a)!.checkedAt - this.known.get(b)!.checkedAt);
    return [...first, ...rest].slice(0, max);
  }
}

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
