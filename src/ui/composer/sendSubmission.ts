import * as vscode from 'vscode';
import { type Created, documentAt, isServiceError, type Logger, type NewSubmission, primaryEmails, type SubmissionListItem, submissionRule, type SubmissionWhy } from '../../core';
import type { InputHolder } from '../input/userInput';
import type { Sender, Session } from '../session/session';
import type { SubmissionsTree } from '../submissions/submissionsTree';
import type { WorkspaceFiles } from '../workspace/workspaceFiles';
import { counted } from '../transfers/bulkRules';
import { formatTime } from '../text/format';
import type { LocalFile } from '../transfers/localFiles';
import { reached } from '../milestones';
import { withCancellableProgress } from '../input/progress';
import { oneLine } from '../text/text';
import { listedIds, reportUnknownOutcome, type ArrivalCheck } from '../transfers/unknownOutcome';

/** What is sent: the package fields and options, and the documents (each checked once, when chosen). */
export interface Outgoing extends Omit<NewSubmission, 'documents'> {
  readonly documents: readonly LocalFile[];
}

/** What sending uses: the session it sends with, the prompts, the log, the Submissions view (the new row revealed) and the Explorer's records. */
export interface Sending {
  readonly input: InputHolder;
  readonly log: Logger;
  /** The session of the form's connection: the new row is revealed under its root while it still uses the client sent with. */
  readonly session: Pick<Session, 'sender' | 'uses'>;
  readonly submissions: Pick<SubmissionsTree, 'reveal'>;
  readonly workspaceFiles: Pick<WorkspaceFiles, 'sent'>;
}

/**
 * Sends a new submission with progress and Cancel, the one way every sending
 * path sends. Once sent, the new row is revealed under its connection's
 * root (whichever the workspace uses) and the user told; an
 * unknown outcome is checked against the list from before sending, never
 * sent again. Returns what the service created (also when the check found
 * it received), or undefined when the outcome stays unknown (the user was
 * told what the list shows).
 */
export async function sendSubmission(deps: Sending, s: Outgoing): Promise<Created | undefined> {
  // Taken once: should the account in use change meanwhile, this one is still the one checked and recorded.
  const sender = deps.session.sender;
  const { client, account } = sender;
  const total = s.documents.reduce((n, d) => n + d.size, 0);
  const arrival = submissionArrival(deps, sender, s);
  let before: ReadonlySet<string> | undefined;
  let created: Created;
  try {
    created = await withCancellableProgress(vscode.l10n.t('Sending "{0}"…', s.formReference), async (p, signal) => {
      // What is there already, so that after an unknown outcome a new arrival can be told from an old one.
      before = await listedIds(arrival.list, arrival.rule.id, signal);
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
      const arrived = await reportUnknownOutcome(deps.input.current, deps.log, e, before, arrival);
      // Received after all (said and revealed by the check): sent, as far as the caller is concerned.
      if (arrived) recordSent(deps, arrived.id, s, account);
      return arrived && { id: arrived.id };
    }
    throw e;
  }
  deps.log.info(`Submission ${created.id} sent with ${s.documents.length} document(s), ${total} bytes.`);
  reached('sentSubmission');
  recordSent(deps, created.id, s, account);
  await revealSent(deps, sender, created.id); // fetches the list again: the new id is not in it yet
  // Its row is revealed and selected: its id, internal, need not be said.
  void deps.input.current.info(vscode.l10n.t('Submission "{0}" was sent.', s.formReference));
  return created;
}

/** The new submission's row, under the root of the connection it was sent with, while that connection still uses the client it was sent with (not after a sign-out or an edit). */
async function revealSent(deps: Pick<Sending, 'session' | 'submissions'>, sender: Sender, id: string): Promise<void> {
  if (deps.session.uses(sender.client)) await deps.submissions.reveal(id, sender.connectionId);
}

/** The Explorer's record of what was sent, for the account it went to. */
function recordSent(deps: Pick<Sending, 'workspaceFiles'>, id: string, s: Outgoing, account: string | undefined): void {
  deps.workspaceFiles.sent(id, s, account);
}

/** The document going out, for the progress line: `"annex.csv" (2 of 3)`. */
function documentLabel(documents: readonly LocalFile[], sent: number, overhead: number): string | undefined {
  if (documents.length === 0) return undefined;
  const i = documentAt(sent, overhead, documents.map((d) => d.size));
  return vscode.l10n.t('"{0}" ({1} of {2})', oneLine(documents[i].name), i + 1, documents.length);
}

/**
 * How a new submission is recognised in the list after an unknown outcome:
 * its form reference, and as primary recipient one sent as such.
 */
function submissionArrival(deps: Pick<Sending, 'session' | 'submissions'>, sender: Sender, s: Pick<Outgoing, 'formReference' | 'recipients'>): ArrivalCheck<SubmissionListItem, SubmissionWhy> {
  const t = vscode.l10n.t;
  const { client } = sender;
  const ref = oneLine(s.formReference);
  // The primary recipients looked for, as the user typed them.
  const primaries = primaryEmails(s.recipients);
  const to = [...new Set(s.recipients.map((r) => r.email.trim()).filter((e) => primaries.has(e.toLowerCase())))].map(oneLine).join(', ');
  return {
    list: (signal) => client.listSubmissions({ signal }),
    rule: submissionRule(s),
    newestFirst: (l) => [...l].sort((a, b) => (b.created.ms ?? 0) - (a.created.ms ?? 0)),
    reveal: (id) => revealSent(deps, sender, id),
    text: {
      arrived: (x) => t('The service received "{0}": it is submission {1}, created {2}, to {3}. Do not send it again.', ref, x.id, formatTime(x.created), oneLine(x.primaryRecipient?.email ?? '')),
      absent: (seconds, others) => [
        t('The service did not receive "{0}": no new submission of that name to {1} appeared in the list within {2} seconds.', ref, to, seconds),
        ...(others > 0 ? [counted(t, others, '1 other submission of that name went to another primary recipient.', '{0} other submissions of that name went to another primary recipient.')] : []),
        t('You can send it again.'),
      ].join(' '),
      uncertain: (l) => (l.length === 1
        ? t('The list has 1 submission named "{0}" to {1}: {2}, created {3}. The list from before sending could not be read, so it is not known whether that one is the one just sent: compare its time before sending again.', ref, to, l[0].id, formatTime(l[0].created))
        : t('The list has {0} submissions named "{1}" to {2}; the newest is {3}, created {4}. The list from before sending could not be read, so it is not known whether that one is the one just sent: compare its time before sending again.', l.length, ref, to, l[0].id, formatTime(l[0].created))),
      undecided: (u) => (u.length === 1
        ? t('1 new submission named "{0}" appeared ({1}, created {2}), but the list does not say its primary recipient, so whether it is the one just sent cannot be told: check it before sending again.', ref, u[0].item.id, formatTime(u[0].item.created))
        : t('{0} new submissions named "{1}" appeared (the newest is {2}, created {3}), but the list does not say their primary recipient, so whether one of them is the one just sent cannot be told: check it before sending again.', u.length, ref, u[0].item.id, formatTime(u[0].item.created))),
      unchecked: () => t('The list of submissions could not be read either: check it before sending "{0}" again.', ref),
      stopped: () => t('You stopped the check: whether the service received "{0}" is not known. Check the list of submissions before sending it again.', ref),
    },
  };
}
