import assert from 'node:assert/strict';
import { describe, it } from 'mocha';
import { contentSecurityPolicy, htmlShell, makeNonce } from '../../src/ui/panels/shell';

const SOURCE = 'https://file+.vscode-resource.vscode-cdn.net';

describe('webview Content Security Policy', () => {
  it('allows nothing by default, scripts by nonce only, styles/images/fonts from the extension only', () => {
    const csp = contentSecurityPolicy(SOURCE, 'abc123');
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
    assert.deepEqual(directives, {
      'default-src': "'none'",
      'script-src': "'nonce-abc123'",
      'style-src': SOURCE,
      'img-src': `${SOURCE} data:`,
      'font-src': SOURCE,
      'base-uri': "'none'",
      'form-action': "'none'",
    });
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\s\*|http:|connect-src|worker-src/);
  });

  it('lets the PDF viewer start workers from blob: URLs, and nothing more', () => {
    const plain = contentSecurityPolicy(SOURCE, 'abc123').split('; ');
    const withWorkers = contentSecurityPolicy(SOURCE, 'abc123', true).split('; ');
    assert.deepEqual(withWorkers.filter((d) => !plain.includes(d)), ['worker-src blob:']);
    assert.deepEqual(plain.filter((d) => !withWorkers.includes(d)), []);
    assert.doesNotMatch(withWorkers.join('; '), /unsafe-inline|unsafe-eval|\s\*|http:|connect-src/);
  });

  it('accepts a webview source that lists several sources', () => {
    assert.match(contentSecurityPolicy("'self' https://*.vscode-cdn.net", 'abc'), /style-src 'self' https:\/\/\*\.vscode-cdn\.net; /);
  });

  it('refuses a nonce or source that could smuggle in a directive', () => {
    assert.throws(() => contentSecurityPolicy(SOURCE, "x' 'unsafe-inline"));
    assert.throws(() => contentSecurityPolicy(`${SOURCE}; script-src *`, 'abc'));
  });

  it('makes a fresh, unguessable nonce each time', () => {
    const nonces = new Set(Array.from({ length: 100 }, makeNonce));
    assert.equal(nonces.size, 100);
    for (const n of nonces) assert.match(n, /^[0-9a-f]{32}$/);
  });
});

describe('webview HTML shell', () => {
  const page = htmlShell({
    cspSource: SOURCE, nonce: 'N0nce', title: 'History <b>"x"</b>', lang: 'en',
    scriptUris: [`${SOURCE}/dist/webview/timeline.js`], styleUris: [`${SOURCE}/media/webview.css`], fontUris: [`${SOURCE}/dist/webview/codicons/codicon.ttf`],
    bodyAttributes: { class: 'pdf" onload="alert(1)' },
  });

  it('puts the CSP first in <head> and every script under the nonce, none inline', () => {
    assert.match(page, /<head>\n<meta charset="UTF-8">\n<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; script-src &#39;nonce-N0nce&#39;/);
    const scripts = page.match(/<script[^>]*>[^<]*<\/script>/g) ?? [];
    assert.deepEqual(scripts, [`<script nonce="N0nce" src="${SOURCE}/dist/webview/timeline.js"></script>`]);
    assert.doesNotMatch(page, /\son[a-z]+="/i, 'no inline event handler attribute');
    assert.doesNotMatch(page, /<style/);
  });

  it('escapes the title and attributes', () => {
    assert.match(page, /<title>History &lt;b&gt;"x"&lt;\/b&gt;<\/title>/);
    assert.match(page, /<body class="pdf&quot; onload=&quot;alert\(1\)">/);
  });

  it('links only the given style sheets, preloads their fonts first, and has an empty root for the page script', () => {
    assert.deepEqual(page.match(/<link[^>]*>/g), [
      `<link rel="preload" href="${SOURCE}/dist/webview/codicons/codicon.ttf" as="font" type="font/ttf" crossorigin>`,
      `<link rel="stylesheet" href="${SOURCE}/media/webview.css">`,
    ]);
    assert.match(page, /<main id="app" aria-live="polite"><\/main>/);
  });
});
