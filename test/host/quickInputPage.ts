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

/** A step of quickInputKeys: text typed into the filter box, a key pressed there, or the box emptied (as Select All and Delete would). */
export type QuickInputStep = { readonly type: string } | { readonly press: string } | { readonly clear: true };

/** What the quick input shows: its title, its placeholder and whether the box shows it whole, what is typed, and its rows drawn. */
export interface QuickInputSeen {
  readonly closed: boolean;
  readonly title: string;
  readonly placeholder: string;
  /** The placeholder's width in the box's font, and the room the box has for it, in a quick input `width` wide (pixels). */
  readonly placeholderWidth: number;
  readonly room: number;
  readonly width: number;
  readonly value: string;
  readonly rows: readonly { readonly label: string; readonly checked: boolean; readonly focused: boolean }[];
}

interface BoxLike {
  clientWidth: number;
  getAttribute(name: string): string | null;
  ownerDocument: {
    defaultView: { getComputedStyle(e: unknown): { font: string; fontStyle: string; fontWeight: string; fontSize: string; fontFamily: string; paddingLeft: string; paddingRight: string } } | null;
    createElement(tag: 'canvas'): { getContext(kind: '2d'): { font: string; measureText(text: string): { width: number } } | null };
  };
}

/**
 * Waits for the quick input showing `expect` (its title or prompt), then
 * does `steps` in its filter box as a user would, and says what it shows
 * after them (the quick input may have closed: Enter, Escape).
 */
export async function quickInputKeys(page: Page, expect: string, steps: readonly QuickInputStep[]): Promise<QuickInputSeen> {
  const widget = page.locator('.quick-input-widget', { hasText: expect });
  await widget.waitFor({ state: 'visible', timeout: 10_000 }).catch(async () => {
    const open = page.locator('.quick-input-widget:visible');
    throw new Error(`no quick input showing "${expect}" within 10 s; ${(await open.count()) ? `the quick input shows: ${await quickInputText(open.first())}` : 'none is open'}`);
  });
  const input = widget.locator('.quick-input-box input');
  for (const step of steps) {
    if ('type' in step) await input.pressSequentially(step.type, { timeout: 5000 });
    else if ('press' in step) await input.press(step.press);
    else await input.fill('');
  }
  const closed = !(await widget.isVisible());
  if (closed) return { closed, title: '', placeholder: '', placeholderWidth: 0, room: 0, width: 0, value: '', rows: [] };
  const box = await input.evaluate((el: BoxLike) => {
    const style = el.ownerDocument.defaultView?.getComputedStyle(el);
    const context = el.ownerDocument.createElement('canvas').getContext('2d');
    const placeholder = el.getAttribute('placeholder') ?? '';
    if (!style || !context) return { placeholder, placeholderWidth: 0, room: 0 };
    context.font = style.font || `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return { placeholder, placeholderWidth: context.measureText(placeholder).width, room: el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
  });
  const rows = widget.locator('.quick-input-list .monaco-list-row');
  const seenRows = [];
  for (let i = 0; i < await rows.count(); i++) {
    const row = rows.nth(i);
    seenRows.push({
      label: oneLine(await row.locator('.label-name').first().innerText({ timeout: 1000 }).catch(() => '')),
      checked: (await row.getAttribute('aria-checked')) === 'true',
      focused: ((await row.getAttribute('class')) ?? '').split(/\s+/).includes('focused'),
    });
  }
  return {
    closed, ...box, width: (await widget.boundingBox())?.width ?? 0,
    title: oneLine(await widget.locator('.quick-input-title').innerText({ timeout: 1000 }).catch(() => '')),
    value: await input.inputValue(),
    rows: seenRows,
  };
}
