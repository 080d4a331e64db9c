import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { safeFileName } from '../../src/core';
import type { AttachmentNode } from '../../src/ui/lists/nodes';
import { formatBytes } from '../../src/ui/text/format';
import { archiveNodes, binaryBytes, chooseFolder, removeWorkspaceFolder, sha256, sha256File, submissionNode, tempDir, waitFor, workspaceDir, workspaceFile } from './fixtures';
import { explorerRow, pressCancelOnProgress, withNotificationsCounted } from './helpers';
import { api, control, sandboxState, signIn, withAnswers } from './session';
import type { Asked } from './scriptedInput';
import { systemDialogs } from '../../src/ui/transfers/folderPrompt';
import type { InputBoxOptions } from '../../src/ui/input/userInput';
import { tried } from '../reliability/tally';

/** Attachment rows of a sandbox submission, as the view hands them over. */
async function attachmentNodes(submissionId: string): Promise<AttachmentNode[]> {
  const submission = await submissionNode(submissionId);
  const detail = await (await api()).deps.session.client.getSubmission(submissionId);
  return detail.attachments.map((attachment) => ({ kind: 'attachment', submission, attachment }));
}

/** What the service serves for a stream download. */
async function served(open: Promise<{ stream: AsyncIterable<Buffer> }>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of (await open).stream) chunks.push(c);
  return Buffer.concat(chunks);
}

const told = (asked: readonly Asked[]) => asked.filter((a) => a.method === 'info' || a.method === 'warn' || a.method === 'error');

/** What a bulk download's summary offers for a folder outside the workspace: the system's file manager only where the window has one (desktop VS Code, not remote). */
const outsideActions = (): string[] => ['Open Folder', ...(vscode.env.uiKind === vscode.UIKind.Desktop && !vscode.env.remoteName ? ['Show in Folder'] : []), 'Show Log'];

