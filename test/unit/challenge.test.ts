import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { parseChallenges } from '../../src/core/transport/challenge';

describe('parseChallenges', () => {
  it('reads two challenges from two header values', () => {
    const out = parseChallenges([
      'Digest realm="a", nonce="n1", algorithm=SHA-256, qop="auth"',
      'Digest realm="a", nonce="n2", algorithm=MD5',
    ]);
    assert.deepStrictEqual(out, [
      { scheme: 'Digest', params: { realm: 'a', nonce: 'n1', algorithm: 'SHA-256', qop: 'auth' }, raw: 'Digest realm="a", nonce="n1", algorithm=SHA-256, qop="auth"' },
      { scheme: 'Digest', params: { realm: 'a', nonce: 'n2', algorithm: 'MD5' }, raw: 'Digest realm="a", nonce="n2", algorithm=MD5' },
    ]);
  });

  it('reads two challenges from one comma-joined value', () => {
    const out = parseChallenges(['Digest realm="a", nonce="n1", algorithm=SHA-256, qop="auth", Digest realm="a", nonce="n2", algorithm=MD5']);
    assert.deepStrictEqual(out, [
      { scheme: 'Digest', params: { realm: 'a', nonce: 'n1', algorithm: 'SHA-256', qop: 'auth' }, raw: 'Digest realm="a", nonce="n1", algorithm=SHA-256, qop="auth"' },
      { scheme: 'Digest', params: { realm: 'a', nonce: 'n2', algorithm: 'MD5' }, raw: 'Digest realm="a", nonce="n2", algorithm=MD5' },
    ]);
  });

  it('reads quoted values containing commas, spaces and escaped quotes and backslashes', () => {
    const value = 'Digest realm="Users, \\"admins\\"", nonce="a, b=c", qop="auth,auth-int", opaque="x\\\\y", domain="/a /b"';
    const [c] = parseChallenges([value]);
    assert.deepStrictEqual(c.params, { realm: 'Users, "admins"', nonce: 'a, b=c', qop: 'auth,auth-int', opaque: 'x\\y', domain: '/a /b' });
    assert.equal(c.raw, value);
  });

  it('reads Basic challenges mixed in, in either order', () => {
    assert.deepStrictEqual(parseChallenges(['Basic realm="x", Digest realm="a", nonce="n"', 'Digest realm="b", nonce="m", Basic realm="y"']), [
      { scheme: 'Basic', params: { realm: 'x' }, raw: 'Basic realm="x"' },
      { scheme: 'Digest', params: { realm: 'a', nonce: 'n' }, raw: 'Digest realm="a", nonce="n"' },
      { scheme: 'Digest', params: { realm: 'b', nonce: 'm' }, raw: 'Digest realm="b", nonce="m"' },
      { scheme: 'Basic', params: { realm: 'y' }, raw: 'Basic realm="y"' },
    ]);
  });

  it('lower-cases parameter names and keeps values and the scheme as sent', () => {
    const [c] = parseChallenges(['DIGEST REALM="Area 51", Nonce="AbC", ALGORITHM=sha-256, Qop="auth", STALE=TRUE']);
    assert.equal(c.scheme, 'DIGEST');
    assert.deepStrictEqual(c.params, { realm: 'Area 51', nonce: 'AbC', algorithm: 'sha-256', qop: 'auth', stale: 'TRUE' });
  });

  it('tolerates spaces around "=" and extra commas', () => {
    const [c] = parseChallenges(['Digest realm = "a" ,, nonce= n1 ,algorithm =MD5,']);
    assert.deepStrictEqual(c.params, { realm: 'a', nonce: 'n1', algorithm: 'MD5' });
    assert.equal(c.raw, 'Digest realm = "a" ,, nonce= n1 ,algorithm =MD5');
  });

  it('reads a scheme without parameters, and nothing from nothing', () => {
    assert.deepStrictEqual(parseChallenges(['Negotiate']), [{ scheme: 'Negotiate', params: {}, raw: 'Negotiate' }]);
    assert.deepStrictEqual(parseChallenges([]), []);
    assert.deepStrictEqual(parseChallenges(['', '  ,  ']), []);
  });
});
