import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { formatBytes } from '../../src/core/byteSize';

describe('formatBytes (one convention: 1,024 bytes to the KB)', () => {
  it('gives an exact count below 1 KB, then KB, MB, GB, TB with at most one decimal, only below 10', () => {
    assert.equal(formatBytes(0), '0 bytes');
    assert.equal(formatBytes(1023), '1,023 bytes');
    assert.equal(formatBytes(1024), '1 KB');
    assert.equal(formatBytes(1434), '1.4 KB');
    assert.equal(formatBytes(2048), '2 KB');
    assert.equal(formatBytes(10 * 1024 + 700), '11 KB');
    assert.equal(formatBytes(1024 * 1024), '1 MB');
    assert.equal(formatBytes(1.5 * 1024 ** 3), '1.5 GB');
    assert.equal(formatBytes(2048 * 1024 ** 4), '2,048 TB', 'TB is the largest unit');
  });

  it('formats the number in the locale given, and words a small count as told', () => {
    assert.equal(formatBytes(1434, 'de'), '1,4 KB');
    assert.equal(formatBytes(512, 'de', (c) => `${c} Byte`), '512 Byte');
    assert.equal(formatBytes(2048 * 1024 ** 4, 'de'), '2.048 TB');
  });
});
