// The Submissions view's rows as plain data: no `vscode` import, so that the
// step from a fetched list to the first page of rows (RowList with this
// model, then submissionRow) runs in plain Node too, and `npm run bench`
// case 5 measures the code the view runs. The tree turns a row
// into a TreeItem: `label`, `description`, `contextValue`, an icon from
// `icon`, and `tooltip` as the value of an untrusted MarkdownString with
// HTML and theme icons off.
import { stateOfCompleted, timeDate, type ServiceTime, type SubmissionListItem } from '../../core';
import { stateOf, type SubmissionNode } from '../lists/nodes';
import { foldText, type RowModel } from '../lists/rowList';
import { needsAttention, outcomeCounts, outcomeOf } from './submissionOutcome';
import { fieldsMarkdown, safeText, type Field } from '../text/text';

export type SubmissionStateKind = 'pending' | 'completed' | 'unknown';
/** What a row's icon says: its state, or that a recipient rejected or asked for clarification. */
export type SubmissionIconKind = SubmissionStateKind | 'attention';

/** Codicon ids of the row icons. */
export const STATE_ICON_IDS: Readonly<Record<SubmissionIconKind, string>> = {
  pending: 'clock',
  completed: 'pass-filled',
  unknown: 'question',
  attention: 'report',
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
  readonly iconKind: SubmissionIconKind;
  readonly contextValue: `submission:${SubmissionStateKind}`;
  readonly accessibilityLabel: string;
}

export interface RowOptions {
  /** Localises a label (vscode.l10n.t in the extension); default: as is. */
  readonly t?: (text: string) => string;
  /** Formats a time for display; default: the date in `locale`, else the raw text. */
  readonly formatTime?: (t: ServiceTime) => string;
  readonly locale?: string;
  /** The row is expanded: its detail is on its way or failed (said under it), so the tooltip asks for nothing. */
  readonly expanded?: boolean;
}

/** What a submission row is called: its form reference, else its id. */
export function submissionLabel(item: SubmissionListItem): string {
  return item.formReference.trim() ? item.formReference : item.id;
}

export function stateKind(n: SubmissionNode): SubmissionStateKind {
  const s = stateOf(n).toUpperCase();
  return s === 'PENDING' ? 'pending' : s === 'COMPLETED' ? 'completed' : 'unknown';
}

export function iconKind(n: SubmissionNode): SubmissionIconKind {
  return needsAttention(n) ? 'attention' : stateKind(n);
}

/**
 * The Submissions view's rows: one per submission id, matched on id, form
 * reference, sender and primary recipient, ignoring case and accents.
 */
export const submissionModel: RowModel<SubmissionListItem, SubmissionNode> = {
  key: (item) => item.id,
  create: (item) => ({ kind: 'submission', item }),
  update: updateRow,
  matches: (row, needle) => {
    const item = row.item;
    const p = item.primaryRecipient;
    return [item.id, submissionLabel(item), item.formReference, item.sender.fullName, item.sender.email, p?.name, p?.email]
      .some((v) => v !== undefined && foldText(v).includes(needle));
  },
};

/** Puts a fresh list item into a row; an older loaded detail must not contradict the list's state. */
function updateRow(row: SubmissionNode, item: SubmissionListItem): boolean {
  const changed = JSON.stringify(row.item) !== JSON.stringify(item);
  const before = stateOf(row);
  row.item = item;
  if (item.completed !== undefined) {
    const now = stateOfCompleted(item.completed);
    // The list is newer than a status or detail learned before it.
    row.status = row.detail && row.detail.completed !== item.completed ? now : undefined;
    if (before !== stateOf(row)) return true;
  }
  return changed;
}

/** One row from a submission node (its list item and, when known, status and detail). */
export function submissionRow(n: SubmissionNode, o: RowOptions = {}): SubmissionRow {
  const t = o.t ?? ((s: string) => s);
  const fmt = o.formatTime ?? ((time: ServiceTime) => timeDate(time)?.toLocaleString(o.locale) ?? time.raw.trim());
  const item = n.item;
  const kind = stateKind(n);
  const label = submissionLabel(item);
  const who = item.primaryRecipient ? item.primaryRecipient.name.trim() || item.primaryRecipient.email : '';
  const created = fmt(item.created);
  // Shown once the detail is known: the list endpoint has no counters (spec 2.1).
  const outcome = outcomeOf(n);
  const fill = (text: string, ...v: number[]) => v.reduce((s, x, i) => s.replace(`{${i}}`, String(x)), t(text));
  const counts = outcome ? outcomeCounts(outcome, fill) : [];
  const base = n.detail ?? item;
  const p = item.primaryRecipient;
  const yesNo = (v: boolean | undefined): string => (v === undefined ? '' : v ? t('yes') : t('no'));
  const withRaw = (time: ServiceTime): string => (!time.raw.trim() ? '' : time.ms !== undefined ? `${fmt(time)} (${time.raw.trim()})` : time.raw.trim());
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
      [t('Responded'), outcome?.responded],
      [t('Involved'), d.total.involved],
      [t('Signing'), d.total.signing],
      [t('Non-signing'), d.total.nonsigning],
      [t('Accepted'), d.total.accepted],
      [t('Clarified'), d.total.clarified],
      [t('Rejected'), d.total.rejected],
    );
  }
  const note = d || o.expanded ? undefined : t('Expand the row to load the recipients and attachments.');
  const tooltip = fieldsMarkdown(label, fields, note);
  const responded = outcome ? [`${outcome.responded}/${outcome.involved}`, fill('{0} of {1} responded', outcome.responded, outcome.involved)] : ['', ''];
  return {
    id: `submission/${item.id}`,
    label: safeText(label),
    description: safeText([responded[0], ...counts, who, created].filter((s) => s.trim()).join(' · ')),
    tooltip,
    icon: STATE_ICON_IDS[iconKind(n)],
    iconKind: iconKind(n),
    contextValue: `submission:${kind}`,
    accessibilityLabel: safeText([label, stateOf(n), responded[1], ...counts, who, created].filter((s) => s.trim()).join(', ')),
  };
}
