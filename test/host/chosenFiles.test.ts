// Which files are sent for what the user chose: links that lead outside the
// folder chosen, special files, a folder selected with files inside it, the
// same file reached twice, and files named by a remote window's URIs. Every
// way in (Explorer, palette, drops, the form) goes through one rule.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { formatBytes } from '../../src/ui/text/format';
import { tried } from '../reliability/tally';
import { compose, composeShown, edit, filled, forgetDrafts, onComposerPage, openDrafts, sendReviewed } from './composerDriver';
import { closeAllEditors, extensionLog, remoteAuthority, sha256, sha256File, tempDir, waitFor, workspaceDir, workspaceFile } from './fixtures';
import { dragToWebview, webviewText } from './helpers';
import type { Asked } from './scriptedInput';
import { api, deliver, logMark, sandboxState, serviceRequests, signIn, withAnswers } from './session';

const ROOT = 'chosen';
const told = (asked: readonly Asked[]) => asked.filter((a) => a.method === 'info' || a.method === 'warn' || a.method === 'error').map((a) => [a.method, a.text]);
const uploads = async (mark: number) => (await serviceRequests(mark)).filter((e) => e.method === 'PUT').length;

/** A private key outside the workspace, as ~/.ssh/id_ed25519 would be; its path and SHA-256. */
function privateKey(): { path: string; hash: string } {
  const dir = path.join(tempDir('dsas-home-'), '.ssh');
  mkdirSync(dir);
  const p = path.join(dir, 'id_ed25519');
  const text = `-----BEGIN OPENSSH PRIVATE KEY-----\n${randomUUID()}\n-----END OPENSSH PRIVATE KEY-----\n`;
  writeFileSync(p, text);
  return { path: p, hash: sha256(text) };
}

/** A named pipe: opening it for reading would wait for a writer for ever. */
function fifo(p: string): void {
  const r = spawnSync('mkfifo', [p]);
  if (r.status !== 0) throw new Error(`mkfifo ${p} failed: ${r.stderr.toString()}`);
}

const inWorkspace = (relative: string) => path.join(workspaceDir(), ROOT, relative);

/** A link at `relative` in the workspace, to `target` (as written: relative to the link's folder, or absolute). */
function link(relative: string, target: string): vscode.Uri {
  const p = inWorkspace(relative);
  mkdirSync(path.dirname(p), { recursive: true });
  rmSync(p, { force: true }); // left by a try of the same test that failed and is run again
  symlinkSync(target, p);
  return vscode.Uri.file(p);
}

