import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import * as vscode from 'vscode';
import type { FromPdf, FromTimeline } from '../../src/shared/messages';
import { closeAllEditors, nextEvent, submissionNode, tempDir, workspaceFile } from './fixtures';
import { log, screenshot, timelineView, webviewColors } from './helpers';
import { api, control, sandboxState, signIn, withAnswers } from './session';
import { tried } from '../reliability/tally';

type Rendered = Extract<FromTimeline, { type: 'rendered' }>;
type PdfRendered = Extract<FromPdf, { type: 'rendered' }>;

/**
 * Opens a submission's timeline through the command and returns what the page
 * reported drawing. The browser workbench of code-server 1.100 sometimes leaves
 * a new webview blank after another was closed (its frame waits for a service
 * worker "controllerchange" that does not come); desktop VS Code does not load
 * webviews that way. Such a stall is logged and the panel opened once more.
 */
async function openTimeline(node: unknown, id: string): Promise<Rendered> {
  const { timelines } = (await api()).deps;
  const wait = (ms: number) => nextEvent(timelines.onDidReport, (r) => r.submissionId === id && r.message.type === 'rendered', `the timeline of ${id}`, ms);
  const first = wait(10_000);
  await vscode.commands.executeCommand('dsas.showHistory', node);
  try {
    return (await first).message as Rendered;
  } catch {
    log(`    (webview of ${id} stayed blank: the workbench's service-worker stall; opening it again)`);
    timelines.show(id).panel.dispose();
    await new Promise((r) => setTimeout(r, 1500));
    const second = wait(20_000);
    await vscode.commands.executeCommand('dsas.showHistory', node);
    return (await second).message as Rendered;
  }
}

async function pdfReport(trigger: () => Thenable<unknown> | void, pred: (m: FromPdf) => boolean, what: string): Promise<FromPdf> {
  const { pdfs } = (await api()).deps;
  const report = nextEvent(pdfs.onDidReport, (r) => pred(r.message), what, 30_000);
  await trigger();
  return (await report).message;
}

/** Pages in a PDF, counted by an independent reader (pdf-lib). */
async function pageCount(pdf: Buffer): Promise<number> {
  return (await PDFDocument.load(pdf)).getPageCount();
}

