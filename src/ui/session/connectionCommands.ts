import * as vscode from 'vscode';
import { accountKey, accountOf, connectionNameProblem, MAX_CONNECTIONS, type Connection, type Logger } from '../../core';
import type { Connections } from './connections';
import type { Secrets } from './secrets';
import type { SessionInUse } from './sessionInUse';
import type { Sessions } from './sessions';
import type { SignOutParts } from './signOut';
import type { InputHolder, UserInput } from '../input/userInput';
import { userNameProblem } from './account';
import { connectionItems, connectionName, connectionWhere } from './connectionText';
import { checkBaseUrl, readSettings } from './settings';
import { signIn } from './signIn';

/**
 * Add, Edit, Rename, Remove and Switch Connection… (the user's connections,
 * kept in the user settings) and signing in: bundled apart, loaded on first
 * use through connectionPart.ts.
 */

/** What the connection commands work with; what is kept per account (drafts, notices, the Explorer's records) only as far as removing it. */
export interface ConnectionParts {
  readonly connections: Connections;
  readonly sessions: Sessions;
  readonly session: SessionInUse;
  readonly secrets: Secrets;
  readonly input: InputHolder;
  readonly log: Logger;
  readonly composer: SignOutParts['drafts'] & { readonly memory: { forgetSent(accounts: readonly string[]): Promise<void> } };
  readonly announced: SignOutParts['announced'];
  readonly workspaceFiles: { readonly records: { countOf(account: string): number; forget(account: string): Promise<void> } };
}

/** Signs in to `c`'s connection (asking for its password and key). */
export function signInTo(deps: ConnectionParts, c: Connection): Promise<boolean> {
  const session = deps.sessions.get(c.id);
  if (!session) return Promise.resolve(false);
  return signIn({ session, connections: deps.connections, secrets: deps.secrets, ui: deps.input.current, log: deps.log });
}

/**
 * Add Connection…: its name, address and user name, then it becomes the
 * workspace's connection and is signed in to. An account that is already a
 * connection is not added twice.
 */
export async function addConnection(deps: ConnectionParts): Promise<boolean> {
  const t = vscode.l10n.t;
  const ui = deps.input.current;
  if (deps.connections.list.length >= MAX_CONNECTIONS) {
    void ui.info(t('There are {0} connections, as many as are used: remove one before adding another.', MAX_CONNECTIONS));
    return false;
  }
  const title = (n: number) => t('Add Connection ({0}/3)', n);
  const name = await ui.inputBox({ title: title(1), prompt: t('A name for the connection, such as "Test" or "Production"'), validate: nameProblem });
  if (typeof name !== 'string') return false;
  const place = await askPlace(deps, ui, { title: title(2) }, { title: title(3) });
  if (!place) return false;
  const added = await deps.connections.add({ name: name.trim(), ...place });
  deps.log.info(`Added the connection "${added.name}".`);
  await deps.session.switchTo(added.id);
  return signInTo(deps, added);
}

/**
 * Edit Connection…: its address and user name. The secrets stay with the
 * earlier pair (never sent to the new one): the connection signs out and
 * asks for the new pair's password and key.
 */
export async function editConnection(deps: ConnectionParts): Promise<void> {
  const t = vscode.l10n.t;
  const c = await pickConnection(deps, t('Edit Connection'));
  if (!c) return;
  const ui = deps.input.current;
  const place = await askPlace(deps, ui, { title: t('Edit {0} (1/2)', connectionName(c)), value: c.baseUrl }, { title: t('Edit {0} (2/2)', connectionName(c)), value: c.userName }, c.id);
  if (!place) return;
  if (accountKey(accountOf(place)) === accountKey(accountOf(c))) {
    if (place.baseUrl !== c.baseUrl) await deps.connections.update(c.id, place); // the same address, written otherwise
    return;
  }
  deps.sessions.expectChange(c.id);
  const edited = await deps.connections.update(c.id, place);
  deps.log.info(`The connection "${c.name}" now has another address or user name; the secrets stored for the earlier one were not sent there.`);
  if (edited) await signInTo(deps, edited);
}

export async function renameConnection(deps: ConnectionParts): Promise<void> {
  const t = vscode.l10n.t;
  const c = await pickConnection(deps, t('Rename Connection'));
  if (!c) return;
  const name = await deps.input.current.inputBox({ title: t('Rename {0}', connectionName(c)), prompt: t('The connection\'s new name'), value: c.name, validate: nameProblem });
  if (typeof name !== 'string' || name.trim() === c.name) return;
  await deps.connections.update(c.id, { name: name.trim() });
}

/**
 * Remove Connection…: its secrets, its drafts of New Submission, what its
 * notices told and the Explorer's records of its files go with it, said
 * before (with the counts) and after.
 */
