import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import * as vscode from 'vscode';
import { accountKey, accountOf } from '../../src/core';
import type { FromPdf } from '../../src/shared/pdfProtocol';
import { accountDigest } from '../../src/ui/session/accountOwner';
import { closeAllEditors, contrast, extensionLog, luminance, nextEvent, sha256, submissionNode, tempDir, waitFor, workspaceFile } from './fixtures';
import { screenshot, timelineView, webviewColors, webviewKeys, webviewText } from './helpers';
import { api, connectionInUse, connectionOf, control, pageMessages, requireSandbox, sandboxState, signIn, signOut, withAnswers } from './session';
import { freshSubmission, openTimeline, pdfReport, timelineShows } from './panelDriver';
import type { ScriptedInput } from './scriptedInput';
import { tried } from '../reliability/tally';
import type { FromTimeline } from '../../src/shared/timelineProtocol';

type PdfRendered = Extract<FromPdf, { type: 'rendered' }>;

const webviewTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview);

/** Pages in a PDF, counted by an independent reader (pdf-lib). */
async function pageCount(pdf: Buffer): Promise<number> {
  return (await PDFDocument.load(pdf)).getPageCount();
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

  it('the History panel\'s Download button of an attachment (Enter on it, named by the attachment) saves its exact bytes', async function () {
    if (!process.env.DSAS_WORKBENCH_URL) this.skip(); // pressing the page's button needs the offline runner's browser
    const s = (await sandboxState()).submissions.find((x) => x.attachments.length >= 2)!;
    const second = s.attachments[1];
    await openTimeline(await submissionNode(s.id), s.id);
    const target = vscode.Uri.joinPath(vscode.Uri.file(tempDir()), `from-history-${second.name}`);
    const { input } = await withAnswers([target], async () => {
      await webviewKeys(`Attachments (${s.attachments.length})`, [{ focus: `Download ${second.name}` }, { press: 'Enter' }]);
      await waitFor('the attachment saved', () => existsSync(target.fsPath), 15_000);
      // The file is there before the command says so: its message follows.
      const raw = (await api()).deps.input.raw as ScriptedInput;
      await waitFor('the download told', () => raw.asked.some((a) => a.method === 'info' && a.text.startsWith('Downloaded')), 5000).catch(() => undefined);
    });
    assert.equal(sha256(readFileSync(target.fsPath)), second.sha256, 'the second attachment\'s bytes, not the first\'s');
    assert.ok(input.asked.some((a) => a.method === 'info' && a.text.startsWith(`Downloaded "from-history-${second.name}"`)), JSON.stringify(input.asked.map((a) => a.text)));
  });

  it('reuses the panel of a submission, also when opened from its History row', async () => {
    const s = (await sandboxState()).submissions[1];
    const { timelines } = (await api()).deps;
    const node = await submissionNode(s.id);
    await closeAllEditors(); // a panel the test before left open would not be drawn again
    await openTimeline({ kind: 'history', submission: node }, s.id);
    const first = await timelines.show(await connectionInUse(), s.id);
    await vscode.commands.executeCommand('dsas.showHistory', node);
    assert.equal(await timelines.show(await connectionInUse(), s.id), first, 'the same panel');
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

  it('an open History panel follows Check Status: the completed state and the response_status as sent, without a click', async () => {
    const s = await freshSubmission('check');
    const node = await submissionNode(s.id);
    await openTimeline(node, s.id);
    let seen = await timelineView(s.id);
    assert.match(seen.status, /PENDING/);
    assert.deepEqual(seen.responseStatuses, ['0'], 'response_status as the service sent it');
    await control('/respond', 'POST', { submissionId: s.id, outcome: 'reject' });
    const redrawn = nextEvent(pageMessages<FromTimeline>('timeline.js'), (r) => r.key === s.id && r.message.type === 'rendered', 'the timeline drawn again');
    await withAnswers([], () => vscode.commands.executeCommand('dsas.checkStatus', node));
    await redrawn;
    seen = await timelineShows(s.id, (x) => /COMPLETED/.test(x.status), 'COMPLETED in the open panel');
    assert.deepEqual(seen.responseStatuses, ['1']);
    assert.equal(seen.notice, '');
    assert.ok(seen.descriptions.some((d) => /completed/i.test(d)), `the new events are drawn: ${JSON.stringify(seen.descriptions)}`);
  });

  it('an open History panel follows a poll that learns of a response', async () => {
    const s = await freshSubmission('poll');
    const a = await api();
    await openTimeline(await submissionNode(s.id), s.id);
    assert.match((await timelineView(s.id)).status, /PENDING/);
    await withAnswers([], () => a.poller.pollNow()); // the poll's first look at it: pending
    await control('/respond', 'POST', { submissionId: s.id, outcome: 'accept' });
    await withAnswers([], () => a.poller.pollNow());
    const seen = await timelineShows(s.id, (x) => /COMPLETED/.test(x.status), 'COMPLETED in the open panel after a poll');
    assert.deepEqual(seen.responseStatuses, ['1']);
  });

  it('an open Summary offers to reload when its submission changed', async () => {
    const s = await freshSubmission('summary');
    const node = await submissionNode(s.id);
    await pdfReport(() => vscode.commands.executeCommand('dsas.showSummary', node), (x) => x.type === 'rendered', 'the summary');
    await control('/respond', 'POST', { submissionId: s.id });
    await withAnswers([], () => vscode.commands.executeCommand('dsas.checkStatus', node));
    const text = await webviewText('The submission changed since this summary was loaded.');
    assert.match(text, /Reload/, 'with a Reload button');
    await screenshot('summary-changed');
  });

  it('a refresh that fails keeps what the panel shows, marked stale; Show History loads it again', async () => {
    const s = await freshSubmission('stale');
    const node = await submissionNode(s.id);
    await openTimeline(node, s.id);
    const before = await timelineView(s.id);
    await control('/respond', 'POST', { submissionId: s.id });
    await control('/faults', 'POST', { method: 'GET', path: `^/submissions/${s.id}$`, kind: 'status', status: 503, rate: 1 });
    try {
      // Check Status learns COMPLETED; the panel's refresh then fails.
      await withAnswers([], () => vscode.commands.executeCommand('dsas.checkStatus', node));
      const seen = await timelineShows(s.id, (x) => x.notice.includes('Showing earlier data'), 'the stale notice');
      assert.match(seen.notice, /refresh failed.*503/, seen.notice);
      assert.match(seen.status, /PENDING/, 'the content loaded earlier stays');
      assert.deepEqual(seen.descriptions, before.descriptions);
      await screenshot('timeline-stale');
    } finally {
      await control('/faults', 'DELETE');
    }
    await withAnswers([], () => vscode.commands.executeCommand('dsas.showHistory', node));
    const seen = await timelineShows(s.id, (x) => /COMPLETED/.test(x.status), 'the panel loaded again');
    assert.equal(seen.notice, '', 'no stale notice once loaded');
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

  it('closing a Summary while its PDF arrives ends the download at once: the connection is given back', async () => {
    await closeAllEditors(); // a new viewer, not one shown before
    const s = (await sandboxState()).submissions[0];
    const { deps } = await api();
    // The PDF comes 16 bytes a second: minutes for the whole of it.
    await control('/faults', 'POST', { method: 'GET', path: `^/submissions/${s.id}/summary$`, kind: 'slowBody', ms: 1000, chunkBytes: 16 });
    try {
      const mark = (await control<unknown[]>('/log')).length;
      void deps.pdfs.show({ kind: 'summary', submissionId: s.id }).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 2000)); // under way (the page need not be drawn for it)
      const open = webviewTabs().find((t) => t.label.startsWith('Summary'));
      assert.ok(open, 'the Summary tab');
      await vscode.window.tabGroups.close(open);
      // The sandbox logs a request once its connection settles: here, once the extension lets go of it.
      await waitFor('the summary\'s download to end', async () => (await control<{ path: string }[]>('/log')).slice(mark).some((e) => /\/summary$/.test(e.path)), 3000);
    } finally {
      await control('/faults', 'DELETE');
    }
    tried('faults');
  });

  it('closing a History tab while it loads logs no error', async () => {
    await closeAllEditors();
    const s = (await sandboxState()).submissions[0];
    const { deps } = await api();
    // The panel's requests wait 3 s at the service.
    await control('/faults', 'POST', { method: 'GET', path: `^/submissions/${s.id}(/|$)`, kind: 'delay', ms: 3000, times: 6 });
    try {
      const logBefore = (await extensionLog()).length;
      void deps.timelines.show(await connectionInUse(), s.id).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 1000)); // the requests are under way
      const open = webviewTabs().find((t) => t.label.startsWith('History'));
      assert.ok(open, 'the History tab');
      await vscode.window.tabGroups.close(open);
      await new Promise((r) => setTimeout(r, 5000)); // past the service's delay, and the log written
      const logged = (await extensionLog()).slice(logBefore).split('\n').filter((l) => l.includes(`timeline ${s.id}`));
      assert.deepEqual(logged.filter((l) => /\[(error|warning)\]/.test(l)), [], 'a tab closed by the user is no failure');
    } finally {
      await control('/faults', 'DELETE');
    }
  });

  it('Save PDF… writes the document where the user chooses, offering the name of its submission\'s form reference', async () => {
    const s = (await sandboxState()).submissions.find((x) => x.formReference === 'BUDGET-2025')!;
    await (await api()).deps.submissions.refresh(); // the rows exist even if the view was never shown
    const target = vscode.Uri.file(path.join(tempDir(), 'saved-summary.pdf'));
    const { input } = await withAnswers([target], () => vscode.commands.executeCommand('dsas.savePdf', { kind: 'summary', submissionId: s.id }));
    assert.equal(path.basename((input.asked[0].options as vscode.SaveDialogOptions).defaultUri!.fsPath), 'BUDGET-2025 – summary.pdf');
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

  it('says which file on disk is not a PDF, or empty, never that the service sent it', async () => {
    const { deps } = await api();
    const failure = async (name: string, content: string) => {
      const uri = workspaceFile(`viewer/${name}`, content);
      return pdfReport(() => void deps.pdfs.show({ kind: 'file', path: uri.fsPath, name }), (x) => x.type === 'failed', `the refusal of ${name}`);
    };
    assert.deepEqual(await failure('notes.pdf', 'Meeting notes, not a PDF at all.'), { type: 'failed', message: '"notes.pdf" is not a PDF.' });
    assert.deepEqual(await failure('empty.pdf', ''), { type: 'failed', message: '"empty.pdf" is empty.' });
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

  // These close panels: a page opened right after a close can stay blank in the browser workbench, so they come last.
  it('Show History and Show Summary of an id the service does not know say so and leave no tab', async () => {
    await closeAllEditors();
    for (const command of ['dsas.showHistory', 'dsas.showSummary']) {
      const { input } = await withAnswers([], () => vscode.commands.executeCommand(command, { kind: 'submission', item: { id: '987654321' } }));
      const errors = input.asked.filter((a) => a.method === 'error').map((a) => a.text);
      assert.equal(errors.length, 1, `${command}: one message: ${JSON.stringify(errors)}`);
      assert.match(errors[0], /does not know/);
      // The workbench takes the closed tab away a moment after the panel is disposed (longer on a busy machine).
      await waitFor(`${command}: no tab left (${webviewTabs().map((t) => t.label).join(', ')})`, () => webviewTabs().length === 0, 5000);
    }
  });

  it('titles its tabs "History: <form reference>" and "Summary: <form reference>"', async () => {
    const s = (await sandboxState()).submissions[2];
    await closeAllEditors();
    await openTimeline(await submissionNode(s.id), s.id);
    await pdfReport(() => vscode.commands.executeCommand('dsas.showSummary', { kind: 'submission', item: { id: s.id } }), (x) => x.type === 'rendered', 'the summary');
    assert.deepEqual(webviewTabs().map((t) => t.label).sort(), [`History: ${s.formReference}`, `Summary: ${s.formReference}`]);
  });

  // A window reload restarts the extension host, which ends the test run: the serializers' part is tested here
  // by handing them panels as VS Code does after a reload, while the session is not there yet.
  it('panels restored after a reload load once the session is there', async () => {
    const s = (await sandboxState()).submissions[0];
    const { pdfs, timelines } = (await api()).deps;
    const connection = await connectionOf(requireSandbox());
    await closeAllEditors();
    await signOut();
    try {
      // Side by side: a page that was never visible does not load.
      const history = vscode.window.createWebviewPanel('dsas.timeline', 'History', vscode.ViewColumn.One, { retainContextWhenHidden: true });
      const summary = vscode.window.createWebviewPanel('dsas.pdf', 'Summary', vscode.ViewColumn.Two, { retainContextWhenHidden: true });
      // As the pages save them: with the connection and the account they were opened for.
      const owner = { connectionId: connection.id, service: accountDigest(accountKey(accountOf(connection))!) };
      timelines.restore(history, { submissionId: s.id, ...owner });
      pdfs.restore(summary, { source: { kind: 'summary', submissionId: s.id, ...owner }, page: 1, zoom: { mode: 'fitWidth' }, invert: false });
      await new Promise((r) => setTimeout(r, 500));
      assert.equal(history.title, 'History', 'nothing loaded while signed out');
      await signIn();
      // Each title is set when its data arrived. (Not what the pages drew: in the browser workbench one of two
      // pages opened at the very same moment can stay blank.)
      await waitFor('the restored History panel loaded', () => history.title === `History: ${s.formReference}`, 15_000);
      await waitFor('the restored Summary panel loaded', () => summary.title === `Summary: ${s.formReference}`, 15_000);
    } finally {
      await signIn();
      await closeAllEditors();
    }
  });

  it('a restored viewer whose saved state does not say which document is closed, not left blank', async () => {
    const { pdfs, timelines } = (await api()).deps;
    for (const [restore, viewType] of [[(p: vscode.WebviewPanel) => pdfs.restore(p, { page: 2, zoom: { mode: 'fitWidth' }, invert: false }), 'dsas.pdf'], [(p: vscode.WebviewPanel) => timelines.restore(p, {}), 'dsas.timeline']] as const) {
      const panel = vscode.window.createWebviewPanel(viewType, 'restored', vscode.ViewColumn.Active, {});
      const closed = nextEvent(panel.onDidDispose, () => true, `${viewType} closed`, 5000);
      restore(panel);
      await closed;
    }
  });
});
