import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { LateBound } from '../../src/ui/lateBound';

describe('a late-bound function (ui/lateBound)', () => {
  it('handed over before it is bound, it calls what is bound later, with its arguments and result', () => {
    const late = new LateBound<[number, string], string>('the drop');
    const handed = late.call;
    late.bind((n, s) => `${s}${n * 2}`);
    assert.equal(handed(21, 'n='), 'n=42');
  });

  it('called before it is bound, or bound twice, it says so by name', () => {
    const late = new LateBound<[], void>('the Archive view\'s drop');
    assert.throws(() => late.call(), /^Error: the Archive view's drop was called before it was bound\.$/);
    late.bind(() => undefined);
    assert.throws(() => late.bind(() => undefined), /the Archive view's drop is bound already/);
  });
});
