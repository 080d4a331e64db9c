// The PDF viewer's toolbar at a given width, read from the runner as a user
// would see it: the workbench's window is made as wide as needed for the
// viewer to be `width` pixels wide, then put back. Code passed to evaluate()
// runs in the page.
import type { Page } from 'playwright-core';
import { sleep } from './pageWaits';
import { pdfFrame } from './pdfPage';

interface RectLike { left: number; right: number; top: number; bottom: number; width: number }
interface ControlLike { getAttribute(n: string): string | null; textContent: string | null; getBoundingClientRect(): RectLike }
interface BarLike extends ControlLike {
  scrollWidth: number; clientWidth: number;
  querySelectorAll(s: string): ArrayLike<ControlLike>;
  ownerDocument: { defaultView: { innerWidth: number; getComputedStyle(e: unknown): { display: string; visibility: string } } };
}

/**
 * The toolbar at the viewer's width: its rows (1, and one more for each
 * distinct top of a control shown below the first row's bottom), whether it overflows, the controls shown cut off by its edge, the
 * names of the controls shown, and of the More actions menu's items.
 */
export interface ToolbarSeen { width: number; rows: number; overflows: boolean; clipped: string[]; shown: string[]; menu: string[] }

async function toolbarAt(page: Page, width: number): Promise<ToolbarSeen> {
  const frame = await pdfFrame(page);
  const before = page.viewportSize() ?? { width: 1400, height: 900 };
  const inner = () => frame.evaluate(() => (globalThis as unknown as { innerWidth: number }).innerWidth);
  try {
    await page.setViewportSize({ width: before.width - ((await inner()) - width), height: before.height });
    await sleep(500); // the workbench lays the editor out again, then the page its toolbar
    return await frame.locator('.toolbar').first().evaluate((bar: BarLike) => {
      // No named helper inside: the runner's compiler would wrap it in a function the page lacks.
      const view = bar.ownerDocument.defaultView;
      const box = bar.getBoundingClientRect();
      const shown = Array.from(bar.querySelectorAll(':scope > button, :scope > input, :scope > .more > button'))
        .filter((c) => view.getComputedStyle(c).display !== 'none' && c.getBoundingClientRect().width > 0);
      return {
        width: view.innerWidth,
        // A control starting below the bottom of the highest one is on a row of its own.
        rows: 1 + new Set(shown.map((c) => c.getBoundingClientRect().top).filter((top) => top >= Math.min(...shown.map((c) => c.getBoundingClientRect().bottom)))).size,
        overflows: bar.scrollWidth > bar.clientWidth + 1,
        clipped: shown.filter((c) => c.getBoundingClientRect().right > box.right + 0.5 || c.getBoundingClientRect().left < box.left - 0.5).map((c) => c.getAttribute('aria-label') ?? (c.textContent ?? '').trim()),
        shown: shown.map((c) => c.getAttribute('aria-label') ?? (c.textContent ?? '').trim()),
        menu: Array.from(bar.querySelectorAll('[role="menuitem"]')).filter((c) => view.getComputedStyle(c).display !== 'none').map((c) => c.getAttribute('aria-label') ?? (c.textContent ?? '').trim()),
      };
    });
  } finally {
    await page.setViewportSize(before);
  }
}

/** The routes of the PDF viewer's toolbar (see workbenchPage.ts). */
export function pdfToolbarRoutes(page: Page): Record<string, (q: URLSearchParams) => Promise<string>> {
  return {
    '/pdf-toolbar-at': async (q) => JSON.stringify(await toolbarAt(page, Number(q.get('width') ?? '800'))),
  };
}
