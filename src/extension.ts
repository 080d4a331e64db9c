import * as vscode from 'vscode';

/**
 * Composition root: builds the objects the extension needs and registers
 * them. The UI arrives in later work; for now a log channel and its command.
 */
export function activate(context: vscode.ExtensionContext): void {
  const started = Date.now();
  const log = vscode.window.createOutputChannel('Document Submission', { log: true });
  context.subscriptions.push(
    log,
    vscode.commands.registerCommand('dsas.showLog', () => log.show()),
  );
  log.info(`Activated in ${Date.now() - started} ms.`);
}

export function deactivate(): void {}
