import * as vscode from 'vscode';
import {
  archiveRule, DETAILS_PER_CHECK, sourceFile,
  type ArchiveListItem, type ArchiveWhy, type CheckedFile, type LocalSource, type SentFile, type ServiceClient,
} from '../../core';
import { counted } from '../transfers/bulkRules';
import { oneLine } from '../text/text';
import type { ArrivalCheck } from '../transfers/unknownOutcome';

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
 * the archive of `client`, which sent it; `reveal` takes in one found.
 */
export function archiveArrival(client: ServiceClient, sent: SentFile, notSent: number, reveal: (id: string) => Promise<void>): ArrivalCheck<ArchiveListItem, ArchiveWhy> {
  const t = vscode.l10n.t;
  const shown = oneLine(sent.title);
  const rest = notSent > 0 ? ` ${counted(t, notSent, 'The other file was not sent.', 'The other {0} files were not sent.')}` : '';
  return {
    list: (signal) => client.listArchive({ signal }),
    rule: archiveRule(sent, (id, signal) => client.getArchiveFile(id, { signal })),
    // The archive list has no dates: of several matching files, the first listed is reported.
    newestFirst: (l) => l,
    reveal,
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