/** The relative luminance (WCAG 2) of a CSS `rgb()`/`rgba()` colour. */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((c) => Number(c) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  assert.ok([r, g, b].every((c) => Number.isFinite(c)), `a colour the browser computed: ${css}`);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two luminances (4.5 is the minimum for body text). */
function contrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

async function setTheme(name: string): Promise<void> {
  await vscode.workspace.getConfiguration('workbench').update('colorTheme', name, vscode.ConfigurationTarget.Global);
  await new Promise((r) => setTimeout(r, 800));
}

describe('webviews', () => {
  before(signIn);
  after(closeAllEditors);

  it('Show History opens a timeline that draws the sandbox events, in order, and its recipients', async () => {
    const s = (await sandboxState()).submissions.find((x) => (x as unknown as { history: unknown[] }).history.length >= 3)!;
    const history = (s as unknown as { history: { time: number; description: string }[] }).history;
    const r = await openTimeline(await submissionNode(s.id), s.id);
    assert.equal(r.events, history.length);
    assert.equal(r.recipients, s.recipients.length);
    const inOrder = history.map((e, i) => ({ e, i })).sort((a, b) => Math.floor(a.e.time / 1000) - Math.floor(b.e.time / 1000) || a.i - b.i).map((x) => x.e.description);
    const seen = await timelineView(s.id);
    assert.deepEqual(seen.descriptions, inOrder);
    assert.equal(seen.foreignElements, 0);
  });

  it('reuses the panel of a submission, also when opened from its History row', async () => {
    const s = (await sandboxState()).submissions[1];
    const { timelines } = (await api()).deps;
    const node = await submissionNode(s.id);
    await openTimeline({ kind: 'history', submission: node }, s.id);
    const first = timelines.show(s.id);
    await vscode.commands.executeCommand('dsas.showHistory', node);
    assert.equal(timelines.show(s.id), first, 'the same panel');
    const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.label === first.panel.title);
    assert.equal(tabs.length, 1, 'one tab');
  });

  it('renders script and markup from the service as text and runs none of it', async () => {
    const payload = '<img src=x onerror="document.title=\'pwned\'"> <script>alert(1)</script> [click](command:dsas.signOut) \u202Eevil';
    const doc = workspaceFile('webviews/hostile.txt', 'x\n');
    const { deps } = await api();
    const { id } = await deps.session.client.createSubmission({
      formReference: payload, documents: [{ path: doc.fsPath }],
      recipients: [{ firstName: '<b>Bold</b>', lastName: '<iframe src=x>', email: 'hostile@example.org' }],
    });
    await control('/respond', 'POST', { submissionId: id, outcome: 'clarify', comment: '<svg onload=alert(1)>', endorsement: '<a href="command:dsas.signOut">x</a>' });
    await openTimeline(await submissionNode(id), id);
    const seen = await timelineView(id);
    assert.equal(seen.foreignElements, 0, 'no element came from the data');
    const visible = payload.replace('\u202E', '\\u202E');
    assert.ok(seen.descriptions.some((d) => d.includes(visible)), `the payload is shown as characters, the bidi override as an escape: ${JSON.stringify(seen.descriptions)}`);
    assert.ok(deps.session.signedIn, 'no command: link ran');
    tried('hostile', 8); // four in the form reference, two names, the comment, the endorsement
    await screenshot('timeline-hostile');
  });

  it('Show Summary renders the PDF with pdf.js: every page counted, page 1 drawn', async () => {
    const s = (await sandboxState()).submissions[0];
    const { deps } = await api();
    const opened = await deps.session.client.openSummary(s.id);
    const chunks: Buffer[] = [];
    for await (const c of opened.stream) chunks.push(c as Buffer);
    const expected = await pageCount(Buffer.concat(chunks));
    const m = (await pdfReport(() => vscode.commands.executeCommand('dsas.showSummary', { kind: 'submission', item: { id: s.id } }), (x) => x.type === 'rendered', 'the summary')) as PdfRendered;
    assert.ok(expected >= 1);
    assert.equal(m.pages, expected);
    assert.equal(m.firstPageDrawn, true);
  });

  it('Save PDF… writes the document where the user chooses', async () => {
    const s = (await sandboxState()).submissions[0];
    const target = vscode.Uri.file(path.join(tempDir(), 'saved-summary.pdf'));
    await withAnswers([target], () => vscode.commands.executeCommand('dsas.savePdf', { kind: 'summary', submissionId: s.id }));
    assert.equal(readFileSync(target.fsPath).subarray(0, 5).toString('latin1'), '%PDF-');
  });

  it('opens a PDF archive file in the same viewer', async () => {
    const f = (await sandboxState()).archives.find((a) => /\.pdf$/i.test(a.name));
    assert.ok(f, 'the demo archive has a PDF');
    const m = (await pdfReport(() => vscode.commands.executeCommand('dsas.openArchiveFile', { kind: 'archiveFile', item: { id: f.id, name: f.name, title: f.title } }), (x) => x.type === 'rendered', 'the archive PDF')) as PdfRendered;
    assert.ok(m.pages >= 1);
    assert.equal(m.firstPageDrawn, true);
  });

  it('says clearly when a response is not a PDF', async () => {
    const f = (await sandboxState()).archives.find((a) => /\.txt$/i.test(a.name))!;
    const { deps } = await api();
    const m = await pdfReport(() => void deps.pdfs.show({ kind: 'archive', id: f.id, ticket: f.ticket, name: f.name }), (x) => x.type === 'failed', 'the refusal');
    assert.deepEqual(m, { type: 'failed', message: 'The service sent something that is not a PDF.' });
  });

  it('takes the colours of a light and a dark theme, with readable text (and screenshots)', async () => {
    const s = (await sandboxState()).submissions.find((x) => x.recipients.length >= 2) ?? (await sandboxState()).submissions[0];
    const previous = vscode.workspace.getConfiguration('workbench').inspect<string>('colorTheme')?.globalValue;
    try {
      for (const [theme, name] of [['Default Light Modern', 'light'], ['Default Dark Modern', 'dark']] as const) {
        await setTheme(theme);
        await closeAllEditors();
        await openTimeline(await submissionNode(s.id), s.id);
        const colors = await webviewColors(`Id ${s.id}`);
        const background = luminance(colors.background);
        assert.equal(background > 0.5 ? 'light' : 'dark', name, `the page's background in ${theme}: ${colors.background}`);
        assert.ok(contrast(background, luminance(colors.foreground)) >= 4.5, `text is readable in ${theme}: ${colors.foreground} on ${colors.background}`);
        await screenshot(`timeline-${name}`);
        await closeAllEditors();
        const m = (await pdfReport(() => vscode.commands.executeCommand('dsas.showSummary', { kind: 'submission', item: { id: s.id } }), (x) => x.type === 'rendered', 'the summary')) as PdfRendered;
        assert.equal(m.firstPageDrawn, true, `the summary's first page is drawn in ${theme}`);
        await new Promise((r) => setTimeout(r, 500));
        await screenshot(`pdf-${name}`);
      }
    } finally {
      await vscode.workspace.getConfiguration('workbench').update('colorTheme', previous, vscode.ConfigurationTarget.Global);
    }
  });
});
