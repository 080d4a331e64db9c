// What the runner reads and does in the PDF viewer's page for the host tests,
// as a user would see or do it: scroll its pages, read where a page lies.
//
// Code passed to evaluate() runs in the page. The project compiles without
// the DOM library, so each such function names the few members it reads.
import type { Frame, Page } from 'playwright-core';
import { poll, sleep } from './pageWaits';

type Route = (q: URLSearchParams) => Promise<string>;

interface RectLike { left: number; right: number; top: number; bottom: number }
interface ScrollerLike {
  scrollLeft: number; scrollTop: number; scrollWidth: number; clientWidth: number;
  getBoundingClientRect(): RectLike;
  querySelector(selector: string): { getBoundingClientRect(): RectLike } | null;
}

/** Where page 1 lies once the viewer is scrolled fully left and to the page's top, against the viewer's visible box. */
export interface EdgeSeen { page: RectLike; viewer: RectLike; scrollLeft: number; scrollWidth: number; clientWidth: number }

/** The scrolling box of the PDF viewer's pages. */
const SCROLLER = '.pages';
/** Page 1 of the viewer. */
const FIRST_PAGE = '.page[data-page-number="1"]';

/** The frame of the PDF viewer that shows a page 1 (waiting up to 15 s). */
export function pdfFrame(page: Page): Promise<Frame> {
  return poll('no PDF viewer showed its pages', async () => {
    for (const frame of page.frames()) if (await frame.locator(`${SCROLLER} ${FIRST_PAGE}`).count().catch(() => 0)) return frame;
    return undefined;
  }, 15_000);
}

/** Scrolls the viewer as far left as it goes, with page 1's top at the top, and says where page 1 is then. */
async function leftEdge(page: Page): Promise<EdgeSeen> {
  const frame = await pdfFrame(page);
  return frame.locator(SCROLLER).first().evaluate((s: ScrollerLike, first: string) => {
    const p = s.querySelector(first);
    if (!p) throw new Error('no page 1');
    s.scrollLeft = 0;
    s.scrollTop += p.getBoundingClientRect().top - s.getBoundingClientRect().top;
    const r = p.getBoundingClientRect();
    const v = s.getBoundingClientRect();
    return {
      page: { left: r.left, right: r.right, top: r.top, bottom: r.bottom }, viewer: { left: v.left, right: v.right, top: v.top, bottom: v.bottom },
      scrollLeft: s.scrollLeft, scrollWidth: s.scrollWidth, clientWidth: s.clientWidth,
    };
  }, FIRST_PAGE);
}

interface SpanLike { textContent: string | null; getBoundingClientRect(): RectLike }
interface DocLike { querySelectorAll(s: string): ArrayLike<SpanLike & { closest(s: string): { getAttribute(n: string): string | null } | null }> }

/**
 * Selects `text` (a line of the PDF) with the mouse, from its first letter to
 * its last, and presses Ctrl+C (Cmd+C on macOS); what the clipboard holds then.
 */
async function copyLine(page: Page, text: string): Promise<{ selected: string; clipboard: string }> {
  const frame = await pdfFrame(page);
  type ClipboardLike = { navigator: { clipboard: { readText(): Promise<string>; writeText(t: string): Promise<void> } } };
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => (globalThis as unknown as ClipboardLike).navigator.clipboard.writeText(''));
  const line = frame.locator('.textLayer span', { hasText: text }).first();
  await line.waitFor({ state: 'attached', timeout: 10_000 });
  await line.scrollIntoViewIfNeeded();
  const box = await line.boundingBox();
  if (!box) throw new Error(`the line "${text}" is not on screen`);
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 1, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, y, { steps: 5 });
  await page.mouse.move(box.x + box.width - 1, y, { steps: 5 });
  await page.mouse.up();
  const selected = await frame.evaluate(() => String((globalThis as unknown as { getSelection(): unknown }).getSelection()));
  await page.keyboard.press('ControlOrMeta+c');
  await page.waitForTimeout(300);
  const clipboard = await page.evaluate(() => (globalThis as unknown as ClipboardLike).navigator.clipboard.readText());
  return { selected, clipboard };
}

/** What the find bar and the pages show: the count, the page in the toolbar, where the current match is, matches drawn per page. */
export interface FindSeen { count: string; page: string; selectedOn: number; highlights: Record<string, number> }

async function findState(page: Page): Promise<FindSeen> {
  const frame = await pdfFrame(page);
  const count = (await frame.locator('.find-count').innerText({ timeout: 2000 }).catch(() => '')).trim();
  const pageShown = await frame.locator('.page-input').inputValue({ timeout: 2000 });
  const { selectedOn, highlights } = await frame.locator('body').evaluate((b: { ownerDocument: DocLike }) => {
    const d = b.ownerDocument;
    // No named helper inside: the runner's compiler would wrap it in a function the page lacks.
    const selected = Array.from(d.querySelectorAll('.textLayer .highlight.selected'));
    const all: Record<string, number> = {};
    for (const h of Array.from(d.querySelectorAll('.textLayer .highlight'))) {
      const n = h.closest('.page')?.getAttribute('data-page-number') ?? '0';
      all[n] = (all[n] ?? 0) + 1;
    }
    return { selectedOn: selected.length ? Number(selected[0].closest('.page')?.getAttribute('data-page-number') ?? 0) : 0, highlights: all };
  });
  return { count, page: pageShown, selectedOn, highlights };
}

