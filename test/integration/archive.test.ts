import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'mocha';
import { clientFor, demoSandboxPerSuite, listDir, makeFile, rejection, tempDir } from './helpers';

describe('client ↔ sandbox: archive', () => {
  const t = demoSandboxPerSuite();

  it('lists every stored file', async () => {
    const list = await t.client.listArchive();
    assert.deepEqual(
      list.map((f) => [f.id, f.name, f.title]).sort(),
      t.sb.store.archives.map((f) => [f.id, f.name, f.title]).sort(),
    );
  });

  it('returns each file in detail with its metadata and tags as stored', async () => {
    assert.ok(t.sb.store.archives.some((f) => f.tags.length > 1), 'the demo data has a file with several tags');
    for (const rec of t.sb.store.archives) {
      const f = await t.client.getArchiveFile(rec.id);
      assert.equal(f.id, rec.id);
      assert.equal(f.ticket, rec.ticket);
      assert.equal(f.title, rec.title);
      assert.equal(f.name, rec.name);
      assert.equal(f.fullSize, rec.fullSize);
      assert.equal(f.mimetype, rec.mimetype);
      assert.equal(f.hash, rec.hash);
      assert.equal(f.atime.raw, String(rec.atime));
      assert.equal(f.mtime.ms, rec.mtime * 1000);
      assert.equal(f.ctime.ms, rec.ctime * 1000);
      assert.equal(f.parentFolder, Number(rec.parentFolder));
      assert.deepEqual(f.tags, rec.tags.map((t) => ({ id: Number(t.id), text: t.text })));
    }
  });

  it('uploads a file: the service stores its exact bytes, name and a non-ASCII title', async () => {
    const dir = tempDir();
    const bytes = Buffer.alloc(2 * 1024 * 1024 + 13);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) & 0xff;
    const file = makeFile(dir, 'Übersicht – 2024.bin', bytes);
    let lastProgress = 0;
    const { id } = await t.client.uploadArchiveFile({ path: file, title: 'Übersicht – 2024 😀' }, { onProgress: (sent) => (lastProgress = sent) });
    const rec = t.sb.store.getArchive(id)!;
    assert.equal(rec.title, 'Übersicht – 2024 😀');
    assert.equal(rec.name, 'Übersicht – 2024.bin');
    assert.equal(rec.fullSize, bytes.length);
    assert.deepEqual(readFileSync(t.sb.store.archivePath(id)), bytes);
    assert.equal(lastProgress, bytes.length);
    const f = await t.client.getArchiveFile(id);
    assert.equal(f.title, 'Übersicht – 2024 😀');
    assert.equal(f.fullSize, bytes.length);
  });

  it('sends the title in the RFC 8187 form when asked to', async () => {
    const dir = tempDir();
    const file = makeFile(dir, 'plain.txt', 'hello');
    const other = clientFor(t.sb, { headerEncoding: 'rfc8187' });
    const { id } = await other.uploadArchiveFile({ path: file, title: 'Résumé', name: 'résumé.txt' });
    assert.equal(t.sb.store.getArchive(id)!.title, 'Résumé');
    assert.equal(t.sb.store.getArchive(id)!.name, 'résumé.txt');
  });

  it('downloads a file byte for byte; a second download never replaces the first', async () => {
    const dir = tempDir();
    const rec = t.sb.store.archives[0];
    const first = await t.client.downloadArchiveFile(await t.client.getArchiveFile(rec.id), { directory: dir });
    assert.deepEqual(readFileSync(first.path), readFileSync(t.sb.store.archivePath(rec.id)));
    const second = await t.client.downloadArchiveFile(rec, { directory: dir });
    const ext = path.extname(rec.name);
    assert.equal(path.basename(second.path), `${path.basename(rec.name, ext)} (1)${ext}`);
    const refused = await rejection(() => t.client.downloadArchiveFile(rec, { directory: dir, onConflict: 'fail' }));
    assert.equal(refused.kind, 'localFile');
    assert.match(refused.message, /already exists/);
    assert.equal((await listDir(dir)).length, 2, 'no temporary file is left');
  });

  it('checks the bytes against the recorded hash as they are written: the algorithm by its length, a mismatch said, a hash it cannot use named', async () => {
    const dir = tempDir();
    const detail = await t.client.getArchiveFile(t.sb.store.archives[0].id);
    const saved = await t.client.downloadArchiveFile(detail, { directory: dir });
    assert.deepEqual(saved.hashCheck, { recorded: detail.hash, algorithm: 'SHA-256', expected: detail.hash.toLowerCase(), actual: detail.hash.toLowerCase(), matches: true });
    const md5 = createHash('md5').update(readFileSync(saved.path)).digest('hex');
    const other = await t.client.downloadArchiveFile({ ...detail, hash: md5.toUpperCase() }, { directory: dir });
    assert.equal(typeof other.hashCheck === 'object' && other.hashCheck.algorithm === 'MD5' && other.hashCheck.matches, true);
    const wrong = await t.client.downloadArchiveFile({ ...detail, hash: 'ab'.repeat(20) }, { directory: dir });
    assert.equal(typeof wrong.hashCheck === 'object' && `${wrong.hashCheck.algorithm} ${wrong.hashCheck.matches}`, 'SHA-1 false');
    assert.equal((await t.client.downloadArchiveFile({ ...detail, hash: 'not hex' }, { directory: dir })).hashCheck, 'notHex');
    assert.equal((await t.client.downloadArchiveFile({ id: detail.id, ticket: detail.ticket, name: detail.name }, { directory: dir })).hashCheck, undefined, 'no hash given, none checked');
  });

  it('downloads to an exact path, replacing only when asked', async () => {
    const dir = tempDir();
    const rec = t.sb.store.archives[1];
    const dest = makeFile(dir, 'mine.bin', 'keep me');
    const e = await rejection(() => t.client.downloadArchiveFile(rec, { path: dest }));
    assert.equal(e.kind, 'localFile');
    assert.equal(readFileSync(dest, 'utf8'), 'keep me');
    await t.client.downloadArchiveFile(rec, { path: dest, overwrite: true });
    assert.deepEqual(readFileSync(dest), readFileSync(t.sb.store.archivePath(rec.id)));
    assert.deepEqual(await listDir(dir), ['mine.bin']);
  });

  it('opens a file as a stream for viewers', async () => {
    const rec = t.sb.store.archives[0];
    const opened = await t.client.openArchiveFile(rec);
    const chunks: Buffer[] = [];
    for await (const c of opened.stream) chunks.push(c as Buffer);
    assert.deepEqual(Buffer.concat(chunks), readFileSync(t.sb.store.archivePath(rec.id)));
    assert.equal(opened.fileName, rec.name);
    assert.equal(opened.length, rec.fullSize);
  });

  it('reports a wrong ticket as not found and writes nothing', async () => {
    const dir = tempDir();
    const rec = t.sb.store.archives[0];
    const e = await rejection(() => t.client.downloadArchiveFile({ ...rec, ticket: 'deadbeef' }, { directory: dir }));
    assert.equal(e.kind, 'notFound');
    assert.deepEqual(await listDir(dir), []);
  });
});
