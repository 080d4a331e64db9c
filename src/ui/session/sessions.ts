import * as vscode from 'vscode';
import type { Logger } from '../../core';
import { notify, signInAction } from '../commands/notify';
import type { InputHolder } from '../input/userInput';
import type { Connections } from './connections';
import type { Secrets } from './secrets';
import { Session } from './session';

/**
 * One session per connection, made and disposed as the list of connections
 * changes. A connection whose address or user name was edited keeps its
 * session, which signs out (the secrets stay with the earlier pair); one
 * removed takes its session with it.
 */
export class Sessions implements vscode.Disposable {
  private readonly byId = new Map<string, Session>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** The sessions were made or disposed. */
  readonly onDidChange = this.changed.event;
  private readonly subs: vscode.Disposable[] = [];
  /** Connections whose next change of address or user name is a command's, which asks for the secrets itself. */
  private readonly expected = new Set<string>();
  /** Connections Remove Connection… is removing, with their secrets, drafts and records. */
  private readonly removing = new Set<string>();
  /** Sessions made after `start` restore themselves; those before, in `start`. */
  private started = false;

  constructor(
    private readonly connections: Connections,
    private readonly o: { readonly secrets: Secrets; readonly input: InputHolder; readonly log: Logger },
  ) {
    this.sync();
    this.subs.push(this.changed, connections.onDidChange(() => this.sync()));
  }

  get(id: string): Session | undefined {
    return this.byId.get(id);
  }

  /** Every session, in the order of the connections. */
  get all(): Session[] {
    return this.connections.list.flatMap((c) => this.byId.get(c.id) ?? []);
  }

  /** The next change of this connection's address or user name is made by a command that asks for the new secrets. */
  expectChange(id: string): void {
    this.expected.add(id);
  }

  /** The next removal of this connection is Remove Connection…'s, which deletes what is kept for it. */
  expectRemoval(id: string): void {
    this.removing.add(id);
  }

  /**
   * At activation: removes the secrets version 0.1 kept under fixed keys
   * (they cannot be tied to a service, so they are never used) and says so
   * once, and restores every session.
   */
  async start(): Promise<void> {
    this.started = true;
    const [legacy] = await Promise.all([this.o.secrets.removeLegacy(), ...this.all.map((s) => s.restore())]);
    if (!legacy) return;
    this.o.log.info('Removed the password and API key stored by version 0.1; secrets are now kept per service address and user name.');
    if (this.all.some((s) => s.signedIn)) return;
    void notify(this.o.input.current, this.o.log, 'info',
      vscode.l10n.t('Sign in again: the password and API key are now kept for each service address and user name, and the ones stored by the earlier version were removed.'),
      [signInAction()]);
  }

  private sync(): void {
    const list = this.connections.list;
    const ids = new Set(list.map((c) => c.id));
    let changed = false;
    for (const [id, session] of this.byId) {
      if (ids.has(id)) continue;
      this.byId.delete(id);
      session.dispose(this.removing.delete(id));
      changed = true;
    }
    for (const c of list) {
      const session = this.byId.get(c.id);
      if (session) {
        if (JSON.stringify(session.connection) !== JSON.stringify(c)) session.setConnection(c, this.expected.delete(c.id));
        continue;
      }
      const made = new Session(c, { ...this.o, several: () => this.byId.size > 1 });
      this.byId.set(c.id, made);
      if (this.started) void made.restore();
      changed = true;
    }
    if (changed) this.changed.fire();
  }

  dispose(): void {
    this.subs.forEach((d) => d.dispose());
    this.all.forEach((s) => s.dispose());
    this.byId.clear();
  }
}
