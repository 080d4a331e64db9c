import { promises as fs } from 'node:fs';
import type { ArrivalRule, Verdict } from './arrival';
import { abortReason, isServiceError } from './errors';
import type { CheckedFile } from './fileChunks';
import { hashFile, recordedHash, type HashAlgorithm } from './fileHash';
import type { ArchiveFile, ArchiveListItem, SubmissionListItem } from './models';
import type { NewRecipient } from './xml/packageFields';

// How the item just sent is told from one of the same name that someone else
// on the account sent meanwhile (another window, a colleague).

const OURS = { kind: 'ours' } as const;
const OTHER = { kind: 'other' } as const;
const unknown = <W>(why: W): Verdict<W> => ({ kind: 'unknown', why });

/** E-mail addresses as compared: without surrounding blanks, without regard to case. */
const normalEmail = (email: string): string => email.trim().toLowerCase();

/**
 * The e-mails the service may list as a submission's primary recipient: those
 * sent as PRIMARY (the first without a type is, as the package makes it; one
 * after it without a type takes the package's default, which may be PRIMARY).
 * When none was, any of them: which one the service then lists is not documented.
 */
export function primaryEmails(recipients: readonly Pick<NewRecipient, 'email' | 'type'>[]): Set<string> {
  const kinds = recipients.map((r, i) => (r.type === undefined ? (i === 0 ? 'PRIMARY' : 'default') : r.type.trim().toUpperCase()));
  const sentAsPrimary = kinds.includes('PRIMARY');
  return new Set(recipients.filter((_, i) => !sentAsPrimary || kinds[i] === 'PRIMARY' || kinds[i] === 'default').map((r) => normalEmail(r.email)));
}

/** Why a submission of the name sent cannot be told: the list does not give its primary recipient. */
export type SubmissionWhy = 'noRecipient';

/**
 * A new submission is the one sent when it has its form reference and, as
 * primary recipient, one sent as such. The sender and the created time are
 * not compared: another window on the account has the same sender, and the
 * service's clock (and the zone of its times) may differ from this machine's.
 */
export function submissionRule(sent: { readonly formReference: string; readonly recipients: readonly Pick<NewRecipient, 'email' | 'type'>[] }): ArrivalRule<SubmissionListItem, SubmissionWhy> {
  const primaries = primaryEmails(sent.recipients);
  return {
    id: (s) => s.id,
    named: (s) => s.formReference === sent.formReference,
    verify: async (s) => {
      const email = s.primaryRecipient?.email.trim();
      if (!email) return unknown('noRecipient');
      return primaries.has(normalEmail(email)) ? OURS : OTHER;
    },
  };
}

/** A file uploaded to the archive: its title and name, and the size and time it was sent with. */
export interface SentFile {
  readonly title: string;
  readonly name: string;
  readonly file: CheckedFile;
}

/**
 * Why an archive file of the title and name sent cannot be told: its detail
 * failed, gives no size or hash, or a hash of a length that names no
 * algorithm; the local file changed since it was sent; or more files of that
 * name than the check compares.
 */
export type ArchiveWhy = 'detailFailed' | 'noSize' | 'noHash' | 'unknownHash' | 'fileChanged' | 'notCompared';

/** Details fetched by one check at most (one per candidate); candidates beyond are not compared. */
export const DETAILS_PER_CHECK = 20;

/**
 * A new archive file is the one sent when it has its title and name (the list
 * gives no more) and its detail the file's size and its digest, in the
 * algorithm the length of the hash names (`fileHash.ts`). Each candidate's
 * detail is fetched once per check, at most DETAILS_PER_CHECK of them; the
 * local file is hashed once per algorithm, only when a candidate has its size.
 */
export function archiveRule(sent: SentFile, detail: (id: string, signal?: AbortSignal) => Promise<ArchiveFile>): ArrivalRule<ArchiveListItem, ArchiveWhy> {
  const verdicts = new Map<string, Promise<Verdict<ArchiveWhy>>>();
  const digests = new Map<HashAlgorithm, Promise<string | undefined>>();
  const digest = (algorithm: HashAlgorithm, signal?: AbortSignal): Promise<string | undefined> => {
    let d = digests.get(algorithm);
    if (!d) digests.set(algorithm, (d = digestIfUnchanged(sent.file, algorithm, signal)));
    return d;
  };
  const compare = async (id: string, signal?: AbortSignal): Promise<Verdict<ArchiveWhy>> => {
    let f: ArchiveFile;
    try {
      f = await detail(id, signal);
    } catch (e) {
      if (isServiceError(e, 'cancelled') || signal?.aborted) throw e;
      return unknown('detailFailed');
    }
    if (f.fullSize === undefined) return unknown('noSize');
    if (f.fullSize !== sent.file.size) return OTHER;
    const recorded = recordedHash(f.hash);
    if (recorded.algorithm === undefined) return unknown(recorded.reason === 'empty' ? 'noHash' : 'unknownHash');
    const mine = await digest(recorded.algorithm, signal);
    if (mine === undefined) return unknown('fileChanged');
    return mine === recorded.hex ? OURS : OTHER;
  };
  return {
    id: (f) => f.id,
    named: (f) => f.title === sent.title && (f.name === '' || f.name === sent.name),
    verify: (f, signal) => {
      let v = verdicts.get(f.id);
      if (!v) {
        if (verdicts.size >= DETAILS_PER_CHECK) return Promise.resolve(unknown('notCompared'));
        verdicts.set(f.id, (v = compare(f.id, signal)));
      }
      return v;
    },
  };
}

/** The file's digest, when it is still as it was sent (same size and time, before and after hashing). */
async function digestIfUnchanged(file: CheckedFile, algorithm: HashAlgorithm, signal?: AbortSignal): Promise<string | undefined> {
  const same = async () => {
    const st = await fs.stat(file.path).catch(() => undefined);
    return st?.isFile() === true && st.size === file.size && st.mtimeMs === file.mtimeMs;
  };
  if (!(await same())) return undefined;
  const hex = await hashFile(file.path, algorithm, signal).catch(() => {
    // The stream fails with its own AbortError: the check's callers expect a cancelled ServiceError.
    if (signal?.aborted) throw abortReason(signal);
    return undefined;
  });
  return hex !== undefined && (await same()) ? hex : undefined;
}
