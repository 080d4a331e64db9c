import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkFileHash, compareHash, createDigester, hashFile, recordedHash, shortDigest, type HashAlgorithm } from '../../src/core/fileHash';

const NODE: Record<HashAlgorithm, string> = { 'MD5': 'md5', 'SHA-1': 'sha1', 'SHA-256': 'sha256', 'SHA-512': 'sha512' };
const hex = (algorithm: HashAlgorithm, bytes: Buffer | string) => createHash(NODE[algorithm]).update(bytes).digest('hex');

describe('file hash: the algorithm told from the recorded hash', () => {
  it('32, 40, 64 and 128 hex digits are MD5, SHA-1, SHA-256 and SHA-512', () => {
    for (const [algorithm, length] of [['MD5', 32], ['SHA-1', 40], ['SHA-256', 64], ['SHA-512', 128]] as const) {
      const text = hex(algorithm, 'x');
      assert.equal(text.length, length);
      assert.deepEqual(recordedHash(text), { algorithm, hex: text });
    }
  });

  it('reads upper-case and mixed-case hex, and ignores surrounding blanks', () => {
    const text = hex('SHA-256', 'abc');
    assert.deepEqual(recordedHash(text.toUpperCase()), { algorithm: 'SHA-256', hex: text });
    assert.deepEqual(recordedHash(` ${text.slice(0, 10).toUpperCase()}${text.slice(10)}\n`), { algorithm: 'SHA-256', hex: text });
  });

  it('checks nothing for an empty hash, non-hex text or a length that names no algorithm', () => {
    assert.deepEqual(recordedHash(''), { algorithm: undefined, reason: 'empty' });
    assert.deepEqual(recordedHash('   '), { algorithm: undefined, reason: 'empty' });
    assert.deepEqual(recordedHash('g'.repeat(32)), { algorithm: undefined, reason: 'notHex' });
    assert.deepEqual(recordedHash(`${'a'.repeat(31)} `.padEnd(40, 'b')), { algorithm: undefined, reason: 'notHex' }, 'a blank inside');
    assert.deepEqual(recordedHash(Buffer.from('x'.repeat(24)).toString('base64')), { algorithm: undefined, reason: 'notHex' }, 'base64');
    for (const n of [1, 31, 33, 48, 56, 96, 127, 129]) assert.deepEqual(recordedHash('a'.repeat(n)), { algorithm: undefined, reason: 'unknownLength' }, `${n} digits`);
  });
});

describe('file hash: digests and checks', () => {
  const bytes = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 31 + 7) & 0xff));

  it('a digest fed in chunks equals the digest of the whole, for every algorithm', () => {
    for (const algorithm of ['MD5', 'SHA-1', 'SHA-256', 'SHA-512'] as const) {
      const d = createDigester(algorithm);
      for (let at = 0; at < bytes.length; at += 7919) d.update(bytes.subarray(at, at + 7919));
      assert.equal(d.digest(), hex(algorithm, bytes), algorithm);
    }
  });

  it('hashes a file as a stream, and checks it against a recorded hash in any case', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dsas-hash-'));
    try {
      const file = path.join(dir, 'f.bin');
      writeFileSync(file, bytes);
      assert.equal(await hashFile(file, 'SHA-512', undefined), hex('SHA-512', bytes));
      const sha1 = hex('SHA-1', bytes);
      assert.deepEqual(await checkFileHash(file, sha1.toUpperCase()), { recorded: sha1.toUpperCase(), algorithm: 'SHA-1', expected: sha1, actual: sha1, matches: true });
      const other = hex('MD5', 'other');
      const miss = await checkFileHash(file, other);
      assert.ok(typeof miss !== 'string' && !miss.matches && miss.algorithm === 'MD5' && miss.actual === hex('MD5', bytes) && miss.expected === other);
      assert.equal(await checkFileHash(file, 'not a hash'), 'notHex');
      assert.equal(await checkFileHash(path.join(dir, 'absent'), ''), 'empty', 'an unchecked hash reads nothing');
      await assert.rejects(checkFileHash(path.join(dir, 'absent'), sha1), /ENOENT/);
      await assert.rejects(hashFile(file, 'MD5', AbortSignal.abort()), { name: 'AbortError' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('compares ignoring case, and shortens a digest for a message', () => {
    const h = hex('SHA-256', 'a');
    assert.equal(compareHash(h, { algorithm: 'SHA-256', hex: h }, h.toUpperCase()).matches, true);
    assert.equal(compareHash(h, { algorithm: 'SHA-256', hex: h }, hex('SHA-256', 'b')).matches, false);
    assert.equal(shortDigest(h), `${h.slice(0, 12)}…`);
    assert.equal(shortDigest('abc'), 'abc');
  });
});
