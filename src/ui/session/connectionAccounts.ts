import * as vscode from 'vscode';
import type { Connection } from '../../core';
import type { AccountEntry, AccountsSource } from './accountsMenu';
import { connectionTitle } from './connectionText';
import type { Connections } from './connections';
import type { Session } from './session';
import type { Sessions } from './sessions';

/** How the Accounts menu signs in and out: the flows the commands run. */
export interface SignFlows {
  /** Sign In to `c` (the workspace's connection, or Add Connection…, when undefined); whether it is signed in afterwards. */
  signIn(c: Connection | undefined): Promise<boolean | undefined>;
  /** Sign Out of `session` after VS Code's own question. */
  signOut(session: Session): Promise<unknown>;
}

/**
 * The connections as the Accounts menu's source: each listed while signed
 * in, under its connection id, named by `connectionTitle`; signed in and out by the commands' flows.
 */
export class ConnectionAccounts implements AccountsSource, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  /** Each session's own change (sign-in, sign-out, refusal), followed while it exists. */
  private each: vscode.Disposable[] = [];
  private readonly subs: vscode.Disposable[];

  constructor(
    private readonly connections: Connections,
    private readonly sessions: Sessions,
    private readonly workspaceConnection: () => Connection | undefined,
    private readonly flows: SignFlows,
  ) {
    this.follow();
    this.subs = [
      this.changed,
      connections.onDidChange(() => this.changed.fire()),
      sessions.onDidChange(() => {
        this.follow();
        this.changed.fire();
      }),
    ];
  }

  /**
   * VS Code tells accounts apart by their labels alone (its Sign Out signs
   * out every session of the label): connections whose titles read alike
   * (the same name, user and host) are labelled with their addresses' paths.
   */
  list(): readonly AccountEntry[] {
    const list = this.connections.list;
    const titles = list.map((c) => connectionTitle(c));
    const count = new Map<string, number>();
    for (const t of titles) count.set(t, (count.get(t) ?? 0) + 1);
    return list.map((c, i) => ({ id: c.id, label: count.get(titles[i])! > 1 ? connectionTitle(c, true) : titles[i], signedIn: this.sessions.get(c.id)?.signedIn === true }));
  }

  /** Signs in to connection `id`, else to the workspace's. */
  async signIn(id?: string): Promise<string | undefined> {
    const c = id === undefined ? this.workspaceConnection() : this.connections.get(id);
    if (id !== undefined && !c) return undefined;
    if (!(await this.flows.signIn(c))) return undefined;
    const signedIn = c ?? this.workspaceConnection();
    return signedIn && this.sessions.get(signedIn.id)?.signedIn ? signedIn.id : undefined;
  }

  async signOut(id: string): Promise<void> {
    const session = this.sessions.get(id);
    if (session) await this.flows.signOut(session);
  }

  private follow(): void {
    this.each.forEach((d) => d.dispose());
    this.each = this.sessions.all.map((s) => s.onDidChange(() => this.changed.fire()));
  }

  dispose(): void {
    this.each.forEach((d) => d.dispose());
    this.subs.forEach((d) => d.dispose());
  }
}
