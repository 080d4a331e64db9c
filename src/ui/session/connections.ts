// The user's connections, kept in the user settings only (`dsas.connections`,
// application-scoped): a workspace's settings can neither add one nor change
// where one sends its credentials.
import * as vscode from 'vscode';
import { accountKey, accountOf, changedSetting, errorDetail, legacyConnection, newConnectionId, readConnections, undoneWrite, type Connection, type Logger, type WrittenConnections } from '../../core';

const SECTION = 'dsas';
export const CONNECTIONS_SETTING = 'connections';
/** The address and user name of the earlier settings (and the keys version 0.1 used for them), moved into a connection. */
const LEGACY = { baseUrl: ['baseURL', 'baseUrl'], userName: ['userName', 'username'] } as const;
const LEGACY_KEYS = [...LEGACY.baseUrl, ...LEGACY.userName];
/** How long after a write another window's write may still be one made before it had read this one (its copy of the settings is updated a moment later). */
const UNDO_WINDOW_MS = 5_000;
/** Lines of the log told about left-out entries at most, per change. */
const TOLD_LINES = 20;

/**
 * The connections, read from the user settings with every entry checked
 * (one bad entry is left out with a line in the log, never a failure), and
 * written back there. An address and user name still in the earlier
 * settings are already a connection here, under the id they will be written
 * with (`migrate` writes it), so that nothing changes when they are moved.
 */
export class Connections implements vscode.Disposable {
  private current: readonly Connection[] = [];
  private byId = new Map<string, Connection>();
  /** What the log was told of left-out entries, so that it is said once per change. */
  private toldSkipped = '';
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subs: vscode.Disposable[] = [];
  /** Writes, one after the other: each reads what the one before wrote. */
  private writing: Promise<unknown> = Promise.resolve();
  /** This window's last write of the list, while another window may still undo it. */
  private lastWrite?: { readonly written: WrittenConnections; readonly at: number };

  constructor(private readonly log: Logger) {
    this.read();
    this.subs.push(this.changed, vscode.workspace.onDidChangeConfiguration((e) => {
      if (![CONNECTIONS_SETTING, ...LEGACY_KEYS].some((k) => e.affectsConfiguration(`${SECTION}.${k}`))) return;
      this.read();
      if (this.legacyPending()) void this.migrate();
      void this.writeAgainIfUndone();
    }));
  }

  get list(): readonly Connection[] {
    return this.current;
  }

  get(id: string): Connection | undefined {
    return this.byId.get(id);
  }

  /** The connection of an account (`accountKey`), if one has it. */
  ofAccount(account: string): Connection | undefined {
    return this.current.find((c) => accountKey(accountOf(c)) === account);
  }

  /** Adds a connection under a new id; returns it. */
  add(c: Omit<Connection, 'id'>): Promise<Connection> {
    return this.write((list) => {
      const added = { ...c, id: newConnectionId(list, () => Math.random().toString(36).slice(2, 10)) };
      return { list: [...list, added], result: added };
    });
  }

  /** Changes a connection's fields (not its id). */
  update(id: string, change: Partial<Omit<Connection, 'id'>>): Promise<Connection | undefined> {
    return this.write((list) => {
      const i = list.findIndex((c) => c.id === id);
      if (i < 0) return { list, result: undefined };
      const next = { ...list[i], ...change };
      return { list: list.map((c, j) => (j === i ? next : c)), result: next };
    });
  }

  remove(id: string): Promise<void> {
    return this.write((list) => ({ list: list.filter((c) => c.id !== id), result: undefined }));
  }

  /**
   * Writes the address and user name of the earlier settings as a
   * connection, unless one has that account, and removes them from the
   * user settings (as the renamed keys are moved).
   */
  migrate(): Promise<void> {
    return this.write(async (list) => {
      const { baseUrl, userName } = legacyValues();
      if (baseUrl === undefined || userName === undefined) return { list, result: undefined };
      const made = legacyConnection(list, { baseUrl, userName });
      const had = !made && list.some((c) => accountKey(accountOf(c)) === accountKey({ baseUrl: String(baseUrl).trim(), username: String(userName).trim() }));
      if (!made && !had) {
        this.log.warn(`Settings: "${SECTION}.baseURL" and "${SECTION}.userName" do not name a service address and user name; add the connection with Add Connection….`);
        return { list, result: undefined };
      }
      const config = vscode.workspace.getConfiguration(SECTION);
      if (made) await config.update(CONNECTIONS_SETTING, changedSetting(rawSetting(), [...list, made]), vscode.ConfigurationTarget.Global);
      for (const key of LEGACY_KEYS) {
        if (config.inspect(key)?.globalValue !== undefined) await config.update(key, undefined, vscode.ConfigurationTarget.Global);
      }
      this.log.info(made
        ? `Settings: the service address and user name are now the connection "${made.name}" in "${SECTION}.${CONNECTIONS_SETTING}"; the earlier settings were removed.`
        : 'Settings: the service address and user name were a connection already; the earlier settings were removed.');
      return { list: undefined, result: undefined };
    }).catch((e: unknown) => this.log.warn(`Moving the service address and user name into a connection failed: ${errorDetail(e)}`));
  }

