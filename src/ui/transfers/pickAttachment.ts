import * as vscode from 'vscode';
import type { Attachment, SubmissionDetail } from '../../core';
import { pickSubmission } from '../input/pickers';
import { withCancellableProgress } from '../input/progress';
import { oneLine } from '../text/text';
import { BACK } from '../input/userInput';
import { describeSubmission, type SubmissionAsking } from '../submissions/whichSubmission';
import type { Session } from '../session/session';
import { rowsOf } from '../session/whichConnection';

/** The words of the two questions, in the terms of the command asking. */
export interface AttachmentQuestion {
  /** The quick pick's title: the command's name. */
  readonly title: string;
  readonly submission: string;
  readonly attachment: string;
}

/** From the palette: a submission of `session`'s connection, then one of its attachments; the submission's detail comes with it. */
export async function pickAttachment(deps: SubmissionAsking, session: Session, words: AttachmentQuestion): Promise<{ submission: SubmissionDetail; attachment: Attachment } | undefined> {
  const ui = deps.input.current;
  const s = await pickSubmission(ui, session.client, rowsOf(deps.submissions, session, deps.session.current), words.submission);
  if (!s) return undefined;
  const client = session.client;
  const detail = await withCancellableProgress(vscode.l10n.t('Loading {0}…', describeSubmission(s, deps.submissions)), (_p, signal) => client.getSubmission(s.id, { signal }));
  if (detail.attachments.length === 0) {
    void ui.info(vscode.l10n.t('Submission {0} has no attachments.', describeSubmission(detail, deps.submissions)));
    return undefined;
  }
  const picked = await ui.quickPick(
    detail.attachments.map((a) => ({ label: oneLine(a.name) || a.id, description: a.id, attachment: a })),
    { title: words.title, placeHolder: words.attachment },
  );
  if (picked === undefined || picked === BACK) return undefined;
  return { submission: detail, attachment: picked.attachment };
}
