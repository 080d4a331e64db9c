// What the runner does in the workbench page for the host tests, as a user
// would see or do it: answer the quick input, read a webview (a nested
// iframe), look at the timeline and the PDF viewer's canvas, read the extension's details page.
// The extension host cannot drive the browser; runOffline.ts serves these
// over loopback, and helpers.ts has the clients.
//
// Code passed to evaluate() runs in the page. The project compiles without
// the DOM library, so each such function names the few members it reads.
import type { Frame, Locator, Page } from 'playwright-core';
import { oneLine, poll, sleep } from './pageWaits';
import { accountsRoutes } from './accountsPage';
import { contextKeyRoutes } from './contextKeysPage';
import { dropFromOutside, moveText, type OutsideDrag } from './dragPage';
import { explorerRow } from './explorerPage';
import { pressOnLayout, type LayoutChord } from './keyLayoutPage';
import { look, parts } from './lookPage';
import { dragExplorerRowToWebview } from './dragPage';
import { notificationsSeen, watchNotifications } from './notificationsPage';
import { pdfRoutes } from './pdfPage';
import { pdfThumbnailRoutes } from './pdfThumbnailsPage';
import { pdfToolbarRoutes } from './pdfToolbarPage';
import { pdfZoomRoutes } from './pdfZoomPage';
import { answerQuickInput, quickInputKeys, type QuickInputStep } from './quickInputPage';
import { settingsBrowse, settingsGroups, settingsLabels } from './settingsPage';

type Route = (q: URLSearchParams) => Promise<string>;

interface ImageLike { complete: boolean; naturalWidth: number; naturalHeight: number; getAttribute(name: string): string | null }
interface StyledLike { ownerDocument: { defaultView: { getComputedStyle(e: unknown): { color: string; backgroundColor: string } } | null } }
interface ElementLike { textContent: string | null; querySelectorAll(selector: string): ArrayLike<ElementLike> }
interface CanvasLike {
  width: number;
  height: number;
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } } | null;
}

export interface ImageSeen { src: string; complete: boolean; naturalWidth: number; naturalHeight: number }
export interface ColorsSeen { background: string; foreground: string }
export interface TimelineSeen {
  descriptions: string[]; foreignElements: number;
  /** The state in the header, the notice above the content ('' when none), each recipient's response status cell. */
  status: string; notice: string; responseStatuses: string[];
}
export interface PdfSeen { pageLabel: string; canvas: { width: number; height: number; inked: number } }
export interface DetailsSeen { name: string; icon: ImageSeen; tabs: string[]; readme: { headings: string[]; images: ImageSeen[]; csp: string } }
export interface TabSeen { tabs: string[]; text?: string }

