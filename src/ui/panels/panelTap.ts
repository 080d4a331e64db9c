import * as vscode from 'vscode';

/** A message a page sent, and the panel it came from (`kind`: the page's script, `key`: the panel's key). */
export interface TappedMessage {
  readonly kind: string;
  readonly key: string;
  readonly message: { readonly type: string };
}

/** Which panel a host is, for the tap. */
export interface TapPoint {
  readonly tap: PanelTap;
  readonly key: string;
}

/**
 * The panels' pages as host tests see them: every message a page sent (after
 * its host handled it), and a way to post one as the page would, through
 * the same check and handlers. Made only under ExtensionMode.Test
 * (extension.ts); the product's panels have none.
 */
export class PanelTap implements vscode.Disposable {
  private readonly seen = new vscode.EventEmitter<TappedMessage>();
  readonly onDidSee = this.seen.event;
  private readonly hosts = new Map<string, (m: unknown) => Promise<void>>();

  /** A host opened: `take` runs a message through it as if its page sent it. */
  attach(kind: string, key: string, take: (m: unknown) => Promise<void>): vscode.Disposable {
    const id = `${kind}\n${key}`;
    this.hosts.set(id, take);
    return { dispose: () => this.hosts.get(id) === take && this.hosts.delete(id) };
  }

  saw(m: TappedMessage): void {
    this.seen.fire(m);
  }

  /** Posts `message` as the page of panel `kind`/`key` would, and waits until its host handled it. */
  async post(kind: string, key: string, message: { readonly type: string }): Promise<void> {
    const take = this.hosts.get(`${kind}\n${key}`);
    if (!take) throw new Error(`no open ${kind} panel ${key}`);
    await take(message);
  }

  dispose(): void {
    this.seen.dispose();
  }
}