interface CanvasLike { width: number; height: number; getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } } | null }
interface WrapperLike {
  querySelector(s: string): CanvasLike | null;
  ownerDocument: { documentElement: unknown; defaultView: { getComputedStyle(e: unknown): { filter: string; getPropertyValue(p: string): string } } };
}

/**
 * How page 1 is drawn: a pixel of its margin (4 px in from its top left
 * corner), or the one at (`fx`, `fy`), fractions of its width and height;
 * the filter over its drawing, the theme's editor background.
 */
export interface PixelSeen { pixel: number[]; filter: string; themeBackground: string }

async function pagePixel(page: Page, at?: [number, number]): Promise<PixelSeen> {
  const frame = await pdfFrame(page);
  const wrapper = frame.locator('.page[data-page-number="1"][data-loaded="true"] .canvasWrapper').first();
  await wrapper.waitFor({ state: 'attached', timeout: 10_000 });
  return wrapper.evaluate((w: WrapperLike, xy: [number, number] | undefined) => {
    const canvas = w.querySelector('canvas');
    const [x, y] = xy && canvas ? [Math.floor(canvas.width * xy[0]), Math.floor(canvas.height * xy[1])] : [4, 4];
    const data = canvas?.getContext('2d')?.getImageData(x, y, 1, 1).data ?? [];
    const view = w.ownerDocument.defaultView;
    return {
      pixel: Array.from(data), filter: view.getComputedStyle(w).filter,
      themeBackground: view.getComputedStyle(w.ownerDocument.documentElement).getPropertyValue('--vscode-editor-background').trim(),
    };
  }, at);
}

interface ScrollableLike {
  scrollTop: number; scrollHeight: number; clientHeight: number;
  ownerDocument: { querySelectorAll(s: string): ArrayLike<{ width: number; height: number }> };
}
interface MemoryLike { performance: { memory?: { usedJSHeapSize: number } } }

/**
 * Scrolling the viewer from its top to its end, two screens at a time: the
 * most canvases alive at once, the most memory their pixels held at once
 * (4 bytes a pixel), and the page's peak JS heap.
 */
export interface ScrollSeen { steps: number; maxCanvases: number; peakCanvasMiB: number; peakHeapMiB: number; endHeapMiB: number; ms: number }

async function scrollThrough(page: Page): Promise<ScrollSeen> {
  const frame = await pdfFrame(page);
  // In the page, one evaluate: a round trip per screen would take minutes for hundreds of pages.
  return frame.locator(SCROLLER).first().evaluate(async (s: ScrollableLike & MemoryLike & { ownerDocument: { defaultView: MemoryLike & { setTimeout(f: () => void, ms: number): void } } }) => {
    const win = s.ownerDocument.defaultView;
    const started = Date.now();
    let steps = 0;
    let maxCanvases = 0;
    let peakCanvas = 0;
    let peak = 0;
    let heap = 0;
    for (;;) {
      s.scrollTop += 2 * s.clientHeight;
      await new Promise<void>((resolve) => win.setTimeout(resolve, 10));
      heap = win.performance.memory?.usedJSHeapSize ?? 0;
      peak = Math.max(peak, heap);
      const canvases = Array.from(s.ownerDocument.querySelectorAll('.page canvas'));
      maxCanvases = Math.max(maxCanvases, canvases.length);
      peakCanvas = Math.max(peakCanvas, canvases.reduce((sum, c) => sum + c.width * c.height * 4, 0));
      steps++;
      if (s.scrollTop + s.clientHeight >= s.scrollHeight - 1 || steps > 5000) break;
    }
    return { steps, maxCanvases, peakCanvasMiB: peakCanvas / 2 ** 20, peakHeapMiB: peak / 2 ** 20, endHeapMiB: heap / 2 ** 20, ms: Date.now() - started };
  });
}

/** Clicks the `nth` link of the PDF's annotation layer on page `pageNumber`, with the mouse: the browser pages opened within 1.5 s after. */
async function clickLink(page: Page, pageNumber: string, nth: number): Promise<{ opened: string[] }> {
  const frame = await pdfFrame(page);
  const link = frame.locator(`.page[data-page-number="${pageNumber}"] .annotationLayer a`).nth(nth);
  await link.waitFor({ state: 'attached', timeout: 10_000 });
  await link.scrollIntoViewIfNeeded();
  const before = new Set(page.context().pages());
  await link.click({ timeout: 5000 });
  await sleep(1500);
  return { opened: page.context().pages().filter((p) => !before.has(p)).map((p) => p.url()) };
}

/** The routes of the PDF viewer (see workbenchPage.ts). */
export function pdfRoutes(page: Page): Record<string, Route> {
  return {
    '/pdf-left-edge': async () => JSON.stringify(await leftEdge(page)),
    '/pdf-copy-line': async (q) => JSON.stringify(await copyLine(page, q.get('text') ?? '')),
    '/pdf-find-state': async () => JSON.stringify(await findState(page)),
    '/pdf-page-pixel': async (q) => JSON.stringify(await pagePixel(page, q.has('fx') ? [Number(q.get('fx')), Number(q.get('fy'))] : undefined)),
    '/pdf-click-link': async (q) => JSON.stringify(await clickLink(page, q.get('page') ?? '1', Number(q.get('nth') ?? '0'))),
    '/pdf-scroll-through': async () => JSON.stringify(await scrollThrough(page)),
    // The page's dedicated workers (of every frame): where each was loaded from.
    '/page-workers': async () => JSON.stringify(page.workers().map((w) => w.url())),
  };
}
