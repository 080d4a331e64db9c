import assert from 'node:assert/strict';
import { describe, it } from 'mocha';
import { findArrival, lookAgainWaits } from '../../src/core/arrival';

describe('findArrival: what the list says after an unknown outcome', () => {
  const item = (id: string, ref: string) => ({ id, ref });
  const byId = (i: { id: string }) => i.id;
  const isContract = (i: { ref: string }) => i.ref === 'Contract';

  it('a matching item that was not listed before has arrived (the newest such)', () => {
    const after = [item('9', 'Contract'), item('8', 'Contract'), item('3', 'Contract')];
    assert.deepEqual(findArrival(new Set(['3']), after, byId, isContract), { kind: 'arrived', item: item('9', 'Contract') });
  });

  it('nothing new that matches is absent, even with older items of the same name', () => {
    const after = [item('7', 'Other'), item('3', 'Contract')];
    assert.deepEqual(findArrival(new Set(['3']), after, byId, isContract), { kind: 'absent' });
  });

  it('without the list from before, an older item of the same name is only a candidate, never "arrived"', () => {
    const after = [item('3', 'Contract'), item('2', 'Other')];
    assert.deepEqual(findArrival(undefined, after, byId, isContract), { kind: 'uncertain', candidates: [item('3', 'Contract')] });
  });

  it('without the list from before and no item of that name, it is absent', () => {
    assert.deepEqual(findArrival(undefined, [item('2', 'Other')], byId, isContract), { kind: 'absent' });
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
