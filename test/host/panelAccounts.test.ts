// A History or Summary panel reads only from the service and user it was
// opened for. Bob's connection shows his submission; Edit Connection… then
// points it at Carol's service, where the same id is her submission: no way a
// panel loads (its Refresh, news of its id, its links, a restore after a
// reload) asks Carol's service for it. Three sandboxes: the run's, Bob's, Carol's.
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { accountKey, type Connection } from '../../src/core';
import type { FromPdf } from '../../src/shared/pdfProtocol';
import type { FromTimeline } from '../../src/shared/timelineProtocol';
import { accountDigest } from '../../src/ui/session/accountOwner';
import type { Sandbox } from '../../tools/sandbox';
import { closeAllEditors, nextEvent, tempDir, waitFor, workspaceFile } from './fixtures';
import { timelineView, webviewText } from './helpers';
import { clientOf, OtherServices } from './otherServices';
import { timelineShows } from './panelDriver';
import { ScriptedInput, type Answer } from './scriptedInput';
import { api, pageMessages, quiet, signIn, withAnswers } from './session';

/** The titles of the open webview tabs. */
const webviewTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview).map((t) => t.label);

/** A submission on `sb` whose id is at least `from` (ids count from the same start on every service): made until it is. */
async function submissionOn(sb: Sandbox, formReference: string, from = 0): Promise<string> {
  const doc = workspaceFile('panel-accounts/letter.txt', 'A letter.\n');
  for (;;) {
    const { id } = await clientOf(sb).createSubmission({ formReference, documents: [{ path: doc.fsPath }], recipients: [{ firstName: 'Al', lastName: 'Reader', email: 'al@example.org' }] });
    if (Number(id) >= from) return id;
  }
}

