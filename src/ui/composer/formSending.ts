// Send in an open New Submission form: the review step first (unless the
// user switched it off), then the form reviewed is sent; the draft goes once
// it is sent.
import * as vscode from 'vscode';
import type { ComposerForm } from '../../shared/composerProtocol';
import { Cmd } from '../commands/commandIds';
import { readSettings } from '../session/settings';
import type { Entry, FormOps } from './composerEntry';
import { asOnDisk, sendForm } from './composerSend';
import { tellAccount } from './formAccount';

export async function reviewOrSend(ops: FormOps, e: Entry, posted: ComposerForm): Promise<void> {
  const parts = ops.partsFor(e);
  const listed = e.copies.documents(posted.documents);
  const form = { ...posted, documents: await asOnDisk(listed) };
  // A form other than the one reviewed is an edit (a file edited since too: the page is shown its size): kept, and reviewed again.
  if (JSON.stringify(form) !== JSON.stringify(e.form)) await ops.changed(e, form);
  if (JSON.stringify(form.documents) !== JSON.stringify(listed)) ops.post(e);
  const problems = ops.problems(e, form);
  // The page may not know yet that the account in use changed: it is told.
  if (Object.keys(problems).length) return tellAccount(parts.session, e, problems);
  const confirm = readSettings().confirmBeforeSending;
  if (confirm && JSON.stringify(e.reviewed) !== JSON.stringify(form)) {
    e.reviewed = form;
    e.host.post({ type: 'phase', phase: 'reviewing' }, true);
    return;
  }
  // Sent as it opened (Send Again With…) it is kept too: should the send fail after the tab closed, or the window close first, the draft stays, marked.
  await ops.memory.saveDraft(e.draftId, e.form, { touched: true, sendingSince: Date.now(), ...(e.touched ? {} : { edited: Date.now() }) });
  e.touched = true;
  e.sending = true;
  ops.sending.add(e.draftId);
  e.host.post({ type: 'phase', phase: 'sending' }, true);
  // The copies stay until the send is over, even if the tab closes meanwhile.
  const release = e.copies.hold();
  let message: string | undefined;
  try {
    const outcome = await parts.commands.run(Cmd.newSubmission, () => sendForm(parts, form, e.account));
    if (outcome?.sent) {
      await ops.memory.sent(outcome.account, outcome.sent.id, outcome.recipients, form);
      await ops.memory.removeDraft(e.draftId);
      if (!e.closed) e.host.panel.dispose();
      return;
    }
    message = outcome?.message ?? vscode.l10n.t('Not sent.');
  } finally {
    e.sending = false;
    ops.sending.delete(e.draftId);
    e.reviewed = undefined;
    release();
    // Over, its outcome said: no longer cut off (a draft discarded meanwhile, by Sign Out, stays discarded).
    if (ops.memory.stored(e.draftId)) await ops.memory.saveDraft(e.draftId, e.form, { sendingSince: undefined });
  }
  // Closed meanwhile: the failure was said by the send; the draft stays, offered again.
  if (!e.closed) e.host.post({ type: 'phase', phase: 'editing', message }, true);
}
