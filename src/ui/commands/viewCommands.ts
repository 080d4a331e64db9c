import * as vscode from 'vscode';
import { Cmd } from '../commandIds';
import type { Deps } from '../deps';
import type { LoadMoreNode } from '../trees/nodes';
import { aLoadMoreView, aRefreshableRow, noArgs } from './args';

type ViewName = LoadMoreNode['view'];

/** Refresh (per view and per item), Filter / Clear Filter, Load More. */
export function registerViewCommands(deps: Deps): void {
  const { commands } = deps;
  commands.register(Cmd.refreshSubmissions, noArgs, () => deps.submissions.refresh());
  commands.register(Cmd.refreshArchive, noArgs, () => deps.archive.refresh());
  commands.register(Cmd.refreshItem, aRefreshableRow, async (row) => {
    // From a menu the row is passed; from a key binding, the selection is used.
    const target = row ?? deps.submissions.view.selection[0] ?? deps.archive.view.selection[0];
    if (target?.kind === 'submission') await deps.submissions.refresh(target);
    else if (target?.kind === 'archiveFile') await deps.archive.refresh(target);
  });

  commands.register(Cmd.filterSubmissions, noArgs, () => askFilter(deps, 'submissions'));
  commands.register(Cmd.clearSubmissionsFilter, noArgs, () => deps.submissions.setFilter(undefined));
  commands.register(Cmd.filterArchive, noArgs, () => askFilter(deps, 'archive'));
  commands.register(Cmd.clearArchiveFilter, noArgs, () => deps.archive.setFilter(undefined));

  commands.register(Cmd.loadMore, aLoadMoreView, (view) => {
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
