import * as vscode from 'vscode';
import { HEADER_VALUE, isServiceError, textProblem, type ArchiveListItem, type Created, type LocalSource } from '../../core';
import type { Deps } from '../deps';
import { problemText } from '../problemText';
import { withCancellableProgress, type TaskProgress } from '../progress';
import { oneLine } from '../text';
import { listedIds, reportUnknownOutcome, type ArrivalCheck } from '../unknownOutcome';

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
export async function uploadToArchive(deps: Deps, u: ArchiveUpload): Promise<Created | undefined> {
  const client = deps.session.client;
  const arrival = archiveArrival(deps, u.title, u.name, u.notSent ?? 0);
  let before: ReadonlySet<string> | undefined;
  try {
    return await withCancellableProgress(u.progress, async (p, signal) => {
      const { source, size } = await u.source(p, signal);
      // What is there already, so that after an unknown outcome a new arrival can be told from an old one.
      before = await listedIds(arrival, signal);
      return client.uploadArchiveFile({ ...source, title: u.title }, { signal, onProgress: (sent, total) => p.bytes(sent, total || size) });
    });
  } catch (e) {
    if (isServiceError(e) && e.outcomeUnknown) return void (await reportUnknownOutcome(deps.input.current, deps.log, e, before, arrival));
    throw e;
  }
}

/** How an uploaded file is recognised in the archive after an unknown outcome: by its title and name. */
export function archiveArrival(deps: Deps, title: string, name: string, notSent: number): ArrivalCheck<ArchiveListItem> {
  const t = vscode.l10n.t;
  const shown = oneLine(title);
  const rest = notSent > 0 ? ` ${t('The other {0} file(s) were not sent.', notSent)}` : '';
  return {
    list: (signal) => deps.session.client.listArchive({ signal }),
    id: (f) => f.id,
    matches: (f) => f.title === title && (f.name === '' || f.name === name),
    // The archive list has no dates: of several matching files, the first listed is reported.
    newestFirst: (l) => l,
    reveal: async (id) => {
      await deps.archive.refresh();
      await deps.archive.reveal(id);
    },
    text: {
      arrived: (f) => t('The archive received "{0}": it is file {1}. Do not upload it again.', shown, f.id) + rest,
      absent: (seconds) => t('The archive did not receive "{0}": no new file of that title appeared in it within {1} seconds. You can upload it again.', shown, seconds) + rest,
      uncertain: (f, n) => t('The archive has {0} file(s) titled "{1}" (file {2} first). The list from before sending could not be read, so it is not known whether one of them is the one just sent.', n, shown, f.id) + rest,
      unchecked: () => t('The archive could not be read either: check it before uploading "{0}" again.', shown) + rest,
    },
  };
}
