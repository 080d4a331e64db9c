import * as vscode from 'vscode';
import { Cmd } from '../commands/commandIds';
import type { Deps } from '../deps';
import { signIn } from './signIn';
import { signOut } from './signOut';
import { noArgs } from '../commands/commandRunner';

/** Sign In, Sign Out, Open Settings, Show Log. */
export function registerSessionCommands(deps: Deps): void {
  const { commands } = deps;
  commands.register(Cmd.signIn, noArgs, () => signIn({ session: deps.session, secrets: deps.secrets, ui: deps.input.current, log: deps.log }));
  commands.register(Cmd.signOut, noArgs, () => signOut({ session: deps.session, input: deps.input, drafts: deps.composer, announced: deps.announced }));
  commands.register(Cmd.openSettings, noArgs, () => vscode.commands.executeCommand('workbench.action.openSettings', '@ext:dsas-tools.dsas-vscode'));
  commands.register(Cmd.showLog, noArgs, () => deps.log.show());
}
