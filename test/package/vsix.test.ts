// Packages the extension as `npm run package` does and checks what the .vsix
// holds: the bundle, the manifest, media and the licence; no sources, tests,
// source maps or node_modules.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

interface ZipEntry { name: string; size: number }

/** The entries of a zip file, from its central directory. */
function zipEntries(zip: Buffer): ZipEntry[] {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) { eocd = i; break; }
  }
  if (eocd < 0) throw new Error('not a zip file: no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory entry at ${at}`);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    entries.push({ name: zip.toString('utf8', at + 46, at + 46 + nameLength), size: zip.readUInt32LE(at + 24) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

describe('the .vsix package', () => {
  let dir: string;
  let names: string[];
  let size: number;

  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dsas-vsix-'));
    const out = path.join(dir, 'dsas.vsix');
    // Exactly `npm run package`, written elsewhere; stdin closed, so a prompt fails instead of waiting.
    const r = spawnSync('npm', ['run', 'package', '--', '--out', out], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', timeout: 150_000 });
    assert.equal(r.status, 0, `npm run package failed:\n${r.stdout}\n${r.stderr}`);
    size = statSync(out).size;
    names = zipEntries(readFileSync(out)).map((e) => e.name);
    console.log(`      .vsix: ${(size / 1024).toFixed(1)} KiB, ${names.length} entries: ${names.join(', ')}`);
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  it('holds the bundle, the manifest, the licence and the README', () => {
    for (const f of ['extension/dist/extension.js', 'extension/package.json', 'extension/LICENSE.txt', 'extension/readme.md', 'extension.vsixmanifest']) {
      assert.ok(names.includes(f), `${f} is missing from the .vsix`);
    }
  });

  it('holds no sources, tests, source maps or node_modules', () => {
    const unwanted = names.filter((n) => /\.ts$|\.map$|(^|\/)(test|src|node_modules|\.vscode-test|\.sandbox-data)\//.test(n));
    assert.deepEqual(unwanted, []);
  });

  it('stays small', () => {
    assert.ok(size < 5 * 1024 * 1024, `the .vsix is ${size} bytes`);
  });
});
