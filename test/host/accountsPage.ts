// VS Code's Accounts menu, from the runner, as a user sees and uses it: the
// menu opened from the activity bar, its entries, an account's submenu.
import type { Locator, Page } from 'playwright-core';
import { poll } from './pageWaits';

type Route = (q: URLSearchParams) => Promise<string>;

export interface AccountsMenuSeen {
  /** The menu's entries, an account's submenu shown as its label. */
  items: string[];
  /** The entries of the submenu opened ([] for none). */
  submenu: string[];
}

export function accountsRoutes(page: Page): Record<string, Route> {
  return {
    '/accounts-menu': async (q) => JSON.stringify(await accountsMenu(page, q.get('entry') ?? '', q.get('listed') === 'true', q.get('press') ?? '')),
  };
}

/** The labels of a menu's entries (read before a submenu is opened inside it). */
async function entries(menu: Locator): Promise<string[]> {
  const labels = await menu.locator('.action-item .action-label').allInnerTexts();
  return labels.map((t) => t.trim()).filter(Boolean);
}

/**
 * Chooses the entry of `menu` whose label has `label` in it as a user
 * does with the keyboard: the mouse over it focuses it, Enter runs it (or
 * opens its submenu). A click right after the menu opened is sometimes
 * not taken for a choice.
 */
async function choose(menu: Locator, label: string): Promise<void> {
  const item = menu.locator('.action-item').filter({ has: menu.page().locator('.action-label', { hasText: label }) }).first();
  await item.hover({ timeout: 5000 });
  await poll(`"${label}" was not focused`, async () => ((await item.getAttribute('class'))?.includes('focused') ? true : undefined), 5000);
  await menu.page().keyboard.press('Enter');
}

/**
 * Opens the Accounts menu from the activity bar (again every 200 ms until
 * an entry starting with `entry` is listed, or not listed as `listed` says,
 * within 10 s: the menu learns of a change a moment after it) and reads it
 * (no entries when it shows no menu).
 * Then, when listed: presses that entry if `press` is the entry itself; else
 * opens its submenu (an account's), reads it and presses `press` there if
 * it is given. Closes the menu when nothing is pressed.
 */
async function accountsMenu(page: Page, entry: string, listed: boolean, press: string): Promise<AccountsMenuSeen> {
  const icon = page.locator('.activitybar .action-item .codicon-accounts-view-bar-icon');
  const menu = page.locator('.context-view .monaco-menu').first();
  let items: string[] = [];
  try {
    await poll(`the Accounts menu did not ${listed ? 'list' : 'drop'} "${entry}"`, async () => {
      if (await menu.isVisible()) await page.keyboard.press('Escape');
      // Its badge (a request waiting) lies over the icon and opens the menu just the same.
      await icon.click({ timeout: 5000, force: true });
      // With no account and no request the workbench shows no menu at all.
      const shown = await menu.waitFor({ state: 'visible', timeout: 2000 }).then(() => true, () => false);
      items = shown ? await entries(menu) : [];
      return items.some((i) => i.startsWith(entry)) === listed ? true : undefined;
    }, 10_000);
  } catch (e) {
    await page.keyboard.press('Escape');
    throw new Error(`${(e as Error).message}; it shows: ${JSON.stringify(items)}`);
  }
  if (listed && press === entry) {
    await choose(menu, entry);
    return { items, submenu: [] };
  }
  let submenu: string[] = [];
  if (listed) {
    await choose(menu, entry);
    const inner = page.locator('.context-view .monaco-submenu .monaco-menu').first();
    await inner.waitFor({ state: 'visible', timeout: 5000 });
    submenu = await entries(inner);
    if (press) {
      await choose(inner, press);
      return { items, submenu };
    }
  }
  await page.keyboard.press('Escape');
  return { items, submenu };
}
