// The user's connections (services with an account on each) as the settings
// hold them: every entry checked before it is used, the account key that
// secrets, drafts, records and notices are kept under, and how the one
// address and user name of the earlier settings becomes a connection.
import { createHash } from 'node:crypto';
import { HEADER_VALUE, textProblem } from './validate';

/** The colours a connection may be marked with: the theme's chart colours, so that the mark follows the theme. */
export const CONNECTION_COLORS = ['charts.red', 'charts.orange', 'charts.yellow', 'charts.green', 'charts.blue', 'charts.purple'] as const;
export type ConnectionColor = (typeof CONNECTION_COLORS)[number];

/** One service and the user name used there. */
export interface Connection {
  /** Chosen once, never shown; what a workspace keeps to name its connection. */
  readonly id: string;
  readonly name: string;
  readonly baseUrl: string;
  readonly userName: string;
  readonly color?: ConnectionColor;
  /** A production service: its name is marked wherever it is shown. */
  readonly production?: boolean;
}

/** The service account secrets belong to: an address and a user name. */
export interface Account {
  readonly baseUrl: string;
  readonly username: string;
}

/**
 * The base URL as it decides where requests go: scheme and host lower-cased,
 * default port dropped, dot segments resolved (all by URL), trailing slashes
 * and any fragment dropped. Undefined when it is not a URL.
 */
export function normalisedBaseUrl(raw: string): string | undefined {
  try {
    const u = new URL(raw.trim());
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}${u.search}`;
  } catch {
    return undefined;
  }
}

/** A name for the account, the same for every way of writing its address; undefined when incomplete. */
export function accountKey(a: Account): string | undefined {
  const url = normalisedBaseUrl(a.baseUrl);
  return url && a.username ? JSON.stringify([url, a.username]) : undefined;
}

/** A connection's account. */
export function accountOf(c: Pick<Connection, 'baseUrl' | 'userName'>): Account {
  return { baseUrl: c.baseUrl, username: c.userName };
}

/** Longer addresses are not a service's (servers refuse request lines of a few KB), and would fill every tooltip. */
export const MAX_ADDRESS = 2_048;
/** The user name goes into every request's Authorization header. */
export const MAX_USER_NAME = 256;
/**
 * Connections used at most: each has a session that reads its secrets at
 * every change, a root in both views, a line in the status bar's tooltip and
 * an entry in every picker; a settings file with thousands must not stall
 * the window. The entries after these are left out (and kept as written).
 */
export const MAX_CONNECTIONS = 100;

/** Why an address cannot be a connection's, if it cannot: the rules that need no setting (http:// elsewhere is the session's to refuse). */
export type AddressProblem = 'empty' | 'long' | 'notUrl' | 'credentials' | 'scheme' | 'query';

export function addressProblem(raw: string): AddressProblem | undefined {
  if (!raw.trim()) return 'empty';
  if (raw.trim().length > MAX_ADDRESS) return 'long';
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return 'notUrl';
  }
  if (url.username || url.password) return 'credentials';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'scheme';
  // Each request's path is appended to the address: after a query or fragment it would miss the service's path.
  return /[?#]/.test(raw) ? 'query' : undefined;
}

/** Whether a user name can be sent (any text but control characters; the client escapes the rest). */
export function userNameAccepted(value: string): boolean {
  return value.trim() !== '' && value.trim().length <= MAX_USER_NAME && textProblem(value, HEADER_VALUE) === undefined;
}

/** The connections read, and one line per entry left out (no secret can be in an entry: it holds none). */
export interface ReadConnections {
  readonly connections: readonly Connection[];
  /** Where in the setting each connection is. */
  readonly at: readonly number[];
  readonly skipped: readonly string[];
}

const MAX_NAME = 200;

/**
 * The entries of the `connections` setting that can be used, in their order.
 * An entry of the wrong shape, with an address that is not a service's,
 * an id already taken or the account of an earlier entry is left out and
 * said why; the others are used as they are.
 */
export function readConnections(raw: unknown): ReadConnections {
  if (raw === undefined || raw === null) return { connections: [], at: [], skipped: [] };
  if (!Array.isArray(raw)) return { connections: [], at: [], skipped: ['the setting is not a list of connections'] };
  const connections: Connection[] = [];
  const at: number[] = [];
  const skipped: string[] = [];
  const ids = new Set<string>();
  const accounts = new Set<string>();
  for (let i = 0; i < raw.length; i++) {
    if (connections.length === MAX_CONNECTIONS) {
      skipped.push(`connections ${i + 1} to ${raw.length}: only the first ${MAX_CONNECTIONS} connections are used`);
      break;
    }
    const c = entryOf(raw[i]);
    const which = `connection ${i + 1}`;
    if (typeof c === 'string') {
      skipped.push(`${which}: ${c}`);
      continue;
    }
    const account = accountKey(accountOf(c))!;
    if (ids.has(c.id)) skipped.push(`${which}: its id "${c.id}" is an earlier connection's`);
    else if (accounts.has(account)) skipped.push(`${which}: the same address and user name as an earlier connection`);
    else {
      ids.add(c.id);
      accounts.add(account);
      connections.push(c);
      at.push(i);
    }
  }
  return { connections, at, skipped };
}

