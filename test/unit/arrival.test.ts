import assert from 'node:assert/strict';
import { describe, it } from 'mocha';
import { findArrival, lookAgainWaits, type ArrivalRule, type Verdict } from '../../src/core/arrival';
import { archiveRule, DETAILS_PER_CHECK, primaryEmails, submissionRule } from '../../src/core/arrivalRules';
import { ServiceError } from '../../src/core/errors';
import type { ArchiveFile, ArchiveListItem, SubmissionListItem } from '../../src/core/models';

describe('findArrival: what the list says after an unknown outcome', () => {
  interface Item { id: string; ref: string; to?: string }
  const item = (id: string, ref: string, to = 'ann@example.org'): Item => ({ id, ref, to });
  // Named "Contract"; ours when sent to Ann, not when to anyone else; unknown when the list does not say.
  const rule: ArrivalRule<Item, 'noRecipient'> = {
    id: (i) => i.id,
    named: (i) => i.ref === 'Contract',
    verify: async (i): Promise<Verdict<'noRecipient'>> => (i.to === undefined ? { kind: 'unknown', why: 'noRecipient' } : { kind: i.to === 'ann@example.org' ? 'ours' : 'other' }),
  };

  it('a new item of that name that is what was sent has arrived (the first such in the order given)', async () => {
    const after = [item('9', 'Contract'), item('8', 'Contract'), item('3', 'Contract')];
    assert.deepEqual(await findArrival(new Set(['3']), after, rule), { kind: 'arrived', item: item('9', 'Contract') });
  });

  it('a new item of that name sent elsewhere is not ours: absent, and counted', async () => {
    const after = [item('9', 'Contract', 'bob@example.org'), item('7', 'Other'), item('3', 'Contract')];
    assert.deepEqual(await findArrival(new Set(['3', '7']), after, rule), { kind: 'absent', others: 1 });
  });

  it('ours is found behind another new item of that name sent elsewhere', async () => {
    const after = [item('9', 'Contract', 'bob@example.org'), item('8', 'Contract')];
    assert.deepEqual(await findArrival(new Set(), after, rule), { kind: 'arrived', item: item('8', 'Contract') });
  });

  it('a new item of that name that cannot be told is undecided, never arrived nor absent', async () => {
    const after = [item('9', 'Contract', 'bob@example.org'), { id: '8', ref: 'Contract' }];
    assert.deepEqual(await findArrival(new Set(), after, rule), { kind: 'undecided', unknown: [{ item: { id: '8', ref: 'Contract' }, why: 'noRecipient' }] });
  });

  it('nothing new that matches is absent, even with older items of the same name', async () => {
    const after = [item('7', 'Other'), item('3', 'Contract')];
    assert.deepEqual(await findArrival(new Set(['3']), after, rule), { kind: 'absent', others: 0 });
  });

  it('without the list from before, an item that is what was sent is only a candidate, never "arrived"', async () => {
    const after = [item('3', 'Contract'), item('2', 'Other'), item('1', 'Contract', 'bob@example.org')];
    assert.deepEqual(await findArrival(undefined, after, rule), { kind: 'uncertain', candidates: [item('3', 'Contract')] });
  });

  it('without the list from before, items of that name sent elsewhere only are absent', async () => {
    assert.deepEqual(await findArrival(undefined, [item('2', 'Other'), item('1', 'Contract', 'bob@example.org')], rule), { kind: 'absent', others: 1 });
  });

  it('stops verifying once ours is found (details are requests)', async () => {
    const asked: string[] = [];
    const counting: ArrivalRule<Item, 'noRecipient'> = { ...rule, verify: (i) => (asked.push(i.id), rule.verify(i)) };
    const after = Array.from({ length: 40 }, (_, n) => item(String(100 - n), 'Contract', n === 1 ? 'ann@example.org' : 'bob@example.org'));
    assert.deepEqual(await findArrival(new Set(), after, counting), { kind: 'arrived', item: after[1] });
    assert.ok(asked.length <= 4, `asked ${asked.length}`);
  });
});

