import * as vscode from 'vscode';
import type { Connection, Logger, ServiceClient } from '../../core';
import { Cmd } from '../commands/commandIds';
import { notify } from '../commands/notify';
import type { InputHolder } from '../input/userInput';
import { NotSignedInError, stoppedMidway, type StoppedMidwayError, type Undone } from '../text/errorText';
import { connectionTitle } from './connectionText';
import type { Connections } from './connections';
import type { Account, SecretName } from './secrets';
import type { ConnectionSettings, Sender, Session } from './session';
import type { Sessions } from './sessions';

/** Where a workspace keeps the id of its connection (never its address or user name). */
const KEPT = 'dsas.connection';

/**
 * The session of the workspace's connection, as everything that works with
 * one session sees it: the connection whose id the workspace keeps (in its
 * workspace state, so that a workspace's files cannot choose it), else the
 * first. It follows a switch, an edit and a removal, firing `onDidChange`;
 * when the workspace's connection is removed (here, in another window or in
 * the settings, also while no window was open) it says once which one the
 * workspace uses now, which it then remembers.
 * and sets the context keys of welcome views and menus: `dsas.signedIn`,
 * `dsas.signInRefused`, `dsas.accountChanged`, `dsas.hasConnection`.
 */
export class SessionInUse implements vscode.Disposable {
  private session?: Session;
  private sessionSub?: vscode.Disposable;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subs: vscode.Disposable[] = [];

  constructor(
    private readonly sessions: Sessions,
    private readonly connections: Connections,
    private readonly state: vscode.Memento,
    private readonly o: { readonly input: InputHolder; readonly log: Logger },
  ) {
    this.follow();
    this.subs.push(this.changed, sessions.onDidChange(() => this.follow()));
  }

  /** The workspace's connection; undefined when there is none. */
  get connection(): Connection | undefined {
    return this.session?.connection;
  }

  /** The session of the workspace's connection; undefined when there is none. */
  get current(): Session | undefined {
    return this.session;
  }

  /** Makes `id` the workspace's connection (kept in its workspace state). */
  async switchTo(id: string): Promise<void> {
    if (!this.sessions.get(id)) return;
    await this.state.update(KEPT, id);
    this.follow();
  }

  /** The account of the workspace's connection, signed in or not. */
  get connectionAccount(): string | undefined {
    return this.session?.connectionAccount;
  }

  get signedIn(): boolean {
    return this.session?.signedIn ?? false;
  }

  get account(): string | undefined {
    return this.session?.account;
  }

  get client(): ServiceClient {
    if (!this.session) throw new NotSignedInError();
    return this.session.client;
  }

  get sender(): Sender {
    if (!this.session) throw new NotSignedInError();
    return this.session.sender;
  }

  uses(client: ServiceClient): boolean {
    return this.session?.uses(client) ?? false;
  }

  /** See `Session.stoppedMidway`: the workspace's connection's session says why. */
  stoppedMidway(client: ServiceClient, undone: Undone): StoppedMidwayError | undefined {
    return this.session ? this.session.stoppedMidway(client, undone) : stoppedMidway(undone, { name: '', removed: undefined, several: false });
  }

  /** Whether any session told the user of this refusal already (it may have been the one in use before a switch). */
  hasReported(e: unknown): boolean {
    return this.sessions.all.some((s) => s.hasReported(e));
  }

  restore(): Promise<void> {
    return this.session?.restore() ?? Promise.resolve();
  }

  /** At activation: every session restored (see `Sessions.start`). */
  start(): Promise<void> {
    return this.sessions.start();
  }

  refusedSecret(account: Account): SecretName | undefined {
    return this.session?.refusedSecret(account);
  }

  signOutAccounts(): string[] {
    return this.session?.signOutAccounts() ?? [];
  }

  signOut(): Promise<void> {
    return this.session?.signOut() ?? Promise.resolve();
  }

  signedInWith(client: ServiceClient, account: Account): void {
    this.session?.signedInWith(client, account);
  }

  build(s: ConnectionSettings, password: string, apiKey: string): ServiceClient {
    if (!this.session) throw new NotSignedInError();
    return this.session.build(s, password, apiKey);
  }

  /** Takes the session of the kept connection (else the first), and says so when it is another one or its state changed. */
  private follow(): void {
    const kept = this.state.get<string>(KEPT);
    const keptSession = kept === undefined ? undefined : this.sessions.get(kept);
    const next = keptSession ?? this.connections.list.map((c) => this.sessions.get(c.id)).find((s) => s !== undefined);
    const removed = (kept !== undefined && !keptSession) || (this.session !== undefined && !this.sessions.get(this.session.connection.id));
    if (removed && next) this.replaced(next.connection);
    if (next !== this.session) {
      this.sessionSub?.dispose();
      this.session = next;
      this.sessionSub = next?.onDidChange(() => this.told());
      this.told();
    }
    void vscode.commands.executeCommand('setContext', 'dsas.connectionCount', this.connections.list.length);
  }

  /** The workspace's connection was removed: `next` is its connection now, remembered (so said once), and the user told which it is. */
  private replaced(next: Connection): void {
    void this.state.update(KEPT, next.id);
    this.o.log.info(`The connection this workspace used was removed; it now uses "${next.name}".`);
    const t = vscode.l10n.t;
    const switchAction = { label: t('Switch Connection…'), run: () => vscode.commands.executeCommand(Cmd.switchConnection) };
    void notify(this.o.input.current, this.o.log, 'info', t('The connection this workspace used was removed: it now uses {0}.', connectionTitle(next)), [switchAction]);
  }

  private told(): void {
    const s = this.session;
    void vscode.commands.executeCommand('setContext', 'dsas.signedIn', s?.signedIn ?? false);
    void vscode.commands.executeCommand('setContext', 'dsas.signInRefused', s?.refusedNow ?? false);
    void vscode.commands.executeCommand('setContext', 'dsas.accountChanged', s?.accountChanged ?? false);
    this.changed.fire();
  }

  dispose(): void {
    this.sessionSub?.dispose();
    this.subs.forEach((d) => d.dispose());
  }
}
