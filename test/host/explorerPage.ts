// Reading an Explorer row from the runner, as a user sees it: the letter of
// its decoration and the items of its context menu. Code passed to
// evaluate() runs in the page.
import type { Page } from 'playwright-core';
import { poll } from './pageWaits';

export interface ExplorerRowSeen { badge: string; menu: string[] }

interface StyleLike { content: string }
interface NodeLike { querySelectorAll(s: string): ArrayLike<NodeLike>; ownerDocument: { defaultView: { getComputedStyle(e: unknown, pseudo: string): StyleLike } | null } }

/**
 * The Explorer row named `name` (already revealed): the letter its decoration
 * draws (VS Code paints it as the label's `::after` content) once it is
 * `badge` or after 10 s, and the items of the menu a right-click on it opens.
 */
export async function explorerRow(page: Page, name: string, badge: string): Promise<ExplorerRowSeen> {
  const row = page.locator('.explorer-folders-view .monaco-list-row').filter({ has: page.getByText(name, { exact: true }) }).first();
  await row.waitFor({ state: 'visible', timeout: 10_000 });
  const letter = () => row.evaluate((el) => {
    const seen: string[] = [];
    const all = [el as unknown as NodeLike, ...Array.from((el as unknown as NodeLike).querySelectorAll('*'))];
    for (const e of all) {
      const content = e.ownerDocument.defaultView?.getComputedStyle(e, '::after').content ?? 'none';
      const text = /^"(.*)"$/.exec(content)?.[1];
      if (text) seen.push(text);
    }
    return seen.join('');
  });
  let drawn = '';
  await poll('', async () => ((drawn = await letter()) === badge ? true : undefined), 10_000).catch(() => undefined);
  await row.click({ button: 'right' });
  const items = page.locator('.context-view .monaco-menu .action-item:not(.disabled) .action-label:not(.separator)');
  await items.first().waitFor({ state: 'visible', timeout: 5000 });
  const menu = (await items.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  await page.keyboard.press('Escape');
  return { badge: drawn, menu };
}
