import * as vscode from 'vscode';
import { htmlShell, makeNonce } from './shell';

export interface ShellOptions {
  readonly webview: vscode.Webview;
  readonly extensionUri: vscode.Uri;
  readonly title: string;
  /** Bundles under dist/webview/. */
  readonly scripts: readonly string[];
  /** Style sheets, paths relative to the extension root. */
  readonly styles: readonly string[];
  /** The fonts they use, paths relative to the extension root: requested with them, not after the page has drawn. */
  readonly fonts?: readonly string[];
  readonly bodyAttributes?: Readonly<Record<string, string>>;
  /** Workers from blob: URLs allowed (see contentSecurityPolicy). */
  readonly blobWorkers?: boolean;
}

/** The folders a page may load from: our bundles (and the codicon font), our CSS. */
export function localResourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')];
}

/** The one HTML shell of every panel, with a fresh nonce per page. */
export function renderShell(o: ShellOptions): string {
  const uri = (p: string) => o.webview.asWebviewUri(vscode.Uri.joinPath(o.extensionUri, ...p.split('/'))).toString();
  return htmlShell({
    cspSource: o.webview.cspSource,
    nonce: makeNonce(),
    title: o.title,
    lang: vscode.env.language,
    scriptUris: o.scripts.map((s) => uri(`dist/webview/${s}`)),
    styleUris: o.styles.map(uri),
    fontUris: o.fonts?.map(uri),
    // The page's words come in the display language as the extension's do (src/pages/l10n.ts).
    bodyAttributes: { ...o.bodyAttributes, 'data-l10n': JSON.stringify(vscode.l10n.bundle ?? {}) },
    blobWorkers: o.blobWorkers,
  });
}
