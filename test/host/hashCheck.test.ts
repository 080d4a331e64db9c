import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { binaryBytes, tempDir, workspaceFile } from './fixtures';
import { api, control, signIn, withAnswers } from './session';

/** What the Archive view shows on the Hash line under a file's row, its detail fetched again. */
async function hashLine(id: string): Promise<string> {
  const tree = (await api()).deps.archive;
  await tree.refresh();
  const row = tree.items.find((r) => r.item.id === id);
  if (!row) throw new Error(`no row for archive file ${id}`);
  await tree.refresh(row);
  const lines = (await tree.getChildren(row)).map((n) => tree.getTreeItem(n));
  const line = lines.find((t) => t.label === 'Hash');
  if (!line) throw new Error(`no Hash line under ${id}: ${lines.map((t) => String(t.label)).join(', ')}`);
  return String(line.description);
}

describe('archive downloads are checked against the recorded hash', () => {
  const bytes = binaryBytes(180_000, 17);
  const digest = (algorithm: string) => createHash(algorithm).update(bytes).digest('hex');
  let id: string;

  before(async () => {
    await signIn();
    const file = workspaceFile('hash-check/checked.bin', bytes);
    id = (await (await api()).deps.session.client.uploadArchiveFile({ path: file.fsPath, title: `Hash check ${Date.now()}` })).id;
  });

  /** Downloads the file through the command (its row as the view hands it over) into a fresh folder. */
  async function download() {
    const item = (await (await api()).deps.session.client.listArchive()).find((f) => f.id === id)!;
    const target = vscode.Uri.file(path.join(tempDir(), 'checked copy.bin'));
    const { input } = await withAnswers([target], () => vscode.commands.executeCommand('dsas.downloadArchiveFile', { kind: 'archiveFile', item }));
    const told = input.asked.filter((a) => ['info', 'warn', 'error'].includes(a.method));
    return { target, told };
  }

  it('the SHA-256 the sandbox records matches: quiet, and the detail row says verified', async () => {
    const { target, told } = await download();
    assert.deepEqual(told.map((t) => t.method), ['info'], told.map((t) => t.text).join(' | '));
    assert.match(told[0].text, /^Downloaded "checked copy\.bin"/);
    assert.ok(readFileSync(target.fsPath).equals(bytes));
    assert.equal(await hashLine(id), `${digest('sha256')} · verified (SHA-256)`);
  });

  it('a SHA-1 recorded in upper case is verified as SHA-1', async () => {
    const recorded = digest('sha1').toUpperCase();
    await control('/archive-hash', 'POST', { id, hash: recorded });
    const { told } = await download();
    assert.deepEqual(told.map((t) => t.method), ['info']);
    assert.equal(await hashLine(id), `${recorded} · verified (SHA-1)`);
  });

  it('an MD5 that does not match is warned once; the file stays with the exact bytes downloaded', async () => {
    const recorded = createHash('md5').update('other content').digest('hex');
    await control('/archive-hash', 'POST', { id, hash: recorded });
    const { target, told } = await download();
    assert.equal(told.length, 1, told.map((t) => t.text).join(' | '));
    assert.equal(told[0].method, 'warn');
    assert.equal(told[0].text, `"checked copy.bin" differs from what the archive recorded: its MD5 is ${digest('md5').slice(0, 12)}…, the archive recorded ${recorded.slice(0, 12)}…. The file was kept; the log has both digests.`);
    assert.deepEqual(told[0].items, ['Show Log']);
    assert.ok(readFileSync(target.fsPath).equals(bytes), 'the downloaded file is kept, byte for byte');
    assert.equal(await hashLine(id), `${recorded} · does not match (MD5)`);
  });

  it('a hash that names no algorithm is not checked: no warning, the row shows the hash alone', async () => {
    await control('/archive-hash', 'POST', { id, hash: 'not-a-digest' });
    const { told } = await download();
    assert.deepEqual(told.map((t) => t.method), ['info']);
    assert.equal(await hashLine(id), 'not-a-digest');
  });
});
