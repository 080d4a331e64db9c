import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { bound, freshMemory, merged, readMemory, unseenCount, type AccountMemory } from '../../src/core/announcedMemory';
import type { SubmissionDetail } from '../../src/core/models';
import { responseAge } from '../../src/core/responseAge';
import { ChangeTracker, bySubmission, responsesIn } from '../../src/ui/status/changes';
import { at, detail, item, kinds, LATER, LOOK, looked, time } from './statusFixtures';

describe('responses: old or new by their times', () => {
  it('tells a response at or after a moment from one before it, and says when its time cannot', () => {
    assert.equal(responseAge(time('2025-01-02 09:00:00'), at('2025-01-02 09:00:00')), 'new');
    assert.equal(responseAge(time('2025-01-02 08:59:58'), at('2025-01-02 09:00:00')), 'old');
    assert.equal(responseAge(time('2025-01-02 08:59:59'), at('2025-01-02 08:59:59') + 400), 'unknown', 'in the same second: either');
    assert.equal(responseAge(time('2025-01-02T08:59:59.100Z'), at('2025-01-02 08:59:59') + 400), 'old', 'a fraction settles it');
    assert.equal(responseAge(time('yesterday'), LOOK), 'unknown');
    assert.equal(responseAge(time('1735808400'), at('2025-01-02 08:00:00')), 'new', 'Unix seconds');
  });
});

