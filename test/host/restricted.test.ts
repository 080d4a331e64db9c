// Runs alone, in the runner's --restricted run: workspace trust is on and the
// test workspace is not trusted, i.e. VS Code's Restricted Mode.
import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { tried } from '../reliability/tally';
import { compose, edit, filled, sendReviewed } from './composerDriver';
import { sha256, tempDir, workspaceDir, workspaceFile } from './fixtures';
import { api, logMark, sandboxState, serviceRequests, signIn, withAnswers } from './session';

/** The service requests that changed data (uploads, new submissions) since `mark`. */
async function writesSince(mark: number): Promise<string[]> {
  return (await serviceRequests(mark)).filter((e) => e.method !== 'GET').map((e) => `${e.method} ${e.path}`);
}

describe('Restricted Mode (an untrusted workspace)', () => {
  before(signIn);

  it('the workspace is not trusted, and the extension is active', async () => {
    assert.equal(vscode.workspace.isTrusted, false);
    assert.ok((await api()).deps.session.signedIn);
  });

  it('lists submissions and archive files, and downloads, as usual', async () => {
    const { deps } = await api();
    await deps.submissions.refresh();
    await deps.archive.refresh();
    const state = await sandboxState();
    assert.equal(deps.submissions.items.length, state.submissions.length);
    const f = state.archives[0];
    const target = vscode.Uri.joinPath(vscode.Uri.file(tempDir()), 'restricted-download.bin');
    await withAnswers([target], () => vscode.commands.executeCommand('dsas.downloadArchiveFile', { kind: 'archiveFile', item: { id: f.id, ticket: f.ticket, name: f.name, title: f.title } }));
    assert.equal(sha256(readFileSync(target.fsPath)), f.hash, 'the download is complete');
  });

  it('Archive This File asks before a workspace file leaves the machine; declining sends nothing', async () => {
    const uri = workspaceFile('restricted/notes.txt', 'private notes\n');
    const mark = await logMark();
    const { input } = await withAnswers([undefined], () => vscode.commands.executeCommand('dsas.archiveFile', uri, [uri]));
    assert.deepEqual(input.asked.map((a) => [a.method, a.text, a.items]), [[
      'confirm', 'This workspace is in Restricted Mode. Upload 1 file from it to the Document Submission service?\nrestricted/notes.txt', ['Upload'],
    ]]);
    assert.deepEqual(await writesSince(mark), [], 'nothing was uploaded');
    tried('lossChecks'); // nothing left the machine without consent
  });

  it('a link to a file outside the workspace is named with its target, in the question about it and in the Restricted Mode question; declining sends nothing', async function () {
    if (process.platform === 'win32') this.skip();
    const key = path.join(tempDir('dsas-home-'), 'id_ed25519');
    writeFileSync(key, 'private key\n');
    const uri = vscode.Uri.file(path.join(workspaceDir(), 'restricted', 'key-notes.txt'));
    mkdirSync(path.dirname(uri.fsPath), { recursive: true });
    symlinkSync(key, uri.fsPath);
    const mark = await logMark();
    const { input } = await withAnswers(['Include', undefined], () => vscode.commands.executeCommand('dsas.archiveFile', uri, [uri]));
    assert.deepEqual(input.asked.map((a) => [a.method, a.text]), [
      ['confirm', `"key-notes.txt" leads to "${key}", outside the workspace folder "${path.basename(workspaceDir())}". Include that file?`],
      ['confirm', `This workspace is in Restricted Mode. Upload 1 file from it to the Document Submission service?\nrestricted/key-notes.txt → ${key}`],
    ]);
    assert.deepEqual(await writesSince(mark), [], 'nothing was uploaded');
    rmSync(uri.fsPath);
    tried('lossChecks');
  });

  it('Archive Folder… on 1,000 files asks once, listing 20 of them and how many more; declining sends nothing', async () => {
    for (let i = 0; i < 1000; i++) workspaceFile(`restricted/many/f${String(i).padStart(4, '0')}.txt`, `${i}\n`);
    const folder = vscode.Uri.file(path.join(workspaceDir(), 'restricted', 'many'));
    const mark = await logMark();
    const { input } = await withAnswers([undefined], () => vscode.commands.executeCommand('dsas.archiveFolder', folder, [folder]));
    const names = Array.from({ length: 20 }, (_, i) => `restricted/many/f${String(i).padStart(4, '0')}.txt`);
    assert.deepEqual(input.asked.map((a) => [a.method, a.text]), [
      ['confirm', ['This workspace is in Restricted Mode. Upload 1000 files from it to the Document Submission service?', ...names, '… and 980 more'].join('\n')],
    ]);
    assert.deepEqual(await writesSince(mark), []);
    rmSync(folder.fsPath, { recursive: true });
  });

  it('"Upload" archives the file', async () => {
    const uri = workspaceFile('restricted/approved.txt', 'approved for upload\n');
    const before = (await sandboxState()).archives.length;
    await withAnswers(['Upload', 'Approved in Restricted Mode'], () => vscode.commands.executeCommand('dsas.archiveFile', uri, [uri]));
    const archives = (await sandboxState()).archives;
    assert.equal(archives.length, before + 1);
    assert.equal(archives.find((a) => a.title === 'Approved in Restricted Mode')?.hash, sha256('approved for upload\n'));
  });

  it('New Submission asks before sending workspace files (after the review); declining asks nothing more, sends nothing, keeps the form', async () => {
    const uri = workspaceFile('restricted/contract.txt', 'contract\n');
    const mark = await logMark();
    const { input, result: id } = await withAnswers([undefined], async () => {
      const draft = await compose(uri);
      await sendReviewed(draft, await edit(draft, filled('Restricted contract')));
      return draft;
    });
    assert.equal(input.asked.length, 1);
    assert.match(input.asked[0].text, /^This workspace is in Restricted Mode\. Upload 1 file from it/);
    assert.deepEqual(await writesSince(mark), []);
    assert.equal((await api()).deps.composer.drafts.get(id)?.phase, 'editing', 'back to the form, nothing lost');
    tried('lossChecks');
  });

  it('Archive This Attachment asks nothing about the workspace: no workspace file leaves the machine', async () => {
    const stored = (await sandboxState()).submissions.find((x) => x.attachments.length > 0)!;
    const node = { kind: 'attachment', submission: { kind: 'submission', item: { id: stored.id, formReference: stored.formReference } }, attachment: stored.attachments[0] };
    const title = `Restricted attachment ${Date.now()}`;
    const { input } = await withAnswers([title], () => vscode.commands.executeCommand('dsas.archiveAttachment', node));
    assert.deepEqual(input.asked.map((a) => a.method), ['inputBox', 'info'], `only the title, then the result: ${JSON.stringify(input.asked.map((a) => a.text))}`);
    const added = (await sandboxState()).archives.find((a) => a.title === title);
    assert.equal(added?.hash, stored.attachments[0].sha256, 'the attachment\'s bytes, archived');
  });
});
