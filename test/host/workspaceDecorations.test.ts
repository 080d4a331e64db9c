import * as assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { checkFile, isProblem } from '../../src/core';
import type { LocalFile } from '../../src/ui/transfers/localFiles';
import { sendSubmission } from '../../src/ui/composer/sendSubmission';
import type { FileAccess, WorkspaceFiles } from '../../src/ui/workspace/workspaceFiles';
import { WorkspaceFiles as WorkspaceFilesClass } from '../../src/ui/workspace/workspaceFiles';
import { stateOf } from '../../src/ui/lists/nodes';
import { submissionNode, tempDir, waitFor, workspaceFile } from './fixtures';
import { explorerRow, screenshot } from './helpers';
import { clientOf, OtherServices } from './otherServices';
import { api, connectionOf, control, logMark, quiet, sandboxState, serviceRequests, signIn, useAccount, withAnswers } from './session';
import { archiveFiles } from '../../tools/archiveRows';
import type { Sandbox } from '../../tools/sandbox';

const unique = (what: string) => `${what} ${Date.now()} ${Math.random()}\n`;

async function files(): Promise<WorkspaceFiles> {
  return (await api()).deps.workspaceFiles;
}

/** The decoration the provider gives once `ready` holds (it answers with what it knows and computes the rest). */
async function decorationWhen(uri: vscode.Uri, ready: (d: vscode.FileDecoration | undefined) => boolean, what: string): Promise<vscode.FileDecoration | undefined> {
  const wf = await files();
  let last: vscode.FileDecoration | undefined;
  try {
    return await waitFor(what, async () => {
      last = (await wf.provideFileDecoration(uri)) ?? undefined;
      return ready(last) ? { d: last } : undefined;
    }, 20_000).then((r) => r.d);
  } catch (e) {
    throw new Error(`${(e as Error).message}; last decoration: ${JSON.stringify(last)}`);
  }
}

const tooltipIs = (text: string | readonly string[]) => (d: vscode.FileDecoration | undefined) => (typeof text === 'string' ? [text] : text).includes(String(d?.tooltip));

/**
 * Runs `act`, then waits until VS Code is told that the decoration of `uri`
 * changed (what makes the Explorer ask again) and the provider gives `tooltip`.
 */
async function toldAfter(uri: vscode.Uri, act: () => Thenable<unknown> | Promise<unknown>, tooltip: string | readonly string[], what: string): Promise<vscode.FileDecoration | undefined> {
  const wf = await files();
  // A detail the view fetched of its own (its rows on screen) may have said it already: VS Code was told then.
  let told = tooltipIs(tooltip)((await wf.provideFileDecoration(uri)) ?? undefined);
  const sub = wf.onDidChangeFileDecorations((e) => {
    if (e === undefined || (Array.isArray(e) ? e : [e]).some((u) => u.toString() === uri.toString())) told = true;
  });
  try {
    await act();
    await waitFor(`VS Code to be told that the decoration changed (${what})`, () => told, 20_000);
    return await decorationWhen(uri, tooltipIs(tooltip), what);
  } finally {
    sub.dispose();
  }
}

/** A workspace file sent from here in a new submission to one recipient, decorated "0/1 responded"; its reference and id. */
async function sentFile(name: string): Promise<{ uri: vscode.Uri; ref: string; id: string }> {
  const deps = (await api()).deps;
  const uri = workspaceFile(`decorations/${name}`, unique(name));
  const ref = `DECOR-${name}-${Date.now()}`;
  const { result: created } = await withAnswers([], async () => sendSubmission(deps, {
    formReference: ref,
    recipients: [{ firstName: 'Dora', lastName: 'Deco', email: 'dora@example.com' }],
    documents: [await localFile(uri)],
  }));
  assert.ok(created);
  const d = await decorationWhen(uri, tooltipIs(`Sent in ${ref} · 0/1 responded`), 'the sent decoration');
  assert.equal(d?.badge, 'S');
  return { uri, ref, id: created.id };
}

