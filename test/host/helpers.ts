// Helpers for tests that run inside the extension host.
import { mkdirSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { format } from 'node:util';
import * as vscode from 'vscode';
import manifest from '../../package.json';
import type { DragSeen } from './dragPage';
import type { ExplorerRowSeen } from './explorerPage';
import type { DropSeen, OutsideDrag } from './dragPage';
import type { LookSeen, PartSeen } from './lookPage';
import type { QuickInputSeen, QuickInputStep } from './quickInputPage';
import type { ColorsSeen, DetailsSeen, KeyStep, KeysSeen, PdfSeen, TabSeen, TimelineSeen } from './workbenchPage';

export const EXTENSION_ID = `${manifest.publisher}.${manifest.name}`;

const mark = process.env.DSAS_HOST_CONSOLE_MARK ?? '';

/**
 * console.log for host tests. The workbench page receives printf-style
 * arguments unformatted, so lines are formatted here; the offline runner's
 * mark tells the suite's lines from the workbench's own log. (VS Code does not
 * let console.log itself be replaced in the extension host.)
 */
export function log(...args: unknown[]): void {
  console.log(mark + format(...args));
}

/** Where host tests leave screenshots and measurements (git-ignored). */
export const ARTIFACTS = process.env.DSAS_TEST_ARTIFACTS ?? path.resolve(__dirname, '../../../test-artifacts');

export function extension(): vscode.Extension<unknown> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  if (!ext) throw new Error(`extension ${EXTENSION_ID} is not loaded`);
  return ext;
}

/** Writes `value` as JSON into the artifacts folder and returns the path. */
export function writeArtifact(name: string, value: unknown): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, name);
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
  return file;
}

/** The marks VS Code's extension host sets (vs/base/common/performance), read in its own process. */
interface PerformanceMarks { getMarks(): { name: string; startTime: number }[] }

/** VS Code's own figures for the extension's activation, in ms. */
export interface ActivationMarks { readonly ms: number; readonly codeLoadingMs: number; readonly activateCallMs: number }

/**
 * The extension's activation as VS Code measures it: what its Running
 * Extensions view adds up is the loading of the code (`willLoadExtensionCode`
 * to `didLoadExtensionCode`) and the call of `activate()`
 * (`willActivateExtension` to `didActivateExtension`). Undefined before it
 * was activated.
 */
export function activationMarks(): ActivationMarks | undefined {
  const marks = (globalThis as { MonacoPerformanceMarks?: PerformanceMarks }).MonacoPerformanceMarks?.getMarks() ?? [];
  const at = (name: string) => marks.find((m) => m.name.toLowerCase() === `code/exthost/${name}/${EXTENSION_ID}`.toLowerCase())?.startTime;
  const between = (from: string, to: string) => {
    const [start, end] = [at(from), at(to)];
    return start === undefined || end === undefined ? undefined : end - start;
  };
  const codeLoadingMs = between('willLoadExtensionCode', 'didLoadExtensionCode');
  const activateCallMs = between('willActivateExtension', 'didActivateExtension');
  if (codeLoadingMs === undefined || activateCallMs === undefined) return undefined;
  return { ms: codeLoadingMs + activateCallMs, codeLoadingMs, activateCallMs };
}

/** The sandbox service the runner started for this run, if any. */
export interface SandboxInfo {
  baseUrl: string;
  user: string;
  password: string;
  key: string;
}

export function sandbox(): SandboxInfo | undefined {
  const { DSAS_SANDBOX_URL: baseUrl, DSAS_SANDBOX_USER: user, DSAS_SANDBOX_PASSWORD: password, DSAS_SANDBOX_KEY: key } = process.env;
  return baseUrl && user && password && key ? { baseUrl, user, password, key } : undefined;
}

