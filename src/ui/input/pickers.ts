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

/** How a picker lists one kind of row: the rows' list, its items, and what the entry to type an id says. */
interface RowPicker<T> {
  readonly loading: string;
  fetch(signal: AbortSignal): Promise<readonly T[]>;
  item(row: T): vscode.QuickPickItem;
  readonly title: string;
  readonly enterId: string;
  readonly idPrompt: string;
}

/**
 * For commands run from the palette, where no tree row was passed: a quick
 * pick of the rows the view already loaded (else a fresh list), with a way to
 * type an id.
 */
async function pickRow<T>(ui: UserInput, view: LoadedRows<T>, placeHolder: string, p: RowPicker<T>): Promise<T | { readonly id: string } | undefined> {
  const list = view.loaded && view.items.length
    ? view.items.map((r) => r.item)
    : await withCancellableProgress(p.loading, (_p, signal) => p.fetch(signal));
  const enterId = { label: p.enterId, alwaysShow: true, row: undefined };
  const picked = await ui.quickPick([...list.map((row) => ({ ...p.item(row), row: row as T | undefined })), enterId], { title: p.title, placeHolder });
  if (picked === undefined || picked === BACK) return undefined;
  if (picked.row !== undefined) return picked.row;
  const id = await askId(ui, p.idPrompt);
  return id === undefined ? undefined : { id };
}

export function pickSubmission(ui: UserInput, client: ServiceClient, view: LoadedRows<SubmissionListItem>, placeHolder: string): Promise<SubmissionListItem | { readonly id: string; readonly formReference?: undefined } | undefined> {
  return pickRow(ui, view, placeHolder, {
    loading: vscode.l10n.t('Loading submissions…'),
    fetch: (signal) => client.listSubmissions({ signal }),
    item: (s) => ({
      label: oneLine(s.formReference) || s.id,
      description: s.id,
      detail: [s.primaryRecipient ? oneLine(s.primaryRecipient.name || s.primaryRecipient.email) : '', formatTime(s.created), stateOfCompleted(s.completed) ?? ''].filter(Boolean).join(' · '),
    }),
    title: vscode.l10n.t('Submissions'),
    enterId: vscode.l10n.t('$(edit) Enter a submission id…'),
    idPrompt: vscode.l10n.t('Submission id'),
  });
}

export function pickArchiveFile(ui: UserInput, client: ServiceClient, view: LoadedRows<ArchiveListItem>, placeHolder: string): Promise<ArchiveListItem | { readonly id: string; readonly name?: undefined } | undefined> {
  return pickRow(ui, view, placeHolder, {
    loading: vscode.l10n.t('Loading the archive…'),
    fetch: (signal) => client.listArchive({ signal }),
    item: (f) => ({ label: oneLine(f.title) || oneLine(f.name) || f.id, description: `${oneLine(f.name)} · ${f.id}` }),
    title: vscode.l10n.t('Archive'),
    enterId: vscode.l10n.t('$(edit) Enter a file id…'),
    idPrompt: vscode.l10n.t('File id'),
  });
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