async function localFile(uri: vscode.Uri): Promise<LocalFile> {
  const name = path.basename(uri.fsPath);
  const file = await checkFile(uri.fsPath, name);
  if (isProblem(file)) throw new Error(`not a file: ${uri.fsPath}`);
  return { uri, path: uri.fsPath, name, size: file.size, file };
}

describe('workspace decorations', () => {
  before(signIn);

  it('an archived file is decorated ("Archived as …"), Reveal in Archive selects its row, and once changed it says so', async () => {
    const deps = (await api()).deps;
    const uri = workspaceFile('decorations/lease.txt', unique('lease'));
    const title = `Lease ${Date.now()}`;
    await withAnswers([title], () => vscode.commands.executeCommand('dsas.archiveFile', uri, [uri]));
    const added = (await sandboxState()).archives.find((a) => a.title === title);
    assert.ok(added, 'the file was archived');

    const d = await decorationWhen(uri, tooltipIs(`Archived as ${title}`), 'the archived decoration');
    assert.equal(d?.badge, 'A');
    // The decoration may come from the upload's own word before its record is written.
    await waitFor('recorded with its archive file id', async () => (await files()).records.of(uri.toString())?.archived?.fileId === added.id);

    // The real Explorer shows it too (test-artifacts/screenshots/workspace-decorations.png).
    await vscode.commands.executeCommand('revealInExplorer', uri);
    await new Promise((r) => setTimeout(r, 500));
    await screenshot('workspace-decorations');
    await vscode.commands.executeCommand('dsas.revealInArchive', uri, [uri]);
    await waitFor('the row selected', () => deps.archive.view.selection.some((n) => n.kind === 'archiveFile' && n.item.id === added.id));

    appendFileSync(uri.fsPath, 'a change\n');
    const changed = await decorationWhen(uri, tooltipIs(`Changed since it was archived as ${title}`), 'the changed decoration');
    assert.equal(changed?.badge, 'A');
  });

  it('a file with the same content as an archive file is decorated, though it was never archived from here', async () => {
    const deps = (await api()).deps;
    const content = unique('same content');
    const title = `Found by content ${Date.now()}`;
    const elsewhere = workspaceFile('decorations/elsewhere/original.txt', content);
    await deps.session.client.uploadArchiveFile({ path: elsewhere.fsPath, title }); // straight through the client: no record
    await deps.archive.refresh(); // the Archive view's Refresh: its details are fetched again
    const copy = workspaceFile('decorations/copy with another name.txt', content);
    assert.equal((await files()).records.of(copy.toString()), undefined, 'no record of it');
    const d = await decorationWhen(copy, tooltipIs(`Archived as ${title}`), 'the decoration found by content');
    assert.equal(d?.badge, 'A');
  });

  it('a sent file says "Sent in <ref> · 0/1 responded", follows a response, and Reveal Submission selects its row', async () => {
    const deps = (await api()).deps;
    const { uri, ref, id } = await sentFile('sent.txt');
    await control('/respond', 'POST', { submissionId: id, email: 'dora@example.com' });
    const row = deps.submissions.items.find((n) => n.item.id === id);
    assert.ok(row, 'the new row is listed');
    await toldAfter(uri, () => deps.submissions.refresh(row), `Sent in ${ref} · COMPLETED · 1/1 responded`, 'Refresh on the row: its detail and status');

    await vscode.commands.executeCommand('dsas.revealSubmission', uri, [uri]);
    await waitFor('the row selected', () => deps.submissions.view.selection.some((n) => n.kind === 'submission' && n.item.id === id));
  });

  it('the list: after a response, the view\'s Refresh makes the sent file say COMPLETED, as its row does', async () => {
    const deps = (await api()).deps;
    const { uri, ref, id } = await sentFile('listed.txt');
    await control('/respond', 'POST', { submissionId: id, email: 'dora@example.com' });
    // The view's Refresh fetches the details of the pending rows on screen too: the responses may come with it.
    await toldAfter(uri, () => vscode.commands.executeCommand('dsas.refreshSubmissions'), [`Sent in ${ref} · COMPLETED`, `Sent in ${ref} · COMPLETED · 1/1 responded`], 'the view\'s Refresh');
    const row = deps.submissions.items.find((n) => n.item.id === id);
    assert.equal(row && stateOf(row), 'COMPLETED', 'the row says the same');
  });

  it('a detail: Check Status makes the sent file say COMPLETED, and opening its row adds the responses', async () => {
    const deps = (await api()).deps;
    const { uri, ref, id } = await sentFile('checked.txt');
    await control('/respond', 'POST', { submissionId: id, email: 'dora@example.com' });
    const row = await submissionNode(id);
    await toldAfter(uri, () => withAnswers([], () => vscode.commands.executeCommand('dsas.checkStatus', row)), [`Sent in ${ref} · COMPLETED`, `Sent in ${ref} · COMPLETED · 1/1 responded`], 'Check Status');
    const listed = deps.submissions.items.find((n) => n.item.id === id);
    assert.ok(listed);
    await toldAfter(uri, () => deps.submissions.view.reveal(listed, { expand: true }), `Sent in ${ref} · COMPLETED · 1/1 responded`, 'the row opened: its detail');
  });

  it('a poll: the sent file follows what the poll learns, the state and the responses', async () => {
    const { poller } = await api();
    const { uri, ref, id } = await sentFile('polled.txt');
    await poller.pollNow(); // the rows changed before are looked at: this submission is the one the next poll finds changed
    await control('/respond', 'POST', { submissionId: id, email: 'dora@example.com' });
    await toldAfter(uri, () => poller.pollNow(), `Sent in ${ref} · COMPLETED · 1/1 responded`, 'a poll');
  });

  it('a detail asked before a Refresh that says COMPLETED, arriving after it, takes nothing back: the row and the sent file end COMPLETED with the responses', async () => {
    const deps = (await api()).deps;
    const { uri, ref, id } = await sentFile('late.txt');
    const row = deps.submissions.items.find((n) => n.item.id === id);
    assert.ok(row, 'the new row is listed');
    // The detail is answered as it was when asked (PENDING, 0/1), and arrives a few seconds later.
    await control('/faults', 'POST', { method: 'GET', path: `^/submissions/${id}$`, kind: 'slowBody', ms: 250, chunkBytes: 96 });
    try {
      const late = deps.submissions.refresh(row); // Refresh on the row: its detail and status
      await new Promise((r) => setTimeout(r, 500));
      await control('/respond', 'POST', { submissionId: id, email: 'dora@example.com' });
      // The view's Refresh fetches the details of the pending rows on screen too: the responses may come with it.
    await toldAfter(uri, () => vscode.commands.executeCommand('dsas.refreshSubmissions'), [`Sent in ${ref} · COMPLETED`, `Sent in ${ref} · COMPLETED · 1/1 responded`], 'the view\'s Refresh');
      await late;
    } finally {
      await control('/faults', 'DELETE');
    }
    await decorationWhen(uri, tooltipIs(`Sent in ${ref} · COMPLETED · 1/1 responded`), 'the newer state kept, and the responses of a detail asked since');
    const after = deps.submissions.items.find((n) => n.item.id === id);
    assert.equal(after && stateOf(after), 'COMPLETED', 'the row says the same');
    assert.equal(after?.detail?.completed, true, 'the row\'s detail is one of after the change');
  });

  it('the real Explorer draws the letters A and S, and each row\'s menu offers what applies to it: a file, an archived file, a sent file, a folder', async function () {
    if (!process.env.DSAS_WORKBENCH_URL) this.skip(); // reading the Explorer needs the offline runner
    this.timeout(90_000); // an upload, a send and four rows' menus read from the real Explorer, beside two other windows
    const deps = (await api()).deps;
    const archived = workspaceFile('menus/archived-row.txt', unique('archived row'));
    const sent = workspaceFile('menus/sent-row.txt', unique('sent row'));
    const plain = workspaceFile('menus/plain-row.txt', unique('plain row'));
    await withAnswers([`Menus ${Date.now()}`], () => vscode.commands.executeCommand('dsas.archiveFile', archived, [archived]));
    await withAnswers([], async () => sendSubmission(deps, {
      formReference: `MENUS-${Date.now()}`, recipients: [{ firstName: 'Mia', lastName: 'Menu', email: 'mia@example.com' }], documents: [await localFile(sent)],
    }));
    for (const uri of [archived, sent, plain]) await vscode.commands.executeCommand('revealInExplorer', uri);
    const ours = (menu: string[]) => menu.filter((m) => /Archive|Submission/.test(m));

    const a = await explorerRow('archived-row.txt', 'A');
    assert.equal(a.badge, 'A');
    assert.deepEqual(ours(a.menu), ['Archive This File', 'New Submission…', 'Reveal in Archive'], JSON.stringify(a.menu));
    const s = await explorerRow('sent-row.txt', 'S');
    assert.equal(s.badge, 'S');
    assert.deepEqual(ours(s.menu), ['Archive This File', 'New Submission…', 'Reveal Submission'], JSON.stringify(s.menu));
    const p = await explorerRow('plain-row.txt', '');
    assert.equal(p.badge, '');
    assert.deepEqual(ours(p.menu), ['Archive This File', 'New Submission…'], JSON.stringify(p.menu));
    // A folder is archived file by file: its item says so, and a folder cannot be a document.
    const f = await explorerRow('menus', '');
    assert.deepEqual(ours(f.menu), ['Archive Folder…'], JSON.stringify(f.menu));
    await vscode.commands.executeCommand('workbench.view.extension.dsas'); // the Explorer hidden again, as the next tests expect
  });

  it('the setting dsas.decorateWorkspaceFiles off removes the decorations', async () => {
    const uri = workspaceFile('decorations/setting.txt', unique('setting'));
    const title = `Setting ${Date.now()}`;
    await withAnswers([title], () => vscode.commands.executeCommand('dsas.archiveFile', uri, [uri]));
    await decorationWhen(uri, tooltipIs(`Archived as ${title}`), 'the decoration');
    const wf = await files();
    const fired = new Promise<void>((resolve) => wf.onDidChangeFileDecorations(() => resolve()));
    const config = vscode.workspace.getConfiguration('dsas');
    await config.update('decorateWorkspaceFiles', false, vscode.ConfigurationTarget.Global);
    try {
      await fired;
      assert.equal(await wf.provideFileDecoration(uri), undefined);
    } finally {
      await config.update('decorateWorkspaceFiles', undefined, vscode.ConfigurationTarget.Global);
    }
    await decorationWhen(uri, tooltipIs(`Archived as ${title}`), 'the decoration back');
  });

  it('nothing is read or requested until a decoration is asked for', async () => {
    const deps = (await api()).deps;
    // No Explorer on screen, so that the extension's own provider is not asked meanwhile.
    await vscode.commands.executeCommand('workbench.view.extension.dsas');
    const uri = workspaceFile('decorations/quiet.txt', unique('quiet'));
    const title = `Quiet ${Date.now()}`;
    await withAnswers([title], () => vscode.commands.executeCommand('dsas.archiveFile', uri, [uri]));
    const reads: string[] = [];
    const real = await import('node:fs/promises');
    const counting: FileAccess = {
      stat: async (p) => {
        reads.push(`stat ${p}`);
        const s = await real.stat(p);
        return { size: s.size, mtimeMs: s.mtimeMs, isFile: s.isFile() };
      },
      hash: async (p, a) => {
        reads.push(`hash ${p}`);
        return (await import('../../src/core')).hashFile(p, a);
      },
    };
    await quiet(); // the archive's row is revealed, and the views load what is on screen
    const mark = await logMark();
    // As activate() builds it, with file access that counts.
    const fresh = new WorkspaceFilesClass({ context: deps.context, log: deps.log, session: deps.session, connections: deps.connections, archive: deps.archive, updates: deps.updates, files: counting });
    try {
      await new Promise((r) => setTimeout(r, 1000));
      assert.deepEqual(reads, [], 'no file read or stat');
      assert.deepEqual((await serviceRequests(mark)).map((r) => `${r.method} ${r.path}`), [], 'no request');
      const d = await fresh.provideFileDecoration(uri);
      void d;
      await waitFor('a decoration', async () => (await fresh.provideFileDecoration(uri))?.tooltip === `Archived as ${title}`, 20_000);
      assert.ok(reads.length > 0, 'asked, it reads');
    } finally {
      fresh.dispose();
    }
  });
});