/**
 * Asks the runner for a screenshot of the whole workbench, saved as
 * test-artifacts/screenshots/<name>.png; resolves once it is written, with its
 * path. The extension host cannot drive the browser, so the offline runner
 * serves a loopback endpoint (DSAS_SCREENSHOT_URL) that takes the shot.
 * Without it (e.g. under @vscode/test-electron) this does nothing.
 */
export function screenshot(name: string): Promise<string | undefined> {
  const endpoint = process.env.DSAS_SCREENSHOT_URL;
  if (!endpoint) return Promise.resolve(undefined);
  return askRunner(`${endpoint}?name=${encodeURIComponent(name)}`, 'screenshot');
}

/**
 * Has the runner press Cancel on the newest notification that offers it and
 * includes `text` (waiting up to 10 s for one), as a user would; resolves
 * with that notification's text. Needs the offline runner.
 */
export async function pressCancelOnProgress(text: string): Promise<string> {
  const endpoint = process.env.DSAS_CANCEL_PROGRESS_URL;
  if (!endpoint) throw new Error('DSAS_CANCEL_PROGRESS_URL is not set: run through npm run test:host');
  return askRunner(`${endpoint}?text=${encodeURIComponent(text)}`, 'pressing Cancel');
}

/**
 * The text the workbench's sidebar shows now (a view's rows or its welcome
 * content), read from the page by the offline runner (DSAS_SIDEBAR_TEXT_URL):
 * the extension host cannot see what the workbench renders.
 */
export async function sidebarText(): Promise<string> {
  const endpoint = process.env.DSAS_SIDEBAR_TEXT_URL;
  if (!endpoint) throw new Error('DSAS_SIDEBAR_TEXT_URL is not set: run through npm run test:host');
  return askRunner(endpoint, 'reading the sidebar');
}

/**
 * Calls a route of workbenchPage.ts on the offline runner (DSAS_WORKBENCH_URL).
 * A route bounds its own waits and says what it saw; the minute here only
 * catches a runner that stopped answering.
 */
export async function askWorkbench(route: string, params: Record<string, string>, what: string, ms = 60_000): Promise<string> {
  const base = process.env.DSAS_WORKBENCH_URL;
  if (!base) throw new Error('DSAS_WORKBENCH_URL is not set: run through npm run test:host');
  return askRunner(`${base}${route}?${new URLSearchParams(params).toString()}`, what, ms);
}

/**
 * Has the runner wait for the quick input showing `expect` (its title or
 * prompt), type `text` into it and press Enter, as a user would; resolves
 * with what the quick input said (title / placeholder / prompt).
 */
export async function answerQuickInput(expect: string, text: string): Promise<string> {
  return askWorkbench('/quick-input', { expect, text }, `answering "${expect}"`);
}

/**
 * Has the runner wait for the quick input showing `expect`, do `steps` in
 * its filter box (type, press a key, empty it) and say what it shows then:
 * its placeholder and the room for it, what is typed, the rows drawn and
 * which are ticked or highlighted.
 */
export async function quickInputKeys(expect: string, steps: readonly QuickInputStep[] = []): Promise<QuickInputSeen> {
  return JSON.parse(await askWorkbench('/quick-input-keys', { expect, steps: JSON.stringify(steps) }, `typing into "${expect}"`)) as QuickInputSeen;
}

/** The rows of the Settings editor's table of contents now (its groups, as the search left them). */
export async function settingsGroups(): Promise<string[]> {
  return JSON.parse(await askWorkbench('/settings-groups', {}, "reading the Settings editor's contents")) as string[];
}

/** The titles the Settings editor draws once the search is cleared and the groups of `path` are opened in its table of contents (one with `contains`). */
export async function settingsBrowse(path: string[], contains: string): Promise<string[]> {
  return JSON.parse(await askWorkbench('/settings-browse', { path: JSON.stringify(path), contains }, 'browsing the Settings editor')) as string[];
}

/**
 * The Explorer row named `name` as the workbench draws it: the letter of its
 * decoration (waiting up to 10 s for `badge`) and the items of its context menu.
 */
