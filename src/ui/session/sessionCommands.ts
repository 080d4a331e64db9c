import * as vscode from 'vscode';
import { Cmd } from '../commands/commandIds';
import { signOut } from './signOut';
import { noArgs, type ArgParser, type CommandRunner } from '../commands/commandRunner';
import type { ConnectionParts } from './connectionCommands';
import { connectionEditing } from './connectionPart';
import { connectionName } from './connectionText';
import { ConnectionGoneError } from '../text/errorText';

/** What a root names, or the error of a connection removed since it was drawn. */
function ownConnection<T>(found: T | undefined): T {
  if (found === undefined) throw new ConnectionGoneError();
  return found;
}

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
  // A root of a connection removed meanwhile (still on screen) acts on nothing: never on the workspace's instead.
  commands.register(Cmd.signIn, aConnectionRoot, (root) => {
    const c = root ? ownConnection(deps.connections.get(root.connectionId)) : deps.session.connection;
    return c ? connectionEditing().signInTo(deps, c) : connectionEditing().addConnection(deps);
  });
  commands.register(Cmd.signOut, aConnectionRoot, (root) => {
    const session = root ? ownConnection(deps.sessions.get(root.connectionId)) : deps.session;
    const name = deps.connections.list.length > 1 ? session.connection && connectionName(session.connection) : undefined;
    return signOut({ session, input: deps.input, drafts: deps.composer, announced: deps.announced }, false, name);
  });
  commands.register(Cmd.openSettings, noArgs, () => vscode.commands.executeCommand('workbench.action.openSettings', '@ext:dsas-tools.dsas-vscode'));
  commands.register(Cmd.showLog, noArgs, () => deps.log.show());
}
