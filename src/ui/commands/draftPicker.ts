import * as vscode from 'vscode';
import { accountInSettings } from '../account';
import { discardDraft, draftName, offeredDrafts } from '../composer/keptDrafts';
import type { Deps } from '../deps';
import { BACK } from '../userInput';

/**
 * New Submission from the palette: a new submission, a draft of this
 * account to continue ('' for new, else its id), or, with Discard a
 * Draft…, one to discard. Undefined when the user cancelled or discarded.
 */
export async function pickDraft(deps: Deps): Promise<string | undefined> {
  const t = vscode.l10n.t;
  const kept = offeredDrafts(deps.composer, accountInSettings());
  if (!kept.length) return '';
  const described = kept.map(({ id, draft: { form, sendingSince } }) => ({
    id, name: draftName(form), cutOff: sendingSince !== undefined, description: t('{0} document(s), {1} recipient(s)', form.documents.length, form.recipients.length),
  }));
  const discardItem = { label: t('$(trash) Discard a Draft…'), description: t('remove one of the drafts below from this machine'), id: undefined };
  const items = [
    { label: t('$(add) New submission…'), id: '' },
    ...described.map((d) => ({
      label: d.cutOff ? t('$(warning) Continue the draft "{0}" (being sent when the window closed: it may have arrived)', d.name) : t('$(edit) Continue the draft "{0}"', d.name),
      description: d.description, id: d.id,
    })),
    discardItem,
  ];
  const picked = await deps.input.current.quickPick(items, { title: t('New Submission'), placeHolder: t('Start a new submission, continue a draft or discard one') });
  if (picked === undefined || picked === BACK) return undefined;
  if (picked !== discardItem) return picked.id;
  const doomed = await deps.input.current.quickPick(described.map((d) => ({ label: t('$(trash) Discard the draft "{0}"', d.name), description: d.description, id: d.id })),
    { title: t('Discard a Draft'), placeHolder: t('The draft to discard'), back: true });
  if (doomed === BACK) return pickDraft(deps);
  if (doomed) await discardDraft(deps.composer, deps.input.current, doomed.id);
  return undefined;
}