export async function explorerRow(name: string, badge: string): Promise<ExplorerRowSeen> {
  return JSON.parse(await askWorkbench('/explorer-row', { name, badge }, `reading the Explorer row "${name}"`)) as ExplorerRowSeen;
}

/**
 * The values of the workbench's context keys `keys` now, which the menus'
 * `when` clauses read: VS Code's Inspect Context Keys, started here, logs
 * them when the runner clicks. Needs the offline runner.
 */
export async function contextKeyValues(keys: readonly string[]): Promise<Record<string, unknown>> {
  await vscode.commands.executeCommand('workbench.action.inspectContextKeys');
  return JSON.parse(await askWorkbench('/context-keys', { keys: keys.join(',') }, 'reading the context keys')) as Record<string, unknown>;
}

/**
 * Drags the Explorer row named `name` (already revealed) with the mouse onto
 * the webview showing `contains`, Shift held while it is dropped, as the
 * workbench asks for a drop into an editor's page; what the drag carried.
 */
export async function dragToWebview(name: string, contains: string): Promise<DragSeen> {
  return JSON.parse(await askWorkbench('/drag-to-webview', { name, contains }, `dragging "${name}" onto the webview showing "${contains}"`)) as DragSeen;
}

/** The text the workbench's status bar shows now. */
export async function statusBarText(): Promise<string> {
  return askWorkbench('/statusbar-text', {}, 'reading the status bar');
}

/** The text of the webview whose page shows `contains` (waiting up to 15 s for one). */
export async function webviewText(contains: string): Promise<string> {
  return askWorkbench('/webview-text', { contains }, `reading the webview showing "${contains}"`);
}

/** The text of the first element matching each CSS selector in the webview showing `contains`, shown on screen or not ('' for none). */
export async function webviewParts(contains: string, selectors: readonly string[]): Promise<string[]> {
  return JSON.parse(await askWorkbench('/webview-parts', { contains, selectors: JSON.stringify(selectors) }, `reading parts of the webview showing "${contains}"`)) as string[];
}

/** How the webview showing `contains` looks, as the browser computed it: its texts with their colours, its hidden elements, all it says. */
export async function webviewLook(contains: string): Promise<LookSeen> {
  return JSON.parse(await askWorkbench('/webview-look', { contains }, `reading how the webview showing "${contains}" looks`)) as LookSeen;
}

/** The state of the first element each CSS selector matches in the webview showing `contains` (shown, open, value, selection, focus). */
export async function webviewControls(contains: string, selectors: readonly string[]): Promise<PartSeen[]> {
  return JSON.parse(await askWorkbench('/webview-controls', { contains, selectors: JSON.stringify(selectors) }, `reading controls of the webview showing "${contains}"`)) as PartSeen[];
}

/** The colours the body of the webview showing `contains` is painted in (CSS colour strings). */
export async function webviewColors(contains: string): Promise<ColorsSeen> {
  return JSON.parse(await askWorkbench('/webview-colors', { contains }, `reading the colours of the webview showing "${contains}"`)) as ColorsSeen;
}

/** The text of the workbench's panel (the Output view…) once it shows `contains` (waiting up to 10 s). */
export async function panelText(contains: string): Promise<string> {
  return workbenchText('[id="workbench.parts.panel"]', contains);
}

/** The text of the first workbench element matching a CSS `selector` once it shows `contains` (waiting up to 10 s). */
export async function workbenchText(selector: string, contains: string): Promise<string> {
  return askWorkbench('/text-of', { selector, contains }, `reading ${selector} for "${contains}"`);
}

/** The text of the notification toasts once one shows `contains` (waiting up to 10 s). */
export async function notificationText(contains: string): Promise<string> {
  return workbenchText('.notifications-toasts', contains);
}

/** Starts recording the titles of the notification toasts the workbench shows (see notificationsShown). */
export async function watchNotifications(): Promise<void> {
  await askWorkbench('/notifications-watch', {}, 'watching the notifications');
}

