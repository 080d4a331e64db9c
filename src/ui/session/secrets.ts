import * as vscode from 'vscode';
import { accountKey, type Account } from '../../core';

export { accountKey, normalisedBaseUrl, type Account } from '../../core';

/** Where version 0.1 kept the secrets, for every service alike. */
const LEGACY_KEYS = ['dsas.password', 'dsas.apiKey'];
const PREFIX = 'dsas.secret/';

export type SecretName = 'password' | 'apiKey';

/**
 * The SecretStorage key of one secret of one account, readable on purpose:
 * `dsas.secret/password ["https://dsas.example.com/service/v1.1","demo"]`.
 * The JSON array keeps any user name unambiguous. Address and user name are
 * in the user settings anyway; only the value is secret.
 */
export function secretKey(a: Account, name: SecretName): string | undefined {
  const account = accountKey(a);
  return account && `${PREFIX}${name} ${account}`;
}

/**
 * The password and API key of each account (service address and user name),
 * kept only in VS Code's SecretStorage, so that a secret is only ever found
 * for the address and user it was accepted for. Where the OS keyring is
 * unavailable, storing throws: the values are then kept in memory for this
 * session only and the user is told so; they are never written to settings
 * or files.
 */
export class Secrets implements vscode.Disposable {
  /** By storage key. */
  private readonly sessionOnly = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly sub: vscode.Disposable;

  constructor(private readonly storage: vscode.SecretStorage) {
    this.sub = storage.onDidChange((e) => {
      if (e.key.startsWith(PREFIX)) this.changed.fire();
    });
  }

  async get(a: Account, name: SecretName): Promise<string | undefined> {
    const key = secretKey(a, name);
    if (!key) return undefined;
    if (this.sessionOnly.has(key)) return this.sessionOnly.get(key);
    try {
      return await this.storage.get(key);
    } catch {
      return undefined;
    }
  }

  /** Stores a secret; returns false when it could be kept for this session only. */
  async store(a: Account, name: SecretName, value: string): Promise<boolean> {
    const key = secretKey(a, name);
    if (!key) throw new Error('no service address and user name to keep the secret for');
    try {
      await this.storage.store(key, value);
      this.sessionOnly.delete(key);
      return true;
    } catch {
      this.sessionOnly.set(key, value);
      this.changed.fire();
      return false;
    }
  }

  async clearOne(a: Account, name: SecretName): Promise<void> {
    const key = secretKey(a, name);
    if (key) await this.remove(key);
    this.changed.fire();
  }

  /** Removes both secrets of one account; other accounts keep theirs. */
  async clear(a: Account): Promise<void> {
    for (const name of ['password', 'apiKey'] as const) {
      const key = secretKey(a, name);
      if (key) await this.remove(key);
    }
    this.changed.fire();
  }

  /**
   * Removes what version 0.1 stored under fixed keys: those secrets cannot be
   * tied to a service, so they are never used. Returns whether there were any.
   */
  async removeLegacy(): Promise<boolean> {
    let found = false;
    for (const key of LEGACY_KEYS) {
      try {
        if ((await this.storage.get(key)) === undefined) continue;
        found = true;
        await this.storage.delete(key);
      } catch {
        // no keyring: nothing can have been stored there
      }
    }
    return found;
  }

  private async remove(key: string): Promise<void> {
    this.sessionOnly.delete(key);
    try {
      await this.storage.delete(key);
    } catch {
      // nothing stored, or no keyring: nothing to remove
    }
  }

  dispose(): void {
    this.sub.dispose();
    this.changed.dispose();
  }
}
