// The Submissions view's rows as plain data: no `vscode` import, so that the
// step from a fetched list to the first page of rows (RowList with this
// model, then submissionRow) runs in plain Node too, and `npm run bench`
// case 5 measures the code the view runs. The tree turns a row
// into a TreeItem: `label`, `description`, `contextValue`, an icon from
// `icon`, and `tooltip` as the value of an untrusted MarkdownString with
// HTML and theme icons off.
import type { ServiceTime, SubmissionListItem } from '../../core';
import { stateOf, type SubmissionNode } from './nodes';
import type { RowModel } from './rowList';
import { fieldsMarkdown, safeText, type Field } from '../text';

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
  /** Localises a label (vscode.l10n.t in the extension); default: as is. */
  readonly t?: (text: string) => string;
  /** Formats a time for display; default: the date in `locale`, else the raw text. */
  readonly formatTime?: (t: ServiceTime) => string;
  readonly locale?: string;
}

/** What a submission row is called: its form reference, else its id. */
export function submissionLabel(item: SubmissionListItem): string {
  return item.formReference.trim() ? item.formReference : item.id;
}

export function stateKind(n: SubmissionNode): SubmissionStateKind {
  const s = stateOf(n).toUpperCase();
  return s === 'PENDING' ? 'pending' : s === 'COMPLETED' ? 'completed' : 'unknown';
}

/** The Submissions view's rows: one per submission id, matched on id, form reference, sender and primary recipient. */
export const submissionModel: RowModel<SubmissionListItem, SubmissionNode> = {
  key: (item) => item.id,
  create: (item) => ({ kind: 'submission', item }),
  update: updateRow,
  matches: (row, needle) => {
    const item = row.item;
    const p = item.primaryRecipient;
    return [item.id, submissionLabel(item), item.formReference, item.sender.fullName, item.sender.email, p?.name, p?.email]
      .some((v) => v !== undefined && v.toLocaleLowerCase().includes(needle));
  },
};

/** Puts a fresh list item into a row; an older loaded detail must not contradict the list's state. */
function updateRow(row: SubmissionNode, item: SubmissionListItem): boolean {
  const changed = JSON.stringify(row.item) !== JSON.stringify(item);
  const before = stateOf(row);
  row.item = item;
  if (item.completed !== undefined) {
    const now = item.completed ? 'COMPLETED' : 'PENDING';
    // The list is newer than a status or detail learned before it.
    row.status = row.detail && row.detail.completed !== item.completed ? now : undefined;
    if (before !== stateOf(row)) return true;
  }
  return changed;
}

/** One row from a submission node (its list item and, when known, status and detail). */
export function submissionRow(n: SubmissionNode, o: RowOptions = {}): SubmissionRow {
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
