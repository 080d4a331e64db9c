// How the host run's files are dealt into parts (test/host/hostParts.ts).
import * as assert from 'node:assert/strict';
import { partFiles } from '../host/hostParts';

describe('host run parts', () => {
  const measured = { a: 300, b: 200, c: 150, d: 100, e: 50, f: 40, g: 10 };
  const files = Object.keys(measured);
  const sum = (fs: string[]) => fs.reduce((t, f) => t + measured[f as keyof typeof measured], 0);

  it('deals every file to exactly one part', () => {
    const parts = [1, 2, 3].map((k) => partFiles(files, k, 3, measured));
    assert.deepEqual(parts.flat().sort(), files);
  });

  it('ends the parts about together, the first one earlier by the short runs that follow it', () => {
    const [one, two] = [1, 2].map((k) => sum(partFiles(files, k, 2, measured)));
    assert.ok(Math.abs(one + 60 - two) <= 50, `${one} + 60 vs ${two}`);
  });

  it('counts a file it has not measured as the median, and deals the same way every time', () => {
    const more = [...files, 'new1', 'new2'];
    assert.deepEqual(partFiles(more, 1, 2, measured), partFiles([...more].reverse(), 1, 2, measured).sort());
    assert.equal(partFiles(more, 1, 2, measured).length + partFiles(more, 2, 2, measured).length, more.length);
  });
});
