// Answering the workbench's quick input from the runner, as a user would:
// wait for it, type, check the highlighted row, press Enter, and wait until
// the answer is taken. Code passed to evaluate() runs in the page.
import type { Locator, Page } from 'playwright-core';
import { oneLine, poll } from './pageWaits';

/** What a quick input says: its title, placeholder and prompt (not its list, nor what was typed). */
async function quickInputText(widget: Locator): Promise<string> {
  const title = await widget.locator('.quick-input-title').innerText({ timeout: 1000 }).catch(() => '');
  const placeholder = await widget.locator('.quick-input-box input').getAttribute('placeholder', { timeout: 1000 }).catch(() => null);
  const message = await widget.locator('.quick-input-message').innerText({ timeout: 1000 }).catch(() => '');
  return [title, placeholder ?? '', message].map((s) => oneLine(s)).filter(Boolean).join(' / ');
}

interface Marked { dsasQuickInputClosed?: boolean }
interface StyledNode { style: { display: string } }
interface ObserverLike { observe(target: unknown, o: { attributes: boolean; attributeFilter: string[] }): void; disconnect(): void }

/**
 * Notes in the page when the quick input's widget is hidden. VS Code reuses
 * one widget and hides it by its style, possibly only for a moment before
 * the next prompt shows in it.
 */
async function watchClosing(widget: Locator): Promise<void> {
  await widget.evaluate((el) => {
    const w = globalThis as unknown as Marked & { MutationObserver: new (f: () => void) => ObserverLike };
    w.dsasQuickInputClosed = false;
    const seen = new w.MutationObserver(() => {
      if ((el as unknown as StyledNode).style.display !== 'none') return;
      w.dsasQuickInputClosed = true;
      seen.disconnect();
    });
    seen.observe(el, { attributes: true, attributeFilter: ['style'] });
  });
}

/**
 * Waits for the quick input showing `expect` (its title or prompt), types
 * `text` and presses Enter, as a user would. In a quick pick, the row Enter
 * picks must be the one the text names. Resolves with what the quick input
 * said, once the answer is taken: the quick input closed or shows another
 * step. Returning earlier let the next question be answered in this one,
 * which had taken its answer but was still on screen.
 */
export async function answerQuickInput(page: Page, expect: string, text: string): Promise<string> {
  const widget = page.locator('.quick-input-widget', { hasText: expect });
  try {
    await widget.waitFor({ state: 'visible', timeout: 10_000 });
  } catch {
    const open = page.locator('.quick-input-widget:visible');
    const shown = (await open.count()) ? await quickInputText(open.first()) : '';
    throw new Error(`no quick input showing "${expect}" within 10 s; ${shown ? `the quick input shows: ${shown}` : 'none is open'}`);
  }
  const said = await quickInputText(widget);
  const input = widget.locator('.quick-input-box input');
  await input.pressSequentially(text, { timeout: 5000 });
  const rows = widget.locator('.quick-input-list .monaco-list-row');
  if (await rows.count()) {
    // The list filters as one types, and the extension may move the highlight: Enter takes the highlighted row.
    let focused = '(none)';
    await poll('', async () => {
      focused = await widget.locator('.quick-input-list .monaco-list-row.focused').innerText({ timeout: 500 }).catch(() => '(none)');
      return focused.includes(text) ? true : undefined;
    }, 3000).catch(() => {
      throw new Error(`after typing "${text}" in "${said}", the highlighted row is ${JSON.stringify(oneLine(focused))}`);
    });
  }
  await watchClosing(widget);
  await input.press('Enter');
  const any = page.locator('.quick-input-widget');
  await poll('', async () => {
    if (await page.evaluate(() => (globalThis as unknown as Marked).dsasQuickInputClosed)) return true;
    return (await quickInputText(any)) !== said ? true : undefined;
  }, 5000).catch(async () => {
    throw new Error(`after Enter, the quick input "${said}" still shows, with ${JSON.stringify(await input.inputValue().catch(() => '?'))} typed`);
  });
  return said;
}
