import * as assert from 'node:assert/strict';
import { closeAllEditors, waitFor, workspaceFile } from './fixtures';
import { pdfKeys, pdfPlaceShown, pdfReport, pdfSuiteHooks, pdfThumbnails } from './pdfDriver';
import { longPdf } from './pdfFixtures';
import { screenshot } from './helpers';
import type { ThumbnailsSeen } from './pdfThumbnailsPage';
import { api } from './session';

const PAGES = 40;

describe('PDF viewer, its thumbnails', function () {
  pdfSuiteHooks();

  it('a thumbnail per page beside the pages, drawn only near the view; Enter on one goes to its page, and the current page\'s follows the reader', async () => {
    const uri = workspaceFile('viewer/thumbnails.pdf', await longPdf(PAGES));
    await closeAllEditors();
    const { pdfs } = (await api()).deps;
    await pdfReport(() => void pdfs.show({ kind: 'file', path: uri.fsPath, name: 'thumbnails.pdf' }), (m) => m.type === 'rendered', 'the PDF');
    const seen = (what: string, ok: (t: ThumbnailsSeen) => boolean) => waitFor(what, async () => {
      const t = await pdfThumbnails();
      return ok(t) && t;
    }, 10_000).catch(async (e: Error) => assert.fail(`${e.message}: ${JSON.stringify(await pdfThumbnails().catch((x: Error) => x.message))}`));
    await pdfKeys([{ focus: '#thumbnails-toggle' }, { press: 'Enter' }]);
    const opened = await seen('the thumbnails shown, page 1\'s current and drawn', (t) => t.shown && t.current === 'Page 1' && t.drawn.includes(1));
    assert.equal(opened.count, PAGES);
    await screenshot('pdf-thumbnails');
    assert.ok(opened.drawn.length < PAGES / 2, `thumbnails drawn while only the first are in view: ${JSON.stringify(opened.drawn)}`);
    // The focus is on page 1's thumbnail: Down twice and Enter go to page 3.
    await pdfKeys([{ press: 'ArrowDown' }, { press: 'ArrowDown' }, { press: 'Enter' }]);
    await waitFor('page 3 shown', async () => (await pdfPlaceShown()).page === '3', 5000)
      .catch(async (e: Error) => assert.fail(`${e.message}: ${JSON.stringify(await pdfPlaceShown())}`));
    await seen('page 3\'s thumbnail current', (t) => t.current === 'Page 3');
    // The reader goes to the end: the last page's thumbnail becomes current, is scrolled to and drawn.
    await pdfKeys([{ focus: '#viewerContainer' }, { press: 'End' }]);
    await seen(`page ${PAGES}'s thumbnail current and drawn`, (t) => t.current === `Page ${PAGES}` && t.drawn.includes(PAGES));
  });
});
