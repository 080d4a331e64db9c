// What a command on one connection's rows does stays with that connection,
// the other's rows, badge and session untouched; what it learns reaches its
// own rows. A root or a batch of a connection removed meanwhile acts on
// nothing. A second sandbox, started here, stands for the second service.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Connection } from '../../src/core';
import { stateOf, type ArchiveNode, type SubmissionNode } from '../../src/ui/lists/nodes';
import type { Sandbox } from '../../tools/sandbox';
import { chooseFolder, closeAllEditors, tempDir, waitFor, withUserSetting, workspaceDir, workspaceFile } from './fixtures';
import { archiveOn, clientOf, OtherServices } from './otherServices';
import { ScriptedInput } from './scriptedInput';
import { api, connectionOf, requireSandbox, signIn, useAccount, withAnswers } from './session';

/** The tooltip of a row, as text. */
const tooltipOf = (t: vscode.TreeItem) => (typeof t.tooltip === 'string' ? t.tooltip : t.tooltip?.value ?? '');

describe('one connection\'s commands keep to it', () => {
  const others = new OtherServices();
  let bob: Sandbox;
  let main: Connection;
  let bobs: Connection;
  const folders: string[] = [];

  before(async function () {
    this.timeout(60_000);
    await signIn();
    main = await connectionOf(requireSandbox());
    bob = await others.start('bob');
    bobs = await others.connected(bob, 'Bob');
  });
  afterEach(closeAllEditors);
  after(() => others.end(...folders));

  /** A connection's row of an archive file, its detail loaded. */
  async function archiveRow(connection: Connection, id: string): Promise<ArchiveNode> {
    const { deps } = await api();
    // A connection added back just now is listed once its session has signed in.
    const row = await waitFor(`file ${id} listed under ${connection.name}`, async () => {
      await deps.archive.refresh();
      return deps.archive.listOf(connection.id)?.all.find((r) => r.item.id === id);
    }, 20_000);
    await deps.archive.refresh(row);
    return row;
  }

  /** A file archived on each service, their rows with details loaded. */
  async function twoFiles(tag: string): Promise<{ mainRow: ArchiveNode; bobRow: ArchiveNode }> {
    const { deps } = await api();
    const bobId = await archiveOn(bob, `Side by side (Bob) ${tag}`, 'side-bob.txt', 'bob\'s bytes\n');
    const doc = workspaceFile(`sides/${tag}/side-main.txt`, 'main\'s bytes\n');
    folders.push('sides');
    const { id: mainId } = await deps.sessions.get(main.id)!.client.uploadArchiveFile({ path: doc.fsPath, title: `Side by side (main) ${tag}`, name: 'side-main.txt' });
    return { mainRow: await archiveRow(main, mainId), bobRow: await archiveRow(bobs, bobId) };
  }

  it('a file of the other connection downloaded shows its hash check on its own row', async function () {
    this.timeout(60_000);
    const { deps } = await api();
    const { bobRow } = await twoFiles('one');
    const one = tempDir();
    await withAnswers([vscode.Uri.file(path.join(one, 'side-bob.txt'))], () => vscode.commands.executeCommand('dsas.downloadArchiveFile', bobRow));
    assert.equal(readFileSync(path.join(one, 'side-bob.txt'), 'utf8'), 'bob\'s bytes\n');
    assert.match(tooltipOf(deps.archive.getTreeItem(bobRow)), /verified/, 'Bob\'s row shows its download\'s check');
  });

  it('files of two connections selected and downloaded together come each from its own service', async function () {
    this.timeout(60_000);
    const { deps } = await api();
    const { mainRow, bobRow } = await twoFiles('two');
    // Both selected (the workspace's first).
    const dir = tempDir();
    await withAnswers(chooseFolder(dir), () => vscode.commands.executeCommand('dsas.downloadArchiveFile', mainRow, [mainRow, bobRow]));
    assert.equal(readFileSync(path.join(dir, 'side-main.txt'), 'utf8'), 'main\'s bytes\n');
    assert.equal(readFileSync(path.join(dir, 'side-bob.txt'), 'utf8'), 'bob\'s bytes\n', 'Bob\'s file from Bob\'s service');
    assert.match(tooltipOf(deps.archive.getTreeItem(mainRow)), /verified/);
    assert.match(tooltipOf(deps.archive.getTreeItem(bobRow)), /verified/);
  });

  it('Check Status on a row of the other connection shows the state it learned on that row', async function () {
    this.timeout(60_000);
    const { deps } = await api();
    const doc = workspaceFile('sides/status.txt', 'status\n');
    const { id } = await clientOf(bob).createSubmission({ formReference: `BOB-STATUS-${Date.now()}`, documents: [{ path: doc.fsPath }], recipients: [{ firstName: 'Bo', lastName: 'Bob', email: 'bo@example.org' }] });
    await deps.submissions.refresh();
    const row = deps.submissions.listOf(bobs.id)?.all.find((r) => r.item.id === id) as SubmissionNode;
    await deps.submissions.refresh(row); // its detail now (after the one Refresh fetches in the background): nothing else fetches it after the response
    assert.equal(stateOf(row), 'PENDING');
    bob.simulateResponse(id, { email: 'bo@example.org', outcome: 'accept' });
    await withAnswers([], () => vscode.commands.executeCommand('dsas.checkStatus', row));
    assert.equal(stateOf(deps.submissions.listOf(bobs.id)!.all.find((r) => r.item.id === id)!), 'COMPLETED', 'Bob\'s row shows what Check Status learned');
  });

  it('the History of the other connection\'s submission looks at its responses: the badge goes down', async function () {
    this.timeout(90_000);
    const { deps, poller } = await api();
    const doc = workspaceFile('sides/badge.txt', 'badge\n');
    const ref = `BOB-BADGE-${Date.now()}`;
    const { id } = await clientOf(bob).createSubmission({
      formReference: ref, documents: [{ path: doc.fsPath }],
      recipients: [{ firstName: 'Bo', lastName: 'Bob', email: 'bo@example.org' }, { firstName: 'Al', lastName: 'Also', email: 'al@example.org' }],
    });
    await withAnswers([], async () => {
      for (let i = 0; i < 3; i++) await poller.pollNow();
    });
    const before = deps.submissions.view.badge?.value ?? 0;
    bob.simulateResponse(id, { email: 'bo@example.org', outcome: 'accept' });
    await withAnswers([], async () => {
      for (let i = 0; i < 3; i++) await poller.pollNow();
    });
    await waitFor('Bob\'s response counted on the badge', () => (deps.submissions.view.badge?.value ?? 0) > before);
    await vscode.commands.executeCommand('dsas.showHistory', { kind: 'submission', connectionId: bobs.id, item: { id, formReference: ref } });
    await waitFor('the badge no longer counts the response looked at', () => (deps.submissions.view.badge?.value ?? 0) === before, 15_000);
  });

  it('Sign Out from the other connection\'s root names it; Sign Out and Sign In on the root of a connection removed meanwhile leave the workspace\'s alone', async function () {
    this.timeout(60_000);
    const { deps } = await api();
    const asked = await withAnswers([undefined], () => vscode.commands.executeCommand('dsas.signOut', { kind: 'connection', connectionId: bobs.id }));
    assert.match(asked.input.asked[0].text, /Bob/, `the question names the connection: ${asked.input.asked[0].text}`);
    assert.ok(deps.sessions.get(bobs.id)!.signedIn, 'not confirmed: still signed in');

    const ghost = await deps.connections.add({ name: 'Ghost', baseUrl: bob.baseUrl, userName: 'ghost' });
    const root = { kind: 'connection', connectionId: ghost.id };
    await deps.connections.remove(ghost.id);
    await waitFor('its session gone', () => !deps.sessions.get(ghost.id));
    // Should it ask, the answer that signs out (a message takes no answer).
    const out = new ScriptedInput('Sign Out');
    const restore = (await api()).setUserInput(out);
    try {
      await vscode.commands.executeCommand('dsas.signOut', root);
      assert.ok(deps.sessions.get(main.id)!.signedIn, `the workspace's connection still signed in (asked: ${out.asked.map((a) => a.text).join(' / ')})`);
      assert.deepEqual(out.asked.map((a) => a.method), ['error']);
      await vscode.commands.executeCommand('dsas.signIn', root);
      assert.deepEqual(out.asked.map((a) => a.method), ['error', 'error'], `nothing asked for another connection: ${out.asked.map((a) => a.text).join(' / ')}`);
      assert.match(out.asked[1].text, /connection was removed/);
    } finally {
      restore();
    }
  });

  it('a connection\'s name reading like an icon shows as written in the connection picker', async function () {
    this.timeout(30_000);
    const { deps } = await api();
    const odd = await deps.connections.add({ name: '$(pass-filled) Staging', baseUrl: bob.baseUrl, userName: 'staging' });
    try {
      const { input } = await withAnswers([undefined], () => vscode.commands.executeCommand('dsas.switchConnection'));
      const labels = input.asked[0].rows!.map((r) => r.label);
      assert.ok(labels.includes('\\$(pass-filled) Staging'), `the name's $(…) escaped: ${labels.join(' | ')}`);
    } finally {
      await deps.connections.remove(odd.id);
    }
  });

  it('Load more under one connection\'s root shows more of its rows only', async function () {
    this.timeout(60_000);
    const { deps } = await api();
    const doc = workspaceFile('sides/more.txt', 'more\n');
    for (let i = 0; i < 6; i++) await clientOf(bob).createSubmission({ formReference: `BOB-MORE-${i}`, documents: [{ path: doc.fsPath }], recipients: [{ firstName: 'Bo', lastName: 'Bob', email: 'bo@example.org' }] });
    await withUserSetting('pageSize', 5, async () => {
      await deps.submissions.refresh();
      const tree = deps.submissions as unknown as { getChildren(n?: unknown): Promise<{ kind: string; connectionId?: string }[]>; getTreeItem(n: unknown): vscode.TreeItem };
      const rows = async (connectionId: string) => tree.getChildren((await tree.getChildren()).find((r) => r.connectionId === connectionId));
      const count = async (connectionId: string) => (await rows(connectionId)).filter((n) => n.kind === 'submission').length;
      const mainShown = Math.min(5, deps.submissions.listOf(main.id)!.all.length);
      assert.equal(await count(main.id), mainShown);
      assert.equal(await count(bobs.id), 5);
      const more = (await rows(bobs.id)).find((n) => n.kind === 'loadMore')!;
      const c = tree.getTreeItem(more).command!;
      await vscode.commands.executeCommand(c.command, ...(c.arguments ?? []));
      assert.equal(await count(bobs.id), Math.min(10, deps.submissions.listOf(bobs.id)!.all.length), 'Bob\'s next page');
      assert.equal(await count(main.id), mainShown, 'the other root as it was');
    });
  });

  it('Refresh draws each connection\'s rows as they arrive: a service that does not answer holds back no other\'s', async function () {
    this.timeout(60_000);
    const { deps } = await api();
    const doc = workspaceFile('sides/refresh.txt', 'refresh\n');
    const { id } = await deps.sessions.get(main.id)!.client.createSubmission({ formReference: `MAIN-REFRESH-${Date.now()}`, documents: [{ path: doc.fsPath }], recipients: [{ firstName: 'Mo', lastName: 'Main', email: 'mo@example.org' }] });
    bob.faults.add({ method: 'GET', path: '^/submissions$', kind: 'delay', ms: 30_000, times: 1 });
    let drawn = false;
    const sub = deps.submissions.onDidChangeTreeData(() => {
      drawn ||= deps.submissions.listOf(main.id)?.all.some((r) => r.item.id === id) === true;
    });
    const refreshing = deps.submissions.refresh();
    try {
      await waitFor('Bob\'s list held', () => bob.faults.list().length === 0);
      await waitFor('the view told to draw the new row while Bob\'s service has not answered', () => drawn, 8000);
    } finally {
      sub.dispose();
      bob.faults.release();
      await refreshing;
    }
  });

  it('files dropped on the other connection\'s root are archived there, without asking which connection', async function () {
    this.timeout(60_000);
    const { deps } = await api();
    const file = workspaceFile('sides/dropped.txt', 'dropped on Bob\n');
    const data = new vscode.DataTransfer();
    data.set('text/uri-list', new vscode.DataTransferItem(file.toString()));
    const before = bob.store.archives.length;
    const { input } = await withAnswers(['Dropped on Bob'], () => deps.archive.dragAndDrop.handleDrop!({ kind: 'connection', connectionId: bobs.id }, data, new vscode.CancellationTokenSource().token) as Promise<void>);
    assert.deepEqual(input.asked.filter((a) => a.method !== 'info').map((a) => a.method), ['inputBox'], `only its title asked: ${input.asked.map((a) => a.text).join(' / ')}`);
    assert.deepEqual(bob.store.archives.slice(before).map((a) => a.title), ['Dropped on Bob']);
  });

  it('Remove Connection… during its Archive Folder batch stops it: the files not sent yet are not sent (its service\'s store), and the summary says it was removed, not signed out of', async function () {
    this.timeout(90_000);
    const root = `sides-batch-${Date.now()}`;
    folders.push(root);
    for (const n of ['a', 'b', 'c', 'd']) workspaceFile(`${root}/${n}.txt`, `${n} ${Date.now()}\n`);
    const folder = vscode.Uri.file(path.join(workspaceDir(), root));
    const before = bob.store.archives.length;
    bob.faults.add({ method: 'PUT', path: '^/archives$', kind: 'delay', ms: 30_000, times: 1 });
    try {
      const { input } = await withAnswers(['Bob', 'File name', 'Bob', 'Remove'], async () => {
        const running = vscode.commands.executeCommand('dsas.archiveFolder', folder, [folder]);
        await waitFor('the first upload held', () => bob.faults.list().length === 0, 20_000);
        await vscode.commands.executeCommand('dsas.removeConnection');
        bob.faults.release();
        return running;
      });
      assert.equal(bob.store.archives.length - before, 1, 'only the file on its way when the connection was removed arrived');
      const summary = input.asked.find((a) => /^1 file archived\./.test(a.text))?.text ?? input.asked.map((a) => a.text).join(' / ');
      assert.match(summary, / The connection Bob was removed meanwhile, and with it its stored password and API key, its drafts of New Submission and what the Explorer showed of its files: the rest was not sent\.$/);
      assert.doesNotMatch(summary, /signed out/);
    } finally {
      bob.faults.clear();
    }
  });
  it('a connection taken out of the settings during its Archive Folder batch stops it too; the summary says so (its secrets are kept)', async function () {
    this.timeout(90_000);
    bobs = await connectionOf(bob, 'Bob'); // back after the test before this one removed it
    await useAccount(bob);
    const root = `sides-batch-settings-${Date.now()}`;
    folders.push(root);
    for (const n of ['a', 'b', 'c']) workspaceFile(`${root}/${n}.txt`, `${n} ${Date.now()}\n`);
    const folder = vscode.Uri.file(path.join(workspaceDir(), root));
    const before = bob.store.archives.length;
    bob.faults.add({ method: 'PUT', path: '^/archives$', kind: 'delay', ms: 30_000, times: 1 });
    const config = () => vscode.workspace.getConfiguration('dsas');
    try {
      const { input } = await withAnswers(['Bob', 'File name'], async () => {
        const running = vscode.commands.executeCommand('dsas.archiveFolder', folder, [folder]);
        await waitFor('the first upload held', () => bob.faults.list().length === 0, 20_000);
        const raw = config().inspect<{ id: string }[]>('connections')?.globalValue ?? [];
        await config().update('connections', raw.filter((c) => c.id !== bobs.id), vscode.ConfigurationTarget.Global);
        bob.faults.release();
        return running;
      });
      assert.equal(bob.store.archives.length - before, 1, 'only the file on its way arrived');
      const summary = input.asked.find((a) => /^1 file archived\./.test(a.text))?.text ?? input.asked.map((a) => a.text).join(' / ');
      assert.match(summary, / The connection Bob was taken out of the settings meanwhile: the rest was not sent\.$/);
      assert.equal(await (await api()).deps.secrets.get({ baseUrl: bob.baseUrl, username: bob.user }, 'password'), bob.password, 'its password is still stored');
    } finally {
      bob.faults.clear();
    }
  });

  /** Bob's connection back (a test before may have removed it) and signed in, the workspace on the first. */
  async function bobBack(): Promise<void> {
    bobs = await connectionOf(bob, 'Bob');
    await useAccount(bob);
    await useAccount(requireSandbox());
  }
  const removedText = (undone: string) => new RegExp(`The connection Bob was removed meanwhile, and with it its stored password and API key, its drafts of New Submission and what the Explorer showed of its files: ${undone}$`);

  it('Remove Connection… during a download of its archive files stops it: the files not downloaded yet are not, and the summary says it was removed', async function () {
    this.timeout(90_000);
    await bobBack();
    const ids: string[] = [];
    for (const n of ['x', 'y', 'z']) ids.push(await archiveOn(bob, `Stopped download ${n} ${Date.now()}`, `stopped-${n}.txt`, `${n}\n`));
    const rows: ArchiveNode[] = [];
    for (const id of ids) rows.push(await archiveRow(bobs, id));
    const dir = tempDir();
    bob.faults.add({ method: 'GET', path: `^/archives/${ids[0]}/.`, kind: 'delay', ms: 30_000, times: 1 });
    try {
      const { input } = await withAnswers([...chooseFolder(dir), 'Bob', 'Remove'], async () => {
        const running = vscode.commands.executeCommand('dsas.downloadArchiveFile', rows[0], rows);
        await waitFor('the first download held', () => bob.faults.list().length === 0, 20_000);
        await vscode.commands.executeCommand('dsas.removeConnection');
        bob.faults.release();
        return running;
      });
      assert.deepEqual(readdirSync(dir).sort(), ['stopped-x.txt'], 'only the file on its way when the connection was removed');
      const summary = input.asked.find((a) => a.text.includes('downloaded into'))?.text ?? input.asked.map((a) => a.text).join(' / ');
      assert.match(summary, /^1 file downloaded into "[^"]+"\. 2 files not downloaded\. Stopped: /);
      assert.match(summary, removedText('the rest was not downloaded\\.'));
    } finally {
      bob.faults.clear();
    }
  });

  it('Remove Connection… while Send Again With… reads a submission of it says it was removed: no form opens', async function () {
    this.timeout(90_000);
    await bobBack();
    const { deps } = await api();
    const doc = workspaceFile('sides/again.txt', 'again\n');
    const { id } = await clientOf(bob).createSubmission({ formReference: `BOB-AGAIN-${Date.now()}`, documents: [{ path: doc.fsPath }], recipients: [{ firstName: 'Bo', lastName: 'Bob', email: 'bo@example.org' }] });
    await deps.submissions.refresh();
    const row = deps.submissions.listOf(bobs.id)?.all.find((r) => r.item.id === id);
    assert.ok(row, 'listed under Bob');
    const before = deps.composer.drafts.size;
    bob.faults.add({ kind: 'delay', method: 'GET', path: '^/archives$', ms: 30_000, times: 1 });
    try {
      const { input } = await withAnswers(['Bob', 'Remove'], async () => {
        const running = vscode.commands.executeCommand('dsas.sendAgain', row);
        await waitFor('the archive listed', () => bob.faults.list().length === 0, 20_000);
        await vscode.commands.executeCommand('dsas.removeConnection');
        bob.faults.release();
        return running;
      });
      assert.equal(deps.composer.drafts.size, before, 'no form opened');
      assert.match(input.asked.find((a) => a.method === 'warn')?.text ?? input.asked.map((a) => a.text).join(' / '), removedText('no form was opened\\.'));
    } finally {
      bob.faults.clear();
    }
  });

  it('Remove Connection… while New Submission offers its archive\'s files says it was removed: nothing is fetched', async function () {
    this.timeout(90_000);
    await bobBack();
    const title = `Offered ${Date.now()}`;
    await archiveOn(bob, title, 'offered.txt', 'offered\n');
    const reads = () => bob.accessLog.filter((e) => /\/archives\/[^/]+\/./.test(e.path)).length;
    const read = reads();
    // The connection is removed while its files are offered, before one is chosen.
    const input = new (class extends ScriptedInput {
      override async quickPickMany<I extends vscode.QuickPickItem>(items: readonly I[], o: Parameters<ScriptedInput['quickPickMany']>[1]) {
        await vscode.commands.executeCommand('dsas.removeConnection');
        return super.quickPickMany(items, o);
      }
    })('Bob', 'From the Archive…', 'Bob', 'Remove', title);
    const restore = (await api()).setUserInput(input);
    try {
      await vscode.commands.executeCommand('dsas.newSubmission');
    } finally {
      restore();
    }
    assert.equal(input.remaining, 0, input.asked.map((a) => a.text).join(' / '));
    assert.equal(reads(), read, 'nothing downloaded from its archive');
    assert.match(input.asked.find((a) => a.method === 'warn')?.text ?? input.asked.map((a) => a.text).join(' / '), removedText('nothing was fetched\\.'));
  });
});