/** The title of each notification toast shown since watchNotifications, in order: a brief one too (titles on screen before are left out). */
export async function notificationsShown(): Promise<string[]> {
  return JSON.parse(await askWorkbench('/notifications-seen', {}, 'reading the notifications seen')) as string[];
}

/** Runs `run` with the notification toasts counted: its result and the title of every toast shown meanwhile, in order. */
export async function withNotificationsCounted<T>(run: () => Promise<T>): Promise<{ result: T; toasts: string[] }> {
  await watchNotifications();
  const result = await run();
  return { result, toasts: await notificationsShown() };
}

/** The titles of the settings the Settings editor shows, in order (waiting until `count` are drawn, one with `contains`). */
export async function settingsLabels(count: number, contains = ''): Promise<string[]> {
  return JSON.parse(await askWorkbench('/settings-labels', { count: String(count), contains }, 'reading the Settings editor')) as string[];
}

/** The timeline page of submission `id` as the browser holds it: event texts as shown, elements the data could have injected. */
export async function timelineView(id: string): Promise<TimelineSeen> {
  return JSON.parse(await askWorkbench('/timeline-view', { id }, `reading the timeline of ${id}`)) as TimelineSeen;
}

/** What the PDF viewer shows once page 1 is drawn: its page count label and page 1's canvas (waiting up to 15 s). */
export async function pdfView(): Promise<PdfSeen> {
  return JSON.parse(await askWorkbench('/pdf-view', {}, 'reading the PDF viewer')) as PdfSeen;
}

/** The open extension details page: name, header icon, tabs, and the README webview found by `readmeHeading`. */
export async function extensionDetails(readmeHeading: string): Promise<DetailsSeen> {
  return JSON.parse(await askWorkbench('/extension-details', { readme: readmeHeading }, 'reading the extension details page')) as DetailsSeen;
}

/** Clicks the details page's tab `tab` and reads the webview showing `contains`, not `exclude`; `text` is absent without such a tab. */
export async function extensionTab(tab: string, contains: string, exclude: string): Promise<TabSeen> {
  return JSON.parse(await askWorkbench('/extension-tab', { tab, contains, exclude }, `opening the "${tab}" tab`)) as TabSeen;
}

/** Types into the webview showing `contains`, step by step, with the keyboard alone (see KeyStep); what it shows after. */
export async function webviewKeys(contains: string, steps: readonly KeyStep[]): Promise<KeysSeen> {
  return JSON.parse(await askWorkbench('/webview-keys', { contains, steps: JSON.stringify(steps) }, `typing into the webview showing "${contains}"`)) as KeysSeen;
}

/**
 * Drops on the control labelled `target` (or `css=<selector>`) of the webview showing `contains` a drag from
 * outside the page carrying `drag`, through the browser's own drag and drop; what the page shows after.
 */
export async function webviewDrop(contains: string, target: string, drag: OutsideDrag): Promise<DropSeen> {
  return JSON.parse(await askWorkbench('/webview-drop', { contains, target, drag: JSON.stringify(drag) }, `dropping on "${target}"`)) as DropSeen;
}

/** Drags `text`, selected at the start of the text control labelled `target`, with the mouse to the control's end. */
export async function webviewMoveText(contains: string, target: string, text: string): Promise<DropSeen> {
  return JSON.parse(await askWorkbench('/webview-move-text', { contains, target, text }, `dragging "${text}" in "${target}"`)) as DropSeen;
}

function askRunner(url: string, what: string, ms = 20_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', timeout: ms }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => (res.statusCode === 200 ? resolve(body.trim()) : reject(new Error(`${what} failed: ${res.statusCode} ${body}`))));
    });
    req.on('timeout', () => req.destroy(new Error(`${what} timed out`)));
    req.on('error', reject);
    req.end();
  });
}
