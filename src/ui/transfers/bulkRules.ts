// The rules of bulk transfers as plain data (no `vscode` import, unit-tested):
// the titles of a folder's files, the names of several downloads in one
// folder, and the words of the summary at the end (counts in words).
import { numbered, safeFileName } from '../../core';

/** How the files of an archived folder are titled. */
export type TitleRule = 'name' | 'stem' | 'relative';

/**
 * A file's archive title by `rule`, from its path below the folder the user
 * chose (either separator): its name, its name without the extension, or
 * that path written with `/`.
 */
export function titleByRule(rule: TitleRule, relative: string): string {
  const parts = relative.split(/[\\/]/).filter(Boolean);
  const name = parts[parts.length - 1] ?? '';
  if (rule === 'relative') return parts.join('/');
  if (rule === 'name') return name;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/**
 * The file whose titles show what each rule does (paths below the folder
 * chosen): one inside a subfolder, so that its path and its name differ, and
 * with an extension, so that its name and its name without it do; else the
 * best there is.
 */
export function ruleExample(relatives: readonly string[]): string {
  const inFolder = (r: string) => /[\\/]/.test(r);
  const withExtension = (r: string) => titleByRule('stem', r) !== titleByRule('name', r);
  return relatives.find((r) => inFolder(r) && withExtension(r)) ?? relatives.find(inFolder) ?? relatives.find(withExtension) ?? relatives[0] ?? '';
}

/**
 * Safe, distinct names for files saved into one folder in one go: two files
 * of the same name (attachments of two submissions) become `a.pdf` and
 * `a (1).pdf`, compared without regard to case as Windows and macOS do.
 */
export function distinctNames(names: readonly string[], fallback: (i: number) => string): string[] {
  const taken = new Set<string>();
  return names.map((raw, i) => {
    const name = safeFileName(raw, safeFileName(fallback(i)));
    let n = 0;
    let candidate = name;
    while (taken.has(candidate.toLowerCase())) candidate = numbered(name, ++n);
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** What became of the files of a bulk transfer. */
export interface TransferCounts {
  /** Saved or archived. */
  readonly done: number;
  /** Downloads: left out by the user's choice (a file of that name kept); uploads: left out of the folders chosen (a link leading out of them, a special file). */
  readonly skipped: number;
  readonly failed: number;
  /** Not tried: cancelled, or stopped after an outcome that must be checked first. */
  readonly notDone: number;
  /** Saved, but their content differs from the hash the archive recorded. */
  readonly mismatched: number;
}

/** `vscode.l10n.t` in the extension; the message with its `{n}` filled in elsewhere. */
export type Translate = (message: string, ...args: (string | number)[]) => string;

const plain: Translate = (m, ...args) => m.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)]));

/**
 * A count in words, the noun agreeing with it: `one` is the phrase for 1
 * ("1 file failed."), `many` the phrase for any other count with `{0}`
 * ("{0} files failed."). Never "file(s)".
 */
export const counted = (t: Translate, n: number, one: string, many: string): string => (n === 1 ? t(one) : t(many, n));

/**
 * The message at the end of a bulk download into `folder` (its name) or of a
 * bulk upload: only the counts that are not zero, each with its noun.
 */
export function summaryText(kind: 'download' | 'archive', c: TransferCounts, folder: string, t: Translate = plain): string {
  const done = kind === 'download'
    ? (c.done === 0 ? t('Nothing downloaded into "{0}".', folder) : c.done === 1 ? t('1 file downloaded into "{0}".', folder) : t('{0} files downloaded into "{1}".', c.done, folder))
    : (c.done === 0 ? t('Nothing archived.') : counted(t, c.done, '1 file archived.', '{0} files archived.'));
  const parts = [done];
  if (c.skipped) parts.push(counted(t, c.skipped, '1 file skipped.', '{0} files skipped.'));
  if (c.failed) parts.push(counted(t, c.failed, '1 file failed.', '{0} files failed.'));
  if (c.notDone) {
    parts.push(kind === 'download'
      ? counted(t, c.notDone, '1 file not downloaded.', '{0} files not downloaded.')
      : counted(t, c.notDone, '1 file not sent.', '{0} files not sent.'));
  }
  if (c.mismatched) {
    parts.push(counted(t, c.mismatched,
      '1 file differs from what the archive recorded (kept; the log has the digests).',
      '{0} files differ from what the archive recorded (kept; the log has the digests).'));
  }
  return parts.join(' ');
}

/** Whether the summary is a warning: something failed or differs. */
export const summaryWarns = (c: TransferCounts): boolean => c.failed > 0 || c.mismatched > 0;

/** Files failing one after another because the service is out of reach, after which a bulk transfer tries no more. */
export const UNREACHABLE_IN_A_ROW = 3;

/**
 * When a bulk transfer stops trying: once `UNREACHABLE_IN_A_ROW` files in a
 * row failed because the service could not be reached or did not answer in
 * time (the client's own retries already spent), the rest would only fail
 * the same way, each after its retries. A file done, or failing for a
 * reason of its own, ends the run.
 */
export class UnreachableRun {
  private count = 0;

  /** A file was done (or left out): the run ends. */
  done(): void {
    this.count = 0;
  }

  /** A file failed with an error of this kind (the core's `ServiceError` kind); true when the rest should not be tried. */
  failed(kind: string | undefined): boolean {
    this.count = kind === 'network' || kind === 'timeout' ? this.count + 1 : 0;
    return this.count >= UNREACHABLE_IN_A_ROW;
  }
}

/** File-system errors of the destination that every other file would meet as well. */
const DESTINATION_FAILS = new Set(['ENOSPC', 'EDQUOT', 'EROFS']);

/**
 * Whether a file that failed this way (the core's `ServiceError` kind, the
 * file system's error code) stops a bulk download at once: the disk or the
 * quota is full, or the file system read-only, so the rest would only be
 * fetched from the service to fail the same way.
 */
export function failsEveryFile(kind: string | undefined, code: string | undefined): boolean {
  return kind === 'localFile' && code !== undefined && DESTINATION_FAILS.has(code);
}
