import * as vscode from 'vscode';

/**
 * Shows a tree view that is hidden, before one of its rows is revealed and
 * selected: a hidden view draws its rows again once shown, which drops a
 * selection made meanwhile. Settles once `drawn` (the workbench's next fetch
 * of its root rows) has.
 */
export async function showHidden(view: vscode.TreeView<unknown>, viewId: string, drawn: Promise<void>): Promise<void> {
  if (view.visible) return;
  await vscode.commands.executeCommand(`${viewId}.focus`);
  await drawn;
}

/** Shows the view if hidden, then reveals, selects and focuses `row`; once more after `drawn` should the workbench still hold the rows from before the change. */
export async function revealShown<T>(view: vscode.TreeView<T>, viewId: string, row: T, drawn: Promise<void>): Promise<void> {
  await showHidden(view, viewId, drawn);
  try {
    await view.reveal(row, { select: true, focus: true });
  } catch {
    await drawn;
    await view.reveal(row, { select: true, focus: true });
  }
}
