// What a submission is called where the user meets it outside its row: the
// file and folder names of its downloads, and the questions and progress
// titles about it. Its id is internal (the row shows it only in its tooltip),
// so names come from its form reference, as its row is labelled. Plain data
// (no `vscode` import): unit-tested.
import { leadingBytes, safeFileName, timeDate, type ServiceTime } from '../../core';

/** A submission as it is named: its id, and what the list or its detail says of it. */
export interface NamedSubmission {
  readonly id: string;
  readonly formReference?: string;
  readonly created?: ServiceTime;
}

/** The submissions the extension has listed (the Submissions view's rows). */
export interface ListedSubmissions {
  readonly items: readonly { readonly item: NamedSubmission }[];
}

/** `s` with what the list says of it where `s` lacks it (a command given only an id, or a row without its time). */
export function asListed(s: NamedSubmission, listed: ListedSubmissions): NamedSubmission {
  const row = listed.items.find((r) => r.item.id === s.id)?.item;
  return { id: s.id, formReference: s.formReference || row?.formReference, created: s.created ?? row?.created };
}

/** What it is called: its form reference, or its id when it has none (as its row is labelled then). */
export function referenceOf(s: NamedSubmission): string {
  return s.formReference?.trim() ? s.formReference : s.id;
}

/** A name made from text of the service's: a separator in it is part of the name, not a folder (`Sales/Q1` → `Sales_Q1`). */
const fileName = (text: string, fallback?: string): string => safeFileName(text.replace(/[/\\]/g, '_'), fallback);

/**
 * Bytes of UTF-8 a name takes of its form reference. A name is at most 200
 * bytes (safeFileName); the rest is kept for what is added to it (the time
 * it was created, " – summary.pdf"), so that a cut never takes away what
 * tells two names apart.
 */
const REFERENCE_BYTES = 120;

/** The part of a name that comes from its form reference: made safe, cut, and its id when the reference makes no name (`..`, only invisible characters). */
const baseOf = (s: NamedSubmission): string => fileName(leadingBytes(fileName(referenceOf(s), s.id), REFERENCE_BYTES), s.id);

/** As a file name compares, on Windows and macOS without regard to case. */
const asFileName = (s: NamedSubmission): string => baseOf(s).toLowerCase();

/** The other listed submissions whose form reference makes the same file name as that of `s`. */
export function namesakes(s: NamedSubmission, listed: ListedSubmissions): NamedSubmission[] {
  const name = asFileName(s);
  return listed.items.map((r) => r.item).filter((o) => o.id !== s.id && asFileName(o) === name);
}

const two = (n: number): string => String(n).padStart(2, '0');

/** When it was created, in this computer's time, to the day, the minute or the second (`.` for `:`, which Windows refuses in names). */
function stamp(t: ServiceTime | undefined, precision: 0 | 1 | 2): string | undefined {
  const d = timeDate(t);
  if (!d) return undefined;
  const day = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  if (precision === 0) return day;
  const minute = `${day} ${two(d.getHours())}.${two(d.getMinutes())}`;
  return precision === 1 ? minute : `${minute}.${two(d.getSeconds())}`;
}

/**
 * What the files and folders of a submission's downloads are named after:
 * its form reference. When another listed submission has the same one, the
 * time it was created is added, to the day, the minute or the second,
 * whichever first tells it from every other (`BUDGET-2025 (2025-03-14)`);
 * only when even that cannot (the same second, or a time the service gave
 * in a form not understood) its id.
 */
export function submissionStem(s: NamedSubmission, listed: ListedSubmissions): string {
  const me = asListed(s, listed);
  const others = namesakes(me, listed);
  const base = baseOf(me);
  if (others.length === 0) return base;
  // A name with a time added must not be that of another submission whose form reference reads so ("X (2025-03-14)").
  const taken = new Set(listed.items.filter((r) => r.item.id !== me.id).map((r) => asFileName(r.item)));
  for (const precision of [0, 1, 2] as const) {
    const mine = stamp(me.created, precision);
    const name = `${base} (${mine})`;
    if (mine && others.every((o) => stamp(o.created, precision) !== mine) && !taken.has(fileName(name).toLowerCase())) return name;
  }
  return `${base} (${me.id})`;
}

/** A summary PDF's file name: `BUDGET-2025 – summary.pdf` (`word` is "summary" in the display language), safe on every system. */
export function summaryFileName(s: NamedSubmission, listed: ListedSubmissions, word: string): string {
  return fileName(`${submissionStem(s, listed)} – ${word}.pdf`);
}

/** A submission's folder of Download All: named as its files are, safe on every system. */
export function submissionFolderName(s: NamedSubmission, listed: ListedSubmissions): string {
  return fileName(submissionStem(s, listed), 'submission');
}
