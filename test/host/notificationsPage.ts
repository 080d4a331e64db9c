// Counting the notifications the workbench shows, from the runner: every
// toast that appears (however briefly) is recorded with its message, so a
// test can tell one progress notification from two in a row. Code passed to
// evaluate() runs in the page.
import type { Page } from 'playwright-core';
import { poll } from './pageWaits';

interface ElementLike {
  readonly textContent: string | null;
  matches(selector: string): boolean;
  querySelector(selector: string): ElementLike | null;
  querySelectorAll(selector: string): ArrayLike<ElementLike>;
}
interface MutationLike { readonly addedNodes: ArrayLike<unknown> }
interface ObserverLike { observe(node: unknown, options: Record<string, boolean>): void; disconnect(): void }
interface Toasts { readonly elements: ElementLike[]; readonly texts: string[]; readonly observer: ObserverLike }
interface PageGlobals {
  dsasToasts?: Toasts;
  readonly document: { readonly body: ElementLike };
  readonly MutationObserver: new (callback: (records: MutationLike[]) => void) => ObserverLike;
}

/**
 * Starts recording the notification toasts shown from now on (those on
 * screen already are not counted). No named function inside: the runner's
 * bundler would wrap it in a helper the page does not have.
 */
export async function watchNotifications(page: Page): Promise<void> {
  // Toasts of earlier commands first go (a quick progress notification stays 800 ms), so that none is taken for a new one.
  const shown = page.locator('.notifications-toasts .notification-toast');
  await poll('the notification toasts on screen did not go', async () => ((await shown.count()) === 0 ? true : undefined), 10_000)
    .catch(async (e: Error) => {
      throw new Error(`${e.message}: ${JSON.stringify(await shown.allInnerTexts())}`);
    });
  await page.evaluate(() => {
    const g = globalThis as unknown as PageGlobals;
    g.dsasToasts?.observer.disconnect();
    const before = new Set(Array.from(g.document.body.querySelectorAll('.notification-toast')));
    const elements: ElementLike[] = [];
    const texts: string[] = [];
    const observer = new g.MutationObserver((records) => {
      // Toasts added (even if gone again by now), and those on screen, whose message may just have been drawn.
      const toasts: ElementLike[] = Array.from(g.document.body.querySelectorAll('.notification-toast'));
      for (const r of records) {
        for (const n of Array.from(r.addedNodes)) {
          const e = n as Partial<ElementLike>;
          if (typeof e.matches !== 'function' || typeof e.querySelectorAll !== 'function') continue;
          if (e.matches('.notification-toast')) toasts.push(e as ElementLike);
          toasts.push(...Array.from(e.querySelectorAll('.notification-toast')));
        }
      }
      for (const toast of toasts) {
        if (before.has(toast)) continue;
        let i = elements.indexOf(toast);
        if (i < 0) i = elements.push(toast) - 1;
        // The first message drawn: a progress notification's title, before any report.
        const text = toast.querySelector('.notification-list-item-message')?.textContent?.trim() ?? '';
        if (!texts[i]) texts[i] = text;
      }
    });
    observer.observe(g.document.body, { childList: true, subtree: true, characterData: true });
    g.dsasToasts = { elements, texts, observer };
  });
}

/** The messages of the toasts shown since watchNotifications, in the order they appeared. */
export async function notificationsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => [...((globalThis as unknown as PageGlobals).dsasToasts?.texts ?? [])]);
}
