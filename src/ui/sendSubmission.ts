import * as vscode from 'vscode';
import { documentAt, isServiceError, type Created, type NewSubmission, type SubmissionListItem } from '../core';
import type { Deps } from './deps';
import { formatTime } from './format';
import type { LocalFile } from './localFiles';
import { reached } from './milestones';
import { withCancellableProgress } from './progress';
import { oneLine } from './text';
import { listedIds, reportUnknownOutcome, type ArrivalCheck } from './unknownOutcome';

/** What is sent: the package fields and options, and the documents (each checked once, when chosen). */
export interface Outgoing extends Omit<NewSubmission, 'documents'> {
  readonly documents: readonly LocalFile[];
}

/**
 * Sends a new submission with progress and Cancel, the one way every sending
 * path sends. Once sent, the new row is revealed and the user told; an
 * unknown outcome is checked against the list from before sending, never
 * sent again. Returns what the service created, or undefined when the
 * outcome was unknown (the user was told what the list shows).
 */
export async function sendSubmission(deps: Deps, s: Outgoing): Promise<Created | undefined> {
  const client = deps.session.client;
  const total = s.documents.reduce((n, d) => n + d.size, 0);
  const arrival = submissionArrival(deps, s.formReference);
  let before: ReadonlySet<string> | undefined;
  let created: Created;
  try {
    created = await withCancellableProgress(vscode.l10n.t('Sending "{0}"…', s.formReference), async (p, signal) => {
      // What is there already, so that after an unknown outcome a new arrival can be told from an old one.
      before = await listedIds(arrival, signal);
      return client.createSubmission({
        formReference: s.formReference,
        recipients: s.recipients,
        coverNote: s.coverNote,
        data: s.data,
        documents: s.documents.map((d) => ({ file: d.file, name: d.name })),
        options: s.options,
      }, { signal, onProgress: (sent, all) => p.bytes(sent, all || total, documentLabel(s.documents, sent, Math.max(0, all - total))) });
    });
  } catch (e) {
    if (isServiceError(e) && e.outcomeUnknown) {
      await reportUnknownOutcome(deps.input.current, deps.log, e, before, arrival);
      return undefined;
    }
    throw e;
  }
  deps.log.info(`Submission ${created.id} sent with ${s.documents.length} document(s), ${total} bytes.`);
  reached('sentSubmission');
  void deps.workspaceFiles.sent(created.id, s).catch((e: unknown) => deps.log.warn(`Recording the sent documents failed: ${String(e)}`));
  await deps.submissions.reveal(created.id); // fetches the list again: the new id is not in it yet
  void deps.input.current.info(vscode.l10n.t('Submission "{0}" was sent (id {1}).', s.formReference, created.id));
  return created;
}

/** The document going out, for the progress line: `"annex.csv" (2 of 3)`. */
function documentLabel(documents: readonly LocalFile[], sent: number, overhead: number): string | undefined {
  if (documents.length === 0) return undefined;
  const i = documentAt(sent, overhead, documents.map((d) => d.size));
  return vscode.l10n.t('"{0}" ({1} of {2})', oneLine(documents[i].name), i + 1, documents.length);
}

/** How a new submission is recognised in the list after an unknown outcome: by its form reference. */
function submissionArrival(deps: Deps, formReference: string): ArrivalCheck<SubmissionListItem> {
  const t = vscode.l10n.t;
  const ref = oneLine(formReference);
  return {
    list: (signal) => deps.session.client.listSubmissions({ signal }),
    id: (s) => s.id,
    matches: (s) => s.formReference === formReference,
    newestFirst: (l) => [...l].sort((a, b) => (b.created.date?.getTime() ?? 0) - (a.created.date?.getTime() ?? 0)),
    reveal: (id) => deps.submissions.reveal(id),
    text: {
      arrived: (s) => t('The service received "{0}": it is submission {1}, created {2}. Do not send it again.', ref, s.id, formatTime(s.created)),
      absent: (seconds) => t('The service did not receive "{0}": no new submission of that name appeared in the list within {1} seconds. You can send it again.', ref, seconds),
      uncertain: (s, n) => t('The list has {0} submission(s) named "{1}"; the newest is {2}, created {3}. The list from before sending could not be read, so it is not known whether that one is the one just sent: compare its time before sending again.', n, ref, s.id, formatTime(s.created)),
      unchecked: () => t('The list of submissions could not be read either: check it before sending "{0}" again.', ref),
    },
  };
}
