// After an unknown outcome, an archive file is told from another of the same
// title and name by its detail: size, then hash in the algorithm its length
// names. Against the sandbox, with a second client as the colleague.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { rmSync, utimesSync, writeFileSync } from 'node:fs';
import { describe, it } from 'mocha';
import { checkFile, findArrival, isProblem, type CheckedFile, type ServiceClient } from '../../src/core';
import { archiveRule, DETAILS_PER_CHECK } from '../../src/core/arrivalRules';
import { demoSandboxPerSuite, loggedRequests, makeFile, tempDir } from './helpers';

describe('client ↔ sandbox: which new archive file is the one sent', () => {
  const t = demoSandboxPerSuite();
  let n = 0;

  /** A local file as it was sent: its name, title, and the size and time checked. */
  async function sent(bytes: Buffer, name = `sent-${++n}.bin`): Promise<{ title: string; name: string; file: CheckedFile }> {
    const file = await checkFile(makeFile(tempDir(), name, bytes));
    if (isProblem(file)) throw new Error(file.code);
    return { title: `Title ${n} ${Date.now()}`, name, file };
  }

  /** Uploads `bytes` as `name` titled `title` (a colleague's upload); its id. */
  async function upload(client: ServiceClient, name: string, title: string, bytes: Buffer): Promise<string> {
    return (await client.uploadArchiveFile({ path: makeFile(tempDir(), name, bytes), title })).id;
  }

  const ids = async () => new Set((await t.client.listArchive()).map((f) => f.id));
  const check = async (before: Set<string> | undefined, s: Awaited<ReturnType<typeof sent>>, signal?: AbortSignal) => {
    const rule = archiveRule(s, (id, sig) => t.client.getArchiveFile(id, { signal: sig }));
    return findArrival(before, await t.client.listArchive(), rule, signal);
  };
  const bytes = (size: number, seed: number) => Buffer.from(Array.from({ length: size }, (_, i) => (i * seed + 7) & 0xff));

  it('a new file of that title and name with other bytes of the same size is not the one sent', async () => {
    const s = await sent(bytes(3000, 3));
    const before = await ids();
    await upload(t.client, s.name, s.title, bytes(3000, 5));
    assert.deepEqual(await check(before, s), { kind: 'absent', others: 1 });
  });

  it('the same bytes are (after another one of that title and name)', async () => {
    const s = await sent(bytes(3000, 11));
    const before = await ids();
    await upload(t.client, s.name, s.title, bytes(10, 1));
    const id = await upload(t.client, s.name, s.title, bytes(3000, 11));
    const found = await check(before, s);
    assert.equal(found.kind, 'arrived');
    assert.equal(found.kind === 'arrived' && found.item.id, id);
  });

  it('a file of that title with another name is no candidate', async () => {
    const s = await sent(bytes(500, 13));
    const before = await ids();
    await upload(t.client, 'other-name.bin', s.title, bytes(500, 13));
    assert.deepEqual(await check(before, s), { kind: 'absent', others: 0 });
  });

  it('a hash in upper case, or in another algorithm the length names, is compared', async () => {
    for (const algorithm of ['sha256', 'md5', 'sha1', 'sha512']) {
      const content = bytes(700, 17);
      const s = await sent(content);
      const before = await ids();
      const id = await upload(t.client, s.name, s.title, content);
      t.sb.store.getArchive(id)!.hash = createHash(algorithm).update(content).digest('hex').toUpperCase();
      const found = await check(before, s);
      assert.equal(found.kind === 'arrived' && found.item.id, id, `${algorithm}: ${JSON.stringify(found)}`);
    }
  });

  it('what cannot be told is undecided, with why: a hash of unknown length, no hash, no size, a detail that fails', async () => {
    const cases: [string, (id: string) => void, string][] = [
      ['unknownHash', (id) => (t.sb.store.getArchive(id)!.hash = 'ab'.repeat(24)), 'a 48-digit hash'],
      ['noHash', (id) => (t.sb.store.getArchive(id)!.hash = ''), 'an empty hash'],
      ['detailFailed', (id) => t.sb.faults.add({ method: 'GET', path: `^/archives/${id}$`, kind: 'status', status: 500, times: 4 }), 'a detail failing 4 times'],
    ];
    for (const [why, spoil, what] of cases) {
      const content = bytes(900, 19);
      const s = await sent(content);
      const before = await ids();
      const id = await upload(t.client, s.name, s.title, content);
      spoil(id);
      const found = await check(before, s);
      assert.deepEqual(found.kind === 'undecided' && found.unknown.map((u) => [u.item.id, u.why]), [[id, why]], `${what}: ${JSON.stringify(found)}`);
    }
    const s = await sent(bytes(900, 19));
    const before = await ids();
    const id = await upload(t.client, s.name, s.title, bytes(900, 19));
    const sizeless = archiveRule(s, async (i, sig) => ({ ...(await t.client.getArchiveFile(i, { signal: sig })), fullSize: undefined }));
    assert.deepEqual(await findArrival(before, await t.client.listArchive(), sizeless), { kind: 'undecided', unknown: [{ item: (await t.client.listArchive()).find((f) => f.id === id), why: 'noSize' }] });
  });

  it('a different size is told without reading the local file; the same size after the file changed since sending cannot be told', async () => {
    const s = await sent(bytes(800, 23));
    const before = await ids();
    await upload(t.client, s.name, s.title, bytes(801, 23));
    rmSync(s.file.path);
    assert.deepEqual(await check(before, s), { kind: 'absent', others: 1 }, 'the size differs: the file is not needed');

    const c = await sent(bytes(600, 29));
    const since = await ids();
    await upload(t.client, c.name, c.title, bytes(600, 29));
    writeFileSync(c.file.path, bytes(600, 31));
    utimesSync(c.file.path, new Date(), new Date(Date.now() + 5000));
    const found = await check(since, c);
    assert.equal(found.kind === 'undecided' && found.unknown[0].why, 'fileChanged', JSON.stringify(found));
  });

  it(`at most ${DETAILS_PER_CHECK} details are fetched; beyond them, the candidates are not compared and it is undecided`, async () => {
    const s = await sent(bytes(400, 37));
    const before = await ids();
    for (let i = 0; i < DETAILS_PER_CHECK + 5; i++) await upload(t.client, s.name, s.title, bytes(400, 41 + i));
    const mark = t.sb.accessLog.length;
    const rule = archiveRule(s, (id, sig) => t.client.getArchiveFile(id, { signal: sig }));
    const list = await t.client.listArchive();
    // Looked at twice, as the check looks again: no detail is fetched twice.
    await findArrival(before, list, rule);
    const found = await findArrival(before, list, rule);
    const details = (await loggedRequests(t.sb, DETAILS_PER_CHECK, mark)).filter((e) => e.method === 'GET' && /\/archives\/[^/]+$/.test(e.path) && e.status === 200);
    assert.equal(details.length, DETAILS_PER_CHECK);
    assert.equal(found.kind, 'undecided');
    assert.deepEqual(found.kind === 'undecided' && found.unknown.map((u) => u.why), Array(5).fill('notCompared'));
  });

  it('a check cancelled while it fetches details fails as cancelled', async () => {
    const s = await sent(bytes(300, 43));
    const before = await ids();
    const id = await upload(t.client, s.name, s.title, bytes(300, 43));
    t.sb.faults.add({ method: 'GET', path: `^/archives/${id}$`, kind: 'delay', ms: 2000 });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 200);
    await assert.rejects(check(before, s, ac.signal), (e: { kind?: string }) => e.kind === 'cancelled');
    t.sb.faults.clear();
  });

  it('a check cancelled while it hashes the local file fails as cancelled too', async () => {
    const content = bytes(300, 47);
    const s = await sent(content);
    const before = await ids();
    await upload(t.client, s.name, s.title, content);
    const ac = new AbortController();
    // Cancelled once the detail is there: the file is hashed next.
    const rule = archiveRule(s, async (id) => {
      const d = await t.client.getArchiveFile(id);
      ac.abort();
      return d;
    });
    await assert.rejects(findArrival(before, await t.client.listArchive(), rule, ac.signal), (e: { kind?: string }) => e.kind === 'cancelled');
  });
});
