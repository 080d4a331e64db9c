import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { fileChunks } from '../../src/core/fileChunks';
import { checkFile, isProblem, sourceFile } from '../../src/core/localFile';
import { tempDir } from './helpers';
import { tried } from '../reliability/tally';

const posix = process.platform !== 'win32';

/** Reads all of an async iterable, or fails after `ms` (a read that waits for ever). */
async function readWithin(chunks: AsyncIterable<Buffer>, ms: number): Promise<Buffer> {
  let timer: NodeJS.Timeout | undefined;
  const all = (async () => {
    const out: Buffer[] = [];
    for await (const c of chunks) out.push(c);
    return Buffer.concat(out);
  })();
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`still reading after ${ms} ms`)), ms)));
  try {
    return await Promise.race([all, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `fn` in a fresh temporary folder, removed afterwards. */
async function inTempDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const { dir, cleanup } = tempDir('identity');
  try {
    await fn(dir);
  } finally {
    cleanup();
  }
}

describe('a checked file is the file read', () => {
  it('a file replaced by a link to another file of the same size and time, between the check and the read, is not read', async function () {
    if (!posix) this.skip();
    await inTempDir(async (dir) => {
      const f = path.join(dir, 'notes.txt');
      const secret = path.join(dir, 'outside', 'id_ed25519');
      fs.mkdirSync(path.dirname(secret));
      fs.writeFileSync(f, 'public notes');
      fs.writeFileSync(secret, 'PRIVATE KEY!');
      // Same size and modification time: only the file's identity tells them apart.
      for (const p of [f, secret]) fs.utimesSync(p, 1_700_000_000, 1_700_000_000);
      const checked = await checkFile(f);
      assert.ok(!isProblem(checked));
      fs.rmSync(f);
      fs.symlinkSync(secret, f);
      assert.equal(fs.statSync(f).mtimeMs, checked.mtimeMs);
      await assert.rejects(readWithin(fileChunks(checked, 'notes.txt'), 3000), /"notes\.txt" was replaced by another file after it was checked/);
      // Checked again before sending (as the client does): still not that file.
      const again = await sourceFile({ file: checked });
      await assert.rejects(readWithin(fileChunks(again.file, again.name), 3000), /was replaced/);
    });
    tried('hostile');
  });

  it('a file replaced by a named pipe between the check and the read fails at once, without waiting for a writer', async function () {
    if (!posix) this.skip();
    await inTempDir(async (dir) => {
      const f = path.join(dir, 'data.csv');
      fs.writeFileSync(f, 'a,b\n');
      const checked = await checkFile(f);
      assert.ok(!isProblem(checked));
      fs.rmSync(f);
      assert.equal(spawnSync('mkfifo', [f]).status, 0, 'mkfifo');
      await assert.rejects(readWithin(fileChunks(checked, 'data.csv'), 3000), /"data\.csv" was replaced/);
      assert.deepEqual(await checkFile(f), { code: 'notAFile', field: 'documents', values: ['data.csv'] }, 'checked again: not a regular file, and not waited for');
    });
    tried('hostile');
  });

  it('a pipe, a device and a socket are never opened: each is "not a regular file"', async function () {
    if (!posix) this.skip();
    await inTempDir(async (dir) => {
      const pipe = path.join(dir, 'pipe');
      assert.equal(spawnSync('mkfifo', [pipe]).status, 0);
      assert.deepEqual(await checkFile(pipe), { code: 'notAFile', field: 'documents', values: ['pipe'] });
      assert.deepEqual(await checkFile('/dev/zero', 'zero'), { code: 'notAFile', field: 'documents', values: ['zero'] });
      const server = await new Promise<net.Server>((resolve) => {
        const s = net.createServer();
        s.listen(path.join(dir, 'socket'), () => resolve(s));
      });
      try {
        assert.deepEqual(await checkFile(path.join(dir, 'socket')), { code: 'notAFile', field: 'documents', values: ['socket'] });
      } finally {
        server.close();
      }
    });
    tried('hostile', 3);
  });
});
