import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'mocha';
import { buildPackage } from '../../src/core/xml/package';
import { demoSandboxPerSuite, listDir, makeFile, rejection, tempDir } from './helpers';

/** The sandbox writes times as `YYYY-MM-DD HH:MM:SS` UTC: whole seconds. */
const toSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

describe('client ↔ sandbox: submissions', () => {
  const t = demoSandboxPerSuite();

  it('lists every stored submission with each field as stored', async () => {
    const list = await t.client.listSubmissions();
    assert.deepEqual(list.map((s) => s.id).sort(), t.sb.store.submissions.map((s) => s.id).sort());
    for (const item of list) {
      const rec = t.sb.store.getSubmission(item.id)!;
      assert.equal(item.formReference, rec.formReference);
      assert.equal(item.type, Number(rec.type));
      assert.equal(item.broadcast, rec.broadcast);
      assert.equal(item.silent, rec.silent);
      assert.equal(item.completed, rec.completedAt !== undefined);
      assert.equal(item.md5Id, rec.md5Id);
      assert.deepEqual(item.sender, { fullName: rec.sender.fullname, email: rec.sender.email });
      assert.equal(item.created.ms, toSecond(rec.created));
      const primary = rec.recipients.find((r) => r.recpType === 'PRIMARY')!;
      assert.equal(item.primaryRecipient?.email, primary.email);
      assert.equal(item.primaryRecipient?.name, `${primary.firstName} ${primary.lastName}`);
      assert.deepEqual(
        item.primaryRecipient?.auth,
        primary.recipientAuth === undefined ? undefined : { method: primary.recipientAuth, number: primary.recipientAuthNumber ?? '' },
      );
    }
  });

  it('keeps ids and md5_id exactly as sent (leading zeros, long numbers, 0e…)', async () => {
    const ids = (await t.client.listSubmissions()).map((s) => s.id);
    assert.ok(ids.some((id) => /^0\d+$/.test(id)), `a seeded id with leading zeros is listed: ${ids.join(', ')}`);
    assert.ok(ids.some((id) => id.length >= 20), 'a seeded 20+ digit id is listed');
    const md5s = (await t.client.listSubmissions()).map((s) => s.md5Id);
    assert.ok(md5s.some((m) => /^0e\d+$/.test(m)), 'a seeded 0e… md5_id survives as text');
    const leading = ids.find((id) => /^0\d+$/.test(id))!;
    assert.equal((await t.client.getSubmission(leading)).id, leading);
  });

  it('returns each submission in detail: recipients, attachments, counters', async () => {
    for (const rec of t.sb.store.submissions) {
      const d = await t.client.getSubmission(rec.id);
      assert.equal(d.id, rec.id);
      assert.equal(d.recipients.length, rec.recipients.length);
      d.recipients.forEach((r, i) => {
        const want = rec.recipients[i];
        assert.equal(r.name, `${want.firstName} ${want.lastName}`);
        assert.equal(r.email, want.email);
        assert.equal(r.recpType, want.recpType);
        assert.equal(r.submissionViewed, want.submissionViewed);
        assert.equal(r.responseViewed, want.responseViewed);
        assert.equal(r.notificationViewed, want.notificationViewed);
        assert.equal(r.comment, want.comment);
        assert.equal(r.endorsement, want.endorsement);
        assert.equal(r.timeViewed.ms, want.timeViewed === undefined ? undefined : toSecond(want.timeViewed));
        assert.equal(r.responded.ms, want.responded === undefined ? undefined : toSecond(want.responded));
        assert.equal(r.created.ms, toSecond(want.created));
        // Spec 2.2 does not list the auth fields on detail recipients; when a service sends them they must match.
        if (r.auth) assert.deepEqual(r.auth, { method: want.recipientAuth, number: want.recipientAuthNumber });
      });
      assert.deepEqual(d.attachments, rec.attachments.map((a) => ({ id: a.id, ticket: a.ticket, name: a.name })));
      assert.equal(d.total.involved, rec.recipients.length);
      assert.equal(d.total.accepted, rec.recipients.filter((r) => r.outcome === 'accept').length);
      assert.equal(d.total.rejected, rec.recipients.filter((r) => r.outcome === 'reject').length);
      assert.equal(d.total.clarified, rec.recipients.filter((r) => r.outcome === 'clarify').length);
      assert.equal(d.completed, rec.completedAt !== undefined);
    }
  });

  it('carries comments with markup, ]]> and non-ASCII text exactly', async () => {
    const odd = t.sb.store.submissions.flatMap((s) => s.recipients.map((r) => ({ s, r }))).find(({ r }) => r.comment.includes(']]>'));
    assert.ok(odd, 'the demo data has a comment containing ]]>');
    const d = await t.client.getSubmission(odd.s.id);
    assert.ok(d.recipients.some((r) => r.comment === odd.r.comment));
  });

  it('returns the history and the status as stored', async () => {
    for (const rec of t.sb.store.submissions) {
      const h = await t.client.getHistory(rec.id);
      assert.equal(h.submissionId, rec.id);
      assert.deepEqual(h.events.map((e) => e.description), rec.history.map((e) => e.description));
      assert.deepEqual(h.events.map((e) => e.time.ms), rec.history.map((e) => toSecond(e.time)));
      assert.equal(h.summary.total.involved, rec.recipients.length);
      const st = await t.client.getStatus(rec.id);
      assert.equal(st.id, rec.id);
      assert.equal(st.formReference, rec.formReference);
      assert.equal(st.status, rec.completedAt === undefined ? 'PENDING' : 'COMPLETED');
    }
  });

  it('downloads every attachment byte for byte under its own name', async () => {
    const dir = tempDir();
    const rec = t.sb.store.submissions.find((s) => s.attachments.length > 0)!;
    for (const a of rec.attachments) {
      const res = await t.client.downloadAttachment(rec.id, { id: a.id, ticket: a.ticket, name: a.name }, { directory: dir });
      assert.equal(path.basename(res.path), a.name);
      assert.deepEqual(readFileSync(res.path), readFileSync(t.sb.store.attachmentPath(rec.id, a.id)));
      assert.equal(res.bytes, a.size);
    }
    assert.deepEqual(await listDir(dir), rec.attachments.map((a) => a.name).sort(), 'no temporary file is left');
  });

  it('downloads the summary PDF', async () => {
    const dir = tempDir();
    const rec = t.sb.store.submissions[0];
    const res = await t.client.downloadSummary(rec.id, { directory: dir });
    const bytes = readFileSync(res.path);
    assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.equal(res.contentType, 'application/pdf');
  });

  it('reports an unknown submission as not found', async () => {
    const e = await rejection(() => t.client.getSubmission('999999999'));
    assert.equal(e.kind, 'notFound');
  });

  it('creates a submission: the service stores exactly the package, documents and text sent', async () => {
    const dir = tempDir();
    const pdf = makeFile(dir, 'contract.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300_000, 7)]));
    const notes = makeFile(dir, 'Zoë – notes.txt', 'first line\nsecond line ü\n');
    const coverNote = 'Dear all,\n<b>please</b> sign & return. Edge: ]]> and ]]]]> and 😀 𝄞';
    const data = '{"amount": "1 < 2 && 3 > 2", "end": "]]"}';
    const recipients = [
      { firstName: 'Zoë', lastName: 'Ørsted', email: 'zoe@example.org' },
      { firstName: 'Tom', lastName: "O'Neil <tom>", email: 'tom@example.org', type: 'COPIED', auth: { method: 'SMS', number: '+44 7700 900123' } },
    ];
    const created = await t.client.createSubmission({
      formReference: 'FR-2026/11 & co', recipients, coverNote, data,
      documents: [{ path: pdf }, { path: notes }],
    });
    const rec = t.sb.store.getSubmission(created.id);
    assert.ok(rec, `the sandbox stored submission ${created.id}`);
    // The package bytes the service received are the package the client builds.
    const expected = buildPackage({
      formReference: 'FR-2026/11 & co', recipients, coverNote, data, attachmentNames: ['contract.pdf', 'Zoë – notes.txt'],
    });
    assert.equal(t.sb.store.packageXml(created.id).toString('utf8'), expected);
    assert.equal(rec.coverNote, coverNote);
    assert.equal(rec.data, data);
    assert.equal(rec.formReference, 'FR-2026/11 & co');
    assert.deepEqual(rec.recipients.map((r) => [r.firstName, r.lastName, r.email, r.recpType, r.recipientAuth, r.recipientAuthNumber]), [
      ['Zoë', 'Ørsted', 'zoe@example.org', 'PRIMARY', undefined, undefined],
      ['Tom', "O'Neil <tom>", 'tom@example.org', 'COPIED', 'SMS', '+44 7700 900123'],
    ]);
    assert.deepEqual(rec.attachments.map((a) => [a.name, a.mimetype]), [['contract.pdf', 'application/pdf'], ['Zoë – notes.txt', 'text/plain']]);
    assert.deepEqual(readFileSync(t.sb.store.attachmentPath(rec.id, rec.attachments[0].id)), readFileSync(pdf));
    assert.deepEqual(readFileSync(t.sb.store.attachmentPath(rec.id, rec.attachments[1].id)), readFileSync(notes));
    // And it reads back through the t.client.
    const d = await t.client.getSubmission(created.id);
    assert.equal(d.formReference, 'FR-2026/11 & co');
    assert.deepEqual(d.attachments.map((a) => a.name), ['contract.pdf', 'Zoë – notes.txt']);
    assert.equal((await t.client.getStatus(created.id)).status, 'PENDING');
  });

  it('follows a submission from PENDING to COMPLETED as recipients respond', async () => {
    const dir = tempDir();
    const doc = makeFile(dir, 'a.txt', 'x');
    const { id } = await t.client.createSubmission({
      formReference: 'flow', documents: [{ path: doc }],
      recipients: [{ firstName: 'A', lastName: 'B', email: 'a@example.org' }, { firstName: 'C', lastName: 'D', email: 'c@example.org' }],
    });
    const before = (await t.client.getHistory(id)).events.length;
    t.sb.simulateResponse(id, { email: 'a@example.org', outcome: 'accept', comment: 'ok <i>fine</i>' });
    assert.equal((await t.client.getStatus(id)).status, 'PENDING');
    t.sb.simulateResponse(id, { email: 'c@example.org', outcome: 'reject', endorsement: 'no ]]> way' });
    assert.equal((await t.client.getStatus(id)).status, 'COMPLETED');
    const d = await t.client.getSubmission(id);
    assert.equal(d.completed, true);
    assert.equal(d.total.accepted, 1);
    assert.equal(d.total.rejected, 1);
    assert.deepEqual(d.recipients.map((r) => [r.submissionViewed, r.comment, r.endorsement]), [[true, 'ok <i>fine</i>', ''], [true, '', 'no ]]> way']]);
    assert.ok((await t.client.getHistory(id)).events.length > before, 'the history grew');
  });
});