/** The routes runOffline.ts serves (POST, parameters in the query): each resolves with text or JSON. */
export function pageRoutes(page: Page): Record<string, Route> {
  return {
    ...accountsRoutes(page),
    ...contextKeyRoutes(page),
    ...pdfRoutes(page),
    ...pdfThumbnailRoutes(page),
    ...pdfToolbarRoutes(page),
    ...pdfZoomRoutes(page),
    '/quick-input': (q) => answerQuickInput(page, q.get('expect') ?? '', q.get('text') ?? ''),
    '/quick-input-keys': async (q) => JSON.stringify(await quickInputKeys(page, q.get('expect') ?? '', JSON.parse(q.get('steps') ?? '[]') as QuickInputStep[])),
    '/statusbar-text': () => page.locator('[id="workbench.parts.statusbar"]').innerText({ timeout: 5000 }),
    '/webview-text': async (q) => (await frameWith(page, q.get('contains') ?? '')).text,
    '/webview-colors': async (q) => JSON.stringify(await webviewColors(page, q.get('contains') ?? '')),
    '/text-of': (q) => textOf(page, q.get('selector') ?? 'body', q.get('contains') ?? ''),
    '/settings-labels': async (q) => JSON.stringify(await settingsLabels(page, Number(q.get('count') ?? '1'), q.get('contains') ?? '')),
    '/drag-to-webview': async (q) => JSON.stringify(await dragExplorerRowToWebview(page, q.get('name') ?? '', (await frameWith(page, q.get('contains') ?? '')).frame)),
    '/explorer-row': async (q) => JSON.stringify(await explorerRow(page, q.get('name') ?? '', q.get('badge') ?? '')),
    '/settings-groups': async () => JSON.stringify(await settingsGroups(page)),
    '/settings-browse': async (q) => JSON.stringify(await settingsBrowse(page, JSON.parse(q.get('path') ?? '[]') as string[], q.get('contains') ?? '')),
    '/pdf-view': async () => JSON.stringify(await pdfView(page)),
    '/timeline-view': async (q) => JSON.stringify(await timelineView(page, q.get('id') ?? '')),
    '/extension-details': async (q) => JSON.stringify(await extensionDetails(page, q.get('readme') ?? '')),
    '/extension-tab': async (q) => JSON.stringify(await extensionTab(page, q.get('tab') ?? '', q.get('contains') ?? '', q.get('exclude') ?? undefined)),
    '/notifications-watch': async () => {
      await watchNotifications(page);
      return 'watching';
    },
    '/notifications-seen': async () => JSON.stringify(await notificationsSeen(page)),
    '/webview-keys': async (q) => JSON.stringify(await webviewKeys(page, q.get('contains') ?? '', JSON.parse(q.get('steps') ?? '[]') as KeyStep[])),
    '/webview-look': async (q) => JSON.stringify(await look((await frameWith(page, q.get('contains') ?? '')).frame)),
    '/webview-controls': async (q) => JSON.stringify(await parts((await frameWith(page, q.get('contains') ?? '')).frame, JSON.parse(q.get('selectors') ?? '[]') as string[])),
    '/webview-parts': async (q) => JSON.stringify(await webviewParts(page, q.get('contains') ?? '', JSON.parse(q.get('selectors') ?? '[]') as string[])),
    '/webview-drop': async (q) => JSON.stringify(await dropFromOutside(page, (await frameWith(page, q.get('contains') ?? '')).frame, q.get('target') ?? '', JSON.parse(q.get('drag') ?? '{}') as OutsideDrag)),
    '/webview-move-text': async (q) => JSON.stringify(await moveText(page, (await frameWith(page, q.get('contains') ?? '')).frame, q.get('target') ?? '', q.get('text') ?? '')),
  };
}

/** The text of every webview's page now (a webview is an iframe in an iframe; the outer one shows no text). */
async function webviewTexts(page: Page): Promise<{ frame: Frame; text: string }[]> {
  const seen: { frame: Frame; text: string }[] = [];
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    // A page laying out thousands of rows may take a few seconds to answer on a loaded machine.
    const text = await frame.locator('body').innerText({ timeout: 4000 }).catch(() => undefined);
    if (text?.trim()) seen.push({ frame, text });
  }
  return seen;
}

/** The webview whose page shows `contains` (and not `exclude`), waiting up to `ms` for it. */
async function frameWith(page: Page, contains: string, exclude?: string, ms = 15_000): Promise<{ frame: Frame; text: string }> {
  let seen: string[] = [];
  try {
    return await poll(`no webview showed "${contains}"`, async () => {
      const all = await webviewTexts(page);
      seen = all.map((f) => oneLine(f.text, 200));
      return all.find((f) => f.text.includes(contains) && !(exclude && f.text.includes(exclude)));
    }, ms);
  } catch (e) {
    throw new Error(`${(e as Error).message}; the webviews show: ${JSON.stringify(seen)}`);
  }
}

/**
 * The text of the first element matching each selector in the webview
 * showing `contains` ('' for none), drawn or not: rows scrolled out of view
 * are not laid out (content-visibility), so innerText would leave them out.
 */
async function webviewParts(page: Page, contains: string, selectors: readonly string[]): Promise<string[]> {
  const { frame } = await frameWith(page, contains);
  return Promise.all(selectors.map((s) => frame.locator(s).first().textContent({ timeout: 5000 }).then((t) => t ?? '', () => '')));
}

/** The colours the body of the webview showing `contains` is painted in, as the browser computed them. */
async function webviewColors(page: Page, contains: string): Promise<ColorsSeen> {
  const { frame } = await frameWith(page, contains);
  return frame.locator('body').evaluate((b: StyledLike) => {
    const style = b.ownerDocument.defaultView?.getComputedStyle(b);
    return { background: style?.backgroundColor ?? '', foreground: style?.color ?? '' };
  });
}

