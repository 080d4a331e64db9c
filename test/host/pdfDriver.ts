// Opening a PDF in the viewer and working it from the host tests, as a user would.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FromPdf } from '../../src/shared/pdfProtocol';
import { closeAllEditors, nextEvent, waitFor } from './fixtures';
import { askWorkbench, webviewControls, webviewKeys } from './helpers';
import type { EdgeSeen, FindSeen, PixelSeen, ScrollSeen } from './pdfPage';
import type { ThumbnailsSeen } from './pdfThumbnailsPage';
import type { ToolbarSeen } from './pdfToolbarPage';
import type { WheelZoomSeen } from './pdfZoomPage';
import { pageMessages, sandboxState, signIn } from './session';
import type { KeyStep } from './workbenchPage';

export type PdfRendered = Extract<FromPdf, { type: 'rendered' }>;

/** The hooks of a suite that works a PDF viewer's page: signed in first, skipped without the offline runner's browser (which reads and drives the page), its editors closed after. */
export function pdfSuiteHooks(): void {
  before(function () {
    if (!process.env.DSAS_WORKBENCH_URL) this.skip();
    return signIn();
  });
  after(closeAllEditors);
}

/** Runs `trigger` and resolves with the first report of a PDF viewer that `pred` accepts (within 30 s). */
export async function pdfReport(trigger: () => Thenable<unknown> | void, pred: (m: FromPdf) => boolean, what: string): Promise<FromPdf> {
  const report = nextEvent(pageMessages<FromPdf>('pdfViewer.js'), (r) => pred(r.message), what, 30_000);
  await trigger();
  return (await report).message;
}

/** Opens the summary PDF of submission `id` from the palette's command; what the viewer reported once page 1 was drawn. */
export async function openSummary(id: string): Promise<PdfRendered> {
  return (await pdfReport(() => vscode.commands.executeCommand('dsas.showSummary', { kind: 'submission', item: { id } }), (m) => m.type === 'rendered', `the summary of ${id}`)) as PdfRendered;
}

/** Presses the viewer's Zoom in until it reports a zoom level (1 = 100 %) of at least `min`; the level reached. */
export async function zoomInTo(min: number): Promise<number> {
  let scale = 0;
  const sub = pageMessages<FromPdf>('pdfViewer.js')(({ message: m }) => {
    if (m.type === 'position' && m.zoom.mode === 'scale') scale = m.zoom.scale;
  });
  try {
    for (let i = 0; i < 12 && scale < min; i++) {
      const before = scale;
      await pdfKeys([{ focus: 'Zoom in' }, { press: 'Enter' }]);
      await waitFor('the zoom level reported', () => scale > before, 5000);
    }
  } finally {
    sub.dispose();
  }
  return scale;
}

/** Keys in the PDF viewer (the webview showing its toolbar). */
export function pdfKeys(steps: readonly KeyStep[]): Promise<unknown> {
  return webviewKeys('Save PDF…', steps);
}

/** Scrolls the viewer fully left, page 1 at the top: where page 1 and the viewer are then. */
export async function pdfLeftEdge(): Promise<EdgeSeen> {
  return JSON.parse(await askWorkbench('/pdf-left-edge', {}, 'scrolling the PDF viewer to its left edge')) as EdgeSeen;
}

/** Selects a line of the PDF with the mouse and presses Ctrl+C: the selection and the clipboard then. */
export async function pdfCopyLine(text: string): Promise<{ selected: string; clipboard: string }> {
  return JSON.parse(await askWorkbench('/pdf-copy-line', { text }, `copying "${text}" from the PDF viewer`)) as { selected: string; clipboard: string };
}

/** What the find bar and the pages show now. */
export async function pdfFindState(): Promise<FindSeen> {
  return JSON.parse(await askWorkbench('/pdf-find-state', {}, 'reading the PDF viewer\'s find bar')) as FindSeen;
}

