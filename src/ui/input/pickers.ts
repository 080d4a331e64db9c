import * as vscode from 'vscode';
import { identifierProblem, stateOfCompleted, type ArchiveListItem, type ServiceClient, type SubmissionListItem } from '../../core';
import { problemText } from '../text/problemText';
import { formatTime } from '../text/format';
import { oneLine } from '../text/text';
import { withCancellableProgress } from './progress';
import { BACK, type UserInput } from './userInput';

/** The rows a view already loaded (a tree), so that a picker does not fetch them again. */
export interface LoadedRows<T> {
  readonly loaded: boolean;
  readonly items: readonly { readonly item: T }[];
}

/**
 * For commands run from the palette, where no tree row was passed: a quick
 * pick of the submissions, or of the archive files, with a way to type an id.
 */
export async function pickSubmission(ui: UserInput, client: ServiceClient, view: LoadedRows<SubmissionListItem>, placeHolder: string): Promise<SubmissionListItem | { readonly id: string; readonly formReference?: undefined } | undefined> {
  // The rows the view already loaded, else a fresh list.
  const list = view.loaded && view.items.length
    ? view.items.map((r) => r.item)
    : await withCancellableProgress(vscode.l10n.t('Loading submissions…'), (_p, signal) => client.listSubmissions({ signal }));
  const enterId = { label: vscode.l10n.t('$(edit) Enter a submission id…'), alwaysShow: true, item: undefined };
  const items = [
    ...list.map((s) => ({
      label: oneLine(s.formReference) || s.id,
      description: s.id,
      detail: [s.primaryRecipient ? oneLine(s.primaryRecipient.name || s.primaryRecipient.email) : '', formatTime(s.created), stateOfCompleted(s.completed) ?? ''].filter(Boolean).join(' · '),
      item: s as SubmissionListItem | undefined,
    })),
    enterId,
  ];
  const picked = await ui.quickPick(items, { title: vscode.l10n.t('Submissions'), placeHolder });
  if (picked === undefined || picked === BACK) return undefined;
  if (picked.item) return picked.item;
  const id = await askId(ui, vscode.l10n.t('Submission id'));
  return id === undefined ? undefined : { id };
}

export async function pickArchiveFile(ui: UserInput, client: ServiceClient, view: LoadedRows<ArchiveListItem>, placeHolder: string): Promise<ArchiveListItem | { readonly id: string; readonly name?: undefined } | undefined> {
  const list = view.loaded && view.items.length
    ? view.items.map((r) => r.item)
    : await withCancellableProgress(vscode.l10n.t('Loading the archive…'), (_p, signal) => client.listArchive({ signal }));
  const enterId = { label: vscode.l10n.t('$(edit) Enter a file id…'), alwaysShow: true, item: undefined };
  const items = [
    ...list.map((f) => ({ label: oneLine(f.title) || oneLine(f.name) || f.id, description: `${oneLine(f.name)} · ${f.id}`, item: f as ArchiveListItem | undefined })),
    enterId,
  ];
  const picked = await ui.quickPick(items, { title: vscode.l10n.t('Archive'), placeHolder });
  if (picked === undefined || picked === BACK) return undefined;
  if (picked.item) return picked.item;
  const id = await askId(ui, vscode.l10n.t('File id'));
  return id === undefined ? undefined : { id };
}

async function askId(ui: UserInput, prompt: string): Promise<string | undefined> {
  const v = await ui.inputBox({
    prompt,
    // The client's own rule: any other string is a usable id (it is escaped in the path).
    validate: (x) => {
      const problem = identifierProblem(x.trim());
      return problem && `${problemText(problem)} ${vscode.l10n.t('Enter the id as the service shows it.')}`;
    },
  });
  return typeof v === 'string' ? v.trim() : undefined;
}
