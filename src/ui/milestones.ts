import * as vscode from 'vscode';

/**
 * Context keys set once an action has succeeded, so that the walkthrough's
 * steps (package.json `completionEvents: onContext:…`) are ticked by what
 * was done, not by a click on a command that then failed or was cancelled.
 */
export const Milestone = {
  sentSubmission: 'dsas.sentSubmission',
  archivedFile: 'dsas.archivedFile',
} as const;

export function reached(m: keyof typeof Milestone): void {
  void vscode.commands.executeCommand('setContext', Milestone[m], true);
}
