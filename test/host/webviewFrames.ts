// The webviews' frames in the browser workbench, for the offline runner. A
// webview is an outer frame (the workbench's pre/index.html) holding the
// page's frame; the page's files come through the workbench's service worker.
import type { Frame, Page } from 'playwright-core';

const OUTER = /\/webview\/browser\/pre\/index(-no-csp)?\.html/;

/** What evaluate() reads of a frame's document (the code runs in the frame). */
interface DocumentLike {
  readonly document: { readonly readyState: string; readonly fonts: { readonly status: string }; getElementById(id: string): unknown };
}

/**
 * Whether the page in this webview is still loading: its document, its files
 * or its fonts. A webview whose page has not started (no frame holds it yet:
 * the workbench is still starting the service worker) has nothing on its way.
 */
async function pageLoading(outer: Frame): Promise<boolean> {
  const loading = await Promise.all(outer.childFrames().map((f) => f.evaluate(() => {
    const { document } = globalThis as unknown as DocumentLike;
    // Our pages' root: the frame holds the page, not the workbench's placeholder.
    if (document.getElementById('app') === null) return false;
    return document.readyState !== 'complete' || document.fonts.status !== 'loaded';
  }).catch(() => false)));
  return loading.some(Boolean);
}

/**
 * Resolves once no webview shown in the workbench is loading its page, or
 * after `ms`; says what it found. A page closed while its files are on their
 * way keeps the service worker waiting 30 s for them, and every webview opened
 * meanwhile stays blank: the tests wait for this before they close editors.
 */
export async function webviewsLoaded(page: Page, ms = 10_000): Promise<string> {
  const until = Date.now() + ms;
  for (;;) {
    const outer = page.frames().filter((f) => OUTER.test(f.url()));
    const loading = (await Promise.all(outer.map(pageLoading))).filter(Boolean).length;
    if (!loading) return `no webview page loading (${outer.length} webview(s))`;
    if (Date.now() > until) return `${loading} webview page(s) still loading after ${ms} ms`;
    await new Promise((r) => setTimeout(r, 100));
  }
}
