import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import type { Recipient, SubmissionDetail, SubmissionListItem } from '../../src/core/models';
import { ChangeTracker, bySubmission, responsesIn, type Change } from '../../src/ui/status/changes';

const time = (raw: string) => ({ raw });

function item(id: string, completed = false): SubmissionListItem {
  return { id, formReference: `Form ${id}`, sender: { fullName: 'S', email: 's@example.com' }, md5Id: 'x', created: time('2025-01-01 08:00:00'), completed };
}

function recipient(name: string, responded = false): Recipient {
  return {
    name, email: `${name.toLowerCase()}@example.com`, recpType: 'REGULAR', timeViewed: time(''), responded: time(responded ? '2025-01-02 09:00:00' : ''),
    comment: '', endorsement: '', created: time('2025-01-01 08:00:00'), responseStatus: '',
  };
}

function detail(id: string, responded: readonly string[], rejected = 0, names = ['Ann', 'Ben', 'Cid']): SubmissionDetail {
  const recipients = names.map((n) => recipient(n, responded.includes(n)));
  return {
    ...item(id, responded.length === names.length), recipients, attachments: [],
    total: { involved: names.length, accepted: responded.length - rejected, clarified: 0, rejected },
  };
}

const kinds = (changes: readonly Change[]) => changes.map((c) => {
  if (c.kind === 'responded') return `${c.submission.id} responded ${c.recipient.name}`;
  if (c.kind === 'rejected') return `${c.submission.id} rejected ${c.count} ${c.exact ? 'by' : 'among'} ${c.recipients.map((r) => r.name).join(',')}`;
  return `${c.submission.id} completed`;
});

describe('status: what changed since the last look', () => {
  it('takes the first list and each first detail as the baseline: nothing is a change', () => {
    const t = new ChangeTracker();
    assert.deepEqual(t.list([item('1'), item('2', true)]), { changes: [], changed: [] });
    assert.deepEqual(t.detail(detail('1', ['Ann'], 1)), []);
  });

  it('a response, a rejection and a completion are each told once', () => {
    const t = new ChangeTracker();
    t.list([item('1')]);
    t.detail(detail('1', []));
    assert.deepEqual(kinds(t.detail(detail('1', ['Ann']))), ['1 responded Ann']);
    assert.deepEqual(kinds(t.detail(detail('1', ['Ann', 'Ben'], 1))), ['1 rejected 1 by Ben']);
    assert.deepEqual(t.detail(detail('1', ['Ann', 'Ben'], 1)), [], 'the same detail again: nothing new');
    assert.deepEqual(kinds(t.list([item('1', true)]).changes), ['1 completed']);
    assert.deepEqual(kinds(t.detail(detail('1', ['Ann', 'Ben', 'Cid'], 1))), ['1 responded Cid'], 'the completion is not told again');
  });

  it('a response that disappears from one detail and comes back is not told again, nor a rejection count that goes 1 → 0 → 1', () => {
    const t = new ChangeTracker();
    t.list([item('1')]);
    t.detail(detail('1', []));
    assert.deepEqual(kinds(t.detail(detail('1', ['Ann'], 1))), ['1 rejected 1 by Ann']);
    assert.deepEqual(t.detail(detail('1', [], 0)), [], 'gone from one detail (a service answering from a lagging replica): nothing to tell');
    assert.deepEqual(t.detail(detail('1', ['Ann'], 1)), [], 'back again: already told');
    assert.deepEqual(kinds(t.detail(detail('1', ['Ann'], 0))), [], 'the count alone drops');
    assert.deepEqual(kinds(t.detail(detail('1', ['Ann', 'Ben'], 1))), ['1 responded Ben'], 'a new response is told; the count back at 1 is not a new rejection');
    assert.deepEqual(kinds(t.detail(detail('1', ['Ann', 'Ben'], 2))), ['1 rejected 1 among '], 'a second rejection is told as one more (of no new response)');
    assert.deepEqual(t.detail(detail('1', ['Ann', 'Ben'], 2)), [], 'and once');
  });

  it('rejections the counter cannot pin on one recipient name those among whom they are', () => {
    const t = new ChangeTracker();
    t.list([item('1')]);
    t.detail(detail('1', []));
    const changes = t.detail(detail('1', ['Ann', 'Ben'], 1));
    assert.deepEqual(kinds(changes), ['1 rejected 1 among Ann,Ben', '1 responded Ann', '1 responded Ben']);
    assert.equal(changes.reduce((n, c) => n + responsesIn(c), 0), 2, 'two responses for the badge, not three');
  });

  it('a submission that appears after the first list is new: what it already has is a change', () => {
    const t = new ChangeTracker();
    t.list([item('1')]);
    assert.deepEqual(t.list([item('1'), item('2')]).changed, ['2']);
    assert.deepEqual(kinds(t.detail(detail('2', ['Ann'], 1))), ['2 rejected 1 by Ann']);
    const gone = new ChangeTracker();
    gone.list([]);
    assert.deepEqual(kinds(gone.list([item('3', true)]).changes), ['3 completed'], 'new and already completed');
  });

  it('a detail of a submission not in the list, and a reset, tell nothing', () => {
    const t = new ChangeTracker();
    t.list([item('1')]);
    assert.deepEqual(t.detail(detail('9', ['Ann'])), []);
    t.reset();
    assert.deepEqual(t.list([item('1', true)]).changes, [], 'after a reset the next list is the baseline');
  });

  it('picks at most `max` details: those the list says changed first, then the pending ones checked longest ago', () => {
    const t = new ChangeTracker();
    const ids = ['1', '2', '3', '4', '5'];
    t.list(ids.map((id) => item(id)));
    assert.deepEqual(t.pick(ids, [], 2), [], 'the first list is fetched alone');
    const checked = new Map<string, number[]>(ids.map((id) => [id, []]));
    const polls = 9;
    for (let poll = 0; poll < polls; poll++) {
      const { changed } = t.list(ids.map((id) => item(id)));
      const picked = t.pick(ids, changed, 2);
      assert.equal(picked.length, 2);
      for (const id of picked) {
        checked.get(id)!.push(poll);
        t.detail(detail(id, []));
      }
    }
    for (const [id, at] of checked) {
      // Each of 5 pending submissions is checked in every ⌈5/2⌉ = 3 polls in a row.
      for (let from = 0; from + 3 <= polls; from++) assert.ok(at.some((p) => p >= from && p < from + 3), `${id} checked at ${at.join(',')}`);
    }
    const { changed } = t.list([item('1'), item('2'), item('3'), item('4', true), item('5'), item('6')]);
    assert.deepEqual(t.pick(['1', '2', '3', '5', '6'], changed, 2), ['4', '6'], 'completed and new first');
  });

  it('groups changes by submission in the order they came', () => {
    const s = (id: string) => ({ id, formReference: id });
    const grouped = bySubmission([{ kind: 'completed', submission: s('a') }, { kind: 'completed', submission: s('b') }, { kind: 'responded', submission: s('a'), recipient: { name: 'X', email: '' } }]);
    assert.deepEqual([...grouped.keys()], ['a', 'b']);
    assert.equal(grouped.get('a')?.length, 2);
  });
});