describe('the files taken from what the user chose', () => {
  before(signIn);
  afterEach(closeAllEditors);
  // The pipes and links go with the folder: a later suite reads every workspace file.
  after(async () => {
    rmSync(path.join(workspaceDir(), ROOT), { recursive: true, force: true });
    await forgetDrafts();
  });

  // First: a form opened shortly after another was closed can stay blank in the browser workbench.
  it('a workspace file dragged from the Explorer onto the New Submission form (Shift held) is added', async function () {
    if (!process.env.DSAS_WORKBENCH_URL) this.skip(); // dragging needs the offline runner's browser
    const first = workspaceFile(`${ROOT}/drag/first-document.txt`, 'first\n');
    const dragged = workspaceFile(`${ROOT}/drag/dragged-note.txt`, 'dragged from the Explorer\n');
    const draft = await composeShown(first);
    await vscode.commands.executeCommand('revealInExplorer', dragged);
    const seen = await dragToWebview('dragged-note.txt', 'first-document.txt');
    // What the workbench put on the drag: the file as this window's remote URI.
    assert.equal(seen.started['application/vnd.code.uri-list'], `vscode-remote://${remoteAuthority()}${dragged.path}`);
    const documents = await waitFor('the dragged file in the form', async () => {
      const d = (await openDrafts()).get(draft)?.documents ?? [];
      return d.length === 2 ? d : undefined;
    });
    assert.deepEqual(documents.map((d) => [d.name, d.path]), [['first-document.txt', first.fsPath], ['dragged-note.txt', dragged.fsPath]]);
  });

  it('Archive Folder… archives exactly the files inside the folder: a link to a file outside it, a link to its hidden .env and a pipe are skipped and counted, the log names where the outside link leads, neither file reaches the service', async function () {
    if (process.platform === 'win32') this.skip(); // links and pipes as on Linux and macOS
    const key = privateKey();
    const a = workspaceFile(`${ROOT}/links/docs/a.txt`, 'inside\n');
    const v2 = workspaceFile(`${ROOT}/links/docs/versions/v2.txt`, 'version 2\n');
    const env = workspaceFile(`${ROOT}/links/docs/.env`, `API_KEY=${randomUUID()}\n`);
    link('links/docs/notes.txt', key.path);
    link('links/docs/current.txt', 'versions/v2.txt'); // a link to a file the folder gives: that file, under its own name
    link('links/docs/settings.txt', '.env'); // a link to a hidden file of the folder: skipped, as the file itself is
    fifo(inWorkspace('links/docs/pipe'));
    const folder = vscode.Uri.file(inWorkspace('links/docs'));
    const before = new Set((await sandboxState()).archives.map((x) => x.id));
    const mark = await logMark();

    const { input } = await withAnswers(['File name'], () => vscode.commands.executeCommand('dsas.archiveFolder', folder, [folder]));
    const size = readFileSync(a.fsPath).length + readFileSync(v2.fsPath).length;
    assert.equal(input.asked[0].text, `Archive 2 files (${formatBytes(size)}); 3 skipped How each file is titled in the archive, as shown for "versions/v2.txt"`);
    const added = (await sandboxState()).archives.filter((x) => !before.has(x.id));
    assert.deepEqual(added.map((x) => [x.title, x.name, x.hash]).sort(), [['a.txt', 'a.txt', sha256File(a.fsPath)], ['v2.txt', 'v2.txt', sha256File(v2.fsPath)]]);
    assert.equal(await uploads(mark), 2, 'two uploads, no more');
    assert.ok(!(await sandboxState()).archives.some((x) => x.hash === key.hash || x.hash === sha256File(env.fsPath)), 'neither the private key nor the .env is in the archive');
    assert.deepEqual(told(input.asked), [['info', '2 files archived. 3 files skipped. Skipped: "notes.txt" leads outside the chosen folder; "pipe" is not a regular file; "settings.txt" leads to a hidden file of the chosen folder.']]);
    const logged = await waitFor('the log to name the link\'s target', async () => ((await extensionLog()).includes(key.path) ? extensionLog() : undefined));
    assert.match(logged, new RegExp(`Skipped ".*notes\\.txt": it leads to "${key.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}", outside the chosen folder`));
    tried('lossChecks');
    tried('hostile', 2);
  });

  it('a folder selected with files and folders inside it archives each file once, and the count asked about counts each once; two links to one file are that file', async () => {
    const a = workspaceFile(`${ROOT}/twice/docs/a.txt`, 'a\n');
    const b = workspaceFile(`${ROOT}/twice/docs/sub/b.txt`, 'bb\n');
    const docs = vscode.Uri.file(inWorkspace('twice/docs'));
    const sub = vscode.Uri.file(inWorkspace('twice/docs/sub'));
    const one = link('twice/one.txt', 'docs/a.txt');
    const two = link('twice/two.txt', 'docs/a.txt');
    const before = new Set((await sandboxState()).archives.map((x) => x.id));
    const mark = await logMark();
    const { input } = await withAnswers(['Path relative to the chosen folder'], () => vscode.commands.executeCommand('dsas.archiveFolder', docs, [docs, a, sub, one, two]));
    assert.equal(input.asked[0].text, `Archive 2 files (${formatBytes(5)}) How each file is titled in the archive, as shown for "sub/b.txt"`);
    const added = (await sandboxState()).archives.filter((x) => !before.has(x.id));
    assert.deepEqual(added.map((x) => [x.title, x.name, x.hash]).sort(), [['a.txt', 'a.txt', sha256File(a.fsPath)], ['sub/b.txt', 'b.txt', sha256File(b.fsPath)]]);
    assert.equal(await uploads(mark), 2);
    assert.deepEqual(told(input.asked), [['info', '2 files archived.']]);

    // New Submission on a file and two links to it: one document.
    const draft = await compose(a, one, two);
    assert.deepEqual((await openDrafts()).get(draft)?.documents.map((d) => d.name), ['a.txt']);
    tried('lossChecks');
  });

  it('Archive This File on a link to a file outside the workspace folder asks first, naming the link and its target: Leave Out sends nothing, Include sends that file', async function () {
    if (process.platform === 'win32') this.skip();
    const key = privateKey();
    const uri = link('direct/notes.txt', key.path);
    const mark = await logMark();
    const question = `"notes.txt" leads to "${key.path}", outside the workspace folder "${path.basename(workspaceDir())}". Include that file?`;
    const declined = await withAnswers(['Leave Out'], () => vscode.commands.executeCommand('dsas.archiveFile', uri, [uri]));
    assert.deepEqual(declined.input.asked.map((q) => [q.method, q.text, q.items]), [['confirm', question, ['Include', 'Leave Out']]]);
    const dismissed = await withAnswers([undefined], () => vscode.commands.executeCommand('dsas.archiveFile', uri, [uri]));
    assert.deepEqual(dismissed.input.asked.map((q) => q.method), ['confirm'], 'dismissed: nothing more asked');
    assert.equal(await uploads(mark), 0, 'nothing sent');

    const title = `Agreed ${Date.now()}`;
    await withAnswers(['Include', title], () => vscode.commands.executeCommand('dsas.archiveFile', uri, [uri]));
    const added = (await sandboxState()).archives.find((x) => x.title === title);
    assert.deepEqual([added?.name, added?.hash], ['notes.txt', key.hash], 'the file the user agreed to, under the link\'s name');
    tried('lossChecks');
  });

  it('New Submission and the form\'s Add from the Workspace ask about a link outside the workspace the same way', async function () {
    if (process.platform === 'win32') this.skip();
    const key = privateKey();
    const uri = link('composer/key-notes.txt', key.path);
    const plain = workspaceFile(`${ROOT}/composer/plain.txt`, 'plain\n');
    const question = `"key-notes.txt" leads to "${key.path}", outside the workspace folder "${path.basename(workspaceDir())}". Include that file?`;
    const { input, result: draft } = await withAnswers(['Leave Out'], () => compose(plain, uri));
    assert.deepEqual(input.asked.map((q) => [q.method, q.text]), [['confirm', question]]);
    assert.deepEqual((await openDrafts()).get(draft)?.documents.map((d) => d.name), ['plain.txt']);

    const picked = await withAnswers([() => ['key-notes.txt'], 'Include'], () => deliver(draft, { type: 'addDocuments', from: 'workspace' }));
    assert.deepEqual(picked.input.asked.map((q) => q.method), ['quickPickMany', 'confirm']);
    assert.equal(picked.input.asked[1].text, question);
    const documents = (await openDrafts()).get(draft)?.documents ?? [];
    assert.deepEqual(documents.map((d) => [d.name, d.path]), [['plain.txt', plain.fsPath], ['key-notes.txt', key.path]], 'the form holds the file agreed to');
  });

  it('a document added through a link is sent under the link\'s name, with the bytes of the file it leads to', async () => {
    const target = workspaceFile(`${ROOT}/named/versions/v3.txt`, 'version 3\n');
    const latest = link('named/latest.txt', 'versions/v3.txt');
    const draft = await compose(latest);
    assert.deepEqual((await openDrafts()).get(draft)?.documents.map((d) => [d.name, d.path]), [['latest.txt', target.fsPath]]);
    const formReference = `Through a link ${Date.now()}`;
    await withAnswers([], async () => sendReviewed(draft, await edit(draft, filled(formReference))));
    const sent = (await sandboxState()).submissions.find((x) => x.formReference === formReference);
    assert.deepEqual(sent?.attachments.map((a) => [a.name, a.sha256]), [['latest.txt', sha256File(target.fsPath)]]);
  });

  it('a document replaced after it was added, by a folder or by a link to another file, is not sent in its place: the form says which', async function () {
    if (process.platform === 'win32') this.skip();
    const first = workspaceFile(`${ROOT}/replaced/first.txt`, 'first\n');
    workspaceFile(`${ROOT}/replaced/other.txt`, 'another file of the workspace\n');
    const replacements: Record<string, () => void> = {
      folder: () => workspaceFile(`${ROOT}/replaced/second.txt/inside.txt`, 'a file of the folder put in its place\n'),
      link: () => link('replaced/second.txt', 'other.txt'),
    };
    for (const [by, replace] of Object.entries(replacements)) {
      const second = workspaceFile(`${ROOT}/replaced/second.txt`, 'second\n');
      const draft = await compose(first, second);
      const formReference = `Replaced by a ${by} ${Date.now()}`;
      const form = await edit(draft, filled(formReference));
      rmSync(second.fsPath);
      replace();
      await withAnswers([], () => sendReviewed(draft, form));
      const sent = (await sandboxState()).submissions.find((x) => x.formReference === formReference);
      assert.equal(sent, undefined, `replaced by a ${by}, sent as ${JSON.stringify(sent?.attachments.map((a) => [a.name, a.size]))}`);
      if (process.env.DSAS_WORKBENCH_URL) {
        assert.match(await onComposerPage(draft, () => webviewText('is no longer the file added')), /Not sent: "second\.txt" is no longer the file added/);
      }
      rmSync(second.fsPath, { recursive: true, force: true });
    }
  });

  it('a selection of 1,000 files in the Explorer is counted once and titled by one rule, not one question per file', async () => {
    const uris = Array.from({ length: 1000 }, (_, i) => workspaceFile(`${ROOT}/many/f${String(i).padStart(4, '0')}.txt`, `${i}\n`));
    const mark = await logMark();
    const size = uris.reduce((n, u) => n + readFileSync(u.fsPath).length, 0);
    const { input } = await withAnswers([undefined], () => vscode.commands.executeCommand('dsas.archiveFile', uris[0], [...uris, ...uris.slice(0, 10)]));
    assert.deepEqual(input.asked.map((q) => [q.method, q.text]), [['quickPick', `Archive 1000 files (${formatBytes(size)}) How each file is titled in the archive, as shown for "f0000.txt"`]]);
    assert.equal(await uploads(mark), 0, 'dismissed: nothing sent');
  });

  it('names from the workspace are shown as they are: a link named with a right-to-left override and a line break is named with visible escapes, and takes one line of the log', async function () {
    if (process.platform === 'win32') this.skip();
    const key = privateKey();
    const uri = link('escapes/\u202Etxt.exe\nnotes.txt', key.path);
    const { input } = await withAnswers(['Leave Out'], () => vscode.commands.executeCommand('dsas.archiveFile', uri, [uri]));
    assert.equal(input.asked[0].text, `"\\u202Etxt.exe\\nnotes.txt" leads to "${key.path}", outside the workspace folder "${path.basename(workspaceDir())}". Include that file?`);
    const logged = await waitFor('the log line', async () => (await extensionLog()).split('\n').find((l) => l.includes(key.path) && l.includes('left out when asked')));
    assert.ok(logged.includes('\\u202Etxt.exe\\nnotes.txt'), logged);
    tried('hostile');
  });

  it('files named by this window\'s remote URIs (vscode-remote://<authority>/…) are its own: the form and the Archive view take them; a file of another machine is refused in words', async () => {
    const authority = remoteAuthority();
    assert.ok(authority, 'code-server gives the window a remote authority');
    const doc = workspaceFile(`${ROOT}/remote/remote-note.txt`, 'named remotely\n');
    const remote = `vscode-remote://${authority}${doc.path}`;
    const elsewhere = `vscode-remote://ssh-remote+elsewhere${doc.path}`;
    const first = workspaceFile(`${ROOT}/remote/first.txt`, 'first\n');
    const draft = await compose(first);
    const { input } = await withAnswers([], () => deliver(draft, { type: 'dropped', uris: [remote, elsewhere] }));
    assert.deepEqual((await openDrafts()).get(draft)?.documents.map((d) => [d.name, d.path]), [['first.txt', first.fsPath], ['remote-note.txt', doc.fsPath]]);
    assert.deepEqual(told(input.asked), [['warn', 'Skipped: "remote-note.txt" is on another machine (ssh-remote+elsewhere), not on the one this window works on.']]);

    // Dropped on the Archive view.
    const data = new vscode.DataTransfer();
    data.set('text/uri-list', new vscode.DataTransferItem(remote));
    const title = `Remote drop ${Date.now()}`;
    const token = new vscode.CancellationTokenSource().token;
    const drop = (await api()).deps.archive.dragAndDrop;
    await withAnswers([title], () => drop.handleDrop!(undefined, data, token) as Promise<void>);
    assert.equal((await sandboxState()).archives.find((x) => x.title === title)?.hash, sha256File(doc.fsPath));
  });

});
