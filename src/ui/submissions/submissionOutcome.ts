// Where a submission stands, as far as the service said, and the orders and
// quick filters of the Submissions view built on it. Plain data (no
// `vscode`), so that unit tests and the bench run the code the view runs.
import { hasResponded, type ServiceTime } from '../../core';
import { stateOf, type SubmissionNode } from '../lists/nodes';

/**
 * The counters of a submission's detail (the list endpoint has none): how many
 * recipients responded of those involved, and the service's own accepted /
 * clarified / rejected counters, undefined where it sent no integer.
 */
export interface Outcome {
  readonly responded: number;
  readonly involved: number;
  readonly accepted?: number;
  readonly clarified?: number;
  readonly rejected?: number;
}


/** The outcome once the detail is known; undefined before. */
export function outcomeOf(n: SubmissionNode): Outcome | undefined {
  const d = n.detail;
  if (!d) return undefined;
  const { involved, accepted, clarified, rejected } = d.total;
  return { responded: d.recipients.filter(hasResponded).length, involved: involved ?? d.recipients.length, accepted, clarified, rejected };
}

/** Any rejection or clarification the service counted. */
export function needsAttention(n: SubmissionNode): boolean {
  const o = outcomeOf(n);
  return (o?.rejected ?? 0) > 0 || (o?.clarified ?? 0) > 0;
}

/** The service's counters that are not zero, in words `t` localises: `1 accepted`, `1 rejected`. */
export function outcomeCounts(o: Outcome, t: (text: string, n: number) => string): string[] {
  const counts: [string, number | undefined][] = [['{0} accepted', o.accepted], ['{0} clarified', o.clarified], ['{0} rejected', o.rejected]];
  return counts.flatMap(([text, n]) => (n ? [t(text, n)] : []));
}

/** The orders of the Submissions view. */
export const SUBMISSION_SORTS = ['created', 'formReference', 'status'] as const;
export type SubmissionSort = (typeof SUBMISSION_SORTS)[number];

export function isSubmissionSort(v: unknown): v is SubmissionSort {
  return (SUBMISSION_SORTS as readonly unknown[]).includes(v);
}

/** The time of a creation date, or -Infinity when the service sent none that reads as a date. */
function timeOf(t: ServiceTime): number {
  return t.ms ?? -Infinity;
}

/** Newest first; equal or unreadable dates by their raw text, newest-looking first. */
export const byCreated = (a: SubmissionNode, b: SubmissionNode): number =>
  timeOf(b.item.created) - timeOf(a.item.created) || b.item.created.raw.localeCompare(a.item.created.raw);

/** Needs attention, then pending, then whatever else the service said, then completed. */
function statusRank(n: SubmissionNode): number {
  if (needsAttention(n)) return 0;
  const s = stateOf(n).toUpperCase();
  return s === 'PENDING' ? 1 : s === 'COMPLETED' ? 3 : 2;
}

const COMPARE: Readonly<Record<SubmissionSort, (a: SubmissionNode, b: SubmissionNode) => number>> = {
  created: byCreated,
  formReference: (a, b) => a.item.formReference.localeCompare(b.item.formReference, undefined, { sensitivity: 'base', numeric: true }) || byCreated(a, b),
  status: (a, b) => statusRank(a) - statusRank(b) || byCreated(a, b),
};

/** The comparison of an order; ties keep the service's order (Array.prototype.sort is stable). */
export function compareSubmissions(sort: SubmissionSort): (a: SubmissionNode, b: SubmissionNode) => number {
  return COMPARE[sort];
}

/** The quick filters of the Submissions view (`unseen`: responses told and not looked at yet, see UnseenRows). */
export const SUBMISSION_QUICK_FILTERS = ['pending', 'completed', 'attention', 'unseen'] as const;
export type SubmissionQuickFilter = (typeof SUBMISSION_QUICK_FILTERS)[number];

export function isSubmissionQuickFilter(v: unknown): v is SubmissionQuickFilter {
  return (SUBMISSION_QUICK_FILTERS as readonly unknown[]).includes(v);
}

/** Whether a row passes a quick filter read from the row. `attention` can only know the rows whose detail is loaded. */
export function passesQuickFilter(n: SubmissionNode, f: Exclude<SubmissionQuickFilter, 'unseen'>): boolean {
  if (f === 'attention') return needsAttention(n);
  return stateOf(n).toUpperCase() === (f === 'pending' ? 'PENDING' : 'COMPLETED');
}