  /**
   * Another window that wrote the list before it had read this window's
   * write of a moment ago has undone it: the change is written again, once,
   * onto what that window wrote (`undoneWrite` says what stands).
   */
  private writeAgainIfUndone(): Promise<void> {
    return this.write((list) => {
      const last = this.lastWrite;
      const again = last && Date.now() - last.at < UNDO_WINDOW_MS ? undoneWrite(last.written, list) : undefined;
      if (again) this.lastWrite = undefined;
      if (again) this.log.info(`Settings: another window wrote "${SECTION}.${CONNECTIONS_SETTING}" before it had read this window's change of a moment ago; the change is written again.`);
      return { list: again, result: undefined, again: true };
    });
  }

  /**
   * One change of the setting, after those before it: `change` gets the
   * connections read now and returns the list to write (undefined: it wrote
   * what it needed itself), then the list is read again.
   */
  private write<R>(change: (list: readonly Connection[]) => Promise<Change<R>> | Change<R>): Promise<R> {
    const next = this.writing.catch(() => undefined).then(async () => {
      const before = readConnections(rawSetting()).connections;
      const { list, result, again } = await change(before);
      if (list && list !== before) {
        // Until it is written, the change event of this write must not be taken for another window's undoing the one before.
        this.lastWrite = undefined;
        await vscode.workspace.getConfiguration(SECTION).update(CONNECTIONS_SETTING, changedSetting(rawSetting(), list), vscode.ConfigurationTarget.Global);
        // Written again after an undo: not again, so that two windows never write back and forth.
        if (!again) this.lastWrite = { written: { before, after: list }, at: Date.now() };
      }
      this.read();
      return result;
    });
    this.writing = next;
    return next;
  }

  /** Reads the setting (and a pending address and user name of the earlier settings); fires when the connections changed. */
  private read(): void {
    const { connections, skipped } = readConnections(rawSetting());
    const told = skipped.join('\n');
    if (told !== this.toldSkipped && skipped.length) {
      // A file of thousands of bad entries is told in a few lines, not thousands.
      for (const line of skipped.slice(0, TOLD_LINES)) this.log.warn(`Settings: "${SECTION}.${CONNECTIONS_SETTING}": ${line}; left out.`);
      if (skipped.length > TOLD_LINES) this.log.warn(`Settings: "${SECTION}.${CONNECTIONS_SETTING}": ${skipped.length - TOLD_LINES} more entries left out.`);
    }
    this.toldSkipped = told;
    const legacy = legacyConnection(connections, legacyValues());
    const next = legacy ? [...connections, legacy] : connections;
    if (JSON.stringify(next) === JSON.stringify(this.current)) return;
    this.current = next;
    this.byId = new Map(next.map((c) => [c.id, c]));
    this.changed.fire();
  }

  /** Whether the user settings still hold an address and user name of the earlier settings. */
  legacyPending(): boolean {
    const { baseUrl, userName } = legacyValues();
    return baseUrl !== undefined && userName !== undefined;
  }

  dispose(): void {
    this.subs.forEach((d) => d.dispose());
  }
}

/** What a change of the list returns: the list to write (none: nothing, or it wrote itself), and whether it writes an undone change again. */
interface Change<R> {
  readonly list?: readonly Connection[];
  readonly result: R;
  readonly again?: boolean;
}

/** The setting as the user wrote it, entries left out included. */
function rawSetting(): unknown {
  return vscode.workspace.getConfiguration(SECTION).inspect(CONNECTIONS_SETTING)?.globalValue;
}

/** The earlier settings' address and user name, from the user settings only (the new key first, then 0.1's). */
function legacyValues(): { baseUrl?: unknown; userName?: unknown } {
  const c = vscode.workspace.getConfiguration(SECTION);
  const user = (keys: readonly string[]) => keys.map((k) => c.inspect(k)?.globalValue).find((v) => v !== undefined && v !== '');
  return { baseUrl: user(LEGACY.baseUrl), userName: user(LEGACY.userName) };
}
