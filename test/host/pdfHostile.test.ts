import * as assert from 'node:assert/strict';
import { truncateSync } from 'node:fs';
import { PDFDocument, PDFHexString, PDFName, StandardFonts, degrees } from 'pdf-lib';
import type { FromPdf } from '../../src/shared/pdfProtocol';
import { closeAllEditors, waitFor, workspaceFile } from './fixtures';
import { pdfClickLink, pdfKeys, pdfPlaceShown, pdfReport, pdfSuiteHooks } from './pdfDriver';
import { api } from './session';

/** A PDF of `pages` pages of `size` (pt), turned `rotate`°; `outline` entries, each inside the one before (`deep`) or side by side; on page 1 a link to an object that is no page. */
async function hostilePdf(o: { pages: number; size?: [number, number]; rotate?: number; outline?: number; deep?: boolean; deadLink?: boolean }): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < o.pages; i++) {
    const page = doc.addPage(o.size ?? [612, 792]);
    page.drawText(`Page ${i + 1}`, { x: 20, y: 20, size: 14, font });
    if (o.rotate) page.setRotation(degrees(o.rotate));
  }
  const { context } = doc;
  if (o.deadLink) {
    // A link to page 9 of a PDF of one: its destination names an object that is no page.
    const nowhere = context.register(context.obj({ Type: 'Page' }));
    doc.getPage(0).node.set(PDFName.of('Annots'), context.obj([context.register(context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 300, 300], Border: [0, 0, 0], Dest: [nowhere, 'Fit'] }))]));
  }
  if (o.outline) {
    const outlines = context.nextRef();
    const items = Array.from({ length: o.outline }, () => context.nextRef());
    const page = doc.getPage(0).ref;
    items.forEach((ref, i) => {
      const parent = o.deep ? (i ? items[i - 1] : outlines) : outlines;
      const child = o.deep && i < items.length - 1 ? { First: items[i + 1], Last: items[i + 1], Count: 1 } : {};
      const siblings = o.deep ? {} : { ...(i > 0 ? { Prev: items[i - 1] } : {}), ...(i < items.length - 1 ? { Next: items[i + 1] } : {}) };
      context.assign(ref, context.obj({ Title: PDFHexString.fromText(`Entry ${i + 1}`), Parent: parent, Dest: [page, 'Fit'], ...child, ...siblings }));
    });
    context.assign(outlines, context.obj({ Type: 'Outlines', First: items[0], Last: o.deep ? items[0] : items[items.length - 1], Count: o.outline }));
    doc.catalog.set(PDFName.of('Outlines'), outlines);
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

describe('PDF viewer and hostile PDFs', function () {
  pdfSuiteHooks();

  const open = async (name: string, content: Buffer): Promise<FromPdf> => {
    await closeAllEditors();
    const uri = workspaceFile(`hostile/${name}`, content);
    const { pdfs } = (await api()).deps;
    return pdfReport(() => void pdfs.show({ kind: 'file', path: uri.fsPath, name }), (m) => m.type === 'rendered' || m.type === 'failed', name);
  };

  it('an outline 10,000 entries deep: the first page is drawn and said to be', async () => {
    assert.deepEqual(await open('deep-outline.pdf', await hostilePdf({ pages: 1, outline: 10_000, deep: true })), { type: 'rendered', pages: 1, firstPageDrawn: true });
  });

  it('an outline of 10,000 entries side by side: the first page is drawn', async () => {
    assert.deepEqual(await open('wide-outline.pdf', await hostilePdf({ pages: 1, outline: 10_000 })), { type: 'rendered', pages: 1, firstPageDrawn: true });
  });

  it('a page of 20000 × 20000 pt, turned 90°: drawn', async () => {
    assert.deepEqual(await open('huge-page.pdf', await hostilePdf({ pages: 2, size: [20000, 20000], rotate: 90 })), { type: 'rendered', pages: 2, firstPageDrawn: true });
  });

  it('a page 2 pt wide and 14,400 tall: drawn', async () => {
    assert.deepEqual(await open('thin-page.pdf', await hostilePdf({ pages: 3, size: [2, 14400] })), { type: 'rendered', pages: 3, firstPageDrawn: true });
  });

  it('10,000 pages: the first is drawn within 20 s, and End goes to the last', async () => {
    const started = Date.now();
    assert.deepEqual(await open('ten-thousand.pdf', await hostilePdf({ pages: 10_000 })), { type: 'rendered', pages: 10_000, firstPageDrawn: true });
    const took = Date.now() - started;
    assert.ok(took < 20_000, `${took} ms`);
    await pdfKeys([{ focus: '#viewerContainer' }, { press: 'End' }]);
    await waitFor('the last page shown', async () => (await pdfPlaceShown()).page === '10000', 10_000);
  });

  it('a file over 200 MB is not read: the message says so, as a limit, and to open it in another program (it is on disk already)', async () => {
    const uri = workspaceFile('hostile/big.pdf', '%PDF-1.7\n');
    truncateSync(uri.fsPath, 201 * 1024 * 1024); // sparse: nothing written
    await closeAllEditors();
    const { pdfs } = (await api()).deps;
    const m = await pdfReport(() => void pdfs.show({ kind: 'file', path: uri.fsPath, name: 'big.pdf' }), (x) => x.type === 'failed', 'the refusal of big.pdf');
    assert.match(m.type === 'failed' ? m.message : '', /^This PDF is too large to show here \(201(\.0)? MB\); open it in another program\.$/);
  });

  it('a link to a page that does not exist: the viewer stays where it is', async () => {
    assert.deepEqual(await open('dead-link.pdf', await hostilePdf({ pages: 1, deadLink: true })), { type: 'rendered', pages: 1, firstPageDrawn: true });
    await pdfClickLink(1, 0);
    assert.equal((await pdfPlaceShown()).page, '1');
  });

  it('a PDF cut in the middle, and one whose cross-reference table lies: drawn or said', async () => {
    const whole = await hostilePdf({ pages: 3 });
    const cut = await open('cut.pdf', whole.subarray(0, Math.floor(whole.length / 2)));
    assert.ok(cut.type === 'rendered' || (cut.type === 'failed' && /cut\.pdf|could not be read/.test(cut.message)), JSON.stringify(cut));
    const lying = Buffer.from(whole.toString('latin1').replace(/startxref\s+\d+/, 'startxref\n999999999'), 'latin1');
    const lied = await open('lying.pdf', lying);
    assert.ok(lied.type === 'rendered' || lied.type === 'failed', JSON.stringify(lied));
  });
});
