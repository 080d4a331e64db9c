// How a connection is named wherever it is shown: a production connection's
// name always carries the word, so that it is never taken for a test one.
import * as vscode from 'vscode';
import { normalisedBaseUrl, type Connection } from '../../core';
import { iconsAsText } from '../text/text';

/** The connection's name, marked when it is a production service: `Main (production)`. */
export function connectionName(c: Pick<Connection, 'name' | 'production'>): string {
  return c.production ? vscode.l10n.t('{0} (production)', c.name) : c.name;
}

/** Where it connects, as a person reads it: `demo @ dsas.example.com`. */
export function connectionWhere(c: Pick<Connection, 'baseUrl' | 'userName'>): string {
  let host: string;
  try {
    host = new URL(c.baseUrl).host;
  } catch {
    host = c.baseUrl;
  }
  return `${c.userName} @ ${host}`;
}

/** Where it connects with the address's path too (and its scheme unless https): `demo @ dsas.example.com/test/v1.1`. */
function connectionAddress(c: Pick<Connection, 'baseUrl' | 'userName'>): string {
  return `${c.userName} @ ${(normalisedBaseUrl(c.baseUrl) ?? c.baseUrl).replace(/^https:\/\//, '')}`;
}

/**
 * The name and where it connects, in one: `Test — demo @ dsas.example.com`,
 * or `demo @ dsas.example.com` alone when the name is the host; `withPath`:
 * the address's path too, for connections that would read alike otherwise.
 */
export function connectionTitle(c: Pick<Connection, 'name' | 'production' | 'baseUrl' | 'userName'>, withPath = false): string {
  const where = withPath ? connectionAddress(c) : connectionWhere(c);
  return connectionWhere(c).endsWith(` @ ${c.name}`) && !c.production ? where : `${connectionName(c)} — ${where}`;
}

/** Its colour (a theme colour), or a production connection's warning colour when it has none. */
export function connectionColor(c: Pick<Connection, 'color' | 'production'>): vscode.ThemeColor | undefined {
  if (c.color) return new vscode.ThemeColor(c.color);
  return c.production ? new vscode.ThemeColor('list.warningForeground') : undefined;
}

/** A row of a connection picker: its name (marked), where it connects, its colour; `current` says it is the workspace's. */
export interface ConnectionItem extends vscode.QuickPickItem {
  readonly connection: Connection;
}

export function connectionItem(c: Connection, current: boolean): ConnectionItem {
  const t = vscode.l10n.t;
  return {
    connection: c,
    // Only the production mark is an icon: a `$(…)` in a name or a user name shows as written.
    label: `${c.production ? '$(warning) ' : ''}${iconsAsText(connectionName(c))}`,
    description: iconsAsText(current ? t('{0} · in use here', connectionWhere(c)) : connectionWhere(c)),
    iconPath: new vscode.ThemeIcon(current ? 'pass-filled' : 'circle-large-outline', connectionColor(c)),
  };
}

/** The pickers' rows: the workspace's connection first, then the others in the settings' order. */
export function connectionItems(list: readonly Connection[], currentId: string | undefined): ConnectionItem[] {
  const current = list.filter((c) => c.id === currentId);
  return [...current, ...list.filter((c) => c.id !== currentId)].map((c) => connectionItem(c, c.id === currentId));
}
