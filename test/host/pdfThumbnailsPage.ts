// What the runner reads of the PDF viewer's thumbnails for the host tests,
// as a user would see them: one per page, which are drawn, which is current.
// Code passed to evaluate() runs in the page.
import type { Page } from 'playwright-core';
import { pdfFrame } from './pdfPage';

interface ThumbLike { getAttribute(n: string): string | null; querySelector(s: string): { width: number } | null }
interface SidebarLike { hidden: boolean; ownerDocument: { querySelectorAll(s: string): ArrayLike<ThumbLike>; querySelector(s: string): ThumbLike | null } }

/** The thumbnails: whether their side bar is shown, how many, the pages whose thumbnail is drawn, the one marked current. */
export interface ThumbnailsSeen { shown: boolean; count: number; drawn: number[]; current: string }

async function thumbnails(page: Page): Promise<ThumbnailsSeen> {
  const frame = await pdfFrame(page);
  return frame.locator('.thumbnails').first().evaluate((bar: SidebarLike) => {
    const all = Array.from(bar.ownerDocument.querySelectorAll('.thumbnails .thumbnail'));
    // Drawn: a canvas with pixels in it (a released or pending one has none).
    const drawn = all.filter((t) => (t.querySelector('canvas')?.width ?? 0) > 0).map((t) => Number(t.getAttribute('data-page')));
    const current = bar.ownerDocument.querySelector('.thumbnails [aria-current="page"]')?.getAttribute('aria-label') ?? '';
    return { shown: !bar.hidden, count: all.length, drawn, current };
  });
}

/** The routes of the PDF viewer's thumbnails (see workbenchPage.ts). */
export function pdfThumbnailRoutes(page: Page): Record<string, (q: URLSearchParams) => Promise<string>> {
  return {
    '/pdf-thumbnails': async () => JSON.stringify(await thumbnails(page)),
  };
}
