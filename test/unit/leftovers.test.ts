import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { addedToTempFolder, noteTempFolder } from '../reliability/leftovers';

describe('what the tests leave in the temporary folder', () => {
  let root: string;
  beforeEach(() => (root = mkdtempSync(path.join(os.tmpdir(), 'dsas-leftovers-'))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('names what was added since it was noted, and nothing that was there before', () => {
    const temp = path.join(root, 'temp');
    const tally = path.join(root, 'tally');
    mkdirSync(path.join(temp, 'older'), { recursive: true });
    noteTempFolder(tally, temp);
    assert.deepEqual(addedToTempFolder(tally, temp), []);
    mkdirSync(path.join(temp, 'dsas-host-x1'));
    writeFileSync(path.join(temp, 'vscode-ipc-1.sock'), '');
    assert.deepEqual(addedToTempFolder(tally, temp), ['dsas-host-x1', 'vscode-ipc-1.sock']);
  });
});