describe('status: what changed since the user was last told', () => {
  it('the first look at an account tells nothing of what came before it', () => {
    const t = looked([item('1'), item('2', true)], LATER);
    assert.deepEqual(t.detail(detail('1', ['Ann'], 1), LATER), { changes: [], quiet: 0 });
  });

  it('a rejection made after the first look is told by the first detail read, once', () => {
    const t = looked([item('1')]);
    assert.deepEqual(kinds(t.detail(detail('1', ['Ann'], 1), LATER).changes), ['1 rejected 1 by Ann']);
    assert.deepEqual(t.detail(detail('1', ['Ann'], 1), LATER).changes, [], 'once');
  });

  it('of responses older and newer than the first look, only the rejections certainly among the new ones are told as such', () => {
    const t = looked([item('1')]);
    const d = detail('1', ['Ann', 'Ben'], 1);
    (d.recipients[0] as { responded: unknown }).responded = time('2025-01-01 09:00:00'); // Ann: before the look
    assert.deepEqual(kinds(t.detail(d, LATER).changes), ['1 responded Ben'], 'the rejection may be Ann\'s, from before');
    const u = looked([item('2')]);
    const e = detail('2', ['Ann', 'Ben'], 2);
    (e.recipients[0] as { responded: unknown }).responded = time('2025-01-01 09:00:00');
    assert.deepEqual(kinds(u.detail(e, LATER).changes), ['2 rejected 1 by Ben']);
  });

  it('a response whose time cannot be read is counted for the badge without a notice', () => {
    const t = looked([item('1')]);
    assert.deepEqual(t.detail(detail('1', ['Ann'], 0, ['Ann', 'Ben'], 'soon'), LATER), { changes: [], quiet: 1 });
    assert.deepEqual(t.detail(detail('1', ['Ann'], 0, ['Ann', 'Ben'], 'soon'), LATER), { changes: [], quiet: 0 }, 'and once');
  });

  it('a response, a rejection and a completion are each told once', () => {
    const t = looked([item('1')]);
    t.detail(detail('1', []), LATER);
    assert.deepEqual(kinds(t.detail(detail('1', ['Ann']), LATER).changes), ['1 responded Ann']);
    assert.deepEqual(kinds(t.detail(detail('1', ['Ann', 'Ben'], 1), LATER).changes), ['1 rejected 1 by Ben']);
    assert.deepEqual(t.detail(detail('1', ['Ann', 'Ben'], 1), LATER).changes, [], 'the same detail again: nothing new');
    assert.deepEqual(kinds(t.list([item('1', true)], LATER)), ['1 completed']);
    assert.deepEqual(kinds(t.detail(detail('1', ['Ann', 'Ben', 'Cid'], 1), LATER).changes), ['1 responded Cid'], 'the completion is not told again');
  });

  it('a response that disappears from one detail and comes back is not told again, nor a rejection count that goes 1 → 0 → 1', () => {
    const t = looked([item('1')]);
    t.detail(detail('1', []), LATER);
    assert.deepEqual(kinds(t.detail(detail('1', ['Ann'], 1), LATER).changes), ['1 rejected 1 by Ann']);
    assert.deepEqual(t.detail(detail('1', [], 0), LATER).changes, [], 'gone from one detail (a service answering from a lagging replica): nothing to tell');
    assert.deepEqual(t.detail(detail('1', ['Ann'], 1), LATER).changes, [], 'back again: already told');
    assert.deepEqual(kinds(t.detail(detail('1', ['Ann'], 0), LATER).changes), [], 'the count alone drops');
    assert.deepEqual(kinds(t.detail(detail('1', ['Ann', 'Ben'], 1), LATER).changes), ['1 responded Ben'], 'a new response is told; the count back at 1 is not a new rejection');
    assert.deepEqual(kinds(t.detail(detail('1', ['Ann', 'Ben'], 2), LATER).changes), ['1 rejected 1 among '], 'a second rejection is told as one more (of no new response)');
    assert.deepEqual(t.detail(detail('1', ['Ann', 'Ben'], 2), LATER).changes, [], 'and once');
  });

  it('a rejection carries the comment of the recipient who rejected, only when it is known who did', () => {
    const t = looked([item('1')]);
    t.detail(detail('1', []), LATER);
    const commented = (d: SubmissionDetail, by: Record<string, string>): SubmissionDetail => ({ ...d, recipients: d.recipients.map((r) => ({ ...r, comment: by[r.name] ?? '' })) });
    const [told] = t.detail(commented(detail('1', ['Ann'], 1), { Ann: 'Wrong figures in [x](command:y)' }), LATER).changes;
    assert.deepEqual(told.kind === 'rejected' && told.comments, [{ by: { name: 'Ann', email: 'ann@example.com' }, text: 'Wrong figures in [x](command:y)' }]);
    const [among] = t.detail(commented(detail('1', ['Ann', 'Ben', 'Cid'], 2), { Ben: 'No', Cid: 'Fine' }), LATER).changes;
    assert.deepEqual(among.kind === 'rejected' && among.comments, [], 'two of three responses, one rejection: whose comment says why is not known');
  });

  it('rejections the counter cannot pin on one recipient name those among whom they are', () => {
    const t = looked([item('1')]);
    t.detail(detail('1', []), LATER);
    const { changes } = t.detail(detail('1', ['Ann', 'Ben'], 1), LATER);
    assert.deepEqual(kinds(changes), ['1 rejected 1 among Ann,Ben', '1 responded Ann', '1 responded Ben']);
    assert.equal(changes.reduce((n, c) => n + responsesIn(c), 0), 2, 'two responses for the badge, not three');
  });

  it('what was told is remembered across sessions: a later session tells only what is new, and what happened meanwhile', () => {
    const t = looked([item('1'), item('2')]);
    t.detail(detail('1', ['Ann'], 1), LATER);
    t.addUnseen('1', 1, LATER);
    const kept = JSON.parse(JSON.stringify(t.memory)) as unknown;
    const next = new ChangeTracker();
    next.reset(readMemory(kept));
    assert.equal(unseenCount(next.memory), 1, 'the badge survives');
    assert.deepEqual(next.list([item('1'), item('2')], LATER + 60_000), []);
    assert.deepEqual(next.detail(detail('1', ['Ann'], 1), LATER + 60_000).changes, [], 'told before the reload: not again');
    assert.deepEqual(kinds(next.detail(detail('2', ['Ben']), LATER + 60_000).changes), ['2 responded Ben'], 'made while away: told');
    assert.equal(next.lookedAt('1', LATER + 60_000), true);
    assert.equal(unseenCount(next.memory), 0);
  });

  it('a submission made since the last list is new: fetched first, and what it already has is a change', () => {
    const t = looked([item('1')]);
    t.list([item('1'), item('2', false, '2025-01-02 08:30:00'), item('3', true, '2025-01-02 08:40:00'), item('4', true)], LATER);
    assert.deepEqual(t.pick(['1', '2'], [], 5), ['2', '3', '1']);
    assert.deepEqual(kinds(t.detail(detail('3', ['Ann', 'Ben', 'Cid']), LATER).changes), ['3 responded Ann', '3 responded Ben', '3 responded Cid', '3 completed']);
    assert.deepEqual(t.detail(detail('4', ['Ann', 'Ben', 'Cid'], 0, undefined, '2025-01-01 09:00:00'), LATER).changes, [], 'completed before the first look');
  });

  it('a submission made and answered in the second of the first look, after it, is new: every response it has is told', () => {
    // The service writes times to the second: made at 08:00:00.700 and rejected at 08:00:00.900 both read 08:00:00.
    const t = looked([item('1')], LOOK + 500);
    t.list([item('1'), item('2', false, '2025-01-02 08:00:00')], LOOK + 3500);
    assert.deepEqual(t.pick(['1', '2'], [], 1), ['2'], 'fetched first');
    const news = t.detail(detail('2', ['Ann'], 1, undefined, '2025-01-02 08:00:00'), LOOK + 3600);
    assert.deepEqual(kinds(news.changes), ['2 rejected 1 by Ann']);
    assert.equal(news.quiet, 0);
  });

  it('a submission in the first list whose response falls in the second of that look is counted without a notice', () => {
    const t = looked([item('2')], LOOK + 500);
    const news = t.detail(detail('2', ['Ann'], 1, undefined, '2025-01-02 08:00:00'), LOOK + 3600);
    assert.deepEqual(news, { changes: [], quiet: 1 });
  });

  it('a detail before any list tells nothing', () => {
    const t = new ChangeTracker();
    assert.deepEqual(t.detail(detail('9', ['Ann']), LATER), { changes: [], quiet: 0 });
  });

  it('the first list of an account looked at before is the start of a look: its pending submissions in the list\'s order, and when the last look was', () => {
    const t = looked([item('1'), item('2'), item('3')]);
    const before = t.memory!;
    const next = new ChangeTracker();
    next.reset(readMemory(JSON.parse(JSON.stringify(before))));
    assert.equal(next.lastLook, LOOK, 'the last look, kept');
    next.list([item('3'), item('2'), item('1')], LATER);
    assert.ok(next.firstList);
    assert.deepEqual(next.pick(['3', '2', '1'], [], 2), ['3', '2'], 'the first of the pending ones, as listed');
    next.list([item('3'), item('2'), item('1')], LATER + 1);
    assert.ok(!next.firstList);
    const fresh = new ChangeTracker();
    fresh.reset(undefined);
    assert.equal(fresh.lastLook, undefined, 'never looked at here: no last look');
  });

  it('picks at most `max` details: those the list says changed first, then the pending ones checked longest ago', () => {
    const t = new ChangeTracker();
    const ids = ['1', '2', '3', '4', '5'];
    t.list(ids.map((id) => item(id)), LOOK);
    assert.deepEqual(t.pick(ids, [], 2), [], 'the first list is fetched alone');
    const checked = new Map<string, number[]>(ids.map((id) => [id, []]));
    const polls = 9;
    for (let poll = 0; poll < polls; poll++) {
      t.list(ids.map((id) => item(id)), LOOK + poll);
      const picked = t.pick(ids, [], 2);
      assert.equal(picked.length, 2);
      for (const id of picked) {
        checked.get(id)!.push(poll);
        t.detail(detail(id, []), LOOK + poll);
      }
    }
    for (const [id, seen] of checked) {
      // Each of 5 pending submissions is checked in every ⌈5/2⌉ = 3 polls in a row.
      for (let from = 0; from + 3 <= polls; from++) assert.ok(seen.some((p) => p >= from && p < from + 3), `${id} checked at ${seen.join(',')}`);
    }
    t.list([item('1'), item('2'), item('3'), item('4', true), item('5'), item('6', false, '2025-01-03 00:00:00')], LATER);
    assert.deepEqual(t.pick(['1', '2', '3', '5', '6'], [], 2), ['4', '6'], 'completed and new first');
  });

  it('groups changes by submission in the order they came', () => {
    const s = (id: string) => ({ id, formReference: id });
    const grouped = bySubmission([{ kind: 'completed', submission: s('a') }, { kind: 'completed', submission: s('b') }, { kind: 'responded', submission: s('a'), recipient: { name: 'X', email: '' } }]);
    assert.deepEqual([...grouped.keys()], ['a', 'b']);
    assert.equal(grouped.get('a')?.length, 2);
  });
});

