// What Send Again With… starts from (the service's detail and what this
// machine kept of a submission it sent), and how a draft's last edit is
// worded in the New Submission picker.
import * as assert from 'node:assert/strict';
import type { SubmissionDetail } from '../../src/core';
import { formFrom } from '../../src/ui/composer/formSubmission';
import { timeAgo } from '../../src/ui/text/timeAgo';

const defaults = { broadcast: '0', transparency: '0', confirmIntent: '0' };
const detail = (o: Partial<SubmissionDetail>): SubmissionDetail => ({
  id: '1002', formReference: 'BUDGET-2025', sender: { fullName: 'Me', email: 'me@example.org' }, md5Id: 'x', created: { raw: '' },
  recipients: [{ name: 'Ann Other', email: 'ann@example.org', recpType: 'PRIMARY', timeViewed: { raw: '' }, responseStatus: '', responded: { raw: '' }, comment: '', endorsement: '', created: { raw: '' } }],
  attachments: [], total: {}, ...o,
});

describe('Send Again With…: the form it starts from', () => {
  it('keeps the form reference and the broadcast the service tells, with the defaults for what it does not', () => {
    const form = formFrom(detail({ broadcast: true }), undefined, [], defaults);
    assert.deepEqual([form.formReference, form.coverNote, form.data, form.advanced], ['BUDGET-2025', '', '', { ...defaults, broadcast: '1' }]);
    assert.deepEqual(form.recipients.map((r) => [r.name, r.email, r.type]), [['Ann Other', 'ann@example.org', 'PRIMARY']]);
  });

  it('takes back the cover note, data and Advanced values this machine kept when it sent it', () => {
    const kept = { coverNote: 'Dear all,\n\nplease sign.', data: '<d/>', advanced: { broadcast: '1', transparency: '2', confirmIntent: '1' } };
    const form = formFrom(detail({ broadcast: true }), kept, [], defaults);
    assert.deepEqual([form.coverNote, form.data, form.advanced], [kept.coverNote, kept.data, kept.advanced]);
  });

  it('an earlier version kept the cover note alone: the rest as the service tells or the defaults', () => {
    const form = formFrom(detail({ broadcast: undefined }), { coverNote: 'Note' }, [], defaults);
    assert.deepEqual([form.coverNote, form.data, form.advanced], ['Note', '', defaults]);
  });
});

describe('how long ago a draft was edited', () => {
  const now = Date.UTC(2026, 2, 14, 12, 0, 0);
  const ago = (ms: number) => timeAgo(now - ms, now, 'en');
  it('says the largest whole unit, in words', () => {
    assert.equal(ago(30_000), undefined, 'under a minute: "just now" is the caller\'s');
    assert.equal(ago(5 * 60_000 + 59_000), '5 minutes ago');
    assert.equal(ago(3 * 3600_000), '3 hours ago');
    assert.equal(ago(26 * 3600_000), 'yesterday');
    assert.equal(ago(9 * 24 * 3600_000), 'last week');
    assert.equal(ago(400 * 24 * 3600_000), 'last year');
  });
  it('in the display language', () => {
    assert.equal(timeAgo(now - 2 * 3600_000, now, 'de'), 'vor 2 Stunden');
  });
  it('a time after now (another clock) is not "ago"', () => {
    assert.equal(ago(-60_000), undefined);
  });
});
