// The Submissions view's rows as plain data: no `vscode` import, so that the
// step from a fetched list to the first page of rows can run (and be
// measured, `npm run bench` case 5) outside VS Code. The tree turns a row
// into a TreeItem: `label`, `description`, `contextValue`, an icon from
// `icon`, and `tooltip` as the value of an untrusted MarkdownString with
// HTML and theme icons off.
import type { ServiceTime, SubmissionListItem } from '../../core';
import { stateOf, type SubmissionNode } from './nodes';
import { fieldsMarkdown, safeText, type Field } from './safeText';

export type SubmissionStateKind = 'pending' | 'completed' | 'unknown';

/** Codicon ids of the state icons. */
export const STATE_ICON_IDS: Readonly<Record<SubmissionStateKind, string>> = {
  pending: 'clock',
  completed: 'pass-filled',
  unknown: 'question',
};

export interface SubmissionRow {
  /** The tree item id: `submission/<id>`. */
  readonly id: string;
  readonly label: string;
  readonly description: string;
  /** Markdown, every value escaped (see `markdownText`). */
  readonly tooltip: string;
  /** A codicon id, from STATE_ICON_IDS. */
  readonly icon: string;
  readonly contextValue: `submission:${SubmissionStateKind}`;
  readonly accessibilityLabel: string;
}

export interface RowOptions {
  /** Rows per page (setting `dsas.pageSize`). */
  readonly pageSize: number;
  /** Shown pages; default 1. */
  readonly pages?: number;
  /** Filter text; rows whose id, form reference, sender or primary recipient contain it. */
  readonly filter?: string;
  /** Localises a label (vscode.l10n.t in the extension); default: as is. */
  readonly t?: (text: string) => string;
  /** Formats a time for display; default: the date in `locale`, else the raw text. */
  readonly formatTime?: (t: ServiceTime) => string;
  readonly locale?: string;
}

export interface RowPage {
  readonly rows: SubmissionRow[];
  /** Items matching the filter (all items without one), duplicates of an id left out. */
  readonly matched: number;
  /** Matching items not on the pages shown. */
  readonly remaining: number;
}

/** What a submission row is called: its form reference, else its id. */
export function submissionLabel(item: SubmissionListItem): string {
  return item.formReference.trim() ? item.formReference : item.id;
}

export function stateKind(n: SubmissionNode): SubmissionStateKind {
  const s = stateOf(n).toUpperCase();
  return s === 'PENDING' ? 'pending' : s === 'COMPLETED' ? 'completed' : 'unknown';
}

/** Between the fields of a haystack; taken out of filter texts, so that no match spans two fields. */
const SEPARATOR = '\u0000';

/** The searchable text of each item, lower-cased once: a filter over 10,000 items then costs one pass. */
const haystacks = new WeakMap<SubmissionListItem, string>();

/** Whether an item matches a filter text that is already lower-cased. */
export function submissionMatches(item: SubmissionListItem, needle: string): boolean {
  let hay = haystacks.get(item);
  if (hay === undefined) {
    const p = item.primaryRecipient;
    hay = [item.id, submissionLabel(item), item.formReference, item.sender.fullName, item.sender.email, p?.name ?? '', p?.email ?? '']
      .join(SEPARATOR).toLocaleLowerCase();
    haystacks.set(item, hay);
  }
  return hay.includes(needle);
}

/**
 * The rows shown for a fetched list: the first `pages` pages of the items
 * that match the filter, the first occurrence of an id only. Rows are built
 * only for the page(s) shown, so a 10,000-item list costs one pass over the
 * items and the rows of one page.
 */
export function submissionRows(items: readonly SubmissionListItem[], o: RowOptions): RowPage {
  const needle = o.filter?.split(SEPARATOR).join('').trim().toLocaleLowerCase() || undefined;
  const shown = Math.max(1, o.pages ?? 1) * o.pageSize;
  const seen = new Set<string>();
  const page: SubmissionListItem[] = [];
  let matched = 0;
  for (const item of items) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    if (needle !== undefined && !submissionMatches(item, needle)) continue;
    matched++;
    if (page.length < shown) page.push(item);
  }
  return { rows: page.map((item) => submissionRow({ kind: 'submission', item }, o)), matched, remaining: Math.max(0, matched - shown) };
}

/** One row from a submission node (its list item and, when known, status and detail). */
export function submissionRow(n: SubmissionNode, o: Pick<RowOptions, 't' | 'formatTime' | 'locale'> = {}): SubmissionRow {
  const t = o.t ?? ((s: string) => s);
  const fmt = o.formatTime ?? ((time: ServiceTime) => (time.date ? time.date.toLocaleString(o.locale) : time.raw.trim()));
  const item = n.item;
  const kind = stateKind(n);
  const label = submissionLabel(item);
  const who = item.primaryRecipient ? item.primaryRecipient.name.trim() || item.primaryRecipient.email : '';
  const created = fmt(item.created);
  const base = n.detail ?? item;
  const p = item.primaryRecipient;
  const yesNo = (v: boolean | undefined): string => (v === undefined ? '' : v ? t('yes') : t('no'));
  const withRaw = (time: ServiceTime): string => (!time.raw.trim() ? '' : time.date ? `${fmt(time)} (${time.raw.trim()})` : time.raw.trim());
  const fields: Field[] = [
    [t('State'), stateOf(n)],
    [t('Id'), base.id],
    [t('Form reference'), base.formReference],
    [t('Created'), withRaw(base.created)],
    [t('Sender'), base.sender.fullName],
    [t('Sender e-mail'), base.sender.email],
    [t('Primary recipient'), p?.name],
    [t('Primary recipient e-mail'), p?.email],
    [t('Primary recipient authentication'), p?.auth?.method],
    [t('Primary recipient authentication number'), p?.auth?.number],
    [t('Completed'), yesNo(base.completed)],
    [t('Broadcast'), yesNo(base.broadcast)],
    [t('Silent'), yesNo(base.silent)],
    [t('Type'), base.type],
    [t('MD5 id'), base.md5Id],
  ];
  const d = n.detail;
  if (d) {
    fields.push(
      [t('Recipients'), d.recipients.length],
      [t('Attachments'), d.attachments.length],
      [t('Involved'), d.total.involved],
      [t('Signing'), d.total.signing],
      [t('Non-signing'), d.total.nonsigning],
      [t('Accepted'), d.total.accepted],
      [t('Clarified'), d.total.clarified],
      [t('Rejected'), d.total.rejected],
    );
  }
  const tooltip = fieldsMarkdown(label, fields, d ? undefined : t('Expand the row to load the recipients and attachments.'));
  return {
    id: `submission/${item.id}`,
    label: safeText(label),
    description: safeText([who, created].filter((s) => s.trim()).join(' · ')),
    tooltip,
    icon: STATE_ICON_IDS[kind],
    contextValue: `submission:${kind}`,
    accessibilityLabel: safeText(`${label}, ${stateOf(n)}, ${who}, ${created}`),
  };
}