/** The text of the first element matching `selector` once it shows `contains` (waiting up to 10 s). */
async function textOf(page: Page, selector: string, contains: string): Promise<string> {
  const part = page.locator(selector).first();
  let seen = '';
  try {
    return await poll(`${selector} did not show "${contains}"`, async () => {
      seen = await part.innerText({ timeout: 1000 }).catch(() => '');
      return seen.includes(contains) ? seen : undefined;
    }, 10_000);
  } catch (e) {
    throw new Error(`${(e as Error).message}; it shows: ${JSON.stringify(oneLine(seen))}`);
  }
}

/** Elements service text could have injected into a page (VS Code adds its own style to the document, outside the root). */
const FOREIGN = 'img, iframe, object, embed, a, form, script, style, svg, link, meta';

/**
 * The timeline page of submission `id` as the browser holds it: the event
 * texts as shown, and how many elements under the page's root the data could
 * have injected (images, frames, links, scripts…).
 */
async function timelineView(page: Page, id: string): Promise<TimelineSeen> {
  return poll(`no timeline page showed submission ${id}`, async () => {
    for (const frame of page.frames()) {
      const app = frame.locator('#app');
      if (!(await app.locator('.timeline, .meta').count().catch(() => 0))) continue;
      // No named helper inside: the runner's compiler would wrap it in a function the page lacks.
      const seen = await app.evaluate((root: ElementLike, q: { id: string; foreign: string }) => {
        if (!Array.from(root.querySelectorAll('.meta > span'), (e) => e.textContent).includes(`Id ${q.id}`)) return null;
        return {
          descriptions: Array.from(root.querySelectorAll('.description'), (e) => e.textContent ?? ''), foreignElements: root.querySelectorAll(q.foreign).length,
          status: Array.from(root.querySelectorAll('.meta > .status'), (e) => (e.textContent ?? '').trim()).join(' '),
          notice: Array.from(root.querySelectorAll(':scope > .notice'), (e) => (e.textContent ?? '').trim()).join(' '),
          responseStatuses: Array.from(root.querySelectorAll('td.response-status'), (e) => (e.textContent ?? '').trim()),
        };
      }, { id, foreign: FOREIGN }, { timeout: 1000 }).catch(() => null);
      if (seen) return seen;
    }
    return undefined;
  }, 15_000);
}

/**
 * The PDF viewer once it drew page 1: the page count it shows ("/ N") and
 * how many pixels of page 1's canvas are not white or transparent.
 */
async function pdfView(page: Page): Promise<PdfSeen> {
  return poll('no PDF viewer drew page 1', async () => {
    for (const frame of page.frames()) {
      const canvas = frame.locator('.page[data-page-number="1"][data-loaded="true"] canvas');
      if (!(await canvas.count().catch(() => 0))) continue;
      const pageLabel = await frame.locator('.page-label').innerText({ timeout: 1000 });
      const drawn = await canvas.first().evaluate((c: CanvasLike) => {
        const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? [];
        let inked = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200)) inked++;
        return { width: c.width, height: c.height, inked };
      });
      return { pageLabel: pageLabel.trim(), canvas: drawn };
    }
    return undefined;
  }, 15_000);
}

const imageSeen = (imgs: ImageLike[]): ImageSeen[] =>
  imgs.map((i) => ({ src: i.getAttribute('src') ?? '', complete: i.complete, naturalWidth: i.naturalWidth, naturalHeight: i.naturalHeight }));

/** Images once each has loaded or failed (or after 10 s). */
async function settledImages(images: Locator): Promise<ImageSeen[]> {
  const until = Date.now() + 10_000;
  for (;;) {
    const seen = await images.evaluateAll(imageSeen);
    if (seen.every((i) => i.complete) || Date.now() > until) return seen;
    await sleep(200);
  }
}

/**
 * The extension's details page (the editor `extension.open` shows): its name,
 * header icon, tabs, and the README webview, found by `readmeHeading`, with
 * its headings, pictures and Content-Security-Policy.
 */
