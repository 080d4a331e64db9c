import * as vscode from 'vscode';
import { registerCommand } from '../commandRunner';
import type { Deps } from '../deps';

/** Sign In, Sign Out, Open Settings, Show Log. */
export function registerSessionCommands(deps: Deps): void {
  const reg = (id: string, fn: (...args: unknown[]) => unknown) => registerCommand(deps.context, deps, id, fn);
  reg('dsas.signIn', () => deps.session.signIn());
  reg('dsas.signOut', async () => {
    const signOut = vscode.l10n.t('Sign Out');
    const answer = await deps.input.current.confirm(vscode.l10n.t('Sign out and remove the stored password and API key?'), undefined, signOut);
    if (answer === signOut) await deps.session.signOut();
  });
  reg('dsas.openSettings', () => vscode.commands.executeCommand('workbench.action.openSettings', '@ext:dsas-tools.dsas-vscode'));
  reg('dsas.showLog', () => deps.log.show());
}
