import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import { accountKey, accountOf, ServiceClient, type Connection, type Logger, type ServiceError } from '../../core';
import { accountChangeText } from './account';
import { connectionName } from './connectionText';
import { describeError, NotSignedInError, stoppedMidway, type StoppedMidwayError, type Undone } from '../text/errorText';
import type { Account, SecretName, Secrets } from './secrets';
import { affectsConnection, checkBaseUrl, readSettings, type Settings } from './settings';
import type { InputHolder } from '../input/userInput';
import { notify, showLogAction, signInAction } from '../commands/notify';

/** A client and the account (`accountKey`) it was built for. */
export interface Sender {
  readonly client: ServiceClient;
  readonly account?: string;
  /** The connection's id, whose rows show what the client checked. */
  readonly connectionId?: string;
}

/** What a session is built with besides its connection. */
export interface SessionParts {
  readonly secrets: Secrets;
  readonly input: InputHolder;
  readonly log: Logger;
  /** Whether there are several connections: then what a session says names its connection. */
  readonly several: () => boolean;
}

/**
 * The session of one connection: its address and user name, the settings
 * every connection shares and the secrets stored for that address and user
 * name make a client. Signed in means both secrets are held and the last
 * check did not refuse them; `refusedNow` and `accountChanged` say why it
 * signed out. Each connection's session signs in, signs out and is refused
 * on its own. Asking for the secrets is the sign-in flow's (signIn.ts).
 */
export class Session implements vscode.Disposable {
  private current?: ServiceClient;
  /** The address and user name the current client was built for. */
  private currentAccount?: Account;
  /** Bumped by every change of the signed-in state: a restore() begun before a sign-in or sign-out finished (say, the secrets stored one by one) must not undo it. */
  private generation = 0;
  /** The secret the service refused while signed in (and whose), until the next sign-in or sign-out. */
  private refusal?: { account: string; name: SecretName };
  /** Signed out because the address or user name changed, until the next sign-in or sign-out. */
  private changedAccount = false;
  /** The next change of address or user name was made by a command, which asks for the new secrets itself. */
  private changeExpected = false;
  /** Counts sign-outs and the connection's removal: a sign-in begun before one neither signs in nor keeps its secrets. */
  private ended = 0;
  private gone?: 'deleted' | 'kept';
  /** A digest of what each client was built from: a restore that finds the same keeps the client in use. */
  private readonly madeFrom = new WeakMap<ServiceClient, string>();
  /** Refusals already told to the user, so that the failing command does not tell them again. */
  private readonly reported = new WeakSet<object>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subs: vscode.Disposable[] = [];

  private readonly secrets: Secrets;
  private readonly input: InputHolder;
  private readonly log: Logger;

