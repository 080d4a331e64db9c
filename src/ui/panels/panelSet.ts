import * as vscode from 'vscode';

/**
 * The open panels of one kind (History, PDF viewer, New Submission), by key:
 * the bookkeeping every panel host needs, written once. It brings panels back
 * after a window reload (`restore`, the view type's serializer, where the
 * set registers it), lets an
 * entry go when its panel closes (unless another took its key meanwhile),
 * and closes every panel with the extension.
 */
export class PanelSet<E extends { readonly host: { readonly panel: vscode.WebviewPanel } }> implements vscode.Disposable {
  private readonly open = new Map<string, E>();
  private readonly serializer?: vscode.Disposable;

  constructor(viewType?: string, restore?: (panel: vscode.WebviewPanel, state: unknown) => unknown) {
    if (viewType && restore) this.serializer = vscode.window.registerWebviewPanelSerializer(viewType, { deserializeWebviewPanel: async (panel, state: unknown) => { await restore(panel, state); } });
  }

  get(key: string): E | undefined {
    return this.open.get(key);
  }

  keys(): IterableIterator<string> {
    return this.open.keys();
  }

  values(): IterableIterator<E> {
    return this.open.values();
  }

  entries(): IterableIterator<[string, E]> {
    return this.open.entries();
  }

  /** Lets `key`'s entry go without waiting for its panel to close (it is shown again in another). */
  delete(key: string): void {
    this.open.delete(key);
  }

  /** Holds `entry` under `key` until its panel closes; `closed` runs then, told whether the key was still this entry's. */
  add(key: string, entry: E, closed: (mine: boolean) => void): void {
    this.open.set(key, entry);
    entry.host.panel.onDidDispose(() => {
      const mine = this.open.get(key) === entry;
      if (mine) this.open.delete(key);
      closed(mine);
    });
  }

  dispose(): void {
    for (const e of [...this.open.values()]) e.host.panel.dispose();
    this.serializer?.dispose();
  }
}
