import * as assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { InputBoxOptions } from '../../src/ui/input/userInput';
import type { ArchiveNode } from '../../src/ui/lists/nodes';
import { activeTabUri, binaryBytes, closeAllEditors, extensionLog, removeWorkspaceFolder, sha256, sha256File, tempDir, waitFor, workspaceDir, workspaceFile } from './fixtures';
import { pressCancelOnProgress } from './helpers';
import { api, control, sandboxState, signIn, withAnswers } from './session';
import { tried } from '../reliability/tally';

/** A row of the Archive view as the view hands it to a command (no detail loaded yet). */
async function archiveNode(id: string): Promise<ArchiveNode> {
  const files = await (await api()).deps.session.client.listArchive();
  const item = files.find((f) => f.id === id);
  if (!item) throw new Error(`no archive file ${id} in the sandbox`);
  return { kind: 'archiveFile', item };
}

async function archiveIds(): Promise<Set<string>> {
  return new Set((await sandboxState()).archives.map((a) => a.id));
}

async function newArchives(before: Set<string>) {
  return (await sandboxState()).archives.filter((a) => !before.has(a.id));
}

describe('archive commands', () => {
  before(async () => {
    await signIn();
  });
  afterEach(closeAllEditors);

  it('Archive This File uploads bytes identical to the workspace file, under the title entered (non-ASCII)', async () => {
    const bytes = binaryBytes(300 * 1024);
    const uri = workspaceFile('to-archive/scan 01.bin', bytes);
    const title = 'Übersicht – 2025 «final» 日本';
    const before = await archiveIds();
    const { input } = await withAnswers([title], () => vscode.commands.executeCommand('dsas.archiveFile', uri, [uri]));

    const added = await newArchives(before);
    assert.equal(added.length, 1, `one file archived; asked: ${input.asked.map((a) => a.text).join(' / ')}`);
    assert.equal(added[0].hash, sha256File(uri.fsPath), 'the archive holds exactly the bytes of the workspace file');
    assert.equal(added[0].fullSize, bytes.length);
    assert.equal(added[0].title, title);
    assert.equal(added[0].name, 'scan 01.bin');
    const titleQuestion = input.asked[0];
    assert.equal((titleQuestion.options as InputBoxOptions).value, 'scan 01.bin', 'the title defaults to the file name');
    assert.ok(input.asked.some((a) => a.method === 'info' && a.text === `Archived "${title}".`), 'told by its title, not by an id the user never saw (the new row is selected)');
  });

  it('the title refuses line breaks and control characters', async () => {
    const uri = workspaceFile('to-archive/short.txt', 'short\n');
    let validate: ((v: string) => string | undefined) | undefined;
    await withAnswers([(asked) => {
      validate = (asked.options as InputBoxOptions).validate;
      return undefined; // then cancel
    }], () => vscode.commands.executeCommand('dsas.archiveFile', uri));
    assert.ok(validate, 'the title input validates');
    assert.ok(validate('a\nb'));
    assert.ok(validate('a\rb'));
    assert.ok(validate('a\u0007b'));
    assert.ok(validate('   '));
    assert.equal(validate('A fine title – ü'), undefined);
    tried('hostile', 4);
  });

  it('a multi-selection in the Explorer archives each file', async () => {
    const a = workspaceFile('to-archive/first.txt', 'first file\n');
    const b = workspaceFile('to-archive/second.bin', binaryBytes(70_000, 3));
    const before = await archiveIds();
    await withAnswers(['First title', 'Second title'], () => vscode.commands.executeCommand('dsas.archiveFile', a, [a, b]));
    const added = await newArchives(before);
    assert.deepEqual(added.map((x) => [x.title, x.name, x.hash]).sort(), [
      ['First title', 'first.txt', sha256File(a.fsPath)],
      ['Second title', 'second.bin', sha256File(b.fsPath)],
    ]);
  });

  it('a file archived whose path holds a line break or a right-to-left override takes one line of the log, named with visible escapes, from a folder as from the Explorer', async function () {
    if (process.platform === 'win32') this.skip();
    const stamp = Date.now();
    const inFolder = workspaceFile(`to-archive/escapes-${stamp}/sub\n2026-01-01 00:00:00.000 [error] forged/note.txt`, 'note\n');
    const folder = vscode.Uri.file(path.dirname(path.dirname(inFolder.fsPath)));
    const alone = workspaceFile(`to-archive/\u202Etxt.exe-${stamp}.txt`, 'alone\n');
    const logBefore = (await extensionLog()).length;
    const { result } = await withAnswers(['File name'], () => vscode.commands.executeCommand<string[]>('dsas.archiveFolder', folder, [folder]));
    assert.equal(result?.length, 1, 'the folder\'s file archived');
    await withAnswers(['Alone'], () => vscode.commands.executeCommand('dsas.archiveFile', alone, [alone]));
    const lines = await waitFor('both archived files logged', async () => {
      const l = (await extensionLog()).slice(logBefore).split('\n');
      return l.filter((x) => x.includes('Archived')).length >= 2 && l;
    });
    assert.deepEqual(lines.filter((l) => l.startsWith('2026-01-01 00:00:00.000 [error] forged')), [], 'no line of its own');
    const archived = lines.filter((l) => l.includes('Archived'));
    assert.ok(archived.some((l) => l.includes('sub\\n2026-01-01') && l.includes('forged/note.txt')), archived.join('\n'));
    assert.ok(archived.some((l) => l.includes(`\\u202Etxt.exe-${stamp}.txt`)), archived.join('\n'));
    assert.ok(!archived.some((l) => l.includes('\u202E')), 'no override reorders a line');
    tried('hostile');
  });

  it('a folder with no files to archive says so, and nothing is uploaded', async () => {
    const folder = path.join(workspaceDir(), 'to-archive', 'a-folder');
    mkdirSync(folder, { recursive: true });
    const before = await archiveIds();
    const { input } = await withAnswers([], () => vscode.commands.executeCommand('dsas.archiveFile', vscode.Uri.file(folder), [vscode.Uri.file(folder)]));
    assert.equal((await newArchives(before)).length, 0);
    // Folders are archived now (bulkTransfers.test.ts); an empty one says so.
    assert.ok(input.asked.some((q) => q.method === 'info' && q.text.includes('No files to archive in a-folder')), input.asked.map((q) => q.text).join(' / '));
  });

  it('an empty file is refused before its title is asked', async () => {
    const uri = workspaceFile('to-archive/empty.txt', '');
    const before = await archiveIds();
    const { input } = await withAnswers([], () => vscode.commands.executeCommand('dsas.archiveFile', uri));
    assert.deepEqual(input.asked.map((q) => q.method), ['warn']);
    assert.equal((await newArchives(before)).length, 0);
  });

  it('from the palette with no editor open, an open dialog chooses the file', async () => {
    await closeAllEditors();
    const uri = workspaceFile('to-archive/chosen.txt', 'chosen in the dialog\n');
    const before = await archiveIds();
    const { input } = await withAnswers([uri, 'Chosen'], () => vscode.commands.executeCommand('dsas.archiveFile'));
    assert.equal(input.asked[0].method, 'openDialog');
    const added = await newArchives(before);
    assert.deepEqual(added.map((x) => [x.title, x.hash]), [['Chosen', sha256File(uri.fsPath)]]);
  });

  it('Download Archive File writes identical bytes where the user chose', async () => {
    const node = await archiveNode('0042');
    const dir = tempDir();
    const target = vscode.Uri.file(path.join(dir, 'contract copy.pdf'));
    const { input } = await withAnswers([target], () => vscode.commands.executeCommand('dsas.downloadArchiveFile', node));
    const stored = (await sandboxState()).archives.find((a) => a.id === '0042')!;
    assert.equal(sha256File(target.fsPath), stored.hash);
    const dialog = input.asked.find((a) => a.method === 'saveDialog')!;
    assert.equal(path.basename((dialog.options as vscode.SaveDialogOptions).defaultUri!.fsPath), 'contract-2024.pdf', 'the dialog offers the file name');
    assert.ok(input.asked.some((a) => a.method === 'info' && a.items?.includes('Open')), 'Open is offered afterwards');
  });

  it('Cancel pressed once a file has gone out: the archive is checked and says it arrived', async function () {
    if (!process.env.DSAS_CANCEL_PROGRESS_URL) this.skip();
    const title = `Cancelled late ${Date.now()}`;
    const uri = workspaceFile('late/late-upload.txt', 'uploaded, then cancelled\n');
    // The service stores the file, then answers one byte a second.
    await control('/faults', 'POST', { method: 'PUT', path: '^/archives$', kind: 'slowBody', ms: 1000, chunkBytes: 1 });
    try {
      const archiving = withAnswers([title], () => vscode.commands.executeCommand('dsas.archiveFile', uri));
      await waitFor('the service to store it', async () => (await sandboxState()).archives.some((a) => a.title === title));
      await pressCancelOnProgress('Archiving "late-upload.txt"');
      const { input } = await archiving;
      const stored = (await sandboxState()).archives.filter((a) => a.title === title);
      assert.equal(stored.length, 1, 'sent once');
      const told = input.asked.filter((a) => a.method === 'info' || a.method === 'warn' || a.method === 'error');
      assert.equal(told.length, 1, told.map((t) => t.text).join(' | '));
      assert.equal(told[0].method, 'info');
      assert.equal(told[0].text, `Cancelled after everything had been sent. The archive received "${title}": it is file ${stored[0].id}, new since sending, with this file's name, size and hash. Do not upload it again.`);
    } finally {
      await control('/faults', 'DELETE');
    }
    tried('faults');
    tried('lossChecks');
  });

  it('Cancel in the progress notification stops a slow download at once, quietly, and leaves nothing', async function () {
    // Only the offline runner can press a button in the workbench (not @vscode/test-electron).
    if (!process.env.DSAS_CANCEL_PROGRESS_URL) this.skip();
    const stored = (await sandboxState()).archives.reduce((a, b) => (b.fullSize > a.fullSize ? b : a));
    const node = await archiveNode(stored.id);
    const dir = tempDir();
    const target = vscode.Uri.file(path.join(dir, 'slow download.bin'));
    // 16 bytes a second: the whole file would take hours.
    await control('/faults', 'POST', { method: 'GET', path: `^/archives/${stored.id}/`, kind: 'slowBody', ms: 1000, chunkBytes: 16 });
    try {
      const started = Date.now();
      const download = withAnswers([target], () => vscode.commands.executeCommand('dsas.downloadArchiveFile', node));
      await waitFor('the download to begin', () => readdirSync(dir).length > 0);
      const toast = await pressCancelOnProgress(`Downloading "${stored.name}"`);
      const cancelledAt = Date.now();
      assert.ok(toast.includes(`Downloading "${stored.name}"…`), `Cancel was pressed on the download's notification: ${toast}`);
      const { input } = await download;
      assert.ok(Date.now() - cancelledAt < 2000, `the command ended ${Date.now() - cancelledAt} ms after Cancel`);
      assert.ok(Date.now() - started < 15_000);
      assert.deepEqual(input.asked.filter((a) => a.method !== 'saveDialog'), [], 'a cancel shows no message');
      assert.deepEqual(readdirSync(dir), [], 'no file and no temporary file');
    } finally {
      await control('/faults', 'DELETE');
    }
    tried('faults');
    tried('lossChecks');
  });

  it('Download Archive File never overwrites without consent', async () => {
    const node = await archiveNode('101');
    const stored = (await sandboxState()).archives.find((a) => a.id === '101')!;
    const target = path.join(tempDir(), 'notes.txt');
    writeFileSync(target, 'my own notes, keep them');
    const uri = vscode.Uri.file(target);

    // The Replace question dismissed: the file stays as it was.
    const first = await withAnswers([uri, undefined], () => vscode.commands.executeCommand('dsas.downloadArchiveFile', node));
    const question = first.input.asked.find((a) => a.method === 'confirm');
    assert.ok(question && question.items?.includes('Replace'), 'the user is asked before replacing');
    assert.equal(readFileSync(target, 'utf8'), 'my own notes, keep them');

    // "Replace": replaced with the archive's bytes.
    await withAnswers([uri, 'Replace'], () => vscode.commands.executeCommand('dsas.downloadArchiveFile', node));
    assert.equal(sha256File(target), stored.hash);
    tried('lossChecks');
  });

  it('"Open" after a download opens the downloaded file', async () => {
    const node = await archiveNode('105');
    const target = vscode.Uri.file(path.join(tempDir(), 'q1.csv'));
    await withAnswers([target, 'Open'], () => vscode.commands.executeCommand('dsas.downloadArchiveFile', node));
    await waitFor('the downloaded file in an editor', () => activeTabUri()?.fsPath === target.fsPath);
  });

  it('Open Archive File shows the file read-only in an editor tab, without asking for a path', async () => {
    const node = await archiveNode('101');
    const stored = (await sandboxState()).archives.find((a) => a.id === '101')!;
    const { input } = await withAnswers([], () => vscode.commands.executeCommand('dsas.openArchiveFile', node));
    assert.deepEqual(input.asked.filter((a) => a.method !== 'info'), [], 'nothing is asked');
    const editor = await waitFor('the archive file in a text editor', () => {
      const e = vscode.window.activeTextEditor;
      return e?.document.uri.scheme === 'dsas-archive' ? e : undefined;
    });
    assert.equal(sha256(Buffer.from(editor.document.getText(), 'utf8')), stored.hash, 'the editor shows the archive\'s content');
    // The path is what the tab and the breadcrumb show: the file's name, no id or ticket.
    assert.equal(editor.document.uri.path, '/notes.txt');

    // Read-only: the file system refuses writes; an edit made through the API cannot be saved back.
    const uri = editor.document.uri;
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(uri, Buffer.from('changed'))), /read-only|NoPermissions|readonly/i);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(uri, new vscode.Position(0, 0), 'changed ');
    if (await vscode.workspace.applyEdit(edit)) {
      const saved = await Promise.resolve(editor.document.save()).then((ok) => ok, () => false);
      assert.equal(saved, false, 'the changed document cannot be saved to the archive');
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
    assert.equal(sha256(Buffer.from(await vscode.workspace.fs.readFile(uri))), stored.hash, 'the archive file is unchanged');
  });

  it('a tab restored from 0.1 (dsas-archive:/<id>/<ticket>/<name>) still reads the file; a malformed one is not found', async () => {
    const stored = (await sandboxState()).archives.find((a) => a.id === '101')!;
    const legacy = vscode.Uri.from({ scheme: 'dsas-archive', path: `/${encodeURIComponent(stored.id)}/${encodeURIComponent(stored.ticket)}/notes.txt` });
    assert.equal(sha256(Buffer.from(await vscode.workspace.fs.readFile(legacy))), stored.hash);
    const broken = vscode.Uri.from({ scheme: 'dsas-archive', path: `/${stored.id}/notes.txt` });
    await assert.rejects(Promise.resolve(vscode.workspace.fs.readFile(broken)), /not found|FileNotFound|EntryNotFound/i);
  });

  it('Copy File Id puts the id on the clipboard', async () => {
    const node = await archiveNode('103');
    await vscode.env.clipboard.writeText('');
    await withAnswers([], () => vscode.commands.executeCommand('dsas.copyFileId', node));
    assert.equal(await vscode.env.clipboard.readText(), '103');
  });

  after(async () => {
    // The uploaded test files stay in the sandbox (it is per run); the workspace copies are removed.
    await removeWorkspaceFolder('to-archive');
  });
});
