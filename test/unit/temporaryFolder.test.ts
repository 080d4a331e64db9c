// The extension's private temporary folders: those an ended extension host
// left behind are removed, another window's (a live process) never.
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { removeLeftovers, temporaryFolder, TEMPORARY_FOLDER_PREFIX } from '../../src/ui/transfers/temporaryFolder';
import { tempDir } from './helpers';

const log = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };

describe('the extension\'s temporary folders', () => {
  let scratch: { dir: string; cleanup: () => void };
  let tmpdir: string | undefined;
  beforeEach(() => {
    scratch = tempDir('tmpdir');
    tmpdir = process.env.TMPDIR;
    process.env.TMPDIR = scratch.dir; // os.tmpdir() reads it at each call
  });
  afterEach(() => {
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
    scratch.cleanup();
  });

  it('names each folder after the process that made it', async () => {
    const folder = await temporaryFolder(log);
    assert.ok(path.basename(folder.path).startsWith(`${TEMPORARY_FOLDER_PREFIX}${process.pid}-`), folder.path);
    await folder.dispose();
    assert.ok(!existsSync(folder.path));
  });

  it('removes the folders of processes that ended; keeps this one\'s, a live process\'s and anything else', async () => {
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      const names = [`${TEMPORARY_FOLDER_PREFIX}${ended}-aaaaaa`, `${TEMPORARY_FOLDER_PREFIX}${live.pid}-bbbbbb`, `${TEMPORARY_FOLDER_PREFIX}${process.pid}-cccccc`, `${TEMPORARY_FOLDER_PREFIX}dddddd`, 'someone-else'];
      for (const n of names) mkdirSync(path.join(scratch.dir, n, '1'), { recursive: true });
      const stop = removeLeftovers(log, 60_000);
      stop();
      for (let i = 0; i < 50 && existsSync(path.join(scratch.dir, names[0])); i++) await new Promise((r) => setTimeout(r, 20));
      assert.deepEqual(readdirSync(scratch.dir).sort(), names.slice(1).sort());
    } finally {
      live.kill();
    }
  });
});