describe('a panel reads only from the service and account it was opened for', () => {
  const others = new OtherServices();
  let bob: Sandbox;
  let carol: Sandbox;
  let bobs: Connection;

  before(async function () {
    this.timeout(60_000);
    await signIn();
    bob = await others.start('bob');
    carol = await others.start('carol');
    bobs = await others.connected(bob, 'Bob');
  });
  afterEach(closeAllEditors);
  after(() => others.end('panel-accounts'));

  it('History and Summary of a connection pointed at another service since fetch nothing from it, restored or not, and say so in the panel, keeping what they showed; opened again from the row, they are the new service\'s', async function () {
    this.timeout(120_000);
    const { deps, tap } = await api();
    const bobRef = `Bob's lease ${Date.now()}`;
    const id = await submissionOn(bob, bobRef);
    const carolRef = `Carol's will ${Date.now()}`;
    await submissionOn(carol, carolRef, Number(id));
    assert.ok((await clientOf(carol).listSubmissions()).some((s) => s.id === id), `Carol's service has a submission ${id} too`);

    const rendered = (script: 'timeline.js' | 'pdfViewer.js', key: string) =>
      nextEvent(pageMessages<FromTimeline | FromPdf>(script), (r) => r.key === key && r.message.type === 'rendered', `${script} ${key} drawn`, 30_000);
    const row = { kind: 'submission', connectionId: bobs.id, item: { id, formReference: bobRef } };
    const history = rendered('timeline.js', id);
    await vscode.commands.executeCommand('dsas.showHistory', row);
    await history;
    const summary = rendered('pdfViewer.js', `summary/${id}`);
    await vscode.commands.executeCommand('dsas.showSummary', row);
    await summary;

    const carols = { baseUrl: carol.baseUrl, username: carol.user };
    // Carol's secrets stored: the connection pointed at her service signs in there without a question.
    await deps.secrets.store(carols, 'password', carol.password);
    await deps.secrets.store(carols, 'apiKey', carol.key);
    const mark = carol.accessLog.length;
    try {
      await deps.connections.update(bobs.id, { baseUrl: carol.baseUrl, userName: carol.user });
      await waitFor('Bob\'s connection signed in at Carol\'s service', () => deps.sessions.get(bobs.id)?.account === accountKey(carols));
      if (process.env.DSAS_WORKBENCH_URL) {
        const told = await timelineShows(id, (x) => /now points to another service or user/.test(x.notice), 'Bob\'s History saying at once that it is not refreshed');
        assert.doesNotMatch(told.notice, /Retry/, 'no retry offered: none can help');
      }
      const { input } = await withAnswers([], async () => {
        // Every way an open panel loads again: its Refresh, news of its id from its connection, its links.
        await tap.post('timeline.js', id, { type: 'refresh' });
        await tap.post('pdfViewer.js', `summary/${id}`, { type: 'refresh' });
        deps.updates.learned({ id, connectionId: bobs.id, state: 'COMPLETED' });
        await tap.post('timeline.js', id, { type: 'openSummary' });
        const download: FromTimeline = { type: 'downloadAttachment', attachmentId: '1' };
        await tap.post('timeline.js', id, download);
        await tap.post('pdfViewer.js', `summary/${id}`, { type: 'save' });
        await tap.post('pdfViewer.js', `summary/${id}`, { type: 'archive' });
        // Restored after a reload: a state that names Bob's account, and one an earlier version kept without it.
        const bobsDigest = accountDigest(accountKey({ baseUrl: bob.baseUrl, username: bob.user })!);
        const restore = (viewType: string) => vscode.window.createWebviewPanel(viewType, 'restored', vscode.ViewColumn.Active, {});
        deps.timelines.restore(restore('dsas.timeline'), { submissionId: id, connectionId: bobs.id, service: bobsDigest });
        deps.timelines.restore(restore('dsas.timeline'), { submissionId: id, connectionId: bobs.id });
        const place = { page: 1, zoom: { mode: 'fitWidth' }, invert: false };
        deps.pdfs.restore(restore('dsas.pdf'), { ...place, source: { kind: 'summary', submissionId: id, connectionId: bobs.id, service: bobsDigest } });
        deps.pdfs.restore(restore('dsas.pdf'), { ...place, source: { kind: 'summary', submissionId: id, connectionId: bobs.id } });
        await new Promise((r) => setTimeout(r, 3000)); // the loads and links under way
      });
      const ofId = new RegExp(`/submissions/${id}(/|\\?|$)`);
      assert.deepEqual(carol.accessLog.slice(mark).map((e) => `${e.method} ${e.path}`).filter((l) => ofId.test(l)), [], `nothing asked of Carol's service for submission ${id}`);
      // The History's Download, the Summary's Save PDF… and Archive…, asking nothing first.
      assert.deepEqual(input.asked.map((a) => `${a.method}: ${a.text}`).filter((t) => !/^error: .*another service or user/.test(t)), [], 'no question, no other message');
      assert.equal(input.asked.length, 3, 'each link says why it fetched nothing, once');

      if (process.env.DSAS_WORKBENCH_URL) {
        const seen = await timelineView(id);
        assert.match(seen.notice, /now points to another service or user/, 'Bob\'s History says why it is not refreshed');
        assert.ok(seen.descriptions.length > 0, 'and keeps the events it showed');
        assert.match(await webviewText('earlier version'), /Open it again from its row/, 'a panel kept by an earlier version says what to do');
      }

      // Opened again from the row: a panel of Carol's submission, beside Bob's.
      const again = rendered('timeline.js', id);
      await vscode.commands.executeCommand('dsas.showHistory', { ...row, item: { id, formReference: carolRef } });
      await again;
      await waitFor('Carol\'s History beside Bob\'s', () => [`History: ${bobRef} · Bob`, `History: ${carolRef} · Bob`].every((t) => webviewTabs().includes(t)));
      assert.ok(carol.accessLog.slice(mark).some((e) => ofId.test(e.path)), 'read from Carol\'s service');
    } finally {
      await deps.connections.update(bobs.id, { baseUrl: bob.baseUrl, userName: bob.user });
      await deps.secrets.clear(carols);
    }
  });

  /** Points Bob's connection at `sb` (whose secrets are stored) and waits until it is signed in there. */
  const pointAt = async (sb: Sandbox) => {
    const { deps } = await api();
    const to = { baseUrl: sb.baseUrl, username: sb.user };
    await deps.connections.update(bobs.id, { baseUrl: to.baseUrl, userName: to.username });
    await waitFor(`Bob's connection signed in at ${sb.user}'s service`, () => deps.sessions.get(bobs.id)?.account === accountKey(to));
  };
  /** Bob's submission, with the same id on Carol's service, and Carol's secrets stored (cleared by the returned function). */
  const sameIdOnBoth = async (what: string) => {
    const { deps } = await api();
    const formReference = `Bob's ${what} ${Date.now()}`;
    const id = await submissionOn(bob, formReference);
    await submissionOn(carol, `Carol's ${what} ${Date.now()}`, Number(id));
    const carols = { baseUrl: carol.baseUrl, username: carol.user };
    await deps.secrets.store(carols, 'password', carol.password);
    await deps.secrets.store(carols, 'apiKey', carol.key);
    return { id, formReference, clear: () => deps.secrets.clear(carols) };
  };

  it('a History whose connection is pointed back at its account loads again from there, and asks nothing of the service it pointed at meanwhile', async function () {
    this.timeout(120_000);
    const { id, formReference, clear } = await sameIdOnBoth('lease');
    // Its history: what the History alone asks for (the polls of the connection, pointed at Carol's a moment, may fetch her submission's detail).
    const history = new RegExp(`/submissions/${id}/history`);
    const drawn = () => nextEvent(pageMessages<FromTimeline>('timeline.js'), (r) => r.key === id && r.message.type === 'rendered', `Bob's History of ${id} drawn`, 30_000);
    const first = drawn();
    await vscode.commands.executeCommand('dsas.showHistory', { kind: 'submission', connectionId: bobs.id, item: { id, formReference } });
    await first;
    try {
      await pointAt(carol);
      await quiet(1500); // the History says it is not refreshed
      const mark = carol.accessLog.length;
      const bobMark = bob.accessLog.length;
      const again = drawn();
      await pointAt(bob);
      await again;
      assert.deepEqual(carol.accessLog.slice(mark).map((e) => `${e.method} ${e.path}`).filter((l) => history.test(l)), [], `nothing asked of Carol's service for the history of submission ${id} as the connection pointed back`);
      assert.ok(bob.accessLog.slice(bobMark).some((e) => history.test(e.path)), 'the History read from Bob\'s service again');
    } finally {
      await pointAt(bob);
      await clear();
    }
  });

  it('Save PDF…, the History\'s Download and Archive… whose connection is pointed elsewhere while they ask where or what title fetch nothing from there, save and archive nothing, and say why', async function () {
    this.timeout(180_000);
    const { setUserInput, tap } = await api();
    const { id, formReference, clear } = await sameIdOnBoth('deed');
    const documentOf = new RegExp(`/submissions/${id}/(summary|attachment/)`);
    const attachment = (await clientOf(bob).getSubmission(id)).attachments[0];
    assert.ok(attachment, 'Bob\'s submission has an attachment');
    const drawn = nextEvent(pageMessages<FromTimeline>('timeline.js'), (r) => r.key === id && r.message.type === 'rendered', `Bob's History of ${id} drawn`, 30_000);
    await vscode.commands.executeCommand('dsas.showHistory', { kind: 'submission', connectionId: bobs.id, item: { id, formReference } });
    await drawn;
    const bobsDigest = accountDigest(accountKey({ baseUrl: bob.baseUrl, username: bob.user })!);
    const folder = tempDir('dsas-panel-accounts-');
    const pdf = vscode.Uri.file(path.join(folder, 'summary.pdf'));
    const download = vscode.Uri.file(path.join(folder, attachment.name));
    const downloadLink: FromTimeline = { type: 'downloadAttachment', attachmentId: attachment.id };
    const cases: readonly { name: string; answer: Answer; run: () => Thenable<unknown>; wrote?: vscode.Uri }[] = [
      { name: 'Save PDF…', answer: pdf, wrote: pdf, run: () => vscode.commands.executeCommand('dsas.savePdf', { kind: 'summary', submissionId: id, connectionId: bobs.id, service: bobsDigest }) },
      { name: 'the History\'s Download', answer: download, wrote: download, run: () => tap.post('timeline.js', id, downloadLink) },
      { name: 'Archive…', answer: `Bob's deed ${Date.now()}`, run: () => vscode.commands.executeCommand('dsas.archiveSummary', { kind: 'submission', connectionId: bobs.id, service: bobsDigest, item: { id, formReference } }) },
    ];
    try {
      for (const c of cases) {
        const mark = carol.accessLog.length;
        // The question is answered only once Edit Connection… has pointed Bob's connection at Carol's service.
        const input = new ScriptedInput(async () => {
          await pointAt(carol);
          return c.answer;
        });
        const restore = setUserInput(input);
        try {
          await c.run();
          await waitFor(`${c.name}: what came of it said`, () => input.asked.some((a) => ['info', 'warn', 'error'].includes(a.method)), 30_000);
        } finally {
          restore();
        }
        // Its documents and archive (the polls of the connection, pointed at Carol's now, may fetch her submission's detail).
        assert.deepEqual(carol.accessLog.slice(mark).map((e) => `${e.method} ${e.path}`).filter((l) => documentOf.test(l) || /^PUT /.test(l)), [], `${c.name}: nothing fetched from or archived at Carol's service`);
        if (c.wrote) assert.ok(!existsSync(c.wrote.fsPath), `${c.name}: nothing saved`);
        assert.match(input.asked.map((a) => a.text).join('\n'), /another service or user/, `${c.name}: says why`);
        await pointAt(bob);
      }
    } finally {
      await pointAt(bob);
      await clear();
    }
  });
});
