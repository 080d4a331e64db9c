// How a webview's page looks, read in the browser for the host tests: what
// the browser computed for each text and each hidden element (colours,
// display), what every element says (text, tooltip), and the state of
// chosen controls. The contrast arithmetic is done here, in Node: code passed
// to evaluate() may not define named helpers (the runner's compiler wraps
// them in a function the page lacks).
import type { Frame } from 'playwright-core';

/** One layer under a text, from the text's own element out to the page: its background and opacity as computed. */
export interface Layer { background: string; opacity: string }

/** A text as shown: where, what, its colour, size and weight, and the layers it is painted on. */
export interface TextSeen { what: string; text: string; color: string; fontSize: number; fontWeight: number; layers: Layer[] }

/** What a page shows, as the browser computed it. */
export interface LookSeen {
  /** Elements with the `hidden` attribute: how they are displayed. */
  hidden: { what: string; display: string; visibility: string; width: number; height: number }[];
  /** Every text on screen (an element's own text, a control's value or placeholder), disabled controls left out (WCAG asks nothing of them). */
  texts: TextSeen[];
  /** Everything the page says, on screen or not: texts, tooltips, labels, values, attributes. */
  said: string;
}

/** The state of the first element a selector matches. */
export interface PartSeen {
  found: boolean; text: string; display: string; open: boolean; value: string;
  selectionStart: number; selectionEnd: number; focused: boolean; tabIndex: number; title: string;
  /** Wholly inside the page's viewport (seen without scrolling). */
  inView: boolean;
}

interface NodeLike { nodeType: number; textContent: string | null }
interface ElLike extends NodeLike {
  tagName: string; id: string; className: string; hidden: boolean; disabled?: boolean; value?: string; placeholder?: string; open?: boolean;
  selectionStart?: number | null; selectionEnd?: number | null; tabIndex: number; title: string;
  childNodes: ArrayLike<NodeLike>; attributes: ArrayLike<{ name: string; value: string }>; parentElement: ElLike | null;
  options?: ArrayLike<{ text: string }>; selectedIndex?: number;
  closest(s: string): ElLike | null; matches(s: string): boolean; getBoundingClientRect(): { width: number; height: number; top: number; bottom: number };
  checkVisibility(o: object): boolean; querySelectorAll(s: string): ArrayLike<ElLike>;
  ownerDocument: {
    activeElement: ElLike | null; body: ElLike;
    defaultView: { innerHeight: number; getComputedStyle(e: ElLike, pseudo?: string): Record<string, string> & { getPropertyValue(p: string): string } } | null;
  };
}

