import * as vscode from 'vscode';
import { Cmd } from '../commands/commandIds';
import type { Deps } from '../deps';
import { noArgs } from '../commands/commandRunner';
import { addConnection, signInTo } from './connectionCommands';

/** Sign In, Sign Out, Open Settings, Show Log. */
export function registerSessionCommands(deps: Deps): void {
  const { commands } = deps;
  // The workspace's connection; with none yet, Add Connection… (which then signs in).
  commands.register(Cmd.signIn, noArgs, () => (deps.session.connection ? signInTo(deps, deps.session.connection) : addConnection(deps)));
  commands.register(Cmd.signOut, noArgs, () => signOut(deps));
  commands.register(Cmd.openSettings, noArgs, () => vscode.commands.executeCommand('workbench.action.openSettings', '@ext:dsas-tools.dsas-vscode'));
  commands.register(Cmd.showLog, noArgs, () => deps.log.show());
}

/** Sign Out of the workspace's connection: the account's secrets go, and with them its drafts of New Submission (recipients' addresses, authentication numbers), said before and after, and what it was told of its submissions. */
async function signOut(deps: Pick<Deps, 'session' | 'composer' | 'input' | 'announced'>): Promise<void> {
  const t = vscode.l10n.t;
  const action = t('Sign Out');
  const accounts = deps.session.signOutAccounts();
  const drafts = deps.composer.typedDrafts(accounts);
  const detail = drafts === 0 ? undefined : drafts === 1
    ? t('The 1 draft of New Submission kept for this account is discarded too.')
    : t('The {0} drafts of New Submission kept for this account are discarded too.', drafts);
  if ((await deps.input.current.confirm(t('Sign out and remove the stored password and API key?'), detail, action)) !== action) return;
  await deps.session.signOut();
  await deps.announced.forget(accounts);
  const discarded = await deps.composer.discardDrafts(accounts);
  if (discarded) void deps.input.current.info(discarded === 1 ? t('Signed out. 1 draft of New Submission was discarded.') : t('Signed out. {0} drafts of New Submission were discarded.', discarded));
}