/** Types a zoom level into the zoom box and a page number into the page box, as a user would; resolves once the viewer reported that place. */
export async function zoomAndPage(level: string, scale: number, page: number): Promise<void> {
  const there = nextEvent(pageMessages<FromPdf>('pdfViewer.js'), ({ message: m }) => m.type === 'position' && m.page === page && m.zoom.mode === 'scale' && Math.abs(m.zoom.scale - scale) < 0.001, `page ${page} at ${level}`, 15_000);
  await pdfKeys([
    { focus: 'Zoom level' }, { press: 'ControlOrMeta+a' }, { type: level }, { press: 'Enter' },
    { focus: 'Page number' }, { press: 'ControlOrMeta+a' }, { type: String(page) }, { press: 'Enter' },
  ]);
  await there;
}

/** The page number and the zoom level the viewer's toolbar shows. */
export async function pdfPlaceShown(): Promise<{ page: string; zoom: string }> {
  const [page, zoom] = await webviewControls('Save PDF…', ['.page-input', '.zoom-input']);
  return { page: page.value, zoom: zoom.value };
}

/** How page 1 is drawn now: a pixel of its margin (or at `fx`, `fy`: fractions of its width and height), the filter over it, the theme's editor background. */
export async function pdfPagePixel(at?: { fx: number; fy: number }): Promise<PixelSeen> {
  return JSON.parse(await askWorkbench('/pdf-page-pixel', at ? { fx: String(at.fx), fy: String(at.fy) } : {}, 'reading a pixel of the PDF\'s page 1')) as PixelSeen;
}

/** Where each dedicated worker of the workbench's page (its webviews' too) was loaded from. */
export async function pageWorkers(): Promise<string[]> {
  return JSON.parse(await askWorkbench('/page-workers', {}, 'listing the page\'s workers')) as string[];
}

/** Scrolls the viewer from its top to its end, two screens at a time; what it held meanwhile. */
export async function pdfScrollThrough(): Promise<ScrollSeen> {
  // Hundreds of screens: on a loaded machine this takes more than the usual minute.
  return JSON.parse(await askWorkbench('/pdf-scroll-through', {}, 'scrolling through the PDF', 170_000)) as ScrollSeen;
}

/** Clicks the `nth` link on page `page` of the PDF with the mouse: the browser pages (tabs, pop-ups) opened within a second and a half. */
export async function pdfClickLink(page: number, nth: number): Promise<{ opened: string[] }> {
  return JSON.parse(await askWorkbench('/pdf-click-link', { page: String(page), nth: String(nth) }, `clicking link ${nth} of page ${page}`)) as { opened: string[] };
}


/** The viewer's thumbnails now: shown or not, how many, the pages drawn, the current one. */
export async function pdfThumbnails(): Promise<ThumbnailsSeen> {
  return JSON.parse(await askWorkbench('/pdf-thumbnails', {}, 'reading the PDF viewer\'s thumbnails')) as ThumbnailsSeen;
}

/** The viewer's toolbar with the viewer `width` pixels wide (the workbench's window resized for it, then put back). */
export async function pdfToolbarAt(width: number): Promise<ToolbarSeen> {
  return JSON.parse(await askWorkbench('/pdf-toolbar-at', { width: String(width) }, `reading the PDF viewer's toolbar at ${width} px`)) as ToolbarSeen;
}

/** Ctrl+wheel over the point (`fx`, `fy`) of page 1, `notches` turns (negative: zoom in): where that point is before and after, the zoom shown. */
export async function pdfWheelZoom(fx: number, fy: number, notches: number): Promise<WheelZoomSeen> {
  return JSON.parse(await askWorkbench('/pdf-wheel-zoom', { fx: String(fx), fy: String(fy), notches: String(notches) }, 'zooming the PDF viewer with Ctrl+wheel')) as WheelZoomSeen;
}

/** The submission whose summary PDF runs over several pages. */
export async function longSummary(): Promise<{ id: string; formReference: string; history: { description: string }[] }> {
  const s = (await sandboxState()).submissions.find((x) => x.formReference === 'POLICY-REVIEW');
  assert.ok(s, 'the sandbox has the submission with a long history');
  return s as typeof s & { history: { description: string }[] };
}

/** The summary of the submission with a long history, opened with no other editor: what the viewer reported once page 1 was drawn. */
export async function openLongSummary(): Promise<PdfRendered> {
  const s = await longSummary();
  await closeAllEditors();
  return openSummary(s.id);
}
