// Opening and reading the History and Summary panels from host tests, for
// the suites that follow what the panels show.
import * as vscode from 'vscode';
import type { FromPdf } from '../../src/shared/pdfProtocol';
import type { FromTimeline } from '../../src/shared/timelineProtocol';
import { nextEvent, waitFor, workspaceFile } from './fixtures';
import { log, timelineView } from './helpers';
import { api, connectionInUse, pageMessages } from './session';
import type { TimelineSeen } from './workbenchPage';

export type Rendered = Extract<FromTimeline, { type: 'rendered' }>;

/**
 * Opens a submission's timeline through the command and returns what the page
 * reported drawing. The browser workbench of code-server 1.100 leaves a new
 * webview blank while the service worker still waits for a file of a page
 * closed before the file arrived (up to 30 s; see CONTRIBUTING, "Known limits
 * of the development set-up"); desktop VS Code does not load webviews that
 * way. Such a stall is logged and the panel opened once more.
 */
export async function openTimeline(node: unknown, id: string): Promise<Rendered> {
  const { timelines } = (await api()).deps;
  const wait = (ms: number) => nextEvent(pageMessages<FromTimeline>('timeline.js'), (r) => r.key === id && r.message.type === 'rendered', `the timeline of ${id}`, ms);
  const first = wait(10_000);
  await vscode.commands.executeCommand('dsas.showHistory', node);
  try {
    return (await first).message as Rendered;
  } catch {
    log(`    (webview of ${id} stayed blank: the workbench's service-worker stall; opening it again)`);
    (await timelines.show(await connectionInUse(), id)).panel.dispose();
    await new Promise((r) => setTimeout(r, 1500));
    const second = wait(20_000);
    await vscode.commands.executeCommand('dsas.showHistory', node);
    return (await second).message as Rendered;
  }
}

/** A new submission with one recipient, for a test that changes it. */
export async function freshSubmission(name: string): Promise<{ id: string; formReference: string }> {
  const doc = workspaceFile(`webviews/${name}.txt`, `${name}\n`);
  const formReference = `Live panel ${name} ${Date.now()}`;
  const { id } = await (await api()).deps.session.client.createSubmission({
    formReference, documents: [{ path: doc.fsPath }], recipients: [{ firstName: 'Ada', lastName: 'Live', email: `live-${name}@example.org` }],
  });
  return { id, formReference };
}

/** What the timeline page of `id` shows, once `ok` holds for it (within 20 s). */
export function timelineShows(id: string, ok: (seen: TimelineSeen) => boolean, what: string): Promise<TimelineSeen> {
  return waitFor(what, async () => {
    const seen = await timelineView(id);
    return ok(seen) && seen;
  }, 20_000);
}
/** Runs `trigger` and resolves with the first message of a PDF viewer that `pred` accepts (within 30 s). */
export async function pdfReport(trigger: () => Thenable<unknown> | void, pred: (m: FromPdf) => boolean, what: string): Promise<FromPdf> {
  const report = nextEvent(pageMessages<FromPdf>('pdfViewer.js'), (r) => pred(r.message), what, 30_000);
  await trigger();
  return (await report).message;
}
