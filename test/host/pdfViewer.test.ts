import * as assert from 'node:assert/strict';
import { closeAllEditors } from './fixtures';
import { longSummary, openLongSummary, openSummary, pageWorkers, pdfClickLink, pdfCopyLine, pdfFindState, pdfKeys, pdfLeftEdge, pdfPagePixel, pdfPlaceShown, pdfReport, pdfSuiteHooks, zoomAndPage, zoomInTo } from './pdfDriver';
import { extensionLog, nextEvent, waitFor, workspaceFile } from './fixtures';
import { pdfView, quickInputKeys, screenshot, webviewControls } from './helpers';
import { pdfWithOutline } from './pdfFixtures';
import * as vscode from 'vscode';
import { api, pageMessages } from './session';
import type { FromPdf } from '../../src/shared/pdfProtocol';

describe('PDF viewer', function () {
  pdfSuiteHooks();

  it('parses the PDF in a worker of its own, started from a blob: URL (the page is never held up by a large file)', async () => {
    const s = await longSummary();
    await closeAllEditors();
    const before = await pageWorkers();
    await openSummary(s.id);
    const started = (await pageWorkers()).filter((u) => !before.includes(u));
    assert.equal(started.filter((u) => u.startsWith('blob:')).length, 1, `workers started: ${JSON.stringify(started)}`);
  });

  it('zoomed in to 300 %, a page scrolled fully left shows its left edge', async () => {
    await openLongSummary();
    const scale = await zoomInTo(3);
    assert.ok(scale >= 3, `zoomed to ${scale}`);
    const seen = await pdfLeftEdge();
    assert.ok(seen.scrollWidth > seen.clientWidth, `the page is wider than the viewer: ${JSON.stringify(seen)}`);
    assert.ok(seen.page.left >= seen.viewer.left - 0.5, `page 1's left edge at ${seen.page.left - seen.viewer.left} px from the viewer's: ${JSON.stringify(seen)}`);
  });

  it('a line of the summary selected with the mouse and copied with Ctrl+C is on the clipboard as it reads', async () => {
    const s = await longSummary();
    await closeAllEditors();
    await openSummary(s.id);
    const line = `Form reference: ${s.formReference}`;
    const seen = await pdfCopyLine(line);
    assert.equal(seen.selected.trim(), line, 'the selection');
    // The system clipboard, as the browser reads it (the workbench's own read fails while a webview holds the focus).
    assert.equal(seen.clipboard, line, 'the clipboard');
  });

  it('Ctrl+F finds a word on every page, pages not drawn yet too: the count is right, Enter and Shift+Enter go to the next page\'s match', async () => {
    const s = await longSummary();
    const word = 'Reminder';
    // The summary prints the history: with Match case and Whole words, "Reminder" is in those lines alone.
    const expected = s.history.filter((e) => /\bReminder\b/.test(e.description)).length;
    assert.ok(expected > 40, 'the history runs over several pages');
    await closeAllEditors();
    const { pages } = await openSummary(s.id);
    assert.ok(pages >= 2, `the summary has ${pages} pages`);
    await pdfKeys([{ focus: 'Zoom level' }, { press: 'ControlOrMeta+a' }, { type: 'Fit width' }, { press: 'Enter' }, { focus: '#viewerContainer' }, { press: 'ControlOrMeta+f' }, { type: word }, { focus: 'Match case' }, { press: 'Enter' }, { focus: 'Whole words' }, { press: 'Enter' }, { focus: 'Find in document' }]);
    let seen = await waitFor('the matches counted', async () => {
      const f = await pdfFindState();
      return f.count === `1 of ${expected}` && f;
    }, 15_000).catch(async (e: Error) => assert.fail(`${e.message}: ${JSON.stringify(await pdfFindState())}`));
    const first = seen.selectedOn;
    assert.ok(first >= 1, `the first match is shown: ${JSON.stringify(seen)}`);
    const onFirst = seen.highlights[String(first)] ?? 0;
    assert.ok(onFirst >= 1 && onFirst < expected, `page ${first} holds ${onFirst} of the matches`);
    await pdfKeys(Array.from({ length: onFirst }, () => ({ press: 'Enter' })));
    seen = await waitFor('the next page\'s match', async () => {
      const f = await pdfFindState();
      return f.count === `${onFirst + 1} of ${expected}` && f.selectedOn === first + 1 && f;
    }, 10_000).catch(async (e: Error) => assert.fail(`${e.message}: ${JSON.stringify(await pdfFindState())}`));
    assert.equal(seen.page, String(first + 1), 'the toolbar shows the page of the match');
    await screenshot('pdf-find');
    await pdfKeys([{ press: 'Shift+Enter' }]);
    seen = await waitFor('back to the match before', async () => {
      const f = await pdfFindState();
      return f.count === `${onFirst} of ${expected}` && f.selectedOn === first && f;
    }, 10_000).catch(async (e: Error) => assert.fail(`${e.message}: ${JSON.stringify(await pdfFindState())}`));
  });

  it('a PDF closed and opened again comes back at the page and zoom it was left at', async () => {
    const s = await longSummary();
    await closeAllEditors();
    await openSummary(s.id);
    await zoomAndPage('150', 1.5, 2);
    assert.deepEqual(await pdfPlaceShown(), { page: '2', zoom: '150%' });
    await closeAllEditors();
    await openSummary(s.id);
    await waitFor('the place shown', async () => (await pdfPlaceShown()).page === '2', 5000).catch(() => undefined);
    assert.deepEqual(await pdfPlaceShown(), { page: '2', zoom: '150%' });
  });

  it('dark pages: in a dark theme a page takes the theme\'s background, follows a theme change, and is inverted as the second mode, remembered', async () => {
    const s = await longSummary();
    const settings = vscode.workspace.getConfiguration('workbench');
    const previous = settings.inspect<string>('colorTheme')?.globalValue;
    const setTheme = (name: string) => settings.update('colorTheme', name, vscode.ConfigurationTarget.Global);
    const hex = (p: number[]) => `#${p.slice(0, 3).map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    const pixelWhere = (what: string, ok: (p: Awaited<ReturnType<typeof pdfPagePixel>>) => boolean) =>
      waitFor(what, async () => {
        const p = await pdfPagePixel();
        return ok(p) && p;
      }, 10_000).catch(async (e: Error) => assert.fail(`${e.message}: ${JSON.stringify(await pdfPagePixel())}`));
    try {
      await setTheme('Default Dark Modern');
      await closeAllEditors();
      await openSummary(s.id);
      const dark = await pixelWhere('the page in the theme\'s background', (p) => hex(p.pixel) === p.themeBackground.toLowerCase());
      assert.equal(dark.filter, 'none', 'drawn in the theme\'s colours, not inverted');
      await screenshot('pdf-dark-pages');
      await setTheme('Default Light Modern');
      await pixelWhere('the page as printed in a light theme', (p) => hex(p.pixel) === '#ffffff');
      await screenshot('pdf-light-pages');
      await setTheme('Default Dark Modern');
      await pixelWhere('the page dark again', (p) => hex(p.pixel) === p.themeBackground.toLowerCase());
      // The second mode: inverted.
      await pdfKeys([{ focus: 'Page colours: Pages in the theme\'s colours' }, { press: 'Enter' }]);
      const inverted = await pixelWhere('the page inverted', (p) => hex(p.pixel) === '#ffffff' && /invert/.test(p.filter));
      assert.match(inverted.filter, /invert/);
      await closeAllEditors();
      await openSummary(s.id);
      await pixelWhere('the page inverted once opened again', (p) => /invert/.test(p.filter));
    } finally {
      // Back to the theme's colours for the tests after (the choice is kept for every PDF).
      await (await api()).deps.context.globalState.update('dsas.pdfPageColors', undefined);
      await settings.update('colorTheme', previous, vscode.ConfigurationTarget.Global);
    }
  });

  it('a workspace PDF opens in the viewer by Reopen Editor With… (never by default), its outline and its link go to a chapter\'s page, its web link to VS Code', async () => {
    const titles = ['Chapter One', 'Chapter Two', 'Chapter Three'];
    const uri = workspaceFile('viewer/outline.pdf', await pdfWithOutline(titles));
    const ours = () => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputCustom && input.viewType === 'dsas.pdfFile' && input.uri.toString() === uri.toString();
    };
    await closeAllEditors();
    await vscode.commands.executeCommand('vscode.open', uri);
    assert.equal(ours(), false, 'opened as VS Code opens a PDF: the viewer is an option');
    const { pages } = await pdfReport(async () => {
      void vscode.commands.executeCommand('workbench.action.reopenWithEditor');
      const offered = await quickInputKeys('Text Editor', []);
      assert.ok(offered.rows.some((r) => r.label.includes('PDF Viewer (Document Submission)')), JSON.stringify(offered.rows));
      await quickInputKeys('PDF Viewer (Document Submission)', [{ type: 'Document Submission' }, { press: 'Enter' }]);
    }, (m) => m.type === 'rendered', 'the workspace PDF') as { pages: number };
    assert.equal(pages, titles.length);
    await waitFor('the tab of the viewer', ours, 5000);
    await pdfKeys([{ focus: '#outline-toggle' }, { press: 'Enter' }, { press: 'ArrowDown' }, { press: 'ArrowDown' }, { press: 'Enter' }]);
    await waitFor('the outline\'s third chapter shown', async () => (await pdfPlaceShown()).page === '3', 5000)
      .catch(async (e: Error) => assert.fail(`${e.message}: ${JSON.stringify(await pdfPlaceShown())}`));
    // Links: one inside the document goes to its page; one to a web page goes to the extension, which opens it through VS Code.
    await pdfKeys([{ focus: 'Page number' }, { press: 'ControlOrMeta+a' }, { type: '1' }, { press: 'Enter' }]);
    await waitFor('page 1 shown', async () => (await pdfPlaceShown()).page === '1', 5000);
    await pdfClickLink(1, 0);
    await waitFor('the link\'s page shown', async () => (await pdfPlaceShown()).page === '3', 5000)
      .catch(async (e: Error) => assert.fail(`${e.message}: ${JSON.stringify(await pdfPlaceShown())}`));
    await pdfKeys([{ focus: 'Page number' }, { press: 'ControlOrMeta+a' }, { type: '1' }, { press: 'Enter' }]);
    const asked = await pdfReport(() => pdfClickLink(1, 1), (m) => m.type === 'openLink', 'the web link');
    assert.deepEqual(asked, { type: 'openLink', url: 'https://example.org/from-a-pdf' });
    assert.equal(await pdfPlaceShown().then((p) => p.page), '1', 'the page did not navigate away itself');
  });

  it('a web link in a PDF goes to VS Code, which asks before opening it (the question in the log: tests refuse it); a link of another kind, or an e-mail link naming a file to attach, opens nothing', async () => {
    const uri = workspaceFile('viewer/links.pdf', await pdfWithOutline(['Chapter One', 'Chapter Two']));
    await closeAllEditors();
    const { pdfs } = (await api()).deps;
    await pdfReport(() => void pdfs.show({ kind: 'file', path: uri.fsPath, name: 'links.pdf' }), (m) => m.type === 'rendered', 'the PDF with links');
    const web = await pdfClickLink(1, 1);
    // VS Code refuses to show a dialog while extension tests run, and says what it would have asked: its link protection.
    const said = await waitFor('the log to say what became of the web link', async () => (await extensionLog()).split('\n').find((l) => l.includes('https://example.org/from-a-pdf')), 5000);
    assert.match(said, /Do you want .* to open the external website\?/, said);
    assert.deepEqual(web.opened, [], 'no page opened before the question is answered');
    // An FTP link is not opened, nor followed by the page itself: no page, nothing handed to VS Code, the viewer still on the document.
    const ftp = await pdfClickLink(1, 2);
    assert.deepEqual(ftp.opened, []);
    assert.ok(!(await extensionLog()).includes('ftp://example.org'), 'the FTP link is not handed to VS Code to open');
    // An e-mail link naming a file to attach is followed neither by the page, nor by the webview (which opens e-mail links itself), nor by the extension.
    const mail = nextEvent(pageMessages<FromPdf>('pdfViewer.js'), (r) => r.message.type === 'openLink', 'the e-mail link handed over', 3000).then(() => 'handed over', () => 'kept');
    assert.deepEqual((await pdfClickLink(1, 3)).opened, []);
    assert.equal(await mail, 'kept');
    assert.ok(!(await extensionLog()).includes('attach='), 'the e-mail link is not handed to VS Code to open');
    assert.equal((await pdfPlaceShown()).page, '1');
    assert.equal((await pdfView()).pageLabel.replace(/\s/g, ''), '/2', 'the viewer still shows the document');
  });

  it('keys: End and Home go to the last and first page, Previous and Next say when they are disabled, Ctrl+0, Ctrl+= and Ctrl+- set and step the zoom', async () => {
    const { pages } = await openLongSummary();
    const disabled = async () => {
      const [previous, next] = await webviewControls('Save PDF…', ['[aria-label="Previous page"][aria-disabled="true"]', '[aria-label="Next page"][aria-disabled="true"]']);
      return { previous: previous.found, next: next.found };
    };
    const shown = (page: string, zoom?: string) => waitFor(`page ${page}${zoom ? ` at ${zoom}` : ''} shown`, async () => {
      const p = await pdfPlaceShown();
      return p.page === page && (!zoom || p.zoom === zoom) && p;
    }, 5000).catch(async (e: Error) => assert.fail(`${e.message}: ${JSON.stringify(await pdfPlaceShown())}`));
    await pdfKeys([{ focus: '#viewerContainer' }, { press: 'End' }]);
    await shown(String(pages));
    assert.deepEqual(await disabled(), { previous: false, next: true }, 'at the last page');
    await pdfKeys([{ press: 'Home' }]);
    await shown('1');
    assert.deepEqual(await disabled(), { previous: true, next: false }, 'at the first page');
    await pdfKeys([{ press: 'ControlOrMeta+0' }]);
    await shown('1', '100%');
    await pdfKeys([{ press: 'ControlOrMeta+=' }]);
    await shown('1', '110%');
    await pdfKeys([{ press: 'ControlOrMeta+-' }, { press: 'ControlOrMeta+-' }]);
    await shown('1', '90%');
  });
});
