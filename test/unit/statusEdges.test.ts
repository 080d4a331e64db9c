import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { bound, merged, readMemory, REMEMBERED_SUBMISSIONS, unseenCount, type AccountMemory } from '../../src/core/announcedMemory';
import type { SubmissionDetail } from '../../src/core/models';
import { responseAge } from '../../src/core/responseAge';
import { ChangeTracker } from '../../src/ui/status/changes';
import { at, detail, item, kinds, LATER, LOOK, looked, time } from './statusFixtures';

/** A detail whose recipients have these e-mail addresses (in order). */
function withEmails(d: SubmissionDetail, emails: readonly string[]): SubmissionDetail {
  return { ...d, recipients: d.recipients.map((r, i) => ({ ...r, email: emails[i] })) };
}

/** The JSON global state keeps. */
const kept = (m: AccountMemory | undefined): unknown => JSON.parse(JSON.stringify(m));

describe('status: what a hostile service, a heavy user or a wrong clock cannot make it miss or tell twice', () => {
  it('a submission whose id is __proto__ or constructor is followed like any other, and no other object changes', () => {
    const polluted = () => ['t', 'c', 'r', 'j'].filter((k) => k in {});
    try {
      const t = looked([item('__proto__'), item('constructor'), item('1')]);
      assert.deepEqual(polluted(), [], 'the list set nothing on every object');
      assert.deepEqual(kinds(t.detail(detail('__proto__', ['Ann'], 1), LATER).changes), ['__proto__ rejected 1 by Ann']);
      assert.deepEqual(kinds(t.detail(detail('constructor', ['Ben']), LATER).changes), ['constructor responded Ben']);
      assert.deepEqual(polluted(), [], 'the details set nothing on every object');
      assert.deepEqual(kinds(t.detail(detail('1', ['Cid']), LATER).changes), ['1 responded Cid'], 'another submission is not taken for one seen');
      const next = new ChangeTracker();
      next.reset(readMemory(kept(bound(merged(t.memory!, readMemory(kept(t.memory))!)))));
      assert.deepEqual(Object.keys(next.memory!.subs).sort(), ['1', '__proto__', 'constructor'], 'kept and read back');
      assert.deepEqual(next.detail(detail('__proto__', ['Ann'], 1), LATER).changes, [], 'told once, across a reload');
    } finally {
      for (const k of polluted()) delete (Object.prototype as Record<string, unknown>)[k];
    }
  });

  it('two recipients with one e-mail address are each told when they respond', () => {
    const t = looked([item('1')]);
    const same = (responded: string[]) => withEmails(detail('1', responded, 0, ['Ann', 'Ben']), ['ann@example.com', 'ANN@example.com']);
    t.detail(same([]), LATER);
    assert.deepEqual(kinds(t.detail(same(['Ann']), LATER).changes), ['1 responded Ann']);
    assert.deepEqual(kinds(t.detail(same(['Ann', 'Ben']), LATER).changes), ['1 responded Ben', '1 completed']);
  });

  it('recipients without an e-mail address are told once each, whatever their order in the detail', () => {
    const t = looked([item('1')]);
    const noEmail = (d: SubmissionDetail) => withEmails(d, ['', '', '']);
    t.detail(noEmail(detail('1', [])), LATER);
    assert.deepEqual(kinds(t.detail(noEmail(detail('1', ['Ann'])), LATER).changes), ['1 responded Ann']);
    const reordered = noEmail(detail('1', ['Ann', 'Ben']));
    const [ann, ben, cid] = reordered.recipients;
    assert.deepEqual(kinds(t.detail({ ...reordered, recipients: [ben, cid, ann] }, LATER).changes), ['1 responded Ben'], 'Ann not again, Ben not taken for her');
    assert.deepEqual(t.detail({ ...reordered, recipients: [ann, ben] }, LATER).changes, [], 'Cid removed: nobody told again');
  });

  it('over the bound of pending submissions, a response to one never read is still told', () => {
    const ids = Array.from({ length: REMEMBERED_SUBMISSIONS + 5 }, (_, i) => String(i));
    const t = new ChangeTracker();
    let stored: unknown;
    // As the extension does: read what is kept, compare, keep it (bounded).
    const step = <T>(compare: () => T): T => {
      t.sync(readMemory(stored));
      const out = compare();
      stored = kept(bound(t.memory!));
      return out;
    };
    step(() => t.list(ids.map((id) => item(id)), LOOK));
    step(() => t.list(ids.map((id) => item(id)), LATER));
    assert.deepEqual(kinds(step(() => t.detail(detail('7', ['Ann']), LATER + 1000)).changes), ['7 responded Ann'], 'responded between the two lists');
  });

  it('a response whose time lies ahead of this computer\'s clock cannot say it is news: counted without a notice', () => {
    // The service's clock 5 minutes ahead: a response 2 minutes before the first look reads 3 minutes after it.
    const t = looked([item('1')]);
    assert.deepEqual(t.detail(detail('1', ['Ann'], 1, undefined, '2025-01-02 08:03:00'), LOOK + 60_000), { changes: [], quiet: 1 });
  });

  it('a completed submission made in the second of a list, and in that list, is not new in the next one', () => {
    const t = looked([item('1'), item('2', true, '2025-01-02 08:00:00')], LOOK + 500);
    t.list([item('1'), item('2', true, '2025-01-02 08:00:00')], LOOK + 3500);
    assert.deepEqual(t.pick(['1'], [], 3), ['1'], 'not fetched as new');
    assert.deepEqual(t.detail(detail('2', ['Ann', 'Ben', 'Cid'], 0, undefined, '2025-01-02 08:00:00'), LOOK + 3600).changes, [], 'its responses are no news');
  });

  it('a clock put back does not make a submission of an earlier list new', () => {
    const t = looked([item('1'), item('2', true, '2025-01-02 09:30:00')], LATER);
    t.list([item('1'), item('2', true, '2025-01-02 09:30:00')], LATER - 3600_000); // the clock goes back an hour
    t.list([item('1'), item('2', true, '2025-01-02 09:30:00')], LATER - 3590_000);
    assert.deepEqual(t.pick(['1'], [], 3), ['1']);
    assert.deepEqual(t.detail(detail('2', ['Ann', 'Ben', 'Cid'], 0, undefined, '2025-01-02 09:20:00'), LATER - 3580_000).changes, []);
  });

  it('a memory that lies ahead of this clock (a clock set ahead once, an edit by hand) is read as of now: what comes after is told', () => {
    const ahead = at('2099-01-01 00:00:00');
    const t = new ChangeTracker();
    t.reset(readMemory({ v: 1, since: ahead, look: ahead, subs: { 1: { c: 0, t: ahead } } }, LOOK));
    t.list([item('1')], LOOK);
    assert.deepEqual(kinds(t.detail(detail('1', ['Ann'], 1), LATER).changes), ['1 rejected 1 by Ann']);
  });

  it('responses looked at after the clock went back stay looked at when another window\'s older copy is merged', () => {
    const t = looked([item('1')]);
    t.detail(detail('1', ['Ann']), LATER);
    t.addUnseen('1', 1, LATER + 3600_000); // counted with the clock an hour ahead
    const otherWindow = readMemory(kept(t.memory))!;
    assert.equal(t.lookedAt('1', LATER), true); // looked at once the clock was put right
    assert.equal(unseenCount(merged(t.memory!, otherWindow)), 0);
    assert.equal(unseenCount(merged(otherWindow, t.memory!)), 0);
  });

  it('a time with a fraction of one digit covers that tenth of a second', () => {
    assert.equal(responseAge(time('2025-01-02T08:59:59.9Z'), at('2025-01-02 08:59:59') + 950), 'unknown');
    assert.equal(responseAge(time('2025-01-02T08:59:59.9Z'), at('2025-01-02 09:00:00')), 'old');
  });
});
