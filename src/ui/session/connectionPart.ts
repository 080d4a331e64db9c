import { Cmd } from '../commands/commandIds';
import { noArgs, type CommandRunner } from '../commands/commandRunner';
import { partApart } from '../partApart';
import type { ConnectionParts } from './connectionCommands';

/**
 * Add, Edit, Rename, Remove and Switch Connection… and the sign-in's
 * questions, bundled apart (dist/connectionEditing.js, see esbuild.mjs):
 * loaded by the first of those commands or the first sign-in that asks,
 * never at activation (a session signs in with its stored secrets without them).
 */
export const connectionEditing = partApart('connectionEditing.js', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./connectionCommands') as typeof import('./connectionCommands');
});

/** Add, Edit, Rename, Remove and Switch Connection…: the user's connections, kept in the user settings. */
export function registerConnectionCommands(deps: ConnectionParts & { readonly commands: CommandRunner }): void {
  const { commands } = deps;
  commands.register(Cmd.addConnection, noArgs, () => connectionEditing().addConnection(deps));
  commands.register(Cmd.editConnection, noArgs, () => connectionEditing().editConnection(deps));
  commands.register(Cmd.renameConnection, noArgs, () => connectionEditing().renameConnection(deps));
  commands.register(Cmd.removeConnection, noArgs, () => connectionEditing().removeConnection(deps));
  commands.register(Cmd.switchConnection, noArgs, () => connectionEditing().switchConnection(deps));
}
