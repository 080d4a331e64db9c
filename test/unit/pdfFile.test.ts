import { after, before, describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { openToRead } from '../../src/core/localFile';
import { readAtMost } from '../../src/core';

/** What a PDF on disk gives the viewer: a regular file's bytes, or at once the reason it is none. */
describe('a PDF on disk opened to be shown', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'dsas-pdf-file-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const opened = async (p: string): Promise<string> => {
    // A pipe would keep a read waiting for ever: the answer must come at once.
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${path.basename(p)}: no answer within 2 s`)), 2000).unref());
    const read = openToRead(p).then(async (f) => `${f.length} bytes: ${(await readAtMost(f.stream, 1024, () => new Error('too large'))).toString('latin1')}`);
    return Promise.race([read, timeout]).catch((e: Error) => e.message);
  };

  it('reads a regular file, also through a link to one outside the folder', async () => {
    writeFileSync(path.join(dir, 'a.pdf'), '%PDF-1.7 x');
    mkdirSync(path.join(dir, 'inside'));
    symlinkSync(path.join(dir, 'a.pdf'), path.join(dir, 'inside', 'linked.pdf'));
    assert.equal(await opened(path.join(dir, 'a.pdf')), '10 bytes: %PDF-1.7 x');
    assert.equal(await opened(path.join(dir, 'inside', 'linked.pdf')), '10 bytes: %PDF-1.7 x');
  });

  it('refuses a named pipe, a folder and a device called *.pdf at once, saying what they are', async function () {
    if (process.platform === 'win32') this.skip();
    execFileSync('mkfifo', [path.join(dir, 'pipe.pdf')]);
    mkdirSync(path.join(dir, 'folder.pdf'));
    symlinkSync('/dev/zero', path.join(dir, 'zero.pdf'));
    assert.equal(await opened(path.join(dir, 'pipe.pdf')), '"pipe.pdf" is not a file.');
    assert.equal(await opened(path.join(dir, 'folder.pdf')), '"folder.pdf" is not a file.');
    assert.equal(await opened(path.join(dir, 'zero.pdf')), '"zero.pdf" is not a file.');
    assert.equal(await opened(path.join(dir, 'gone.pdf')), '"gone.pdf" does not exist.');
  });
});
