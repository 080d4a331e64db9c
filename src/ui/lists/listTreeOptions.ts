import type * as vscode from 'vscode';
import type { ServiceClient } from '../../core';
import { Cmd, type CommandId } from '../commands/commandIds';
import type { LoadMoreNode, TreeNode } from './nodes';
import type { ListRow } from './rowDetails';
import type { RowModel } from './rowList';

/**
 * What goes by a list view's name: the command that fetches its list again
 * (clicking a failure notice) and the context key that says a filter is set
 * (the title bar's buttons follow it in package.json).
 */
export const LIST_VIEWS: Readonly<Record<LoadMoreNode['view'], { readonly refreshCommand: CommandId; readonly filteredKey: string }>> = {
  submissions: { refreshCommand: Cmd.refreshSubmissions, filteredKey: 'dsas.submissionsFiltered' },
  archive: { refreshCommand: Cmd.refreshArchive, filteredKey: 'dsas.archiveFiltered' },
};

/** What one list view is: where its rows come from and the words it says about them. */
export interface ListTreeOptions<Item, Row extends ListRow<Item>, Child> {
  /** The view `dsas.<view>`; also what the log calls the list. */
  readonly view: LoadMoreNode['view'];
  /** For the log: "submission", "archive file". */
  readonly rowWhat: string;
  readonly model: RowModel<Item, Row>;
  fetch(client: ServiceClient, signal: AbortSignal): Promise<readonly Item[]>;
  readonly texts: {
    failed(reason: string): string;
    empty: string;
    /** No row passes the text filter (maybe empty) and the quick filter named `quick`. */
    noMatch(filter: string, quick?: string): string;
    /** The notice above the older rows shown while a refresh fails. */
    stale(reason: string): string;
  };
  /**
   * When details are fetched. `expand`: when a row is expanded (its children
   * show them), and again in the background on refresh for expanded rows.
   * `screen`: for the rows shown, whose own item shows them, and for every
   * row while a filter is set, which reads them; each row is redrawn as its
   * detail arrives.
   */
  readonly details: 'expand' | 'screen';
  /** Of the rows on screen (the pages shown), those whose detail the view's Refresh also fetches (`expand` mode). */
  refreshes?(shown: readonly Row[]): readonly Row[];
  readonly dragAndDrop?: vscode.TreeDragAndDropController<TreeNode<Row, Child>>;
}
