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
    rows.update(new Set(['a']));
    rows.start();
    assert.ok(rows.keeps('a') && !rows.keeps('b'));
    assert.equal(rows.update(new Set()), false, 'a looked at: nothing more to show');
    assert.ok(rows.keeps('a'), 'still kept');
    assert.equal(rows.update(new Set(['b'])), true, 'b told: one more row');
    assert.ok(rows.keeps('b'));
    rows.start();
    assert.ok(!rows.keeps('a') && rows.keeps('b'), 'set again: what is unseen now');
  });
});
