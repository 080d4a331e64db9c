// Which connection a command acts with: the one rule every command path
// calls. A row of a view is its connection's; from the palette, the Explorer
// or a drop, the user is asked when there are several (the workspace's
// first), and never when there is one. The session found is kept by the
// command to its end, whatever the workspace switches to meanwhile.
import * as vscode from 'vscode';
import type { Connection } from '../../core';
import type { InputHolder } from '../input/userInput';
import { AccountMovedError, ConnectionGoneError, NotSignedInError } from '../text/errorText';
import { accountDigest, ownership } from './accountOwner';
import { connectionItems, connectionName } from './connectionText';
import type { Session } from './session';

/** What choosing a connection uses: the connections, their sessions, the workspace's, and the prompts. */
export interface ConnectionChoosing {
  readonly input: InputHolder;
  readonly connections: { readonly list: readonly Connection[] };
  readonly sessions: { get(id: string): Session | undefined };
  /** The workspace's connection's session (offered first); none when there is no connection. */
  readonly session: { readonly current: Session | undefined };
}

/** A row that may carry its connection (a view's row), or whatever a command got. */
export type MaybeOfConnection = { readonly connectionId?: string } | undefined;

/** The connection a row of a view belongs to; for a row under a submission or file, its parent's. */
export function connectionIdOf(row: unknown): string | undefined {
  if (typeof row !== 'object' || row === null) return undefined;
  const r = row as { connectionId?: unknown; submission?: unknown; file?: unknown };
  if (typeof r.connectionId === 'string') return r.connectionId;
  return connectionIdOf(r.submission ?? r.file);
}

/** The digest of the account a row names (a panel's document, a tab's file, a notice's submission): its own, else its submission's or file's. */
function serviceNamedBy(row: unknown): string | undefined {
  if (typeof row !== 'object' || row === null) return undefined;
  const r = row as { service?: unknown; submission?: unknown; file?: unknown };
  if (typeof r.service === 'string') return r.service;
  return serviceNamedBy(r.submission ?? r.file);
}

/** The digest of the account `session`'s connection points at now: what a panel, tab or notice opened from it notes (see accountOwner.ts). */
export function serviceNow(session: { readonly connectionAccount?: string } | undefined): string | undefined {
  const account = session?.connectionAccount;
  return account === undefined ? undefined : accountDigest(account);
}

/** What ownSession reads of a session: the account its connection points at, and that of the client it holds (none when signed out). */
interface OwnedSession {
  readonly connectionAccount?: string;
  readonly signedIn: boolean;
  readonly account?: string;
}

/**
 * The session of connection `connectionId` for something opened for the
 * account `service` names (its digest; undefined: not noted): the one rule
 * of what panels, tabs and their links fetch. Throws ConnectionGoneError
 * once the connection was removed, AccountMovedError while it points at
 * another account (Edit Connection…) or when none was noted, and
 * NotSignedInError while its session still holds another account's client
 * (pointed back a moment ago: it signs in here, or out, once it has read
 * this account's secrets; a panel then loads again).
 */
export function ownSession<S extends OwnedSession>(sessions: { get(id: string): S | undefined }, connectionId: string, service: string | undefined): S {
  const own = sessions.get(connectionId);
  if (!own) throw new ConnectionGoneError();
  const owned = ownership(service, own.connectionAccount, own.signedIn ? own.account : undefined);
  if (owned === 'switching') throw new NotSignedInError();
  if (owned !== 'own') throw new AccountMovedError(owned);
  return own;
}

/**
 * `session` handing out its client (and sender) only while ownSession still
 * holds: a command that asks where to save or what title to give fetches
 * after the answer, by when Edit Connection… may have pointed the connection
 * at another account, whose client the session then holds.
 */
function heldTo<S extends object>(session: S, stillOwn: () => unknown): S {
  return new Proxy(session, {
    get: (target, key) => {
      if (key === 'client' || key === 'sender') stillOwn();
      return Reflect.get(target, key) as unknown;
    },
  });
}

/**
 * The session a command acts with: that of `of`'s connection (a row's, a
 * panel's document's; one that names the account it was opened for only
 * while its connection still points there, see ownSession, also after the
 * command's questions, see heldTo), else, with several connections and nothing given
 * (the palette, the Explorer, a drop), the one the user picks (the
 * workspace's first, so Enter takes it; Escape: undefined, nothing more is
 * asked), else the workspace's. A row that names no connection is the
 * workspace's (the view showed it). Throws when the connection was removed,
 * or there is none at all.
 */
export async function sessionFor(deps: ConnectionChoosing, of: unknown, title: string): Promise<Session | undefined> {
  const connectionId = connectionIdOf(of);
  if (connectionId !== undefined) {
    const service = serviceNamedBy(of);
    if (service !== undefined) return heldTo(ownSession(deps.sessions, connectionId, service), () => ownSession(deps.sessions, connectionId, service));
    const own = deps.sessions.get(connectionId);
    if (!own) throw new ConnectionGoneError();
    return own;
  }
  const list = deps.connections.list;
  const inUse = deps.session.current;
  if (list.length <= 1 || of !== undefined) {
    if (!inUse) throw new NotSignedInError();
    return inUse;
  }
  const picked = await deps.input.current.quickPick(connectionItems(list, inUse?.connection.id), { title, placeHolder: vscode.l10n.t('Which connection?') });
  if (typeof picked !== 'object') return undefined;
  const chosen = deps.sessions.get(picked.connection.id);
  if (!chosen) throw new ConnectionGoneError();
  return chosen;
}

/**
 * The session of each of several rows selected together (see sessionFor):
 * rows of two connections' roots each keep their own, never the first's.
 * Undefined when a question was dismissed.
 */
export async function sessionsFor<R>(deps: ConnectionChoosing, rows: readonly R[], title: string): Promise<((row: R) => Session) | undefined> {
  const byId = new Map<string | undefined, Session>();
  for (const row of rows) {
    const id = connectionIdOf(row);
    if (byId.has(id)) continue;
    const session = await sessionFor(deps, row, title);
    if (!session) return undefined;
    byId.set(id, session);
  }
  return (row) => byId.get(connectionIdOf(row))!;
}

/** `text` with its connection's name after it when there are several (`History: Budget · Test`), as panels and decorations name it. */
export function withConnectionName(text: string, connections: { readonly list: readonly Connection[] }, connectionId: string | undefined): string {
  if (connections.list.length < 2 || connectionId === undefined) return text;
  const c = connections.list.find((x) => x.id === connectionId);
  return c ? vscode.l10n.t('{0} · {1}', text, connectionName(c)) : text;
}

/**
 * The rows a view loaded that belong to `session`'s connection (a row that
 * names none is the workspace's), for a picker to offer: another
 * connection's rows are never offered, their ids being another service's.
 */
export function rowsOf<R extends { readonly connectionId?: string }>(view: { readonly loaded: boolean; readonly items: readonly R[] }, session: Session, inUse: Session | undefined): { readonly loaded: boolean; readonly items: readonly R[] } {
  const items = view.items.filter((r) => (r.connectionId ?? inUse?.connection.id) === session.connection.id);
  return { loaded: view.loaded && items.length > 0, items };
}