export async function removeConnection(deps: ConnectionParts): Promise<void> {
  const t = vscode.l10n.t;
  const c = await pickConnection(deps, t('Remove Connection'));
  if (!c) return;
  const account = accountKey(accountOf(c))!;
  const drafts = deps.composer.typedDrafts([account]);
  const records = deps.workspaceFiles.records.countOf(account);
  const also = [
    drafts === 0 ? undefined : drafts === 1 ? t('its 1 draft of New Submission') : t('its {0} drafts of New Submission', drafts),
    records === 0 ? undefined : records === 1 ? t('what the Explorer shows of 1 file sent or archived') : t('what the Explorer shows of {0} files sent or archived', records),
  ].filter((x): x is string => x !== undefined);
  const detail = [t('Its stored password and API key are removed.'), also.length ? t('Also removed: {0}.', also.join(t(' and '))) : undefined].filter(Boolean).join(' ');
  const action = t('Remove');
  if ((await deps.input.current.confirm(t('Remove the connection {0} ({1})?', connectionName(c), connectionWhere(c)), detail, action)) !== action) return;
  deps.sessions.expectRemoval(c.id);
  await deps.connections.remove(c.id);
  await deps.secrets.clear(accountOf(c));
  await deps.announced.forget([account]);
  await deps.workspaceFiles.records.forget(account);
  const discarded = await deps.composer.discardDrafts([account]);
  // The cover notes and data of its submissions, which Send Again With… would offer.
  await deps.composer.memory.forgetSent([account]);
  deps.log.info(`Removed the connection "${c.name}" with its password and API key, ${discarded} draft(s) and ${records} Explorer record(s).`);
  const gone = [t('its password and API key'), ...(discarded ? [discarded === 1 ? t('1 draft') : t('{0} drafts', discarded)] : []), ...(records ? [records === 1 ? t('1 Explorer record') : t('{0} Explorer records', records)] : [])];
  void deps.input.current.info(t('Removed the connection {0} with {1}.', connectionName(c), gone.join(', ')));
}

/** Switch Connection…: the workspace's connection, chosen among all; kept for this workspace. */
export async function switchConnection(deps: ConnectionParts): Promise<void> {
  const t = vscode.l10n.t;
  const list = deps.connections.list;
  if (list.length === 0) {
    await addConnection(deps);
    return;
  }
  const picked = await deps.input.current.quickPick(connectionItems(list, deps.session.connection?.id), { title: t('Switch Connection'), placeHolder: t('The connection this workspace uses') });
  if (typeof picked !== 'object') return;
  await deps.session.switchTo(picked.connection.id);
  deps.log.info(`This workspace now uses the connection "${picked.connection.name}".`);
}

/** The connection a command acts on: asked when there are several (the workspace's first), else the one there is. */
async function pickConnection(deps: ConnectionParts, title: string): Promise<Connection | undefined> {
  const list = deps.connections.list;
  if (list.length <= 1) {
    if (list.length === 0) void deps.input.current.info(vscode.l10n.t('There is no connection yet: add one with Add Connection….'));
    return list[0];
  }
  const picked = await deps.input.current.quickPick(connectionItems(list, deps.session.connection?.id), { title });
  return typeof picked === 'object' ? picked.connection : undefined;
}

/** Asks a connection's address and user name; refuses the account of another connection (`except` is the one edited). */
async function askPlace(deps: ConnectionParts, ui: UserInput, url: { title: string; value?: string }, user: { title: string; value?: string }, except?: string): Promise<{ baseUrl: string; userName: string } | undefined> {
  const t = vscode.l10n.t;
  const insecure = readSettings().allowInsecureHttp;
  const baseUrl = await ui.inputBox({
    ...url, prompt: t('Address of the service, including its path prefix'), placeHolder: 'https://dsas.example.com/service/v1.1',
    validate: (v) => checkBaseUrl(v.trim(), insecure),
  });
  if (typeof baseUrl !== 'string') return undefined;
  const taken = (name: string) => deps.connections.list.find((c) => c.id !== except && accountKey(accountOf(c)) === accountKey({ baseUrl: baseUrl.trim(), username: name.trim() }));
  const userName = await ui.inputBox({
    ...user, prompt: t('User name of your account there'),
    validate: (v) => userNameProblem(v) ?? (taken(v) ? t('The connection {0} has this address and user name already.', connectionName(taken(v)!)) : undefined),
  });
  if (typeof userName !== 'string') return undefined;
  return { baseUrl: baseUrl.trim(), userName: userName.trim() };
}

function nameProblem(v: string): string | undefined {
  const t = vscode.l10n.t;
  switch (connectionNameProblem(v)) {
    case 'empty': return t('Enter a name.');
    case 'long': return t('At most 200 characters.');
    case 'hidden': return t('Enter the name, without control characters or characters that reorder text.');
    default: return undefined;
  }
}
