// What the Explorer shows of one workspace file: whether it was archived
// (by this machine, or found in the archive by content) or sent, from the
// records, the archive index and the digests known so far. Plain data (no
// `vscode`): unit tests and the bench run the code the provider runs.
import type { HashAlgorithm } from '../../core';
import type { ArchiveIndex, DigestCache } from './contentIndex';
import type { FileRecord, FileState } from './fileRecords';
import { AS_SENT, type Responses, type SentNews } from './sentStates';

export type { Responses };

export interface FileFacts {
  /** The archive file it equals, or the one it was archived as. */
  readonly archived?: { readonly fileId: string; readonly title: string; readonly changed: boolean };
  /** The submission it was sent in, and what is known of it: its state and its responses (unknown after a change of state learned without them). */
  readonly sent?: { readonly submissionId: string; readonly formReference: string; readonly state?: string; readonly responses?: Responses };
  /** Digests still to compute before the answer is complete. */
  readonly pending: readonly HashAlgorithm[];
}

export interface LookupSources {
  readonly digests: DigestCache;
  readonly archive: ArchiveIndex;
  /** What the extension learned of a submission since it was sent, if anything. */
  readonly submission: (submissionId: string) => SentNews | undefined;
}

const same = (a: FileState, b: FileState) => a.size === b.size && a.mtimeMs === b.mtimeMs;

/** The facts about file `path` in version `state`, given its record. Reads nothing: digests not yet known are listed as pending. */
export function lookUp(src: LookupSources, path: string, state: FileState, record: FileRecord | undefined): FileFacts {
  const pending = new Set<HashAlgorithm>();
  const digest = (algorithm: HashAlgorithm): string | undefined => {
    const d = src.digests.peek(path, state, algorithm);
    if (d === undefined) pending.add(algorithm);
    return d;
  };

  // Same content as an archive file: sizes first, a digest only for an archive file of the same size.
  let match: { fileId: string; title: string } | undefined;
  for (const c of src.archive.candidates(state.size)) {
    if (digest(c.algorithm) !== c.hex) continue;
    // The first listed, unless another is the one archived from here.
    if (!match || c.id === record?.archived?.fileId) match = { fileId: c.id, title: c.title };
  }

  let archived: FileFacts['archived'] = match && { ...match, changed: false };
  const a = record?.archived;
  if (!archived && a) {
    // Touched but not changed: the same digest as when it was archived.
    const changed = same(a, state) ? false : a.size !== state.size || !a.digest ? true : digestDiffers(digest(a.digest.algorithm), a.digest.hex);
    if (changed !== undefined) archived = { fileId: a.fileId, title: a.title, changed };
  }

  const s = record?.sent;
  // Nothing learned since sending: as it was sent, none of its recipients responded.
  const news = s && (src.submission(s.submissionId) ?? { responses: { responded: 0, involved: s.recipients } });
  const sent = s && { submissionId: s.submissionId, formReference: s.formReference, state: news?.state, responses: news?.responses };
  return { archived, sent, pending: [...pending] };
}

function digestDiffers(now: string | undefined, then: string): boolean | undefined {
  return now === undefined ? undefined : now !== then;
}

/**
 * The badge and tooltip; `t` localises, `clean` makes service text safe for a
 * tooltip; `on`: the name of the connection the facts are of, said when
 * there are several ("Archived as Lease on Test").
 */
export function decorationOf(f: FileFacts, t: (text: string, ...args: (string | number)[]) => string, clean: (s: string) => string, on?: string): { badge: string; tooltip: string; changed: boolean } | undefined {
  if (!f.archived && !f.sent) return undefined;
  const lines: string[] = [];
  if (f.archived) {
    const title = clean(f.archived.title);
    if (on === undefined) lines.push(f.archived.changed ? t('Changed since it was archived as {0}', title) : t('Archived as {0}', title));
    else lines.push(f.archived.changed ? t('Changed since it was archived as {0} on {1}', title, clean(on)) : t('Archived as {0} on {1}', title, clean(on)));
  }
  if (f.sent) lines.push(sentLine(f.sent, t, clean, on));
  return { badge: `${f.archived ? 'A' : ''}${f.sent ? 'S' : ''}`, tooltip: lines.join('\n'), changed: f.archived?.changed === true };
}

/**
 * "Sent in BUDGET-2025 · 0/1 responded", "… · COMPLETED", "… · COMPLETED · 1/1
 * responded": the state as the row says it, unless it is PENDING with the
 * responses known (which say more), and the responses when they are known.
 */
function sentLine(s: NonNullable<FileFacts['sent']>, t: (text: string, ...args: (string | number)[]) => string, clean: (s: string) => string, on: string | undefined): string {
  const parts = [on === undefined ? t('Sent in {0}', clean(s.formReference)) : t('Sent in {0} on {1}', clean(s.formReference), clean(on))];
  if (s.state && !(s.state === AS_SENT && s.responses)) parts.push(clean(s.state));
  if (s.responses) parts.push(t('{0}/{1} responded', s.responses.responded, s.responses.involved));
  return parts.join(' · ');
}
