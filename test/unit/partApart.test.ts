import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { PartNotLoadedError, partApart } from '../../src/ui/partApart';

describe('a part of the extension bundled apart (ui/partApart)', () => {
  it('is loaded on first use, once, and what it exports is handed back', () => {
    let loads = 0;
    const part = partApart('composerHost.js', () => ({ n: ++loads }));
    assert.equal(loads, 0, 'nothing is loaded before it is used');
    assert.equal(part().n, 1);
    assert.equal(part(), part());
    assert.equal(loads, 1);
  });

  it('that cannot be loaded says which file and why, and is tried again at the next use', () => {
    let fail = true;
    const part = partApart('composerHost.js', () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      if (fail) return require('./no-such-part.js') as { n: number };
      return { n: 2 };
    });
    assert.throws(part, (e: unknown) => e instanceof PartNotLoadedError && e.file === 'composerHost.js' && /composerHost\.js could not be loaded: Cannot find module '\.\/no-such-part\.js'/.test(e.message));
    fail = false;
    assert.equal(part().n, 2);
  });
});
