// Drags in the workbench, done by the runner as the browser does them for a
// user: an Explorer row dragged onto a webview with the mouse (Shift held, as
// the workbench asks for a drop into an editor's page); a selection dragged
// with the mouse inside a page; or a drag that enters a page from outside
// (another application, VS Code's Explorer) carrying the data a user's drag
// would, dropped through Chromium's own input pipeline (CDP
// Input.dispatchDragEvent), so the page sees trusted events and the browser
// performs the drop's default action.
//
// Code passed to evaluate() runs in the page.
import type { Frame, Locator, Page } from 'playwright-core';
import { oneLine, sleep } from './pageWaits';

export interface DragSeen {
  /** The types and values the workbench put on the drag when it started. */
  started: Record<string, string>;
}

interface DataLike { types: readonly string[]; getData(t: string): string }
interface DragEventLike { dataTransfer: DataLike | null }
interface WindowLike { addEventListener(t: string, f: (e: DragEventLike) => void, capture?: boolean): void; dsasDragStarted?: Record<string, string> }

/**
 * Drags the Explorer row named `name` (already revealed) onto the webview
 * page `frame` with the mouse, holding Shift once over it (without Shift the
 * workbench takes the drop for the editor group: it opens the file); what
 * the workbench put on the drag.
 */
export async function dragExplorerRowToWebview(page: Page, name: string, frame: Frame): Promise<DragSeen> {
  const row = page.locator('.explorer-folders-view .monaco-list-row').filter({ has: page.getByText(name, { exact: true }) }).first();
  await row.waitFor({ state: 'visible', timeout: 10_000 });
  // The element that shows the page, as the workbench lays it out: the outermost frame below the workbench.
  let shown = frame;
  while (shown.parentFrame() && shown.parentFrame() !== page.mainFrame()) shown = shown.parentFrame()!;
  const box = await (await shown.frameElement()).boundingBox();
  if (!box) throw new Error('the webview has no box on screen');
  await page.evaluate(() => {
    const w = globalThis as unknown as WindowLike;
    w.dsasDragStarted = undefined;
    w.addEventListener('dragstart', (e) => {
      const d = e.dataTransfer;
      if (d) w.dsasDragStarted = Object.fromEntries(d.types.map((t) => [t, d.getData(t)]));
    });
  });
  const from = await row.boundingBox();
  if (!from) throw new Error(`the Explorer row "${name}" has no box on screen`);
  await page.mouse.move(from.x + from.width / 3, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 3 + 20, from.y + from.height / 2 + 5, { steps: 4 });
  const to = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(to.x, to.y, { steps: 10 });
  await page.keyboard.down('Shift');
  await page.mouse.move(to.x + 10, to.y + 10, { steps: 5 });
  await sleep(300);
  await page.mouse.up();
  await page.keyboard.up('Shift');
  const started = await page.evaluate(() => (globalThis as unknown as WindowLike).dsasDragStarted);
  if (!started) throw new Error(`dragging "${name}" started no drag in the workbench`);
  return { started: Object.fromEntries(Object.entries(started).map(([k, v]) => [k, oneLine(v, 2000)])) };
}

interface TextControlLike { value: string; focus(): void; setSelectionRange(start: number, end: number): void; scrollIntoView(o: { block: string }): void }

/** A drag entering the page from outside: what it carries. */
export interface OutsideDrag {
  /** Data by media type (`text/plain`, `text/uri-list`, `application/vnd.code.uri-list`…). */
  readonly items?: readonly { readonly mimeType: string; readonly data: string }[];
  /** Files of this machine, as a file manager's drag carries them. */
  readonly files?: readonly string[];
}

/** What the page showed after a drop: its text, and the value of the control dropped on (when it is one). */
export interface DropSeen { text: string; value?: string }

/** The control labelled `label` in `frame`, or the page's first element matching `label` as a CSS selector when it starts with `css=`. */
function target(frame: Frame, label: string): Locator {
  return label.startsWith('css=') ? frame.locator(label.slice(4)).first() : frame.getByLabel(label, { exact: true });
}

/** A point inside `l` once it is scrolled into view: its left part, clear of the workbench's notifications (bottom right). */
async function dropPoint(l: Locator): Promise<{ x: number; y: number }> {
  await l.scrollIntoViewIfNeeded({ timeout: 10_000 });
  const box = await l.boundingBox({ timeout: 10_000 });
  if (!box) throw new Error('the drop target is not shown');
  return { x: box.x + Math.min(40, box.width / 2), y: box.y + box.height / 2 };
}

async function seen(frame: Frame, l: Locator): Promise<DropSeen> {
  await sleep(500); // what the drop starts (a message to the extension, its answer) has its moment
  const value = await l.evaluate((e) => (e as unknown as Partial<TextControlLike>).value, undefined, { timeout: 5000 });
  return { text: await frame.locator('body').innerText({ timeout: 5000 }), value };
}

/** Drops `drag` on `label` in `frame` as a drag from outside the page would (Shift held), entering, moving over it, dropping. */
export async function dropFromOutside(page: Page, frame: Frame, label: string, drag: OutsideDrag): Promise<DropSeen> {
  const l = target(frame, label);
  const at = await dropPoint(l);
  const data = { items: [...(drag.items ?? [])], files: [...(drag.files ?? [])], dragOperationsMask: 1 | 2 | 16 };
  const cdp = await page.context().newCDPSession(page);
  try {
    for (const type of ['dragEnter', 'dragOver', 'drop'] as const) {
      // With Shift held, as the form asks: without it the workbench takes a drag of files for itself.
      await cdp.send('Input.dispatchDragEvent', { type, x: at.x, y: at.y, data, modifiers: 8 });
    }
  } finally {
    await cdp.detach();
  }
  return seen(frame, l);
}

/**
 * Selects `text` in the text control labelled `label` and drags the
 * selection with the mouse to the control's end, as a user moves a sentence.
 */
export async function moveText(page: Page, frame: Frame, label: string, text: string): Promise<DropSeen> {
  const l = target(frame, label);
  const start = await l.evaluate((e, t) => {
    const c = e as unknown as TextControlLike;
    const i = c.value.indexOf(t);
    // Wholly on screen, as a user sees it before dragging within it (focus alone scrolls only until a part shows).
    c.scrollIntoView({ block: 'center' });
    c.focus();
    c.setSelectionRange(i, i + t.length);
    return i;
  }, text, { timeout: 5000 });
  if (start !== 0) throw new Error(`moveText drags text at the start of the control only, "${text}" is at ${start}`);
  const box = await l.boundingBox({ timeout: 5000 });
  if (!box) throw new Error('the text control is not shown');
  // Inside the selection (the first few characters of the first line), then below the last line.
  await page.mouse.move(box.x + 12, box.y + 10);
  await page.mouse.down();
  await page.mouse.move(box.x + 40, box.y + 20, { steps: 5 });
  await page.mouse.move(box.x + box.width - 20, box.y + box.height - 8, { steps: 10 });
  await page.mouse.up();
  return seen(frame, l);
}
