// What the runner reads and does in the PDF viewer's page for the host tests,
// as a user would see or do it: scroll its pages, read where a page lies.
//
// Code passed to evaluate() runs in the page. The project compiles without
// the DOM library, so each such function names the few members it reads.
import type { Frame, Page } from 'playwright-core';
import { poll } from './pageWaits';

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
const FIRST_PAGE = '.page[data-page-number="1"], .page[data-page="1"]';

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

/** The routes of the PDF viewer (see workbenchPage.ts). */
export function pdfRoutes(page: Page): Record<string, Route> {
  return {
    '/pdf-left-edge': async () => JSON.stringify(await leftEdge(page)),
  };
}