describe('workspace decorations on a 400-file archive', () => {
  const services = new OtherServices();
  let sb: Sandbox;

  /** Waits until the extension has sent `sb` nothing for 700 ms. */
  async function stillOn(): Promise<void> {
    let seen = sb.accessLog.length;
    let since = Date.now();
    await waitFor('the extension to stop sending requests', async () => {
      await new Promise((r) => setTimeout(r, 100));
      if (sb.accessLog.length !== seen) [seen, since] = [sb.accessLog.length, Date.now()];
      return Date.now() - since >= 700;
    }, 30_000);
  }

  before(async () => {
    sb = await services.start('many-files');
    await archiveFiles(clientOf(sb), tempDir(), 400);
    await useAccount(sb);
  });
  after(() => services.close());

  it('Archive This File costs a handful of requests, the new file\'s detail among them, not one per archive file (406 before)', async () => {
    const wf = await files();
    const probe = workspaceFile('decorations/many/probe.txt', unique('probe'));
    await wf.factsOf(probe, true); // the first decoration: the detail of every archive file
    const details = (from: number) => sb.accessLog.slice(from).filter((e) => e.method === 'GET' && /\/archives\/[^/?]+$/.test(e.path));
    assert.ok(details(0).length >= 400, `${details(0).length} details asked at first`);
    // A first upload: the Archive view reveals the new file, last in the list, so it shows every page up to it, and their rows' details.
    const first = workspaceFile('decorations/many/first.txt', unique('first'));
    // With the run's sandbox a connection too, the Explorer's Archive This File asks which one: this one, the workspace's.
    const here = (await connectionOf(sb)).name;
    await withAnswers([here, `First among many ${Date.now()}`], () => vscode.commands.executeCommand('dsas.archiveFile', first, [first]));
    await wf.factsOf(probe, true);
    await stillOn();

    const mark = sb.accessLog.length;
    const title = `Among many ${Date.now()}`;
    const uri = workspaceFile('decorations/many/new.txt', unique('new'));
    await withAnswers([here, title], () => vscode.commands.executeCommand('dsas.archiveFile', uri, [uri]));
    // With two connections, the tooltip names the one it was archived to.
    await decorationWhen(uri, tooltipIs(`Archived as ${title} on ${here}`), 'the archived decoration');
    await wf.factsOf(probe, true); // the decorations over the new list: every detail they match against
    await stillOn();
    const sent = sb.accessLog.slice(mark).map((e) => `${e.method} ${e.path}`);
    assert.ok(sent.length <= 5, `${sent.length} requests after Archive This File:\n${sent.slice(0, 20).join('\n')}`);
    assert.ok(details(mark).length >= 1 && details(mark).length <= 2, 'the new file\'s detail, by the view or the decorations');
  });
});