  constructor(private conn: Connection, private readonly parts: SessionParts) {
    ({ secrets: this.secrets, input: this.input, log: this.log } = parts);
    this.subs.push(
      this.changed,
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (affectsConnection(e)) void this.restore();
      }),
      this.secrets.onDidChange(() => void this.restore()),
    );
  }

  get connection(): Connection {
    return this.conn;
  }

  /**
   * The connection was edited: a new address or user name finds no secrets
   * stored for it, so the session signs out (and says why, unless `expected`:
   * the command that changed it asks for the secrets itself). A new name or
   * colour changes nothing here (`Connections.onDidChange` tells those that show it).
   */
  setConnection(c: Connection, expected = false): void {
    const accountChanged = accountKey(accountOf(c)) !== accountKey(accountOf(this.conn));
    this.conn = c;
    if (!accountChanged) return;
    this.changeExpected = expected;
    const wasSignedIn = this.signedIn;
    // Signed out already, nothing else changes: those that keep things per account are told all the same.
    void this.restore().then(() => wasSignedIn || this.changed.fire());
  }

  /** The account of the connection, signed in or not. */
  get connectionAccount(): string | undefined {
    return accountKey(accountOf(this.conn));
  }

  /** Signed out because the service refused a stored secret, until the next sign-in or sign-out. */
  get refusedNow(): boolean {
    return this.refusal !== undefined;
  }

  /** Signed out because the connection's address or user name changed, until the next sign-in or sign-out. */
  get accountChanged(): boolean {
    return this.changedAccount;
  }

  get signedIn(): boolean {
    return this.current !== undefined;
  }

  /** The account (`accountKey`) of the client in use; undefined when signed out. */
  get account(): string | undefined {
    return this.currentAccount && accountKey(this.currentAccount);
  }

  /** Whether the user was already told about this refusal (the session signed out because of it). */
  hasReported(e: unknown): boolean {
    return typeof e === 'object' && e !== null && this.reported.has(e);
  }

  get client(): ServiceClient {
    if (!this.current) throw new NotSignedInError();
    return this.current;
  }

  /**
   * The client in use and its account, taken together when something is
   * sent: what follows (the check after an unknown outcome, the Explorer's
   * records, a batch's next file) keeps to that account, whatever the
   * session switches to meanwhile.
   */
  get sender(): Sender {
    return { client: this.client, account: this.account, connectionId: this.connection.id };
  }

  /** Whether `client` is still the one in use: only then do the views show what it sent. */
  uses(client: ServiceClient): boolean {
    return this.current === client;
  }

  /** The shared settings with this connection's address and user name. */
  settings(): ConnectionSettings {
    return { ...readSettings(), ...accountOf(this.conn) };
  }

  /**
   * Rebuilds the client from the connection, the settings and the secrets
   * stored for its address and user name, without asking or sending
   * anything. When they changed while signed in, no secrets are found for
   * the new pair: the session signs out and says why, once, and the earlier
   * secrets are never sent to the new address.
   */
  async restore(): Promise<void> {
    const started = ++this.generation;
    const s = this.settings();
    const [password, apiKey] = await Promise.all([this.secrets.get(s, 'password'), this.secrets.get(s, 'apiKey')]);
    if (started !== this.generation) return; // a newer restore, sign-in or sign-out decides
    // After a refusal only a sign-in here signs in again: the refused secret may not be removed yet.
    if (this.refusedSecret(s) === undefined && s.username && password && apiKey && checkBaseUrl(s.baseUrl, s.allowInsecureHttp) === undefined) {
      // Another connection's secrets changing must not restart this one (its views, polls and sends under way).
      if (this.current && this.madeFrom.get(this.current) === digestOf(s, password, apiKey)) return;
      this.set(this.build(s, password, apiKey), s);
      return;
    }
    const was = this.currentAccount;
    if (was && accountKey(was) !== accountKey(s)) this.tellAccountChanged(was, s);
    this.changeExpected = false;
    this.set(undefined);
  }

  /**
   * The secret the service refused while signed in to this account, if it
   * did: the sign-in asks for it even if its removal has not finished yet.
   */
  refusedSecret(account: Account): SecretName | undefined {
    return this.refusal !== undefined && this.refusal.account === accountKey(account) ? this.refusal.name : undefined;
  }

  /**
   * For a sign-in beginning now: whether it may still sign in and keep its
   * secrets — not once the user signed out of this connection or removed it
   * meanwhile (say while the service was checking them).
   */
  signInBegins(): () => boolean {
    const at = this.ended;
    return () => at === this.ended;
  }

  /** Signed in with a client the sign-in flow checked against the service (unless the connection was edited meanwhile). */
  signedInWith(client: ServiceClient, account: Account): void {
    if (accountKey(account) !== this.connectionAccount) return;
    this.set(client, account);
  }

  /** The accounts Sign Out signs out of: the connection's, and the client's in use, should they differ. */
  signOutAccounts(): string[] {
    return [...new Set([this.connectionAccount, this.account])].filter((a): a is string => a !== undefined);
  }

  /** Removes the secrets of the connection's address and user name (and of the client in use, should they differ). */
  async signOut(): Promise<void> {
    this.ended++;
    this.refusal = undefined;
    this.changedAccount = false;
    const s = accountOf(this.conn);
    await this.secrets.clear(s);
    if (this.currentAccount && accountKey(this.currentAccount) !== accountKey(s)) await this.secrets.clear(this.currentAccount);
    this.set(undefined);
    this.log.info('Signed out; the password and API key were removed.');
  }

  /**
   * The service refused the stored password or key of the client in use:
   * forget that secret and sign out, so that nothing more is sent with it (no
   * poll keeps trying it against the account), and say so once, offering to
   * sign in again, which then asks for that secret only. A refusal during a
   * sign-in check is the sign-in's to report.
   */
  private refused(client: ServiceClient, e: ServiceError): void {
    const account = this.currentAccount;
    if (this.current !== client || !account) return;
    const name: SecretName = e.kind === 'keyRefused' ? 'apiKey' : 'password';
    this.refusal = { account: accountKey(account) ?? '', name };
    this.reported.add(e);
    this.set(undefined);
    this.log.warn(`The service refused the stored ${name === 'apiKey' ? 'API key' : 'password'} (${e.operation ?? 'request'}); signed out until the next sign-in.`);
    const why = describeError(e);
    const text = this.named(`${why}${/[.!?]$/.test(why) ? '' : '.'} ${vscode.l10n.t('You were signed out; nothing more is sent until you sign in again.')}`);
    // Removed before the user can answer, so that a quick sign-in's new secret is not removed after it was stored.
    void this.secrets.clearOne(account, name).then(() => notify(this.input.current, this.log, 'error', text, [signInAction(), showLogAction()]));
  }

  /** Signed out because the connection now names another address or user: says so once, with Sign In (unless the command that changed it asks). */
  private tellAccountChanged(from: Account, to: Account): void {
    this.changedAccount = true;
    this.log.warn('The service address or user name changed: signed out; the secrets stored for the earlier one were not used.');
    if (!this.changeExpected) void notify(this.input.current, this.log, 'warn', this.named(accountChangeText(from, to)), [signInAction()]);
  }

  /** A text the session says, with its connection's name first when there are several. */
  private named(text: string): string {
    return this.parts.several() ? `${connectionName(this.conn)}: ${text}` : text;
  }

  /** A client for these settings and secrets; a refusal of them signs this session out (when it is the client in use). */
  build(s: ConnectionSettings, password: string, apiKey: string): ServiceClient {
    const client: ServiceClient = new ServiceClient({
      onRefused: (e) => this.refused(client, e),
      baseUrl: s.baseUrl,
      credentials: { username: s.username, password, apiKey },
      timeoutMs: s.timeoutMs,
      responseDeadlineMs: s.responseDeadlineMs,
      logger: this.log,
      headerEncoding: s.headerEncoding,
      naiveTimeZone: s.timesWithoutZone,
      maxListBytes: s.listLimitBytes,
      packageDefaults: { recipientType: s.defaultRecipientType },
    });
    this.madeFrom.set(client, digestOf(s, password, apiKey));
    return client;
  }

  private set(client: ServiceClient | undefined, account?: Account): void {
    this.generation++;
    const was = [this.current, this.refusedNow, this.changedAccount];
    this.current = client;
    this.currentAccount = client && account ? { baseUrl: account.baseUrl, username: account.username } : undefined;
    if (client) {
      this.refusal = undefined;
      this.changedAccount = false;
    }
    if (was[0] !== client || was[1] !== this.refusedNow || was[2] !== this.changedAccount) this.changed.fire();
  }

  /** Why `client`, which a command began with, is no longer this session's (its connection removed, or signed out of); undefined while it is. */
  stoppedMidway(client: ServiceClient, undone: Undone): StoppedMidwayError | undefined {
    return this.uses(client) ? undefined : stoppedMidway(undone, { name: connectionName(this.conn), removed: this.gone, several: this.parts.several() });
  }

  /** The connection was removed (`deleted`: by Remove Connection…): its client goes, so that a command still holding the session (a batch under way) sends nothing more with it. */
  dispose(deleted = false): void {
    this.gone = deleted ? 'deleted' : 'kept';
    this.ended++;
    this.generation++;
    this.current = undefined;
    this.currentAccount = undefined;
    this.subs.forEach((d) => d.dispose());
  }
}

/** What a client is built from, as a digest (no second copy of the secrets is kept). */
function digestOf(s: ConnectionSettings, password: string, apiKey: string): string {
  return createHash('sha256').update(JSON.stringify([s, password, apiKey])).digest('hex');
}

/** The shared settings with one connection's address and user name. */
export type ConnectionSettings = Settings & Account;