async function extensionDetails(page: Page, readmeHeading: string): Promise<DetailsSeen> {
  const editor = page.locator('.extension-editor');
  await editor.waitFor({ state: 'visible', timeout: 10_000 }).catch(() => {
    throw new Error('no extension details page within 10 s');
  });
  const name = await editor.locator('.header .name').first().innerText({ timeout: 5000 });
  const [icon] = await settledImages(editor.locator('.header img.icon'));
  const tabs = await editor.locator('.navbar .action-label').allInnerTexts();
  const { frame } = await frameWith(page, readmeHeading);
  const images = await settledImages(frame.locator('img'));
  const headings = await frame.locator('h1, h2').allInnerTexts();
  const csp = (await frame.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content', { timeout: 1000 }).catch(() => null)) ?? '';
  return { name: name.trim(), icon, tabs: tabs.map((t) => t.trim()), readme: { headings: headings.map((h) => h.trim()), images, csp } };
}

/**
 * Clicks the details page's tab named `tab`, as a user would, and returns the
 * text of the webview then showing `contains` (and not `exclude`, e.g. the
 * previous tab's title); without such a tab, only the tabs there are.
 */
async function extensionTab(page: Page, tab: string, contains: string, exclude?: string): Promise<TabSeen> {
  const labels = page.locator('.extension-editor .navbar .action-label');
  const tabs = (await labels.allInnerTexts()).map((t) => t.trim());
  // Shown in capitals (CSS); matched on the text itself.
  const target = labels.filter({ hasText: new RegExp(`^\\s*${tab.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'i') });
  if (!(await target.count())) return { tabs };
  await target.first().click({ timeout: 5000 });
  return { tabs, text: (await frameWith(page, contains, exclude)).text };
}

/**
 * One step of typing into a webview, as a user at the keyboard: move the
 * focus to a control (`focus`: by its label or `#id`, as Tab would reach it; `press`:
 * Tab itself), type text, paste text (`paste` repeated `times`: inserted at
 * once, as a paste is), press a key, press keys as a fast typist does (`burst`: each
 * sent without waiting for the page to take the one before; `layout`: a chord on a layout other
 * than US English, then text, see keyLayoutPage.ts), or wait until a control is enabled.
 */
export type KeyStep =
  | { readonly focus: string }
  | { readonly type: string }
  | { readonly paste: string; readonly times?: number }
  | { readonly press: string }
  | { readonly burst: readonly string[] }
  | { readonly layout: LayoutChord }
  | { readonly waitEnabled: string };

/** What the webview showed after the steps: its text, and the label or text of the focused control. */
export interface KeysSeen { text: string; focused: string }

interface FocusLike { id: string; labels?: ArrayLike<{ textContent: string | null }> | null; textContent: string | null; ownerDocument: { activeElement: FocusLike | null } }

/**
 * A control by its label, or by its id (`#…`): finding one by label makes the
 * page compute every control's label, too slow in a form of thousands of rows.
 */
function focusable(frame: Frame, name: string): Locator {
  return name.startsWith('#') ? frame.locator(name) : frame.getByLabel(name, { exact: true }).or(frame.getByRole('button', { name, exact: true }));
}

/** Runs `steps` in the webview showing `contains` (see KeyStep); each step waits up to 10 s. */
async function webviewKeys(page: Page, contains: string, steps: readonly KeyStep[]): Promise<KeysSeen> {
  const { frame } = await frameWith(page, contains);
  for (const s of steps) {
    if ('focus' in s) await focusable(frame, s.focus).focus({ timeout: 10_000 });
    else if ('type' in s) await page.keyboard.type(s.type);
    else if ('paste' in s) await page.keyboard.insertText(s.paste.repeat(s.times ?? 1));
    else if ('press' in s) await page.keyboard.press(s.press);
    else if ('layout' in s) await pressOnLayout(page, s.layout);
    else if ('burst' in s) {
      // Every key down and up sent at once, in order ('Control+A': Control down, A down and up, Control up).
      const strokes = s.burst.flatMap((k) => {
        const keys = k.length > 1 ? k.split('+') : [k];
        return [...keys.map((x) => () => page.keyboard.down(x)), ...[...keys].reverse().map((x) => () => page.keyboard.up(x))];
      });
      await Promise.all(strokes.map((stroke) => stroke()));
    }
    else {
      await frame.locator(`${s.waitEnabled}:not([disabled])`).waitFor({ state: 'visible', timeout: 10_000 }).catch(async (e: Error) => {
        throw new Error(`${e.message.split('\n')[0]}; the webview shows: ${oneLine(await frame.locator('body').innerText({ timeout: 1000 }).catch(() => ''), 3000)}`);
      });
    }
  }
  const text = await frame.locator('body').innerText({ timeout: 5000 });
  const focused = await frame.locator('body').evaluate((b: FocusLike) => {
    const f = b.ownerDocument.activeElement;
    if (!f) return '';
    const label = f.labels?.length ? f.labels[0].textContent : null;
    return (label ?? f.textContent ?? f.id).trim();
  });
  return { text, focused };
}
