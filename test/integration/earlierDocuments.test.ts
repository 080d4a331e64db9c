// Send Again With…'s documents: which attachments of an earlier submission
// the archive has, told by what the service says of both (name, size, hash),
// never by a name alone.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'mocha';
import { findInArchive } from '../../src/ui/composer/earlierDocuments';
import { demoSandboxPerSuite, makeFile, serviceRequests, tempDir } from './helpers';

describe('Send Again: an earlier submission\'s documents in the archive', () => {
  const t = demoSandboxPerSuite();
  const signal = new AbortController().signal;

  /** A submission of these files, as sent; its attachments as the service lists them. */
  async function sent(files: readonly string[]) {
    const { id } = await t.client.createSubmission({ formReference: `Again ${Date.now()}`, recipients: [{ firstName: 'Ann', lastName: 'Other', email: 'ann@example.org' }], documents: files.map((p) => ({ path: p })) });
    return { id, attachments: (await t.client.getSubmission(id)).attachments };
  }

  it('finds a document by its name, size and hash; the same name with other bytes, or a name the archive does not have, is not found', async () => {
    const dir = tempDir();
    const notes = (await t.client.listArchive()).find((f) => f.name === 'notes.txt')!;
    const same = await t.client.downloadArchiveFile(await t.client.getArchiveFile(notes.id), { path: path.join(dir, 'notes.txt') });
    const { id, attachments } = await sent([same.path, makeFile(dir, 'q1.csv', 'other figures\n'), makeFile(dir, 'never-archived.txt', 'x\n')]);
    const looked: string[] = [];
    const found = await findInArchive(t.client, id, attachments, signal, (name) => looked.push(name));
    assert.deepEqual(found.found.map((f) => f.id), [notes.id]);
    assert.deepEqual(found.missing, ['q1.csv', 'never-archived.txt']);
    assert.deepEqual(looked, ['notes.txt', 'q1.csv', 'never-archived.txt']);
  });

  it('lists the archive once, and reads an attachment only when an archive file of its name has its length', async () => {
    const dir = tempDir();
    const { id, attachments } = await sent([makeFile(dir, 'q1.csv', 'a different length than the archive\'s\n'), makeFile(dir, 'unarchived.txt', 'x\n')]);
    const mark = serviceRequests(t.sb).length;
    const found = await findInArchive(t.client, id, attachments, signal);
    assert.deepEqual(found, { found: [], missing: ['q1.csv', 'unarchived.txt'] });
    const asked = serviceRequests(t.sb, mark).map((r) => `${r.method} ${r.path.replace(/^.*\/v1\.1/, '')}`);
    assert.equal(asked.filter((r) => r === 'GET /archives').length, 1, asked.join(' | '));
    assert.ok(asked.some((r) => /^GET \/archives\/\d+$/.test(r)), 'the detail of the archive file named q1.csv');
    const reads = asked.filter((r) => r.includes('/attachment/'));
    assert.ok(reads.length <= 1, `q1.csv opened at most to read its length, unarchived.txt never: ${reads.join(' | ')}`);
  });

  it('a submission without attachments asks nothing', async () => {
    const mark = serviceRequests(t.sb).length;
    assert.deepEqual(await findInArchive(t.client, 'any', [], signal), { found: [], missing: [] });
    assert.equal(serviceRequests(t.sb, mark).length, 0);
  });
});