/** Bidi controls: they would make a name read as another one (`Test` + U+202E + `noitcudorp`). */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** Why a connection's name cannot be used: empty, over 200 characters, or holding control or bidi characters. */
export function connectionNameProblem(name: string): 'empty' | 'long' | 'hidden' | undefined {
  if (!name.trim()) return 'empty';
  if (name.length > MAX_NAME) return 'long';
  return textProblem(name, HEADER_VALUE) || BIDI.test(name) ? 'hidden' : undefined;
}

/** A connection, or why the entry is not one. */
function entryOf(entry: unknown): Connection | string {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return 'not an object';
  const e = entry as Record<string, unknown>;
  const { id, name, baseUrl, userName, color, production } = e;
  if (typeof id !== 'string' || !/^[A-Za-z0-9._-]{1,64}$/.test(id)) return '"id" is not 1 to 64 letters, digits, ".", "_" or "-"';
  if (typeof name !== 'string' || connectionNameProblem(name)) return `"name" is not a text of 1 to ${MAX_NAME} characters without control or bidi characters`;
  if (typeof baseUrl !== 'string') return '"baseUrl" is not a text';
  const problem = addressProblem(baseUrl);
  if (problem) return `"baseUrl" ${ADDRESS_WORDS[problem]}`;
  if (typeof userName !== 'string' || !userNameAccepted(userName)) return `"userName" is not a text of at most ${MAX_USER_NAME} characters without control characters`;
  if (color !== undefined && !(CONNECTION_COLORS as readonly unknown[]).includes(color)) return `"color" is not one of ${CONNECTION_COLORS.join(', ')}`;
  if (production !== undefined && typeof production !== 'boolean') return '"production" is not true or false';
  return {
    id, name: name.trim(), baseUrl: baseUrl.trim(), userName: userName.trim(),
    ...(color === undefined ? {} : { color: color as ConnectionColor }),
    ...(production === undefined ? {} : { production }),
  };
}

const ADDRESS_WORDS: Record<AddressProblem, string> = {
  empty: 'is empty',
  long: `is longer than ${MAX_ADDRESS} characters`,
  notUrl: 'is not a URL',
  credentials: 'holds a user name or password',
  scheme: 'does not start with https:// or http://',
  query: 'holds a query or a fragment (? or #)',
};

/** A connection as the setting keeps it: only the fields it has. */
export function storedConnection(c: Connection): Record<string, unknown> {
  return {
    id: c.id, name: c.name, baseUrl: c.baseUrl, userName: c.userName,
    ...(c.color === undefined ? {} : { color: c.color }),
    ...(c.production === undefined ? {} : { production: c.production }),
  };
}

/**
 * The setting after a change of its connections to `next`: each connection
 * written where it was, the new ones at the end, and the entries left out
 * as unusable kept as the user wrote them.
 */
export function changedSetting(raw: unknown, next: readonly Connection[]): unknown[] {
  const entries = Array.isArray(raw) ? (raw as unknown[]) : [];
  const { connections, at } = readConnections(entries);
  // By place in the setting and by id, so that 10,000 entries take one pass, not one per entry.
  const usedAt = new Map(at.map((i, j) => [i, connections[j].id]));
  const byId = new Map(next.map((c) => [c.id, c]));
  const placed = new Set<string>();
  const out: unknown[] = [];
  entries.forEach((entry, i) => {
    const id = usedAt.get(i);
    if (id === undefined) return void out.push(entry);
    const now = byId.get(id);
    if (!now) return;
    placed.add(now.id);
    out.push(storedConnection(now));
  });
  return [...out, ...next.filter((c) => !placed.has(c.id)).map(storedConnection)];
}

/**
 * The id of the connection made from an address and user name of the
 * earlier settings: the same for the same account, so that two windows
 * moving the same settings at once write the same entry, and the
 * connection a window uses before the move is written is the one after.
 */
export function legacyConnectionId(account: Account): string {
  return `c-${createHash('sha256').update(accountKey(account) ?? '').digest('hex').slice(0, 12)}`;
}

/** A new connection's id, not one of `taken`. */
export function newConnectionId(taken: readonly Connection[], random: () => string): string {
  for (;;) {
    const id = `c-${random()}`;
    if (!taken.some((c) => c.id === id)) return id;
  }
}

/**
 * The connection the earlier settings' address and user name become, when
 * they name an account no connection has; undefined when they are
 * incomplete, not a service's address, or a connection has that account.
 */
export function legacyConnection(connections: readonly Connection[], legacy: { baseUrl?: unknown; userName?: unknown }): Connection | undefined {
  const baseUrl = typeof legacy.baseUrl === 'string' ? legacy.baseUrl.trim() : '';
  const userName = typeof legacy.userName === 'string' ? legacy.userName.trim() : '';
  if (addressProblem(baseUrl) || !userNameAccepted(userName)) return undefined;
  const account = accountKey({ baseUrl, username: userName });
  if (connections.some((c) => accountKey(accountOf(c)) === account)) return undefined;
  const id = legacyConnectionId({ baseUrl, username: userName });
  if (connections.some((c) => c.id === id)) return undefined;
  return { id, name: new URL(baseUrl).host, baseUrl, userName };
}
