import * as vscode from 'vscode';
import { errorDetail, type Logger } from '../../core';
import type { UserInput } from '../input/userInput';
import { Cmd } from './commandIds';

/** A notification's button: its label and what it does. */
export interface Action {
  readonly label: string;
  run(): unknown;
}

/** Show Log: the extension's log. */
export const showLogAction = (): Action => ({ label: vscode.l10n.t('Show Log'), run: () => vscode.commands.executeCommand(Cmd.showLog) });

/** Sign In (or `label`, e.g. Sign In Again). */
export const signInAction = (label = vscode.l10n.t('Sign In')): Action => ({ label, run: () => vscode.commands.executeCommand(Cmd.signIn) });

/**
 * Shows a notification of `level` with the actions given (those undefined
 * left out) and runs the one chosen; an action that fails is logged.
 */
export function notify(ui: UserInput, log: Pick<Logger, 'warn'>, level: 'info' | 'warn' | 'error', text: string, actions: readonly (Action | undefined)[] = []): Thenable<void> {
  const offered = actions.filter((a): a is Action => a !== undefined);
  return Promise.resolve(ui[level](text, ...offered.map((a) => a.label)))
    .then((label) => offered.find((a) => a.label === label)?.run())
    .then(() => undefined, (e: unknown) => log.warn(`The notification's action failed: ${errorDetail(e)}`));
}
