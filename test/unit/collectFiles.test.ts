import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { collectFiles, type Collection } from '../../src/ui/transfers/collectFiles';
import { tried } from '../reliability/tally';
import { tempDir } from './helpers';

const posix = process.platform !== 'win32';

/** A tree of files (`content`), links (`-> target`), pipes (`|pipe|`) and folders (`/`) under `root`. */
function build(root: string, tree: Record<string, string>): void {
  for (const [rel, what] of Object.entries(tree)) {
    const p = path.join(root, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    if (what === '/') fs.mkdirSync(p, { recursive: true });
    else if (what === '|pipe|') assert.equal(spawnSync('mkfifo', [p]).status, 0, `mkfifo ${p}`);
    else if (what.startsWith('-> ')) fs.symlinkSync(what.slice(3), p);
    else fs.writeFileSync(p, what);
  }
}

/** What was kept (relative path and the file's content) and what was left out (why, and where a link leads). */
function seen(c: Collection, root: string) {
  const shown = (p?: string) => (p === undefined ? undefined : path.relative(root, p).split(path.sep).join('/'));
  return {
    files: c.files.map((f) => [f.relative.split(path.sep).join('/'), fs.readFileSync(f.file.path, 'utf8'), f.outside ? shown(f.outside.target) : '']),
    leftOut: c.leftOut.map((l) => [l.relative.split(path.sep).join('/'), l.reason, l.target === undefined ? '' : l.target.startsWith(root) ? shown(l.target) : l.target]),
  };
}

async function withTree<T>(tree: Record<string, string>, fn: (root: string) => Promise<T>): Promise<T> {
  const { dir, cleanup } = tempDir('collect');
  try {
    const root = fs.realpathSync(dir);
    build(root, tree);
    return await fn(root);
  } finally {
    cleanup();
  }
}

describe('the files sent for what the user chose', () => {
  it('a folder gives exactly the files inside it: links leading out of it or to its hidden files, links to folders, loops, dead links and special files are left out, each with why and where it leads', async function () {
    if (!posix) this.skip();
    await withTree({
      'home/.ssh/id_ed25519': 'PRIVATE KEY',
      'docs/a.txt': 'a',
      'docs/sub/b.txt': 'b',
      'docs/.versions/v2.txt': 'version 2',
      'docs/node_modules/x/index.js': 'module',
      'docs/.env': 'API_KEY=secret',
      'docs/.git/config': '[remote "origin"] url = https://user:token@example.org/repo',
      'docs/latest.txt': '-> sub/b.txt',
      'docs/current.txt': '-> .versions/v2.txt',
      'docs/settings.txt': '-> .env',
      'docs/remote.txt': '-> .git/config',
      'docs/module.js': '-> node_modules/x/index.js',
      'docs/notes.txt': '-> ../home/.ssh/id_ed25519',
      'docs/chain.txt': '-> .versions/hop',
      'docs/.versions/hop': '-> ../../home/.ssh/id_ed25519',
      'docs/keys': '-> ../home/.ssh',
      'docs/again': '-> sub',
      'docs/loop-a': '-> loop-b',
      'docs/loop-b': '-> loop-a',
      'docs/dead': '-> nowhere',
      'docs/zero': '-> /dev/zero',
      'docs/pipe': '|pipe|',
    }, async (root) => {
      const c = await collectFiles([{ path: path.join(root, 'docs') }]);
      assert.equal(c.folders, true);
      assert.deepEqual(seen(c, root), {
        // latest.txt leads to a file the folder gives: that file, under its own name.
        files: [['a.txt', 'a', ''], ['sub/b.txt', 'b', '']],
        leftOut: [
          ['again', 'linkedFolder', 'docs/sub'],
          ['chain.txt', 'outside', 'home/.ssh/id_ed25519'],
          ['current.txt', 'hidden', 'docs/.versions/v2.txt'],
          ['dead', 'brokenLink', ''],
          ['keys', 'outside', 'home/.ssh'],
          ['loop-a', 'brokenLink', ''],
          ['loop-b', 'brokenLink', ''],
          ['module.js', 'hidden', 'docs/node_modules/x/index.js'],
          ['notes.txt', 'outside', 'home/.ssh/id_ed25519'],
          ['pipe', 'special', ''],
          ['remote.txt', 'hidden', 'docs/.git/config'],
          ['settings.txt', 'hidden', 'docs/.env'],
          ['zero', 'outside', '/dev/zero'],
        ],
      });
      assert.equal(c.leftOut.find((l) => l.relative === 'loop-a')?.errno, 'ELOOP');
      assert.equal(c.leftOut.find((l) => l.relative === 'notes.txt')?.folder, path.join(root, 'docs'));
    });
    tried('hostile', 12);
  });

  it('each file once, whatever the selection: a folder, a file and a folder inside it, two links to one file; paths below the outermost folder chosen', async function () {
    if (!posix) this.skip();
    await withTree({
      'docs/a.txt': 'a',
      'docs/sub/b.txt': 'b',
      'docs/0-alias.txt': '-> a.txt',
      'one.txt': '-> docs/a.txt',
      'two.txt': '-> docs/a.txt',
    }, async (root) => {
      const at = (rel: string) => ({ path: path.join(root, rel) });
      const c = await collectFiles([at('docs/sub'), at('docs/a.txt'), at('docs'), at('one.txt'), at('two.txt')]);
      // The file itself, not the link to it that sorts first.
      assert.deepEqual(seen(c, root), { files: [['a.txt', 'a', ''], ['sub/b.txt', 'b', '']], leftOut: [] });
      assert.equal(c.files[0].path, path.join(root, 'docs', 'a.txt'));

      const links = await collectFiles([at('one.txt'), at('two.txt')]);
      assert.deepEqual(links.files.map((f) => [f.path, f.relative, f.file.path]), [[path.join(root, 'one.txt'), 'one.txt', path.join(root, 'docs', 'a.txt')]], 'the first link\'s name, the file\'s real path');
      assert.equal(links.folders, false);
    });
  });

  it('a file chosen directly whose real path lies outside its workspace folder is marked, to be asked about; the order chosen is kept', async function () {
    if (!posix) this.skip();
    await withTree({
      'home/.ssh/id_ed25519': 'PRIVATE KEY',
      'home/docs/letter.txt': 'letter',
      'ws/b.txt': 'b',
      'ws/a.txt': 'a',
      'ws/key.txt': '-> ../home/.ssh/id_ed25519',
      'ws/inside.txt': '-> a.txt',
      'ws/elsewhere': '-> ../home/docs',
      'ws/pipe': '|pipe|',
    }, async (root) => {
      const ws = path.join(root, 'ws');
      const at = (rel: string) => ({ path: path.join(root, rel), root: ws });
      const c = await collectFiles([at('ws/b.txt'), at('ws/key.txt'), at('ws/inside.txt'), at('ws/elsewhere/letter.txt'), at('ws/pipe'), { path: path.join(root, 'home/docs/letter.txt') }]);
      assert.deepEqual(seen(c, root), {
        files: [['b.txt', 'b', ''], ['key.txt', 'PRIVATE KEY', 'home/.ssh/id_ed25519'], ['inside.txt', 'a', ''], ['letter.txt', 'letter', 'home/docs/letter.txt']],
        leftOut: [['pipe', 'special', '']],
      });
      assert.deepEqual(c.files[1].outside, { chosen: path.join(ws, 'key.txt'), target: path.join(root, 'home/.ssh/id_ed25519'), root: ws });
      assert.equal(c.files.length, 4, 'the letter chosen a second time, outside any workspace folder, is the same file');

      // A linked folder chosen directly: its files, marked once for the folder.
      const folder = await collectFiles([at('ws/elsewhere')]);
      assert.deepEqual(folder.files.map((f) => [f.relative, f.outside?.chosen]), [['letter.txt', path.join(ws, 'elsewhere')]]);
    });
  });

  it('10,000 files in a folder are collected in seconds, and 1,000 files chosen one by one too', async function () {
    this.timeout(60_000);
    await withTree({}, async (root) => {
      const dir = path.join(root, 'many');
      fs.mkdirSync(dir);
      for (let i = 0; i < 10_000; i++) fs.writeFileSync(path.join(dir, `f${String(i).padStart(5, '0')}.txt`), String(i));
      let started = Date.now();
      const c = await collectFiles([{ path: dir }]);
      const folderMs = Date.now() - started;
      assert.equal(c.files.length, 10_000);
      assert.equal(c.files[9_999].relative, 'f09999.txt');
      started = Date.now();
      const chosen = c.files.slice(0, 1_000).map((f) => ({ path: f.path, root }));
      const one = await collectFiles([...chosen, ...chosen]);
      const choicesMs = Date.now() - started;
      assert.equal(one.files.length, 1_000, 'each once');
      assert.ok(folderMs < 15_000, `10,000 files took ${folderMs} ms`);
      assert.ok(choicesMs < 5_000, `1,000 choices took ${choicesMs} ms`);
    });
  });
});
