import * as vscode from 'vscode';
import { Cmd } from '../commands/commandIds';
import type { ArchiveListItem } from '../../core';
import type { CommandRunner } from '../commands/commandRunner';
import type { ListTree } from '../lists/listTree';
import type { ArchiveNode, DetailNode, LoadMoreNode } from '../lists/nodes';
import type { SubmissionsTree } from './submissionsTree';
import { isSubmissionQuickFilter, isSubmissionSort, type SubmissionQuickFilter, type SubmissionSort } from './submissionOutcome';
import { aLoadMoreView, aRefreshableRow } from '../lists/rowArgs';
import { noArgs, type ArgParser } from '../commands/commandRunner';
import type { InputHolder } from '../input/userInput';

type ViewName = LoadMoreNode['view'];

/** Where the Submissions view's order is remembered (per workspace). */
const SORT_KEY = 'dsas.submissionsSort';

/** What the views' commands are built from: the two trees (the Archive view as the list tree it is). */
export interface ViewCommandParts {
  readonly context: Pick<vscode.ExtensionContext, 'workspaceState'>;
  readonly commands: CommandRunner;
  readonly input: InputHolder;
  readonly submissions: SubmissionsTree;
  readonly archive: ListTree<ArchiveListItem, ArchiveNode, DetailNode>;
}

/** Refresh (per view and per item), Filter / Clear Filter, Sort, Show Only, Load More. */
export function registerViewCommands(deps: ViewCommandParts): void {
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
  commands.register(Cmd.clearSubmissionsFilter, noArgs, () => deps.submissions.arrange({ filter: null, quick: null }));
  commands.register(Cmd.filterArchive, noArgs, () => askFilter(deps, 'archive'));
  commands.register(Cmd.clearArchiveFilter, noArgs, () => deps.archive.setFilter(undefined));

  const remembered = deps.context.workspaceState.get<unknown>(SORT_KEY);
  if (isSubmissionSort(remembered)) deps.submissions.sortBy(remembered);
  commands.register(Cmd.sortSubmissions, aSort, async (given) => {
    const sort = given ?? await askSort(deps);
    if (sort === undefined) return;
    deps.submissions.sortBy(sort);
    await deps.context.workspaceState.update(SORT_KEY, sort);
  });
  commands.register(Cmd.showOnlySubmissions, aQuickFilter, async (given) => {
    const f = given ?? await askQuickFilter(deps);
    if (f !== undefined) deps.submissions.showOnly(f === 'all' ? undefined : f);
  });

  commands.register(Cmd.loadMore, aLoadMoreView, (more) => {
    if (more?.view === 'archive') deps.archive.loadMore(more.connectionId);
    else if (more?.view === 'submissions') deps.submissions.loadMore(more.connectionId);
  });
}

/** An order passed by a key binding or a test (`created`, `formReference`, `status`), or nothing: ask. */
const aSort: ArgParser<SubmissionSort | undefined> = ([v]) => (isSubmissionSort(v) ? v : undefined);
/** A quick filter (`pending`, `completed`, `attention`, `all`), or nothing: ask. */
const aQuickFilter: ArgParser<SubmissionQuickFilter | 'all' | undefined> = ([v]) => (v === 'all' || isSubmissionQuickFilter(v) ? v : undefined);

async function pick<K extends string>(input: InputHolder, title: string, choices: readonly [K, string][], current: K): Promise<K | undefined> {
  const items = choices.map(([key, label]) => ({ key, label, description: key === current ? vscode.l10n.t('(current)') : undefined }));
  const chosen = await input.current.quickPick(items, { title });
  return typeof chosen === 'object' ? chosen.key : undefined;
}

function askSort(deps: Pick<ViewCommandParts, 'input' | 'submissions'>): Promise<SubmissionSort | undefined> {
  return pick<SubmissionSort>(deps.input, vscode.l10n.t('Sort Submissions'), [
    ['created', vscode.l10n.t('Newest first')],
    ['formReference', vscode.l10n.t('Form reference')],
    ['status', vscode.l10n.t('Status: needs attention, pending, completed')],
  ], deps.submissions.sort);
}

function askQuickFilter(deps: Pick<ViewCommandParts, 'input' | 'submissions'>): Promise<SubmissionQuickFilter | 'all' | undefined> {
  return pick<SubmissionQuickFilter | 'all'>(deps.input, vscode.l10n.t('Show Only'), [
    ['all', vscode.l10n.t('All submissions')],
    ['pending', vscode.l10n.t('Pending')],
    ['completed', vscode.l10n.t('Completed')],
    ['attention', vscode.l10n.t('Needs attention (a rejection or clarification)')],
    ['unseen', vscode.l10n.t('Unseen responses (not looked at yet)')],
  ], deps.submissions.quickFilter ?? 'all');
}

async function askFilter(deps: Pick<ViewCommandParts, 'input' | 'submissions' | 'archive'>, view: ViewName): Promise<void> {
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
