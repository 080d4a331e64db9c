import * as vscode from 'vscode';
import { Cmd } from '../commands/commandIds';
import { signOut } from './signOut';
import { noArgs, type ArgParser, type CommandRunner } from '../commands/commandRunner';
import { addConnection, signInTo, type ConnectionParts } from './connectionCommands';

/** What Sign In, Sign Out, Open Settings and Show Log are built from. */
export interface SessionCommandParts extends ConnectionParts {
  readonly commands: CommandRunner;
  readonly log: ConnectionParts['log'] & Pick<vscode.LogOutputChannel, 'show'>;
}

/** A connection's root in a view (its Sign In and Sign Out give it), or nothing (the palette: the workspace's connection). */
const aConnectionRoot: ArgParser<{ connectionId: string } | undefined> = ([v]) => {
  const root = v as { kind?: unknown; connectionId?: unknown } | undefined;
  return root?.kind === 'connection' && typeof root.connectionId === 'string' ? { connectionId: root.connectionId } : undefined;
};

/** Sign In, Sign Out, Open Settings, Show Log. */
export function registerSessionCommands(deps: SessionCommandParts): void {
  const { commands } = deps;
  // A connection's root in a view gives its connection; else the workspace's; with none yet, Add Connection… (which then signs in).
  commands.register(Cmd.signIn, aConnectionRoot, (root) => {
    const c = (root && deps.connections.get(root.connectionId)) ?? deps.session.connection;
    return c ? signInTo(deps, c) : addConnection(deps);
  });
  commands.register(Cmd.signOut, aConnectionRoot, (root) => {
    const session = (root && deps.sessions.get(root.connectionId)) ?? deps.session;
    return signOut({ session, input: deps.input, drafts: deps.composer, announced: deps.announced });
  });
  commands.register(Cmd.openSettings, noArgs, () => vscode.commands.executeCommand('workbench.action.openSettings', '@ext:dsas-tools.dsas-vscode'));
  commands.register(Cmd.showLog, noArgs, () => deps.log.show());
}
