// A connection's root in a list view showing several: its name (a production
// one marked), where it connects, and its state with what to do about it.
import * as vscode from 'vscode';
import type { Session } from '../session/session';
import { connectionColor, connectionName, connectionWhere } from '../session/connectionText';
import { safeText } from '../text/text';

/** A connection's state as its root says it: undefined when signed in and its list arrived. */
export function connectionState(session: Pick<Session, 'signedIn' | 'refusedNow' | 'accountChanged'>, problem: string | undefined): { short: string; long: string; icon: string } | undefined {
  const t = vscode.l10n.t;
  if (!session.signedIn) {
    if (session.refusedNow) return { short: t('refused: sign in again'), long: t('The service refused the stored password or API key: signed out until you sign in again.'), icon: 'error' };
    if (session.accountChanged) return { short: t('signed out: sign in again'), long: t('The address or user name changed: signed out, the earlier secrets not sent.'), icon: 'debug-disconnect' };
    return { short: t('signed out'), long: t('Not signed in.'), icon: 'debug-disconnect' };
  }
  if (problem !== undefined) return { short: t('could not be reached'), long: t('The service could not be reached: {0}', safeText(problem)), icon: 'warning' };
  return undefined;
}

/** The root's tree item; `inUse`: the workspace's connection. Its id stays the connection's, so that VS Code keeps its expansion. */
export function connectionRootItem(
  session: Pick<Session, 'connection' | 'signedIn' | 'refusedNow' | 'accountChanged'>, problem: string | undefined, collapsed: boolean, inUse: boolean,
): vscode.TreeItem {
  const t = vscode.l10n.t;
  const c = session.connection;
  const name = connectionName(c);
  const item = new vscode.TreeItem(name, collapsed ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.Expanded);
  item.id = `connection/${c.id}`;
  const state = connectionState(session, problem);
  const where = connectionWhere(c);
  item.description = state ? `${where} · ${state.short}` : where;
  item.iconPath = new vscode.ThemeIcon(state?.icon ?? (inUse ? 'pass-filled' : 'server'), connectionColor(c));
  item.contextValue = session.signedIn ? 'connection:signedIn' : 'connection:signedOut';
  item.tooltip = [name, where, state?.long ?? t('Signed in.'), inUse ? t('Used by this workspace (Switch Connection… changes it).') : undefined].filter((s) => s !== undefined).join('\n');
  item.accessibilityInformation = { label: [name, where, state?.short, inUse ? t('used by this workspace') : undefined].filter((s) => s !== undefined).join(', ') };
  return item;
}

/** Which connections' roots the user collapsed in a view, kept in the workspace's state (a root opens expanded). */
export class CollapsedRoots {
  constructor(private readonly state: vscode.Memento, private readonly key: string) {}

  has(connectionId: string): boolean {
    return this.ids().includes(connectionId);
  }

  set(connectionId: string, collapsed: boolean): void {
    const ids = this.ids().filter((id) => id !== connectionId);
    void this.state.update(this.key, collapsed ? [...ids, connectionId] : ids);
  }

  private ids(): string[] {
    const v = this.state.get<unknown>(this.key);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  }
}
