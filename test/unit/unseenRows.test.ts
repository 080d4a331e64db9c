import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { freshMemory, unseenIds } from '../../src/core/announcedMemory';
import { UnseenRows } from '../../src/ui/submissions/unseenRows';

describe('the rows of Show Only… Unseen responses', () => {
  it('are the submissions with responses not looked at', () => {
    const m = freshMemory(0);
    Object.assign(m.subs, { a: { t: 0, u: 2 }, b: { t: 0 }, c: { t: 0, u: 0 } });
    assert.deepEqual([...unseenIds(m)], ['a']);
    assert.deepEqual([...unseenIds(undefined)], []);
  });

  it('keep a row looked at until the filter is set again, and take in new ones', () => {
    const rows = new UnseenRows();
    rows.update('c1', new Set(['a']));
    rows.start();
    assert.ok(rows.keeps('c1', 'a') && !rows.keeps('c1', 'b'));
    assert.equal(rows.update('c1', new Set()), false, 'a looked at: nothing more to show');
    assert.ok(rows.keeps('c1', 'a'), 'still kept');
    assert.equal(rows.update('c1', new Set(['b'])), true, 'b told: one more row');
    assert.ok(rows.keeps('c1', 'b'));
    rows.start();
    assert.ok(!rows.keeps('c1', 'a') && rows.keeps('c1', 'b'), 'set again: what is unseen now');
  });

  it('tell apart the same id on two connections', () => {
    const rows = new UnseenRows();
    rows.update('c1', new Set(['1']));
    rows.update('c2', new Set(['2']));
    rows.start();
    assert.ok(rows.keeps('c1', '1') && rows.keeps('c2', '2'), 'each connection\'s unseen rows');
    assert.ok(!rows.keeps('c2', '1') && !rows.keeps('c1', '2'), 'not the other\'s of the same id');
    assert.equal(rows.update('c2', new Set(['1'])), true, 'submission 1 of c2 is another row');
  });
});
