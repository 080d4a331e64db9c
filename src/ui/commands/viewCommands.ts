import * as vscode from 'vscode';
import { registerCommand } from '../commandRunner';
import type { Deps } from '../deps';
import type { ArchiveNode, LoadMoreNode, SubmissionNode } from '../trees/nodes';

type ViewName = LoadMoreNode['view'];

function kindOf(v: unknown): string | undefined {
  return typeof v === 'object' && v !== null ? String((v as { kind?: unknown }).kind) : undefined;
}

/** Refresh (per view and per item), Filter / Clear Filter, Load More. */
export function registerViewCommands(deps: Deps): void {
  const reg = (id: string, fn: (...args: unknown[]) => unknown) => registerCommand(deps.context, deps, id, fn);

  reg('dsas.refreshSubmissions', () => deps.submissions.refresh());
  reg('dsas.refreshArchive', () => deps.archive.refresh());
  reg('dsas.refreshItem', async (node?: unknown) => {
    // From a menu the row is passed; from a key binding, the selection is used.
    const target = node ?? deps.submissions.view.selection[0] ?? deps.archive.view.selection[0];
    if (kindOf(target) === 'submission') await deps.submissions.refresh(target as SubmissionNode);
    else if (kindOf(target) === 'archiveFile') await deps.archive.refresh(target as ArchiveNode);
  });

  reg('dsas.filterSubmissions', () => askFilter(deps, 'submissions'));
  reg('dsas.clearSubmissionsFilter', () => deps.submissions.setFilter(undefined));
  reg('dsas.filterArchive', () => askFilter(deps, 'archive'));
  reg('dsas.clearArchiveFilter', () => deps.archive.setFilter(undefined));

  reg('dsas.loadMore', (arg?: unknown) => {
    const view: unknown = kindOf(arg) === 'loadMore' ? (arg as LoadMoreNode).view : arg;
    if (view === 'archive') deps.archive.loadMore();
    else if (view === 'submissions') deps.submissions.loadMore();
  });
}

async function askFilter(deps: Deps, view: ViewName): Promise<void> {
  const tree = view === 'submissions' ? deps.submissions : deps.archive;
  const text = await deps.input.current.inputBox({
    title: view === 'submissions' ? vscode.l10n.t('Filter Submissions') : vscode.l10n.t('Filter Archive'),
    prompt: view === 'submissions'
      ? vscode.l10n.t('Show the submissions whose id, form reference, sender or primary recipient contains this text (empty: all)')
      : vscode.l10n.t('Show the files whose id, title, name or tags contain this text (empty: all)'),
    value: tree.filter ?? '',
  });
  if (typeof text !== 'string') return;
  tree.setFilter(text.trim() || undefined);
}
