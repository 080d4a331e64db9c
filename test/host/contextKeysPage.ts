// Reading the workbench's context keys from the runner, as VS Code's own
// Developer: Inspect Context Keys shows them: while that command waits, a
// click logs the values of the context clicked in to the page's console.
// The menus' `when` clauses read these values; the extension host cannot.
import type { ConsoleMessage, Page } from 'playwright-core';

/** The values of the workbench's context keys (the sidebar's title's context), once Inspect Context Keys is waiting for a click. */
export async function contextKeys(page: Page): Promise<Record<string, unknown>> {
  let seen: (m: ConsoleMessage) => void = () => undefined;
  const logged = new Promise<Record<string, unknown>>((resolve) => {
    seen = (m) => void m.args()[0]?.jsonValue().then((v: unknown) => {
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) resolve(v as Record<string, unknown>);
    }, () => undefined);
  });
  page.on('console', seen);
  try {
    // A title does nothing on a click; an item of the status bar or a webview would.
    await page.locator('[id="workbench.parts.sidebar"] .composite.title').first().click({ position: { x: 4, y: 4 }, timeout: 5000 });
    return await Promise.race([logged, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('Inspect Context Keys logged nothing within 10 s of the click')), 10_000))]);
  } finally {
    page.off('console', seen);
  }
}

/** The route runOffline.ts serves: the keys asked for (`keys`, comma-separated), as JSON. */
export function contextKeyRoutes(page: Page): Record<string, (q: URLSearchParams) => Promise<string>> {
  return {
    '/context-keys': async (q) => {
      const all = await contextKeys(page);
      return JSON.stringify(Object.fromEntries((q.get('keys') ?? '').split(',').map((k) => [k, all[k]])));
    },
  };
}
