import type * as vscode from 'vscode';
import { accountInSettings, accountLabel } from './account';
import type { AccountEntry, AccountsSource } from './accountsMenu';
import type { Session } from './session';

/** How the Accounts menu signs in and out: the flows the commands run. */
export interface SignFlows {
  /** Sign In; whether the user is signed in afterwards (undefined when it failed). */
  signIn(): Promise<boolean | undefined>;
  /** Sign Out after VS Code's own question. */
  signOut(): Promise<unknown>;
}

/**
 * The session's one account as the Accounts menu's source: listed while
 * signed in, under its `accountKey`; signed in and out by the commands' flows.
 */
export class SessionAccounts implements AccountsSource {
  readonly onDidChange: vscode.Event<void>;

  constructor(private readonly session: Session, private readonly flows: SignFlows) {
    this.onDidChange = session.onDidChange;
  }

  list(): readonly AccountEntry[] {
    const id = this.session.account;
    return id === undefined ? [] : [{ id, label: accountLabel(id), signedIn: this.session.signedIn }];
  }

  /** Signs in to the account the settings name (another one cannot be signed in to). */
  async signIn(id?: string): Promise<string | undefined> {
    if (id !== undefined && id !== accountInSettings()) return undefined;
    return (await this.flows.signIn()) ? this.session.account : undefined;
  }

  async signOut(id: string): Promise<void> {
    if (id === this.session.account) await this.flows.signOut();
  }
}
