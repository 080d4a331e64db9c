import * as vscode from 'vscode';
import { Cmd } from '../commands/commandIds';
import { signOut } from './signOut';
import { noArgs, type CommandRunner } from '../commands/commandRunner';
import { addConnection, signInTo, type ConnectionParts } from './connectionCommands';

/** What Sign In, Sign Out, Open Settings and Show Log are built from. */
export interface SessionCommandParts extends ConnectionParts {
  readonly commands: CommandRunner;
  readonly log: ConnectionParts['log'] & Pick<vscode.LogOutputChannel, 'show'>;
}

/** Sign In, Sign Out, Open Settings, Show Log. */
export function registerSessionCommands(deps: SessionCommandParts): void {
  const { commands } = deps;
  // The workspace's connection; with none yet, Add Connection… (which then signs in).
  commands.register(Cmd.signIn, noArgs, () => (deps.session.connection ? signInTo(deps, deps.session.connection) : addConnection(deps)));
  commands.register(Cmd.signOut, noArgs, () => signOut({ session: deps.session, input: deps.input, drafts: deps.composer, announced: deps.announced }));
  commands.register(Cmd.openSettings, noArgs, () => vscode.commands.executeCommand('workbench.action.openSettings', '@ext:dsas-tools.dsas-vscode'));
  commands.register(Cmd.showLog, noArgs, () => deps.log.show());
}
