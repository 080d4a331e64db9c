// Dragging in the workbench from the runner, as a user does with the mouse:
// an Explorer row onto a webview (Shift held, as the workbench asks for a drop
// into an editor's page). Code passed to evaluate() runs in the page.
import type { Frame, Page } from 'playwright-core';
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