describe('the memory of what was told', () => {
  it('keeps at most its bound: completed submissions looked at go first, then those never read, then the least recent, moving `since` past a read one dropped', () => {
    const m: AccountMemory = { ...freshMemory(0), subs: { a: { c: 1, t: 5 }, b: { c: 0, r: [], j: 0, t: 1 }, c: { c: 0, t: 2 }, d: { c: 1, u: 2, t: 3 } } };
    assert.deepEqual(Object.keys(bound(m, 3).subs).sort(), ['b', 'c', 'd']);
    const two = bound(m, 2);
    assert.deepEqual(Object.keys(two.subs).sort(), ['b', 'd'], 'c was never read: nothing of it was told');
    assert.equal(two.since, 0);
    const one = bound(m, 1);
    assert.deepEqual(Object.keys(one.subs), ['d']);
    assert.equal(one.since, 1, 'b was read at 1');
    assert.equal(bound(m, 4), m);
  });

  it('reads what it wrote, and anything else as nothing', () => {
    const m = freshMemory(7);
    m.subs.x = { c: 0, r: ['a@example.com'], j: 1, u: 2, ua: 8, t: 9 };
    assert.deepEqual(readMemory(JSON.parse(JSON.stringify(m))), m);
    assert.equal(readMemory({ v: 2 }), undefined);
    assert.equal(readMemory('x'), undefined);
    assert.deepEqual(Object.keys(readMemory({ ...m, subs: { x: { t: 'no' }, y: { t: 1 } } })!.subs), ['y']);
  });

  it('two copies together tell nothing twice, whichever is older; the later look at a submission says its unseen count', () => {
    const older = freshMemory(1);
    older.subs.x = { c: 0, t: 1 };
    older.subs.y = { c: 0, r: [], j: 0, u: 1, ua: 5, t: 5 };
    const newer = freshMemory(1);
    newer.subs.x = { c: 1, r: ['a'], j: 1, t: 9 };
    newer.subs.y = { c: 0, r: ['b'], j: 0, ua: 7, t: 7 };
    newer.subs.z = { c: 0, t: 9 };
    for (const m of [merged(older, newer), merged(newer, older)]) {
      assert.deepEqual(m.subs.x, { c: 1, r: ['a'], j: 1, t: 9 });
      assert.deepEqual(m.subs.y, { c: 0, r: ['b'], j: 0, ua: 7, t: 7 }, 'looked at after it was counted');
      assert.ok(m.subs.z);
    }
  });
});
