// Expanding a row the way the host tests do: by reveal, then waiting until the tree learned it.
import type * as vscode from 'vscode';
import { waitFor } from './fixtures';
import { log } from './helpers';

/**
 * Reveals `row` expanded until `expanded()` says the tree learned it. The
 * workbench tells the tree of an expansion by an event of its own, and a row
 * whose detail arrives at that very moment can be drawn collapsed again: then
 * the reveal is made again (at most three times, said in the log).
 */
export async function expandRow<T>(view: vscode.TreeView<T>, row: T, expanded: () => boolean, o: { select?: boolean; focus?: boolean } = {}): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await view.reveal(row, { select: o.select ?? false, focus: o.focus ?? false, expand: true });
    try {
      await waitFor('the tree to learn the row is expanded', expanded, 8000);
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
      log(`    (the row was not expanded after its reveal ${attempt}: revealed again)`);
    }
  }
}
