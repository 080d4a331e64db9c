// All eleven endpoints through Apache httpd: mod_auth_digest checks Digest,
// mod_proxy_http passes paths, streamed bodies, multipart and headers on to
// the sandbox. After the first challenge every request must get 200, signed
// with MD5 (the only algorithm mod_auth_digest offers).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'mocha';
import type { ServiceClient } from '../../src/core';
import { buildPackage } from '../../src/core/xml/package';
import type { Sandbox } from '../../tools/sandbox';
import { loggedRequests, makeFile, removeTemps, tempDir } from '../integration/helpers';
import type { ApacheLogEntry } from './apacheLog';
import { apachePerSuite, clientFor, lines, watch } from './helpers';

describe('client ↔ Apache mod_auth_digest ↔ sandbox: every endpoint', () => {
  const t = apachePerSuite();
  let client: ServiceClient;
  let sb: Sandbox;
  let signIn: ApacheLogEntry[];
  let listed: number;

  before(async () => {
    client = clientFor(t.apache);
    sb = t.apache.sandbox;
    const logged = watch(t.apache, client);
    listed = (await client.listSubmissions()).length;
    signIn = await logged();
  });
  after(() => removeTemps());

  /**
   * Runs one operation: it must take one request, answered 200 and signed
   * with MD5, and the backend must have seen the same method and path.
   */
  async function through<T>(op: () => Promise<T>): Promise<T> {
    const logged = watch(t.apache, client);
    const backendMark = sb.accessLog.length;
    const value = await op();
    const entries = await logged();
    assert.deepEqual(lines(entries), [`${entries[0]?.method} 200`], 'one request, accepted at once');
    assert.equal(entries[0].hasAuthorization, true);
    assert.equal(entries[0].algorithm, 'MD5');
    const backend = await loggedRequests(sb, 1, backendMark);
    assert.deepEqual(backend.map((r) => `${r.method} ${decodeURIComponent(r.path)} ${r.status}`), [`${entries[0].method} ${entries[0].path} 200`]);
    return value;
  }

  it('signs in with MD5 on the first call: one 401 challenge, then 200', () => {
    assert.equal(listed, sb.store.submissions.length);
    assert.deepEqual(lines(signIn), ['GET 401', 'GET 200']);
    const [challenge, signed] = signIn;
    assert.equal(challenge.hasAuthorization, false);
    assert.ok(challenge.challengeNonce, 'Apache sent a Digest challenge');
    assert.equal(signed.nonce, challenge.challengeNonce, 'the client answered the challenge it got');
    assert.equal(signed.nc, '00000001');
    assert.equal(signed.algorithm, 'MD5');
  });

  it('1, 2, 3, 5: lists, reads, and gets the history and status of submissions', async () => {
    const list = await through(() => client.listSubmissions());
    assert.deepEqual(list.map((s) => s.id).sort(), sb.store.submissions.map((s) => s.id).sort());
    const rec = sb.store.submissions.find((s) => s.attachments.length > 1)!;
    const d = await through(() => client.getSubmission(rec.id));
    assert.equal(d.formReference, rec.formReference);
    assert.deepEqual(d.attachments, rec.attachments.map((a) => ({ id: a.id, ticket: a.ticket, name: a.name })));
    const h = await through(() => client.getHistory(rec.id));
    assert.deepEqual(h.events.map((e) => e.description), rec.history.map((e) => e.description));
    const st = await through(() => client.getStatus(rec.id));
    assert.equal(st.status, rec.completedAt === undefined ? 'PENDING' : 'COMPLETED');
  });

  it('4: creates a submission with two documents (multipart): the backend stores exactly what was sent', async () => {
    const dir = tempDir();
    const pdf = makeFile(dir, 'contract.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(500_000, 7)]));
    const notes = makeFile(dir, 'Zoë – notes.txt', 'first line\nsecond line ü\n');
    const recipients = [{ firstName: 'Zoë', lastName: 'Ørsted', email: 'zoe@example.org' }];
    const created = await through(() => client.createSubmission({
      formReference: 'interop & co', recipients, coverNote: 'Through <Apache> ]]> 😀', documents: [{ path: pdf }, { path: notes }],
    }));
    const rec = sb.store.getSubmission(created.id);
    assert.ok(rec, `the backend stored submission ${created.id}`);
    const expected = buildPackage({ formReference: 'interop & co', recipients, coverNote: 'Through <Apache> ]]> 😀', data: '', attachmentNames: ['contract.pdf', 'Zoë – notes.txt'] });
    assert.equal(sb.store.packageXml(created.id).toString('utf8'), expected);
    assert.deepEqual(rec.attachments.map((a) => a.name), ['contract.pdf', 'Zoë – notes.txt']);
    assert.deepEqual(readFileSync(sb.store.attachmentPath(rec.id, rec.attachments[0].id)), readFileSync(pdf));
    assert.deepEqual(readFileSync(sb.store.attachmentPath(rec.id, rec.attachments[1].id)), readFileSync(notes));
  });

  it('6: downloads attachments byte for byte', async () => {
    const dir = tempDir();
    const rec = sb.store.submissions.find((s) => s.attachments.length > 1)!;
    for (const a of rec.attachments) {
      const res = await through(() => client.downloadAttachment(rec.id, { id: a.id, ticket: a.ticket, name: a.name }, { directory: dir }));
      assert.deepEqual(readFileSync(res.path), readFileSync(sb.store.attachmentPath(rec.id, a.id)));
      assert.equal(path.basename(res.path), a.name);
    }
  });

  it('7: downloads the summary PDF', async () => {
    const res = await through(() => client.downloadSummary(sb.store.submissions[0].id, { directory: tempDir() }));
    assert.equal(readFileSync(res.path).subarray(0, 5).toString('latin1'), '%PDF-');
    assert.equal(res.contentType, 'application/pdf');
  });

  it('8, 9: lists the archive and reads a file with its metadata', async () => {
    const list = await through(() => client.listArchive());
    assert.deepEqual(list.map((f) => f.id).sort(), sb.store.archives.map((f) => f.id).sort());
    const rec = sb.store.archives.find((f) => f.tags.length > 1)!;
    const f = await through(() => client.getArchiveFile(rec.id));
    assert.deepEqual([f.id, f.ticket, f.title, f.name, f.fullSize, f.hash], [rec.id, rec.ticket, rec.title, rec.name, rec.fullSize, rec.hash]);
    assert.deepEqual(f.tags, rec.tags.map((x) => ({ id: Number(x.id), text: x.text })));
  });

  it('10: downloads an archive file byte for byte, named by the Content-Disposition Apache passed on', async () => {
    const rec = sb.store.archives.find((f) => /[^\x20-\x7e]/.test(f.name))!;
    // No name of our own: the file can only get its name from the response header.
    const res = await through(() => client.downloadArchiveFile({ id: rec.id, ticket: rec.ticket, name: '' }, { directory: tempDir() }));
    assert.deepEqual(readFileSync(res.path), readFileSync(sb.store.archivePath(rec.id)));
    assert.equal(path.basename(res.path), rec.name);
  });

  it('11: uploads a file streamed with its length: stored bytes, title and name as sent, the body sent once', async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 13);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) & 0xff;
    const file = makeFile(tempDir(), 'Übersicht – 2025.bin', bytes);
    const logged = watch(t.apache, client);
    const { id } = await through(() => client.uploadArchiveFile({ path: file, title: 'Through Apache – 😀' }));
    const put = (await logged()).find((e) => e.method === 'PUT')!;
    assert.ok(put.bytesIn > bytes.length && put.bytesIn < bytes.length + 4096, `Apache received ${put.bytesIn} bytes for a ${bytes.length}-byte file`);
    const rec = sb.store.getArchive(id)!;
    assert.equal(rec.title, 'Through Apache – 😀');
    assert.equal(rec.name, 'Übersicht – 2025.bin');
    assert.deepEqual(readFileSync(sb.store.archivePath(id)), bytes);
  });
});