describe('submissionRule: a submission is told by its form reference and its primary recipient', () => {
  const listed = (id: string, formReference: string, email?: string): SubmissionListItem => ({
    id, formReference, sender: { fullName: 'Demo', email: 'demo@example.org' }, md5Id: '', created: { raw: '' },
    primaryRecipient: email === undefined ? undefined : { name: 'Someone', email },
  });
  const r = (email: string, type?: string) => ({ firstName: 'A', lastName: 'B', email, type });

  it('the same form reference and the primary recipient sent, the e-mail compared without regard to case or blanks', async () => {
    const rule = submissionRule({ formReference: 'Lease', recipients: [r('Ada.Lovelace@Example.org', 'PRIMARY'), r('grace@example.org', 'COPIED')] });
    assert.equal(rule.named(listed('1', 'Lease')), true);
    assert.equal(rule.named(listed('1', 'lease')), false, 'the form reference is compared exactly');
    assert.deepEqual(await rule.verify(listed('1', 'Lease', ' ada.lovelace@example.ORG ')), { kind: 'ours' });
    assert.deepEqual(await rule.verify(listed('2', 'Lease', 'grace@example.org')), { kind: 'other' }, 'a recipient sent, but not as PRIMARY');
    assert.deepEqual(await rule.verify(listed('3', 'Lease', 'bob@example.org')), { kind: 'other' });
  });

  it('a list item without its primary recipient cannot be told', async () => {
    const rule = submissionRule({ formReference: 'Lease', recipients: [r('ada@example.org', 'PRIMARY')] });
    assert.deepEqual(await rule.verify(listed('1', 'Lease')), { kind: 'unknown', why: 'noRecipient' });
    assert.deepEqual(await rule.verify(listed('1', 'Lease', '  ')), { kind: 'unknown', why: 'noRecipient' });
  });

  it('the e-mails the service may list as primary: those sent as PRIMARY (any case); an untyped first one is PRIMARY; with none, any recipient', () => {
    assert.deepEqual([...primaryEmails([r('a@x.org', 'primary'), r('b@x.org', 'REGULAR'), r('c@x.org', 'PRIMARY')])], ['a@x.org', 'c@x.org']);
    assert.deepEqual([...primaryEmails([r('a@x.org'), r('b@x.org', 'COPIED')])], ['a@x.org']);
    // Which one a service takes as primary when none was sent as such is not documented.
    assert.deepEqual([...primaryEmails([r('a@x.org', 'REGULAR'), r('B@x.org', 'COPIED')])], ['a@x.org', 'b@x.org']);
    // An untyped recipient after the first takes the package's default type, which may be PRIMARY.
    assert.deepEqual([...primaryEmails([r('a@x.org', 'PRIMARY'), r('b@x.org')])], ['a@x.org', 'b@x.org']);
  });
});

describe('lookAgainWaits: when the list is looked at again', () => {
  it('after 2 s, then twice as long each time, the last wait cut so that they add up to the total', () => {
    assert.deepEqual(lookAgainWaits(6000), [2000, 4000]);
    assert.deepEqual(lookAgainWaits(30_000), [2000, 4000, 8000, 16_000]);
    assert.deepEqual(lookAgainWaits(10_000), [2000, 4000, 4000]);
    assert.deepEqual(lookAgainWaits(1500), [1500]);
  });

  it('0 (or less) means one look only', () => {
    assert.deepEqual(lookAgainWaits(0), []);
    assert.deepEqual(lookAgainWaits(-5), []);
  });
});

describe('archiveRule: how many details a check fetches', () => {
  const listed = (n: number): ArchiveListItem[] => Array.from({ length: n }, (_, i) => ({ id: String(1000 + i), name: 'summary.pdf', title: 'Summary' }));
  const sent = { title: 'Summary', name: 'summary.pdf', file: { path: '/nonexistent/summary.pdf', size: 100, mtimeMs: 0 } };

  it(`10,000 new files of the title and name sent: ${DETAILS_PER_CHECK} details fetched, the rest not compared, and none read twice on a second look`, async () => {
    const asked: string[] = [];
    // Every detail has another size: no file is read.
    const rule = archiveRule(sent, async (id): Promise<ArchiveFile> => (asked.push(id), { ...listed(1)[0], id, ticket: '', fullSize: 99, mimetype: '', hash: '', atime: { raw: '' }, mtime: { raw: '' }, ctime: { raw: '' }, tags: [] }));
    const after = listed(10_000);
    const first = await findArrival(new Set(), after, rule);
    const second = await findArrival(new Set(), after, rule);
    assert.equal(asked.length, DETAILS_PER_CHECK);
    for (const found of [first, second]) {
      assert.equal(found.kind, 'undecided');
      assert.equal(found.kind === 'undecided' && found.unknown.length, 10_000 - DETAILS_PER_CHECK);
      assert.ok(found.kind === 'undecided' && found.unknown.every((u) => u.why === 'notCompared'));
    }
  });

  it('a detail that fails is not ours nor another: undecided; a cancelled one ends the check', async () => {
    const failing = archiveRule(sent, async () => Promise.reject(new ServiceError('serviceError', 'boom')));
    assert.deepEqual(await findArrival(new Set(), listed(1), failing), { kind: 'undecided', unknown: [{ item: listed(1)[0], why: 'detailFailed' }] });
    const cancelled = archiveRule(sent, async () => Promise.reject(new ServiceError('cancelled', 'stop')));
    await assert.rejects(findArrival(new Set(), listed(1), cancelled), (e: ServiceError) => e.kind === 'cancelled');
  });
});
