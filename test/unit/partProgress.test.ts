import * as assert from 'node:assert/strict';
import { documentAt } from '../../src/core';

describe('which document of an upload is going out', () => {
  const sizes = [100, 50, 200];

  it('is the first while the package and framing go out, then each in order', () => {
    assert.deepEqual([0, 299, 300, 399, 400, 449, 450, 649].map((sent) => documentAt(sent, 300, sizes)), [0, 0, 0, 0, 1, 1, 2, 2]);
  });

  it('stays on the last one once every byte went out, and copes with no documents or empty ones', () => {
    assert.equal(documentAt(10_000, 300, sizes), 2);
    assert.equal(documentAt(5, 0, []), 0);
    assert.equal(documentAt(10, 10, [0, 0, 7]), 2);
  });
});
