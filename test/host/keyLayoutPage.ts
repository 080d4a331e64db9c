// Keys as a keyboard layout other than US English gives them: the physical
// key (`code`) is the same, the character (`key`) is the layout's, as when a
// Russian layout gives "ф" on the A key. Playwright's keyboard knows the US
// layout only, so these go through the DevTools protocol, each event sent
// without waiting for the page to take the one before (a fast typist).
import type { Page } from 'playwright-core';

/** A chord pressed on a layout giving `key` for the physical key `code`, then `then` typed at once. */
export interface LayoutChord {
  readonly modifier: 'Control' | 'Meta';
  readonly code: string;
  readonly key: string;
  readonly then: string;
}

const MODIFIER = { Control: { bit: 2, code: 'ControlLeft', vk: 17 }, Meta: { bit: 4, code: 'MetaLeft', vk: 91 } } as const;

/** Presses `c` in the focused element of `page`. */
export async function pressOnLayout(page: Page, c: LayoutChord): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const m = MODIFIER[c.modifier];
  const send = (type: 'rawKeyDown' | 'keyDown' | 'keyUp', o: { key: string; code: string; vk: number; modifiers: number; text?: string }) =>
    cdp.send('Input.dispatchKeyEvent', { type, key: o.key, code: o.code, windowsVirtualKeyCode: o.vk, modifiers: o.modifiers, ...(o.text ? { text: o.text, unmodifiedText: o.text } : {}) });
  const vk = /^Key[A-Z]$/.test(c.code) ? c.code.charCodeAt(3) : 0;
  const typed = [...c.then].flatMap((ch) => {
    const letter = /^[a-z]$/i.test(ch);
    const o = { key: ch, code: letter ? `Key${ch.toUpperCase()}` : ch === ' ' ? 'Space' : '', vk: letter ? ch.toUpperCase().charCodeAt(0) : ch === ' ' ? 32 : 0, modifiers: /^[A-Z]$/.test(ch) ? 8 : 0 };
    return [() => send('keyDown', { ...o, text: ch }), () => send('keyUp', o)];
  });
  try {
    // One session takes its commands in order; none waits for the page.
    await Promise.all([
      () => send('rawKeyDown', { key: c.modifier, code: m.code, vk: m.vk, modifiers: m.bit }),
      () => send('rawKeyDown', { key: c.key, code: c.code, vk, modifiers: m.bit }),
      () => send('keyUp', { key: c.key, code: c.code, vk, modifiers: m.bit }),
      () => send('keyUp', { key: c.modifier, code: m.code, vk: m.vk, modifiers: 0 }),
      ...typed,
    ].map((f) => f()));
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}
