import * as vscode from 'vscode';

export type SecretName = 'password' | 'apiKey';

const KEYS: Record<SecretName, string> = { password: 'dsas.password', apiKey: 'dsas.apiKey' };

/**
 * The password and API key, kept only in VS Code's SecretStorage. Where the
 * OS keyring is unavailable, storing throws: the values are then kept in
 * memory for this session only and the user is told so; they are never
 * written to settings or files.
 */
export class Secrets implements vscode.Disposable {
  private readonly sessionOnly = new Map<SecretName, string>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly sub: vscode.Disposable;

  constructor(private readonly storage: vscode.SecretStorage) {
    this.sub = storage.onDidChange((e) => {
      if (Object.values(KEYS).includes(e.key)) this.changed.fire();
    });
  }

  async get(name: SecretName): Promise<string | undefined> {
    if (this.sessionOnly.has(name)) return this.sessionOnly.get(name);
    try {
      return await this.storage.get(KEYS[name]);
    } catch {
      return undefined;
    }
  }

  /** Stores a secret; returns false when it could be kept for this session only. */
  async store(name: SecretName, value: string): Promise<boolean> {
    try {
      await this.storage.store(KEYS[name], value);
      this.sessionOnly.delete(name);
      return true;
    } catch {
      this.sessionOnly.set(name, value);
      this.changed.fire();
      return false;
    }
  }

  async clearOne(name: SecretName): Promise<void> {
    this.sessionOnly.delete(name);
    try {
      await this.storage.delete(KEYS[name]);
    } catch {
      // nothing stored, or no keyring
    }
    this.changed.fire();
  }

  async clear(): Promise<void> {
    this.sessionOnly.clear();
    for (const key of Object.values(KEYS)) {
      try {
        await this.storage.delete(key);
      } catch {
        // nothing stored, or no keyring: nothing to remove
      }
    }
    this.changed.fire();
  }

  dispose(): void {
    this.sub.dispose();
    this.changed.dispose();
  }
}
