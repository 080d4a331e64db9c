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
