import * as vscode from 'vscode';
import { isServiceError, type Logger } from '../core';
import { describeError, isCancellation, NotSignedInError } from './errorText';
import type { InputHolder } from './userInput';

/**
 * Registers a command wrapped in the one error handler every command shares:
 * a readable message with a Show Log action (and Sign In where that helps),
 * silence on cancel, the full detail in the log.
 */
export function registerCommand(
  context: vscode.ExtensionContext,
  deps: { log: Logger; input: InputHolder; session: { hasReported(e: unknown): boolean } },
  id: string,
  handler: (...args: unknown[]) => unknown,
): void {
  context.subscriptions.push(vscode.commands.registerCommand(id, async (...args: unknown[]) => {
    try {
      return await handler(...args);
    } catch (e) {
      if (isCancellation(e)) {
        deps.log.info(`${id}: cancelled`);
        return undefined;
      }
      const detail = isServiceError(e) ? `${e.kind}${e.status ? ` ${e.status}` : ''}${e.operation ? ` (${e.operation})` : ''}: ${e.message}` : e instanceof Error ? e.stack ?? e.message : String(e);
      deps.log.error(`${id} failed: ${detail}`);
      if (deps.session.hasReported(e)) return undefined; // the session signed out and told the user why
      const showLog = vscode.l10n.t('Show Log');
      const signIn = vscode.l10n.t('Sign In');
      const needsSignIn = e instanceof NotSignedInError || isServiceError(e, 'unauthorized') || isServiceError(e, 'keyRefused');
      const actions = needsSignIn ? [signIn, showLog] : [showLog];
      void deps.input.current.error(describeError(e), ...actions).then((a) => {
        if (a === showLog) void vscode.commands.executeCommand('dsas.showLog');
        if (a === signIn) void vscode.commands.executeCommand('dsas.signIn');
      });
      return undefined;
    }
  }));
}
