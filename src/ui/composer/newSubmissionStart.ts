// New Submission from the palette (or the Submissions view's title): how it
// starts. One question offers each kept draft of the account first, then an
// empty form, documents from the workspace or from the archive; a later step
// has a Back button, and Escape anywhere ends it without a word.
import * as vscode from 'vscode';
import { DEFAULT_PACKAGE } from '../../core';
import { accountText } from '../session/account';
import { chooseArchiveDocuments, markedFromArchive, type ArchiveChoosing } from './archiveSource';
import { advancedOf, newForm } from './formSubmission';
import { discardDraft, draftName, draftWhen, offeredDrafts } from './keptDrafts';
import type { Composer } from './composer';
import type { SessionInUse as Session } from '../session/sessionInUse';
import { iconsAsText } from '../text/text';
import { BACK } from '../input/userInput';
import { chooseDocuments } from './chooseDocuments';

/** Where a new submission starts: a kept draft (its id), an empty form, or documents chosen in the workspace or the archive. */
type Start = { readonly draft: string } | 'empty' | 'workspace' | 'archive';

/** What New Submission's start uses: the composers and their drafts, the prompts, the log, and the session whose archive is offered. */
export interface NewSubmissionStart extends ArchiveChoosing {
  readonly composer: Pick<Composer, 'memory' | 'drafts' | 'sending' | 'compose' | 'composeFrom'>;
  readonly session: Pick<Session, 'sender' | 'uses' | 'stoppedMidway' | 'signedIn' | 'account' | 'connectionAccount'>;
}

/** Opens the form the user starts from, of `deps.session`'s connection; nothing when they end the question. */
export async function startNewSubmission(deps: NewSubmissionStart): Promise<void> {
  const t = vscode.l10n.t;
  for (;;) {
    const start = await pickStart(deps);
    if (start === undefined) return;
    if (typeof start === 'object') {
      await deps.composer.compose([], deps.composer.memory.draft(start.draft), start.draft);
      return;
    }
    if (start === 'empty') {
      await deps.composer.compose([], undefined, undefined, deps.session.connectionAccount);
      return;
    }
    if (start === 'workspace') {
      const uris = await chooseDocuments(deps.input.current, deps.log, { title: t('New Submission: From the Workspace'), back: true });
      if (uris === BACK) continue;
      if (uris?.length) await deps.composer.compose(uris, undefined, undefined, deps.session.connectionAccount);
      return;
    }
    const fetched = await chooseArchiveDocuments(deps, { title: t('New Submission: From the Archive'), back: true });
    if (fetched === BACK) continue;
    if (fetched) await deps.composer.composeFrom(newForm(markedFromArchive(fetched), advancedOf(DEFAULT_PACKAGE)), { archive: fetched, account: fetched.account });
    return;
  }
}

/** The first question: a draft of this account to continue (offered first), how to start a new one, or, with Discard a Draft…, one to discard. */
async function pickStart(deps: Pick<NewSubmissionStart, 'composer' | 'input' | 'session'>): Promise<Start | undefined> {
  const t = vscode.l10n.t;
  // Named in labels, where the workbench would draw "$(…)" as an icon.
  const kept = offeredDrafts(deps.composer, deps.session.connectionAccount).map(({ id, draft }) => ({ id, name: iconsAsText(draftName(draft.form)), cutOff: draft.sendingSince !== undefined, ...draftWhen(draft) }));
  const { account } = deps.session;
  const fresh: { label: string; description: string; start?: Start }[] = [
    { label: t('$(new-file) Empty form'), description: t('add documents and recipients in the form'), start: 'empty' },
    { label: t('$(files) From the Workspace…'), description: t('documents among its files, or Browse…'), start: 'workspace' },
    { label: t('$(archive) From the Archive…'), description: deps.session.signedIn && account ? t('files of {0}', accountText(account)) : t('once signed in'), start: 'archive' },
  ];
  if (!kept.length) {
    const picked = await deps.input.current.quickPick(fresh, { title: t('New Submission'), placeHolder: t('Start the new submission from…') });
    return picked === BACK ? undefined : picked?.start;
  }
  const group = (label: string) => ({ label, kind: vscode.QuickPickItemKind.Separator, description: '', start: undefined });
  const drafts = kept.map((d) => ({
    label: d.cutOff ? t('$(warning) Continue the draft "{0}" (being sent when the window closed: it may have arrived)', d.name) : t('$(edit) Continue the draft "{0}"', d.name),
    description: d.description, detail: d.detail, start: { draft: d.id } as Start,
  }));
  const discardItem = { label: t('$(trash) Discard a Draft…'), description: t('remove one of the drafts from this machine'), start: undefined };
  const picked = await deps.input.current.quickPick([group(t('Drafts')), ...drafts, group(t('New')), ...fresh, group(''), discardItem],
    { title: t('New Submission'), placeHolder: t('Continue a draft, or start a new one') });
  if (picked === undefined || picked === BACK) return undefined;
  if (picked !== discardItem) return picked.start;
  const doomed = await deps.input.current.quickPick(kept.map((d) => ({ label: t('$(trash) Discard the draft "{0}"', d.name), description: d.description, detail: d.detail, id: d.id })),
    { title: t('Discard a Draft'), placeHolder: t('The draft to discard'), back: true });
  if (doomed === BACK) return pickStart(deps);
  if (doomed) await discardDraft(deps.composer, deps.input.current, doomed.id);
  return undefined;
}
