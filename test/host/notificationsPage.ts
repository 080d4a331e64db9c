// Counting the notifications the workbench shows, from the runner: the
// title of every toast that appears (however briefly) is recorded, so a test
// can tell one progress notification from two in a row. Code passed to
// evaluate() runs in the page.
import type { Page } from 'playwright-core';
import { sleep } from './pageWaits';

/** A little more than the 800 ms within which the workbench shows at most 3 new toasts. */
const SPAM_INTERVAL_MS = 1000;

interface ElementLike {
  readonly textContent: string | null;
  querySelectorAll(selector: string): ArrayLike<ElementLike>;
}
interface MutationLike { readonly addedNodes: ArrayLike<unknown> }
interface ObserverLike { observe(node: unknown, options: Record<string, boolean>): void; disconnect(): void }
interface Toasts { readonly titles: string[]; readonly observer: ObserverLike }
interface PageGlobals {
  dsasToasts?: Toasts;
  readonly document: { readonly body: ElementLike };
  readonly MutationObserver: new (callback: (records: MutationLike[]) => void) => ObserverLike;
}

/**
 * Starts recording the titles of the notification toasts shown from now on:
 * a toast's message is "title: what it reports" for a progress notification.
 * Titles on screen already are left out (a toast of an earlier command can
 * linger, and the workbench may draw it again). No named function inside:
 * the runner's bundler would wrap it in a helper the page does not have.
 */
export async function watchNotifications(page: Page): Promise<void> {
  // The workbench shows no toast for a notification that comes more than 3
  // in 800 ms (its spam protection): the commands of the tests before must
  // not use up the count of the one watched.
  await sleep(SPAM_INTERVAL_MS);
  await page.evaluate(() => {
    const g = globalThis as unknown as PageGlobals;
    g.dsasToasts?.observer.disconnect();
    const message = '.notification-toast .notification-list-item-message';
    const before = new Set(Array.from(g.document.body.querySelectorAll(message)).map((m) => (m.textContent ?? '').trim().replace(/: [\s\S]*$/, '')));
    const titles: string[] = [];
    const observer = new g.MutationObserver((records) => {
      // The toasts on screen, and those added (even if gone again by now).
      const shown: ElementLike[] = Array.from(g.document.body.querySelectorAll(message));
      for (const r of records) {
        for (const n of Array.from(r.addedNodes)) {
          const e = n as Partial<ElementLike>;
          if (typeof e.querySelectorAll === 'function') shown.push(...Array.from(e.querySelectorAll(message)));
        }
      }
      for (const m of shown) {
        const title = (m.textContent ?? '').trim().replace(/: [\s\S]*$/, '');
        if (title && !before.has(title) && !titles.includes(title)) titles.push(title);
      }
    });
    observer.observe(g.document.body, { childList: true, subtree: true, characterData: true });
    g.dsasToasts = { titles, observer };
  });
}

/** The titles of the toasts shown since watchNotifications, in the order they appeared. */
export async function notificationsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => [...((globalThis as unknown as PageGlobals).dsasToasts?.titles ?? [])]);
}
