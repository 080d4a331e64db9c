// Reading the Settings editor from the runner, as a user reads it: the
// titles of the settings shown and the groups of its table of contents.
import type { Page } from 'playwright-core';
import { oneLine, poll } from './pageWaits';

/**
 * The titles the Settings editor shows, in order, as a user reads them
 * ("Base URL (Applies to all profiles)"), once at least `count` are drawn and
 * one contains `contains` (the editor first draws what it showed before a
 * search applies).
 */
export async function settingsLabels(page: Page, count: number, contains = ''): Promise<string[]> {
  const items = page.locator('.settings-editor .setting-item-contents .setting-item-title');
  let seen: string[] = [];
  return poll('', async () => {
    seen = (await items.allInnerTexts().catch(() => [])).map((t) => oneLine(t));
    return seen.length >= count && seen.some((l) => l.includes(contains)) ? seen : undefined;
  }, 10_000).catch(() => {
    throw new Error(`the Settings editor did not show ${count} setting(s)${contains ? ` with "${contains}"` : ''} within 10 s; it shows ${JSON.stringify(seen)}`);
  });
}

/** The rows of the table of contents now, as drawn ("Connection (7)"). */
export async function settingsGroups(page: Page): Promise<string[]> {
  return (await page.locator('.settings-editor .settings-toc-container .monaco-list-row').allInnerTexts()).map((t) => oneLine(t));
}

/**
 * Clears the search and opens the groups of `path` in the table of contents
 * one after the other, as a user browses to them (a click, and the Right
 * key where the click did not expand the group); resolves with the titles
 * then drawn, once one contains `contains`.
 */
export async function settingsBrowse(page: Page, path: string[], contains: string): Promise<string[]> {
  const editor = page.locator('.settings-editor');
  const rows = editor.locator('.settings-toc-container .monaco-list-row');
  const row = (label: string) => rows.filter({ has: page.getByText(label, { exact: true }) });
  // As a user clears the search: in the box, select all and delete.
  await editor.locator('.settings-header .suggest-input-container').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await poll('the table of contents did not leave the search', async () => ((await row('Commonly Used').count()) ? true : undefined), 10_000);
  for (const [i, label] of path.entries()) {
    const shown = async () => ((await row(label).count()) ? true : undefined);
    await poll(`the table of contents showed no "${label}" (it shows ${JSON.stringify(await settingsGroups(page))})`, shown, 5000);
    await row(label).first().click({ timeout: 5000 });
    const next = path[i + 1];
    if (next && !(await poll('', async () => ((await row(next).count()) ? true : undefined), 1000).catch(() => false))) await page.keyboard.press('ArrowRight');
  }
  return settingsLabels(page, 1, contains);
}
