import * as vscode from 'vscode';
import {
  archiveRule, DETAILS_PER_CHECK, HEADER_VALUE, isServiceError, sourceFile, sourceName, textProblem,
  type ArchiveListItem, type ArchiveWhy, type CheckedFile, type Created, type LocalSource, type SentFile, type ServiceClient,
} from '../../core';
import { counted } from '../transfers/bulkRules';
import type { Sender } from '../session/session';
import type { Deps } from '../deps';
import { problemText } from '../text/problemText';
import { withCancellableProgress, type TaskProgress } from '../input/progress';
import { oneLine } from '../text/text';
import { listedIds, reportUnknownOutcome, type ArrivalCheck } from '../transfers/unknownOutcome';

/** One file to put in the archive, as Archive This File and Archive This Attachment / Summary PDF send it. */
export interface ArchiveUpload {
  readonly title: string;
  /** The file name the archive records (the source's name). */
  readonly name: string;
  /** The progress notification's title. */
  readonly progress: string;
  /** Files after this one that are not sent when it fails (said in an unknown outcome's report). */
  readonly notSent?: number;
  /** The file to send and its size, made ready under the same notification (a download, for an attachment). */
  source(p: TaskProgress, signal: AbortSignal): Promise<{ readonly source: LocalSource; readonly size: number }>;
}

/** Why a title cannot be an archive file's (the client's check of the title header), for an input box. */
export function archiveTitleProblem(title: string): string | undefined {
  const code = textProblem(title, HEADER_VALUE);
  return code && problemText({ code, field: 'title' });
}

/**
 * Uploads one file under one cancellable progress notification. After an
 * unknown outcome the archive is checked and the user told what it shows
 * (`reportUnknownOutcome`, the file revealed when it arrived): undefined
 * then, never a second upload. Other failures are thrown.
 */
export async function uploadToArchive(deps: Deps, u: ArchiveUpload, { client }: Sender = deps.session.sender): Promise<Created | undefined> {
  let sent: SentFile | undefined;
  let before: ReadonlySet<string> | undefined;
  try {
    return await withCancellableProgress(u.progress, async (p, signal) => {
      const { source, size } = await u.source(p, signal);
      // What is there already, so that after an unknown outcome a new arrival can be told from an old one.
      before = await listedIds((s) => client.listArchive({ signal: s }), (f) => f.id, signal);
      const now = await checkedNow(source);
      if (now) sent = { title: u.title, name: sourceName(source), file: now };
      return client.uploadArchiveFile({ ...(now ? { file: now, name: source.name } : source), title: u.title }, { signal, onProgress: (n, total) => p.bytes(n, total || size) });
    });
  } catch (e) {
    if (isServiceError(e) && e.outcomeUnknown && sent) return void (await reportUnknownOutcome(deps.input.current, deps.log, e, before, archiveArrival(deps, client, sent, u.notSent ?? 0)));
    throw e;
  }
}

/**
 * A file as it is sent now (its size and time): the client would check a
 * changed file again too, and an archive file is compared with this after an
 * unknown outcome. Another file put in its place is not taken for it
 * (`sourceFile` keeps the file checked, which the read then refuses).
 * Undefined when it cannot be sent: the client says why.
 */
export async function checkedNow(source: LocalSource): Promise<CheckedFile | undefined> {
  return sourceFile(source).then((s) => s.file, () => undefined);
}

/** The reason an archive file of the name sent cannot be told from the one sent, as a clause. */
function whyText(why: ArchiveWhy): string {
  const t = vscode.l10n.t;
  switch (why) {
    case 'detailFailed': return t('its details could not be read');
    case 'noSize': return t('the archive gives no size for it');
    case 'noHash': return t('the archive gives no hash for it');
    case 'unknownHash': return t('its hash is not a digest the extension knows (32, 40, 64 or 128 hex digits)');
    case 'fileChanged': return t('the file sent has changed or cannot be read since, so its content cannot be compared');
    case 'notCompared': return t('more files of that title appeared than the check compares ({0})', DETAILS_PER_CHECK);
  }
}

/**
 * How an uploaded file is recognised in the archive after an unknown outcome:
 * a new file with its title and name whose detail has its size and hash, in
 * the archive of `client`, which sent it.
 */
export function archiveArrival(deps: Deps, client: ServiceClient, sent: SentFile, notSent: number): ArrivalCheck<ArchiveListItem, ArchiveWhy> {
  const t = vscode.l10n.t;
  const shown = oneLine(sent.title);
  const rest = notSent > 0 ? ` ${counted(t, notSent, 'The other file was not sent.', 'The other {0} files were not sent.')}` : '';
  return {
    list: (signal) => client.listArchive({ signal }),
    rule: archiveRule(sent, (id, signal) => client.getArchiveFile(id, { signal })),
    // The archive list has no dates: of several matching files, the first listed is reported.
    newestFirst: (l) => l,
    reveal: async (id) => {
      if (!deps.session.uses(client)) return;
      await deps.archive.refresh();
      await deps.archive.reveal(id);
    },
    text: {
      arrived: (f) => t('The archive received "{0}": it is file {1}, new since sending, with this file\'s name, size and hash. Do not upload it again.', shown, f.id) + rest,
      absent: (seconds, others) => [
        t('The archive did not receive "{0}": no new file of that title with this file\'s name, size and hash appeared in it within {1} seconds.', shown, seconds),
        ...(others > 0 ? [counted(t, others, '1 other file of that title and name holds other bytes.', '{0} other files of that title and name hold other bytes.')] : []),
        t('You can upload it again.'),
      ].join(' ') + rest,
      uncertain: (files) => (files.length === 1
        ? t('The archive has 1 file titled "{0}" with this file\'s name, size and hash (file {1}). The list from before sending could not be read, so it is not known whether it is the one just sent.', shown, files[0].id)
        : t('The archive has {0} files titled "{1}" with this file\'s name, size and hash (file {2} first). The list from before sending could not be read, so it is not known whether one of them is the one just sent.', files.length, shown, files[0].id)) + rest,
      undecided: (unknown) => {
        const why = [...new Set(unknown.map((u) => whyText(u.why)))].join('; ');
        return (unknown.length === 1
          ? t('1 new file titled "{0}" appeared in the archive (file {1}), but whether it is the one just sent cannot be told: {2}. Check before uploading it again.', shown, unknown[0].item.id, why)
          : t('{0} new files titled "{1}" appeared in the archive (file {2} first), but whether one of them is the one just sent cannot be told: {3}. Check before uploading it again.', unknown.length, shown, unknown[0].item.id, why)) + rest;
      },
      unchecked: () => t('The archive could not be read either: check it before uploading "{0}" again.', shown) + rest,
      stopped: () => t('You stopped the check: whether the archive received "{0}" is not known. Check the archive before uploading it again.', shown) + rest,
    },
  };
}
