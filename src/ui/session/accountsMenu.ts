import { randomBytes, randomUUID } from 'node:crypto';
import * as vscode from 'vscode';

/** The id of the authentication provider (`contributes.authentication` in the manifest). */
export const AUTH_PROVIDER_ID = 'dsas';

/** A connection as the Accounts menu lists it. */
export interface AccountEntry {
  readonly id: string;
  /** The connection's name, or `user @ host`. */
  readonly label: string;
  readonly signedIn: boolean;
}

/** The connections the Accounts menu shows, and how they sign in and out. */
export interface AccountsSource {
  list(): readonly AccountEntry[];
  readonly onDidChange: vscode.Event<void>;
  /** Signs in to connection `id` (else the one the user picks): the id of the connection signed in; undefined when not (cancelled, refused). */
  signIn(id?: string): Promise<string | undefined>;
  /** Signs connection `id` out as Sign Out does, VS Code having asked "Sign out of …?" already. */
  signOut(id: string): Promise<void>;
}

/**
 * VS Code's Accounts menu: each signed-in connection is an authentication
 * session there, with VS Code's Sign Out and Manage Trusted Extensions. A
 * session is handed to every extension the user allows to ask for it, so it
 * carries no credential: its `accessToken` is 32 random bytes made when the
 * connection appeared signed in, kept in memory only and never sent to the
 * service, which would refuse it. It says that the connection is signed in,
 * nothing more. Sessions are not stored: after a reload the connection
 * restored from its stored secrets gets a new one (VS Code keeps which
 * extensions were allowed, by the account's label). Scopes mean nothing
 * here: every request gets the same sessions.
 */
export class AccountsMenu implements vscode.AuthenticationProvider, vscode.Disposable {
  /** By connection id: its session, while it is signed in. */
  private readonly sessions = new Map<string, vscode.AuthenticationSession>();
  private readonly changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changed.event;
  private readonly subs: vscode.Disposable[];

  constructor(private readonly source: AccountsSource) {
    this.sync();
    this.subs = [
      this.changed,
      source.onDidChange(() => this.sync()),
      vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, vscode.l10n.t('Document Submission and Archive'), this, { supportsMultipleAccounts: true }),
    ];
  }

  async getSessions(_scopes: readonly string[] | undefined, options: vscode.AuthenticationProviderSessionOptions): Promise<vscode.AuthenticationSession[]> {
    const all = [...this.sessions.values()];
    return options.account ? all.filter((s) => s.account.id === options.account?.id) : all;
  }

  /**
   * An extension asked with `createIfNone` or `forceNewSession`, or the user
   * chose a sign-in in the Accounts menu: the sign-in of the connection runs
   * (asking for what it lacks, checking it with the service) and its
   * session is given. A token is no credential, so a forced new session
   * needs no new one: the connection's stays while it stays signed in.
   */
  async createSession(_scopes: readonly string[], options: vscode.AuthenticationProviderSessionOptions): Promise<vscode.AuthenticationSession> {
    const id = await this.source.signIn(options.account?.id);
    this.sync();
    const session = id === undefined ? undefined : this.sessions.get(id);
    // Cancelled or failed: the sign-in has told the user why; the extension that asked gets a cancellation.
    if (!session) throw new vscode.CancellationError();
    return session;
  }

  /** The Accounts menu's Sign Out, once the user confirmed it there: the connection signs out (the change comes back through the source). */
  async removeSession(sessionId: string): Promise<void> {
    const id = [...this.sessions].find(([, s]) => s.id === sessionId)?.[0];
    if (id !== undefined) await this.source.signOut(id);
  }

  /** Sessions for the connections signed in now, each kept while it stays signed in under the same label. */
  private sync(): void {
    const signedIn = new Map(this.source.list().filter((e) => e.signedIn).map((e) => [e.id, e]));
    const added: vscode.AuthenticationSession[] = [];
    const removed: vscode.AuthenticationSession[] = [];
    for (const [id, s] of this.sessions) {
      if (signedIn.get(id)?.label === s.account.label) continue;
      this.sessions.delete(id);
      removed.push(s);
    }
    for (const [id, e] of signedIn) {
      if (this.sessions.has(id)) continue;
      const s = sessionOf({ id, label: e.label });
      this.sessions.set(id, s);
      added.push(s);
    }
    if (added.length || removed.length) this.changed.fire({ added, removed, changed: [] });
  }

  dispose(): void {
    this.subs.forEach((d) => d.dispose());
  }
}

/** A new session of `account`: a random id and an opaque random token, neither derived from anything. */
function sessionOf(account: vscode.AuthenticationSessionAccountInformation): vscode.AuthenticationSession {
  return { id: randomUUID(), accessToken: randomBytes(32).toString('base64url'), account: { id: account.id, label: account.label }, scopes: [] };
}
