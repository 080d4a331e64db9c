import * as vscode from 'vscode';
import { errorDetail, type Logger } from '../../core';
import type { MessageCheck } from '../../shared/protocolChecks';
import { localResourceRoots, renderShell } from './html';
import type { TapPoint } from './panelTap';

/** How the host checks what its page sends (the check in its page's protocol file, src/shared/*Protocol.ts), and where it says what it ignored. */
export interface PageProtocol<From> {
  readonly accepts: MessageCheck<From>;
  readonly log: Pick<Logger, 'warn'>;
  /** Host tests' view of the page (ExtensionMode.Test only). */
  readonly tap?: TapPoint;
}

/**
 * A webview panel speaking a typed protocol, with the `ready` handshake done
 * once. What the page sends is checked at runtime; anything else is ignored.
 */
export class PanelHost<To, From extends { type: string }> implements vscode.Disposable {
  private ready = false;
  /** Its panel closed: nothing more is posted (a closed panel's webview throws). */
  private disposed = false;
  private queued: To[] = [];
  /** Sent again when a page that was hidden (and discarded) comes back and says ready. */
  private last?: To;
  private readonly subs: vscode.Disposable[] = [];
  private readonly handlers: ((m: From) => unknown)[] = [];

  constructor(
    readonly panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    /** `styles`: the page's own style sheets (paths from the extension root), after the shared ones; `blobWorkers`: see contentSecurityPolicy. */
    page: { title: string; script: string; bodyClass?: string; styles?: readonly string[]; blobWorkers?: boolean },
    protocol: PageProtocol<From>,
  ) {
    panel.webview.options = { enableScripts: true, localResourceRoots: localResourceRoots(extensionUri) };
    panel.webview.html = renderShell({
      webview: panel.webview,
      extensionUri,
      title: page.title,
      scripts: [page.script],
      styles: ['dist/webview/codicons/codicon.css', 'media/webview.css', ...(page.styles ?? [])],
      fonts: ['dist/webview/codicons/codicon.ttf'],
      bodyAttributes: page.bodyClass ? { class: page.bodyClass } : undefined,
      blobWorkers: page.blobWorkers,
    });
    this.subs.push(panel.webview.onDidReceiveMessage((m: unknown) => this.take(m, page.script, protocol).catch((e: unknown) => protocol.log.warn(`${page.script}: handling a message failed: ${errorDetail(e)}`))));
    const tap = protocol.tap;
    if (tap) this.subs.push(tap.tap.attach(page.script, tap.key, (m) => this.take(m, page.script, protocol)));
  }

  /** Runs `handler` on every message from the page (after `ready`); a promise it returns is waited for by the tap. */
  onMessage(handler: (m: From) => unknown): void {
    this.handlers.push(handler);
  }

  /** A message from the page: checked, then `ready` answered and the handlers run. */
  private async take(m: unknown, script: string, protocol: PageProtocol<From>): Promise<void> {
    if (!protocol.accepts(m)) {
      protocol.log.warn(`${script}: ignored a message that is not part of its protocol: ${shape(m)}`);
      return;
    }
    if (m.type === 'ready') {
      this.ready = true;
      const q = this.queued.length ? this.queued : this.last ? [this.last] : [];
      this.queued = [];
      q.forEach((x) => void this.panel.webview.postMessage(x));
    }
    try {
      await Promise.all(this.handlers.map(async (h) => h(m)));
    } finally {
      protocol.tap?.tap.saw({ kind: script, key: protocol.tap.key, message: m });
    }
  }

  /**
   * Posts now if the page is ready, else as soon as it says so. A `notice`
   * (loading, stale, changed) adds to what the page shows: a page that comes back
   * is sent the last content instead.
   */
  post(message: To, notice = false): void {
    if (this.disposed) return;
    if (!notice) this.last = message;
    if (this.ready) void this.panel.webview.postMessage(message);
    else this.queued.push(message);
  }

  dispose(): void {
    this.disposed = true;
    this.subs.forEach((d) => d.dispose());
  }
}

/** What an ignored message looked like, briefly: its type if it has one, else its kind; never its contents. */
function shape(m: unknown): string {
  const type = typeof m === 'object' && m !== null ? (m as { type?: unknown }).type : undefined;
  return typeof type === 'string' ? `type ${JSON.stringify(type.slice(0, 40))}` : m === null ? 'null' : Array.isArray(m) ? 'an array' : `a ${typeof m}`;
}
