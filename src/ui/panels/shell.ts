// The HTML shell and Content Security Policy of every panel. No vscode import:
// unit-tested in plain Node; html.ts supplies the webview's values.
import { randomBytes } from 'node:crypto';

export interface Shell {
  /** `webview.cspSource`: the origin the webview serves the extension's files from. */
  readonly cspSource: string;
  readonly nonce: string;
  readonly title: string;
  readonly lang: string;
  readonly scriptUris: readonly string[];
  readonly styleUris: readonly string[];
  /** Fonts the style sheets use, fetched with them (preloaded) rather than once the page has drawn. */
  readonly fontUris?: readonly string[];
  readonly bodyAttributes?: Readonly<Record<string, string>>;
  /** Whether the page may start workers from blob: URLs it makes (the PDF viewer's pdf.js worker). */
  readonly blobWorkers?: boolean;
}

/** 128 random bits as 32 hex digits: always the same length, nothing to strip. */
export function makeNonce(): string {
  return randomBytes(16).toString('hex');
}

/**
 * Nothing by default; scripts only by nonce; styles, images and fonts only
 * from the extension's own files; no inline code, no eval, no network. With
 * `blobWorkers`, workers from blob: URLs too (made by the page's own scripts:
 * no other script runs).
 */
export function contentSecurityPolicy(cspSource: string, nonce: string, blobWorkers = false): string {
  if (!/^[A-Za-z0-9]+$/.test(nonce)) throw new Error('a nonce is letters and digits only');
  // cspSource may list several sources ('self' https://*.vscode-cdn.net); only ; and line breaks could add a directive.
  if (/[;\r\n,]/.test(cspSource)) throw new Error('unexpected characters in the webview source');
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource}`,
    `img-src ${cspSource} data:`,
    `font-src ${cspSource}`,
    ...(blobWorkers ? ['worker-src blob:'] : []),
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The page: CSP first, our fonts and styles, an empty root, our nonce'd scripts. Nothing from the service. */
export function htmlShell(s: Shell): string {
  const attrs = Object.entries(s.bodyAttributes ?? {}).map(([k, v]) => ` ${escapeAttr(k)}="${escapeAttr(v)}"`).join('');
  return `<!DOCTYPE html>
<html lang="${escapeAttr(s.lang)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttr(contentSecurityPolicy(s.cspSource, s.nonce, s.blobWorkers))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeText(s.title)}</title>
${(s.fontUris ?? []).map((u) => `<link rel="preload" href="${escapeAttr(u)}" as="font" type="font/ttf" crossorigin>\n`).join('')}${s.styleUris.map((u) => `<link rel="stylesheet" href="${escapeAttr(u)}">`).join('\n')}
</head>
<body${attrs}>
<main id="app" aria-live="polite"></main>
${s.scriptUris.map((u) => `<script nonce="${s.nonce}" src="${escapeAttr(u)}"></script>`).join('\n')}
</body>
</html>`;
}

export function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttr(s: string): string {
  return escapeText(s).replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
