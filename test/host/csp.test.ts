import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { isFromTimeline } from '../../src/shared/timelineProtocol';
import { PanelHost } from '../../src/ui/panels/panelHost';
import { tried } from '../reliability/tally';
import { closeAllEditors, nextEvent } from './fixtures';
import { extension, log } from './helpers';

/**
 * Markup a page would hold if service text ever reached it unescaped. Each
 * script records its name in `__ran` if it runs; the style would colour #app.
 */
const INJECTED: readonly [string, string][] = [
  ['inline script', `<script>window.__ran.push('inline script')</script>`],
  ['event handler attribute', `<img src="x" onerror="window.__ran.push('event handler attribute')">`],
  ['SVG onload', `<svg onload="window.__ran.push('SVG onload')"></svg>`],
  ['data: script', `<script src="data:text/javascript,window.__ran.push('data: script')"></script>`],
  ['iframe srcdoc script', `<iframe srcdoc="<script>parent.__ran.push('iframe srcdoc script')</script>"></iframe>`],
  ['inline style', '<style>#app { color: rgb(1, 2, 3) !important }</style>'],
  ['remote image', '<img src="https://tracker.example.invalid/pixel.png">'],
];

interface ProbeReport {
  type: 'cspProbe';
  ran: string[];
  styled: boolean;
  violations: { directive: string; blocked: string }[];
}

/** Our nonce'd probe: runs first, watches for CSP violations, then reports. */
function probe(nonce: string): string {
  return `<script nonce="${nonce}">
window.__ran = [];
const violations = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push({ directive: e.effectiveDirective, blocked: String(e.blockedURI) }));
const api = acquireVsCodeApi();
window.addEventListener('load', () => {
  setTimeout(() => api.postMessage({
    type: 'cspProbe', ran: window.__ran, violations,
    styled: getComputedStyle(document.getElementById('app')).color === 'rgb(1, 2, 3)',
  }), 800);
});
</script>`;
}

/**
 * The extension's own page for a panel (its CSP, styles and nonce), with its
 * bundle replaced by the probe and the hostile markup put where data goes.
 */
async function loadProbe(): Promise<ProbeReport> {
  const panel = vscode.window.createWebviewPanel('dsas.cspProbe', 'CSP probe', vscode.ViewColumn.One, { enableScripts: true });
  const warnings: string[] = [];
  const host = new PanelHost(panel, extension().extensionUri, { title: 'CSP probe', script: 'timeline.js' }, { accepts: isFromTimeline, log: { warn: (m) => warnings.push(m) } });
  const passed: unknown[] = [];
  host.onMessage((m) => passed.push(m));
  try {
    const page = panel.webview.html;
    const nonce = /nonce-([0-9a-f]{32})/.exec(page)?.[1];
    assert.ok(nonce, 'the page has a nonce');
    assert.match(page, /<meta http-equiv="Content-Security-Policy"/);
    const html = page
      .replace(/<script nonce="[0-9a-f]+" src="[^"]*"><\/script>\n?/g, '')
      .replace('</title>', `</title>\n${probe(nonce)}`)
      .replace('<main id="app" aria-live="polite"></main>', `<main id="app" aria-live="polite">${INJECTED.map(([, m]) => m).join('\n')}</main>`);
    assert.ok(html.includes('__ran.push') && html.includes(`nonce="${nonce}"`), 'the probe page was assembled');
    const report = nextEvent(panel.webview.onDidReceiveMessage as vscode.Event<ProbeReport>, (m) => m.type === 'cspProbe', 'the probe report', 15_000);
    panel.webview.html = html;
    const probed = await report;
    // The probe's report is no timeline message: the host ignores it and says so.
    assert.deepEqual(passed, [], 'the host passed on no message');
    assert.deepEqual(warnings, ['timeline.js: ignored a message that is not part of its protocol: type "cspProbe"']);
    return probed;
  } finally {
    host.dispose();
    panel.dispose();
  }
}

describe('webview Content Security Policy, in the browser', () => {
  after(closeAllEditors);

  it('blocks every script, style and remote load injected into a page, while the nonce\'d script runs', async () => {
    let report: ProbeReport;
    try {
      report = await loadProbe();
    } catch (e) {
      // The code-server workbench can leave a new webview blank after another was closed (see webviews.test.ts).
      log(`    (the probe page stayed blank: ${(e as Error).message}; loading it again)`);
      await new Promise((r) => setTimeout(r, 1500));
      report = await loadProbe();
    }
    log(`    violations reported by the browser: ${report.violations.map((v) => `${v.directive} ${v.blocked}`).join(' | ')}`);
    assert.deepEqual(report.ran, [], 'no injected script ran');
    assert.equal(report.styled, false, 'the injected style did not apply');
    const directives = new Set(report.violations.map((v) => v.directive));
    // A srcdoc frame inherits the policy: its script is blocked inside it (and reported there, not here).
    for (const d of ['script-src-elem', 'script-src-attr', 'style-src-elem', 'img-src']) {
      assert.ok(directives.has(d), `the browser reported a ${d} violation: ${[...directives].join(', ')}`);
    }
    assert.ok(report.violations.some((v) => v.blocked.startsWith('https://tracker.example.invalid')), 'the remote image was blocked');
    tried('hostile', INJECTED.length);
  });
});