describe('bulk transfers', () => {
  before(signIn);

  it('downloads three archive files into one folder; Cancel on the third leaves no partial file, the two others byte-equal', async function () {
    if (!process.env.DSAS_CANCEL_PROGRESS_URL) this.skip();
    const [a, b, slow] = await archiveNodes('101', '105', '107');
    const dir = tempDir();
    // The third file's content arrives 16 bytes a second.
    await control('/faults', 'POST', { method: 'GET', path: '^/archives/107/', kind: 'slowBody', ms: 1000, chunkBytes: 16 });
    try {
      // A multi-selection: the clicked row, then the selection.
      const download = withAnswers(chooseFolder(dir), () => vscode.commands.executeCommand('dsas.downloadArchiveFile', a, [a, b, slow]));
      await waitFor('the third file to be under way', () => readdirSync(dir).some((n) => n.endsWith('.part')));
      const toast = await pressCancelOnProgress('Downloading 3 files');
      assert.match(toast, /Downloading 3 files…/);
      const { input } = await download;
      const stored = (await sandboxState()).archives;
      assert.deepEqual(readdirSync(dir).sort(), ['notes.txt', 'q1.csv'], 'no partial file and no temporary file');
      assert.equal(sha256File(path.join(dir, 'notes.txt')), stored.find((f) => f.id === '101')!.hash);
      assert.equal(sha256File(path.join(dir, 'q1.csv')), stored.find((f) => f.id === '105')!.hash);
      const dialog = input.asked.find((q) => q.method === 'openDialog');
      assert.equal((dialog?.options as vscode.OpenDialogOptions).canSelectFolders, true);
      assert.ok(input.asked[0].text.startsWith('Folder for 3 archive files'), 'one folder question');
      assert.deepEqual(told(input.asked).map((t) => [t.method, t.text, t.items]), [
        ['info', `2 files downloaded into "${path.basename(dir)}". 1 file not downloaded.`, outsideActions()],
      ]);
    } finally {
      await control('/faults', 'DELETE');
    }
    tried('faults');
    tried('lossChecks');
  });

  it('a bulk archive download is hash-checked: a mismatch is counted and warned once, the file kept', async () => {
    const bytes = binaryBytes(50_000, 23);
    const file = workspaceFile('bulk/mismatch.bin', bytes);
    const id = (await (await api()).deps.session.client.uploadArchiveFile({ path: file.fsPath, title: `Bulk mismatch ${Date.now()}` })).id;
    await control('/archive-hash', 'POST', { id, hash: sha256('something else') });
    const nodes = await archiveNodes(id, '106');
    const dir = tempDir();
    const { input } = await withAnswers(chooseFolder(dir), () => vscode.commands.executeCommand('dsas.downloadArchiveFile', nodes[1], nodes));
    assert.ok(readFileSync(path.join(dir, 'mismatch.bin')).equals(bytes), 'the exact bytes are kept');
    assert.deepEqual(told(input.asked).map((t) => [t.method, t.text]), [
      ['warn', `2 files downloaded into "${path.basename(dir)}". 1 file differs from what the archive recorded (kept; the log has the digests).`],
    ]);
  });

  it('downloads two attachments into one folder; a name already there is asked about and kept on Skip', async () => {
    const rows = await attachmentNodes('12345678901234567890123');
    assert.deepEqual(rows.map((r) => r.attachment.name), ['offer.pdf', 'notes.txt']);
    const dir = tempDir();
    writeFileSync(path.join(dir, 'notes.txt'), 'mine, keep it');
    const { input } = await withAnswers([...chooseFolder(dir), 'Skip'], () => vscode.commands.executeCommand('dsas.downloadAttachment', rows[1], rows));
    const stored = (await sandboxState()).submissions.find((s) => s.id === '12345678901234567890123')!;
    assert.equal(sha256File(path.join(dir, 'offer.pdf')), stored.attachments.find((x) => x.name === 'offer.pdf')!.sha256);
    assert.equal(readFileSync(path.join(dir, 'notes.txt'), 'utf8'), 'mine, keep it');
    const question = input.asked.find((q) => q.method === 'confirm')!;
    assert.match(question.text, /^"notes\.txt" already exists/);
    assert.deepEqual(question.items, ['Replace', 'Skip'], 'one name there: no "All" choices');
    assert.deepEqual(told(input.asked).map((t) => t.text), [`1 file downloaded into "${path.basename(dir)}". 1 file skipped.`]);
    assert.deepEqual(readdirSync(dir).sort(), ['notes.txt', 'offer.pdf']);
    tried('lossChecks');
  });

  it('Download All saves the attachments and the summary PDF into a folder named after the form reference, under one progress notification from the first step; no name or question carries the id', async function () {
    if (!process.env.DSAS_WORKBENCH_URL) this.skip();
    const id = '12345678901234567890123';
    const row = await submissionNode(id);
    const parent = tempDir();
    const { result: { input }, toasts } = await withNotificationsCounted(() => withAnswers(chooseFolder(parent), () => vscode.commands.executeCommand('dsas.downloadAll', row)));
    assert.equal(toasts.length, 1, `one notification, not ${JSON.stringify(toasts)}`);
    assert.match(toasts[0], /^Downloading the files of "Q&A <round 2>"…/);
    assert.ok(input.asked[0].text.startsWith('Where the folder of "Q&A <round 2>" goes'), input.asked[0].text);
    const folder = safeFileName(row.item.formReference);
    assert.equal(folder, 'Q&A _round 2_');
    assert.deepEqual(readdirSync(parent), [folder]);
    const dir = path.join(parent, folder);
    // The summary is named after the form reference, as its folder is (the service gives it no name of its own here).
    const summary = 'Q&A _round 2_ – summary.pdf';
    assert.deepEqual(readdirSync(dir).sort(), [summary, 'notes.txt', 'offer.pdf']);
    const client = (await api()).deps.session.client;
    const stored = (await sandboxState()).submissions.find((s) => s.id === id)!;
    for (const a of stored.attachments) assert.equal(sha256File(path.join(dir, a.name)), a.sha256, a.name);
    assert.ok(readFileSync(path.join(dir, summary)).equals(await served(client.openSummary(id))), 'the summary PDF as the service serves it');
    assert.deepEqual(told(input.asked).map((t) => [t.text, t.items]), [[`3 files downloaded into "${folder}".`, outsideActions()]]);
    for (const asked of [...input.asked.map((a) => a.text), ...toasts, ...readdirSync(parent), ...readdirSync(dir)]) assert.ok(!asked.includes(id), `no id in ${asked}`);
  });

  it('Download All of two submissions that share a form reference: each in a folder of its own, told apart by when it was created, its own summary inside', async () => {
    const deps = (await api()).deps;
    const ref = `TWIN-${Date.now()}`;
    const doc = workspaceFile('bulk/twin.txt', 'twin\n');
    const make = () => deps.session.client.createSubmission({ formReference: ref, recipients: [{ firstName: 'Tia', lastName: 'Twin', email: 'tia@example.com' }], documents: [{ path: doc.fsPath }] });
    const first = await make();
    await new Promise((r) => setTimeout(r, 1100)); // created in another second
    const second = await make();
    await deps.submissions.refresh();
    const parent = tempDir();
    for (const created of [first, second]) {
      const row = await submissionNode(created.id);
      const { input } = await withAnswers(chooseFolder(parent), () => vscode.commands.executeCommand('dsas.downloadAll', row));
      assert.match(input.asked[0].text, new RegExp(`^Where the folder of "${ref}" \\(created .+\\) goes`), 'the question tells the two apart');
    }
    const folders = readdirSync(parent).sort();
    assert.equal(folders.length, 2, `two folders, not ${JSON.stringify(folders)}`);
    const client = deps.session.client;
    for (const f of folders) {
      assert.match(f, new RegExp(`^${ref} \\(\\d{4}-\\d\\d-\\d\\d( \\d\\d\\.\\d\\d(\\.\\d\\d)?)?\\)$`), f);
      assert.ok(!f.includes(first.id) && !f.includes(second.id), `no id in ${f}`);
      assert.deepEqual(readdirSync(path.join(parent, f)).sort(), [`${f} – summary.pdf`, 'twin.txt']);
    }
    // Each folder holds its own submission's summary: the first created sorts first.
    assert.ok(!(await served(client.openSummary(first.id))).equals(await served(client.openSummary(second.id))), 'two summaries that differ');
    for (const [i, c] of [first, second].entries()) {
      const f = folders[i];
      assert.ok(readFileSync(path.join(parent, f, `${f} – summary.pdf`)).equals(await served(client.openSummary(c.id))), `${f} holds the summary of the submission created ${i === 0 ? 'first' : 'second'}`);
    }
  });

  it('Archive Folder… archives a folder and a file: count and size shown, one title rule, hidden files and node_modules left out', async () => {
    const root = 'bulk-folder';
    const a = workspaceFile(`${root}/a.txt`, 'first\n');
    const b = workspaceFile(`${root}/sub/b.bin`, binaryBytes(40_000, 5));
    workspaceFile(`${root}/.hidden.txt`, 'hidden');
    workspaceFile(`${root}/.git/config`, 'git');
    workspaceFile(`${root}/node_modules/x/index.js`, 'module');
    const loose = workspaceFile('bulk/loose.txt', 'a file chosen with the folder\n');
    const folder = vscode.Uri.file(path.join(workspaceDir(), root));
    const before = new Set((await sandboxState()).archives.map((x) => x.id));
    // Archive Folder…, the Explorer's item on a folder (here with a file selected too).
    const { input } = await withAnswers(['Path relative to the chosen folder'], () => vscode.commands.executeCommand('dsas.archiveFolder', folder, [folder, loose]));
    const size = [a, b, loose].reduce((n, u) => n + readFileSync(u.fsPath).length, 0);
    const rule = input.asked.find((q) => q.method === 'quickPick')!;
    // The example is a file inside a subfolder, so that each rule's title differs visibly.
    assert.equal(rule.text, `Archive 3 files (${formatBytes(size)}) How each file is titled in the archive, as shown for "sub/b.bin"`);
    assert.deepEqual(rule.items, ['File name', 'File name without extension', 'Path relative to the chosen folder']);
    assert.deepEqual(rule.descriptions, ['b.bin', 'b', 'sub/b.bin']);
    const added = (await sandboxState()).archives.filter((x) => !before.has(x.id));
    assert.deepEqual(added.map((x) => [x.title, x.name, x.hash]).sort(), [
      ['a.txt', 'a.txt', sha256File(a.fsPath)],
      ['loose.txt', 'loose.txt', sha256File(loose.fsPath)],
      ['sub/b.bin', 'b.bin', sha256File(b.fsPath)],
    ]);
    assert.deepEqual(told(input.asked).map((t) => [t.method, t.text]), [['info', '3 files archived.']]);
  });

  it('the folder question lists the folders, makes a new one (New Folder…), and shows folders made while it was open when it is shown again', async function () {
    if (systemDialogs()) this.skip(); // the system's own dialog, which makes folders itself
    const nodes = await archiveNodes('101', '105');
    const parent = tempDir();
    mkdirSync(path.join(parent, 'older'));
    const config = vscode.workspace.getConfiguration('dsas');
    await config.update('downloadFolder', parent, vscode.ConfigurationTarget.Global);
    try {
      let validate: ((v: string) => string | undefined) | undefined;
      const { input } = await withAnswers([
        (asked: Asked) => {
          assert.ok(asked.items?.includes('$(folder) older') && !asked.items.some((i) => i.includes('meanwhile')), JSON.stringify(asked.items));
          mkdirSync(path.join(parent, 'made meanwhile')); // by another program, while the question is open
          return 'New Folder…';
        },
        undefined, // Escape on the name: back to the list
        'New Folder…', // the list read again
        (asked: Asked) => {
          validate = (asked.options as InputBoxOptions).validate;
          return 'fresh';
        },
        'Download Here', // inside the new folder
      ], () => vscode.commands.executeCommand('dsas.downloadArchiveFile', nodes[0], nodes));
      const lists = input.asked.filter((q) => q.method === 'quickPick');
      assert.equal(lists.length, 3);
      assert.deepEqual(lists.map((q) => q.text), [
        `Folder for 2 archive files ${parent}`, `Folder for 2 archive files ${parent}`, `Folder for 2 archive files ${path.join(parent, 'fresh')}`,
      ]);
      assert.deepEqual(lists[1].items, ['$(check) Download Here', '$(new-folder) New Folder…', '$(arrow-up) ..', '$(folder) made meanwhile', '$(folder) older', '$(folder-opened) Other Folder…']);
      assert.deepEqual(lists[2].items?.filter((i) => i.startsWith('$(folder) ')), [], 'the new folder, empty');
      assert.match(validate?.('older') ?? '', /already/, 'a name taken is refused');
      assert.match(validate?.('a/b') ?? '', /\//, 'a path is refused');
      assert.match(validate?.('   ') ?? '', /name/i);
      assert.equal(validate?.('new one'), undefined);
      assert.deepEqual(readdirSync(path.join(parent, 'fresh')).sort(), ['notes.txt', 'q1.csv']);
      assert.deepEqual(told(input.asked).map((t) => t.text), ['2 files downloaded into "fresh".']);
    } finally {
      await config.update('downloadFolder', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('the folder question in a folder of 10,000 subfolders lists the first 1,000 by name, says that there are more, and answers at once', async function () {
    if (systemDialogs()) this.skip(); // the system's own dialog
    const nodes = await archiveNodes('101', '105');
    const parent = tempDir();
    // By name (as the list sorts, without regard to case) "alpha" is first; by code unit (as a folder is read) it is after every "F…".
    const names = ['alpha', ...Array.from({ length: 10_000 }, (_v, i) => `F${String(i).padStart(5, '0')}`)];
    for (const n of names) mkdirSync(path.join(parent, n));
    const config = vscode.workspace.getConfiguration('dsas');
    await config.update('downloadFolder', parent, vscode.ConfigurationTarget.Global);
    try {
      const started = Date.now();
      let shownAfter = 0;
      const { input } = await withAnswers([
        () => {
          shownAfter = Date.now() - started;
          return undefined; // Escape: nothing downloaded
        },
      ], () => vscode.commands.executeCommand('dsas.downloadArchiveFile', nodes[0], nodes));
      const list = input.asked.find((q) => q.method === 'quickPick');
      const folders = list?.items?.filter((i) => i.startsWith('$(folder) ')) ?? [];
      assert.deepEqual(folders, names.slice(0, 1000).map((n) => `$(folder) ${n}`), 'the first 1,000 by name, not any 1,000');
      const other = list?.items?.at(-1) ?? '';
      assert.match(other, /Other Folder/);
      assert.ok(list?.descriptions?.some((d) => /9,?001 more folders/.test(d ?? '')), JSON.stringify(list?.descriptions?.slice(-3)));
      assert.ok(shownAfter < 5000, `shown after ${shownAfter} ms`);
      assert.deepEqual(told(input.asked), [], 'Escape is quiet');
    } finally {
      await config.update('downloadFolder', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('a full disk: the first file that cannot be written stops the download, the rest are not asked for, and the summary says why', async function () {
    // A file system of its own that is full: a small tmpfs, which only root can mount.
    if (process.platform !== 'linux' || process.getuid?.() !== 0) this.skip();
    const ids = ['101', '102', '103', '104', '105', '106', '107'];
    const nodes = await archiveNodes(...ids);
    const dir = tempDir();
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir]);
    try {
      try {
        writeFileSync(path.join(dir, 'filler'), Buffer.alloc(256 * 1024));
      } catch {
        // ENOSPC: full to the last block, as intended
      }
      const mark = (await control<unknown[]>('/log')).length;
      const { input } = await withAnswers(chooseFolder(dir), () => vscode.commands.executeCommand('dsas.downloadArchiveFile', nodes[0], nodes));
      assert.deepEqual(told(input.asked).map((t) => [t.method, t.text]), [[
        'warn', `Nothing downloaded into "${path.basename(dir)}". 1 file failed. 6 files not downloaded. Stopped: The file could not be written to "${dir}": the disk is full (ENOSPC).`,
      ]]);
      const downloads = (await control<{ path: string }[]>('/log')).slice(mark).filter((e) => /\/archives\/\d+\/./.test(e.path));
      assert.deepEqual(downloads.map((e) => /\/archives\/(\d+)\//.exec(e.path)?.[1]), ['101'], 'the rest were not asked for');
      assert.deepEqual(readdirSync(dir), ['filler'], 'no partial file');
    } finally {
      execFileSync('umount', [dir]);
    }
    tried('faults');
    tried('lossChecks');
  });

  it('a bulk download into a workspace folder says only what happened, in words, and offers Open Folder and Reveal in Explorer, which shows the folder', async () => {
    const nodes = await archiveNodes('101', '105');
    const name = `into-${Date.now()}`;
    const dir = path.join(workspaceDir(), 'bulk', name);
    mkdirSync(dir, { recursive: true });
    const { input } = await withAnswers([...chooseFolder(dir), 'Reveal in Explorer'], () => vscode.commands.executeCommand('dsas.downloadArchiveFile', nodes[0], nodes));
    assert.deepEqual(told(input.asked).map((t) => [t.method, t.text, t.items]), [
      ['info', `2 files downloaded into "${name}".`, ['Open Folder', 'Reveal in Explorer', 'Show Log']],
    ]);
    assert.deepEqual(readdirSync(dir).sort(), ['notes.txt', 'q1.csv']);
    if (process.env.DSAS_WORKBENCH_URL) {
      // Reveal in Explorer shows the folder in the real Explorer.
      const row = await explorerRow(name, '');
      assert.ok(row.menu.length > 0, 'the folder is a row of the Explorer');
      await vscode.commands.executeCommand('workbench.view.extension.dsas');
    }
  });

  it('Skip All ends with a summary of what was skipped, not silence', async () => {
    const nodes = await archiveNodes('101', '105', '106');
    const dir = tempDir();
    for (const n of ['notes.txt', 'q1.csv', 'settings.json']) writeFileSync(path.join(dir, n), 'mine, keep it');
    const { input } = await withAnswers([...chooseFolder(dir), 'Skip All'], () => vscode.commands.executeCommand('dsas.downloadArchiveFile', nodes[0], nodes));
    assert.deepEqual(told(input.asked).map((t) => [t.method, t.text, t.items]), [
      ['info', `Nothing downloaded into "${path.basename(dir)}". 3 files skipped.`, outsideActions()],
    ]);
    for (const n of readdirSync(dir)) assert.equal(readFileSync(path.join(dir, n), 'utf8'), 'mine, keep it', n);
  });

  it('with several rows selected, a one-row command acts on the row clicked', async () => {
    const nodes = await archiveNodes('103', '105');
    await vscode.env.clipboard.writeText('');
    await withAnswers([], () => vscode.commands.executeCommand('dsas.copyFileId', nodes[1], nodes));
    assert.equal(await vscode.env.clipboard.readText(), '105');
    const rows = [await submissionNode('1001'), await submissionNode('1002')];
    await withAnswers([], () => vscode.commands.executeCommand('dsas.copySubmissionId', rows[0], rows));
    assert.equal(await vscode.env.clipboard.readText(), '1001');
  });

  after(async () => {
    for (const d of ['bulk-folder', 'bulk']) await removeWorkspaceFolder(d);
  });
});