/** How the page looks (see LookSeen). */
export async function look(frame: Frame): Promise<LookSeen> {
  return frame.locator('body').evaluate((body: ElLike) => {
    const view = body.ownerDocument.defaultView!;
    const all = Array.from(body.querySelectorAll('*'));
    const names = all.map((e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${typeof e.className === 'string' && e.className.trim() ? `.${e.className.trim().split(/\s+/).join('.')}` : ''}`);
    const hidden = all.flatMap((e, i) => {
      if (!e.hidden) return [];
      const s = view.getComputedStyle(e);
      const r = e.getBoundingClientRect();
      return [{ what: names[i], display: s.display, visibility: s.visibility, width: r.width, height: r.height }];
    });
    const texts = [];
    for (const [i, e] of all.entries()) {
      // A PDF's text layer is transparent text laid over the page's drawing (to select, copy and read aloud): what is seen is the drawing.
      if (e.closest('option, script, style, :disabled, [aria-disabled="true"], .textLayer')) continue;
      if (!e.checkVisibility({ visibilityProperty: true })) continue;
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const control = e.matches('input, textarea, select');
      let text = '';
      let pseudo: string | undefined;
      if (e.tagName === 'SELECT') text = e.options?.[e.selectedIndex ?? 0]?.text ?? '';
      else if (control && e.value) text = e.value;
      else if (control && e.placeholder) {
        text = e.placeholder;
        pseudo = '::placeholder';
      } else if (!control) text = Array.from(e.childNodes).filter((n) => n.nodeType === 3).map((n) => n.textContent ?? '').join('').trim();
      if (!text) continue;
      const own = view.getComputedStyle(e, pseudo);
      const layers = [];
      for (let p: ElLike | null = e; p; p = p.parentElement) {
        const s = view.getComputedStyle(p);
        layers.push({ background: s.backgroundColor, opacity: s.opacity });
      }
      texts.push({ what: names[i], text: text.slice(0, 80), color: own.color, fontSize: parseFloat(own.fontSize), fontWeight: Number(own.fontWeight), layers });
    }
    const said = all.map((e) => [e.textContent && e.childNodes.length ? Array.from(e.childNodes).filter((n) => n.nodeType === 3).map((n) => n.textContent).join('') : '', e.value ?? '',
      ...Array.from(e.attributes).map((a) => `${a.name}=${a.value}`)].join(' ')).join('\n');
    return { hidden, texts, said };
  });
}

/** The state of the first element each selector matches. */
export async function parts(frame: Frame, selectors: readonly string[]): Promise<PartSeen[]> {
  return frame.locator('body').evaluate((body: ElLike, list: readonly string[]) => list.map((selector) => {
    const e = body.querySelectorAll(selector)[0];
    if (!e) return { found: false, text: '', display: '', open: false, value: '', selectionStart: -1, selectionEnd: -1, focused: false, tabIndex: 0, title: '', inView: false };
    const r = e.getBoundingClientRect();
    return {
      inView: r.height > 0 && r.top >= 0 && r.bottom <= body.ownerDocument.defaultView!.innerHeight,
      found: true, text: (e.textContent ?? '').trim(), display: body.ownerDocument.defaultView!.getComputedStyle(e).display, open: e.open === true, value: e.value ?? '',
      selectionStart: e.selectionStart ?? -1, selectionEnd: e.selectionEnd ?? -1, focused: body.ownerDocument.activeElement === e, tabIndex: e.tabIndex, title: e.title,
    };
  }), selectors);
}

/** sRGB channels and alpha of a computed CSS colour (`rgb()` / `rgba()`; Chromium computes every colour to one of them). */
function channels(css: string): [number, number, number, number] {
  const n = (css.match(/[\d.]+/g) ?? []).map(Number);
  if (n.length < 3) throw new Error(`not a computed colour: ${css}`);
  return [n[0], n[1], n[2], n[3] ?? 1];
}

/** `top` with alpha `a` painted over the opaque `under`. */
function over(top: readonly number[], a: number, under: readonly number[]): number[] {
  return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a));
}

/** The relative luminance (WCAG 2) of opaque sRGB channels. */
function luminance([r, g, b]: readonly number[]): number {
  const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/**
 * A text's contrast ratio (WCAG 2) against what it is painted on: the
 * layers' backgrounds composed from the page inwards (the page's own is
 * opaque), the text's colour over them with every layer's opacity applied;
 * and the least ratio AA asks of it (3 for large text: 24 px, or 18.66 px bold).
 */
export function contrastOf(t: TextSeen): { ratio: number; needed: number; color: string; background: string } {
  let ground = [255, 255, 255];
  for (const l of [...t.layers].reverse()) {
    const [r, g, b, a] = channels(l.background);
    ground = over([r, g, b], a, ground);
  }
  const opacity = t.layers.reduce((o, l) => o * Number(l.opacity), 1);
  const [r, g, b, a] = channels(t.color);
  const ink = over([r, g, b], a * opacity, ground);
  const [hi, lo] = [luminance(ink), luminance(ground)].sort((x, y) => y - x);
  const large = t.fontSize >= 24 || (t.fontSize >= 18.66 && t.fontWeight >= 700);
  const css = (c: readonly number[]) => `rgb(${c.map((x) => Math.round(x)).join(', ')})`;
  return { ratio: (hi + 0.05) / (lo + 0.05), needed: large ? 3 : 4.5, color: css(ink), background: css(ground) };
}
