import * as vscode from 'vscode';
import type { ArchiveListItem, SubmissionListItem } from '../core';
import type { Deps } from './deps';
import { formatTime, oneLine } from './format';
import { withCancellableProgress } from './progress';
import { BACK } from './userInput';

/**
 * For commands run from the palette, where no tree row was passed: a quick
 * pick of the submissions, or of the archive files, with a way to type an id.
 */
export async function pickSubmission(deps: Deps, placeHolder: string): Promise<SubmissionListItem | { readonly id: string; readonly formReference?: undefined } | undefined> {
  const client = deps.session.client;
  // The rows the view already loaded, else a fresh list.
  const list = deps.submissions.loaded && deps.submissions.items.length
    ? deps.submissions.items.map((r) => r.item)
    : await withCancellableProgress(vscode.l10n.t('Loading submissions…'), (_p, signal) => client.listSubmissions({ signal }));
  const enterId = { label: vscode.l10n.t('$(edit) Enter a submission id…'), alwaysShow: true, item: undefined };
  const items = [
    ...list.map((s) => ({
      label: oneLine(s.formReference) || s.id,
      description: s.id,
      detail: [s.primaryRecipient ? oneLine(s.primaryRecipient.name || s.primaryRecipient.email) : '', formatTime(s.created), s.completed === undefined ? '' : s.completed ? 'COMPLETED' : 'PENDING'].filter(Boolean).join(' · '),
      item: s as SubmissionListItem | undefined,
    })),
    enterId,
  ];
  const picked = await deps.input.current.quickPick(items, { title: vscode.l10n.t('Submissions'), placeHolder });
  if (picked === undefined || picked === BACK) return undefined;
  if (picked.item) return picked.item;
  const id = await askId(deps, vscode.l10n.t('Submission id'));
  return id === undefined ? undefined : { id };
}

export async function pickArchiveFile(deps: Deps, placeHolder: string): Promise<ArchiveListItem | { readonly id: string; readonly name?: undefined } | undefined> {
  const client = deps.session.client;
  const list = deps.archive.loaded && deps.archive.items.length
    ? deps.archive.items.map((r) => r.item)
    : await withCancellableProgress(vscode.l10n.t('Loading the archive…'), (_p, signal) => client.listArchive({ signal }));
  const enterId = { label: vscode.l10n.t('$(edit) Enter a file id…'), alwaysShow: true, item: undefined };
  const items = [
    ...list.map((f) => ({ label: oneLine(f.title) || oneLine(f.name) || f.id, description: `${oneLine(f.name)} · ${f.id}`, item: f as ArchiveListItem | undefined })),
    enterId,
  ];
  const picked = await deps.input.current.quickPick(items, { title: vscode.l10n.t('Archive'), placeHolder });
  if (picked === undefined || picked === BACK) return undefined;
  if (picked.item) return picked.item;
  const id = await askId(deps, vscode.l10n.t('File id'));
  return id === undefined ? undefined : { id };
}

async function askId(deps: Deps, prompt: string): Promise<string | undefined> {
  const v = await deps.input.current.inputBox({
    prompt,
    // eslint-disable-next-line no-control-regex
    validate: (x) => (x.trim() === '' || /[\u0000-\u001F/\\]/.test(x) ? vscode.l10n.t('Enter the id as the service shows it.') : undefined),
  });
  return typeof v === 'string' ? v.trim() : undefined;
}
