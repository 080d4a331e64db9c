// The webviews' frames in the browser workbench, for the offline runner. A
// webview is an outer frame (the workbench's pre/index.html) holding the
// page's frame; the page's files come through the workbench's service worker.
import type { Frame, Page } from 'playwright-core';

const OUTER = /\/webview\/browser\/pre\/index(-no-csp)?\.html/;

/** What evaluate() reads of a page's document (the code runs in the page). */
interface DocumentLike {
  readonly document: { readonly readyState: string; readonly fonts: { readonly status: string } };
}

/** Whether the page in this webview has loaded: its document, its files and its fonts. */
async function pageLoaded(outer: Frame): Promise<boolean> {
  const pages = outer.childFrames();
  if (!pages.length) return false;
  const loaded = await Promise.all(pages.map((f) => f.evaluate(() => {
    const { document } = globalThis as unknown as DocumentLike;
    return document.readyState === 'complete' && document.fonts.status === 'loaded';
  }).catch(() => true)));
  return loaded.every(Boolean);
}

/**
 * Resolves once every webview shown in the workbench has loaded its page, or
 * after `ms`; says how many there were, or which had not loaded. A page closed
 * while its files are on their way keeps the service worker waiting 30 s for
 * them, and every webview opened meanwhile stays blank: the tests wait for
 * this before they close editors.
 */
export async function webviewsLoaded(page: Page, ms = 10_000): Promise<string> {
  const until = Date.now() + ms;
  for (;;) {
    const outer = page.frames().filter((f) => OUTER.test(f.url()));
    const loaded = await Promise.all(outer.map(pageLoaded));
    if (loaded.every(Boolean)) return `${outer.length} webview(s) loaded`;
    if (Date.now() > until) return `${loaded.filter((l) => !l).length} of ${outer.length} webview(s) not loaded after ${ms} ms`;
    await new Promise((r) => setTimeout(r, 100));
  }
}
