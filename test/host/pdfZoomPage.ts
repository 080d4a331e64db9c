// Zooming the PDF viewer with Ctrl+wheel from the runner, as a user does: the
// pointer over a point of page 1, Ctrl held, the wheel turned; where that
// point of the page is before and after. Code passed to evaluate() runs in
// the page.
import type { Page } from 'playwright-core';
import { sleep } from './pageWaits';
import { pdfFrame } from './pdfPage';

/** Page 1's box (workbench page pixels) and the pointer's place on it, as fractions of its width and height. */
export interface PagePoint { width: number; height: number; fx: number; fy: number }
export interface WheelZoomSeen { pointer: { x: number; y: number }; before: PagePoint; after: PagePoint; zoom: string }

/**
 * Puts the pointer at (`fx`, `fy`) of page 1 (fractions of its width and
 * height; the part in view), turns the wheel `notches` times with Ctrl held
 * (negative: towards the user, zooming in), and reads page 1 again.
 */
async function wheelZoom(page: Page, fx: number, fy: number, notches: number): Promise<WheelZoomSeen> {
  const frame = await pdfFrame(page);
  const first = frame.locator('.page[data-page-number="1"]').first();
  const scroller = await frame.locator('.pages').first().boundingBox();
  const box = await first.boundingBox();
  if (!box || !scroller) throw new Error('page 1 or the viewer is not laid out');
  const pointer = {
    x: Math.max(scroller.x + 4, Math.min(scroller.x + scroller.width - 4, box.x + box.width * fx)),
    y: Math.max(scroller.y + 4, Math.min(scroller.y + scroller.height - 4, box.y + box.height * fy)),
  };
  const at = (b: { x: number; y: number; width: number; height: number }): PagePoint => ({ width: b.width, height: b.height, fx: (pointer.x - b.x) / b.width, fy: (pointer.y - b.y) / b.height });
  const before = at(box);
  await page.mouse.move(pointer.x, pointer.y);
  await page.keyboard.down('Control');
  try {
    for (let i = 0; i < Math.abs(notches); i++) {
      await page.mouse.wheel(0, Math.sign(notches) * 100);
      await sleep(50);
    }
  } finally {
    await page.keyboard.up('Control');
  }
  await sleep(600); // pdf.js lays the pages out again and scrolls
  const after = await first.boundingBox();
  if (!after) throw new Error('page 1 is not laid out after the zoom');
  return { pointer, before, after: at(after), zoom: await frame.locator('.zoom-input').inputValue({ timeout: 2000 }) };
}

/** The routes of zooming the PDF viewer (see workbenchPage.ts). */
export function pdfZoomRoutes(page: Page): Record<string, (q: URLSearchParams) => Promise<string>> {
  return {
    '/pdf-wheel-zoom': async (q) => JSON.stringify(await wheelZoom(page, Number(q.get('fx') ?? '0.5'), Number(q.get('fy') ?? '0.3'), Number(q.get('notches') ?? '-1'))),
  };
}
