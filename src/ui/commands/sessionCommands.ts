import * as vscode from 'vscode';
import { Cmd } from '../commandIds';
import type { Deps } from '../deps';
import { signIn } from '../signIn';
import { noArgs } from './args';

/** Sign In, Sign Out, Open Settings, Show Log. */
export function registerSessionCommands(deps: Deps): void {
  const { commands } = deps;
  commands.register(Cmd.signIn, noArgs, () => signIn({ session: deps.session, secrets: deps.secrets, ui: deps.input.current, log: deps.log }));
  commands.register(Cmd.signOut, noArgs, async () => {
    const signOut = vscode.l10n.t('Sign Out');
    const answer = await deps.input.current.confirm(vscode.l10n.t('Sign out and remove the stored password and API key?'), undefined, signOut);
    if (answer === signOut) await deps.session.signOut();
  });
  commands.register(Cmd.openSettings, noArgs, () => vscode.commands.executeCommand('workbench.action.openSettings', '@ext:dsas-tools.dsas-vscode'));
  commands.register(Cmd.showLog, noArgs, () => deps.log.show());
}
