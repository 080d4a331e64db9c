import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { parseAuthParams, parseChallenges } from '../../src/core/transport/challenge';

describe('parseChallenges', () => {
  it('reads two challenges from two header values', () => {
    const out = parseChallenges([
      'Digest realm="a", nonce="n1", algorithm=SHA-256, qop="auth"',
      'Digest realm="a", nonce="n2", algorithm=MD5',
    ]);
    assert.deepStrictEqual(out, [
      { scheme: 'Digest', params: { realm: 'a', nonce: 'n1', algorithm: 'SHA-256', qop: 'auth' } },
      { scheme: 'Digest', params: { realm: 'a', nonce: 'n2', algorithm: 'MD5' } },
    ]);
  });

  it('reads two challenges from one comma-joined value', () => {
    const out = parseChallenges(['Digest realm="a", nonce="n1", algorithm=SHA-256, qop="auth", Digest realm="a", nonce="n2", algorithm=MD5']);
    assert.deepStrictEqual(out, [
      { scheme: 'Digest', params: { realm: 'a', nonce: 'n1', algorithm: 'SHA-256', qop: 'auth' } },
      { scheme: 'Digest', params: { realm: 'a', nonce: 'n2', algorithm: 'MD5' } },
    ]);
  });

  it('reads quoted values containing commas, spaces and escaped quotes and backslashes', () => {
    const value = 'Digest realm="Users, \\"admins\\"", nonce="a, b=c", qop="auth,auth-int", opaque="x\\\\y", domain="/a /b"';
    const [c] = parseChallenges([value]);
    assert.deepStrictEqual(c.params, { realm: 'Users, "admins"', nonce: 'a, b=c', qop: 'auth,auth-int', opaque: 'x\\y', domain: '/a /b' });
  });

  it('reads Basic challenges mixed in, in either order', () => {
    assert.deepStrictEqual(parseChallenges(['Basic realm="x", Digest realm="a", nonce="n"', 'Digest realm="b", nonce="m", Basic realm="y"']), [
      { scheme: 'Basic', params: { realm: 'x' } },
      { scheme: 'Digest', params: { realm: 'a', nonce: 'n' } },
      { scheme: 'Digest', params: { realm: 'b', nonce: 'm' } },
      { scheme: 'Basic', params: { realm: 'y' } },
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
  });

  it('reads a scheme without parameters, and nothing from nothing', () => {
    assert.deepStrictEqual(parseChallenges(['Negotiate']), [{ scheme: 'Negotiate', params: {} }]);
    assert.deepStrictEqual(parseChallenges([]), []);
    assert.deepStrictEqual(parseChallenges(['', '  ,  ']), []);
  });

  it('reads a token68 after its scheme, and a scheme after a comma as a new challenge', () => {
    assert.deepStrictEqual(parseChallenges(['Negotiate YIIB+/x==, Digest realm="a", nonce="n"']), [
      { scheme: 'Negotiate', params: { token68: 'YIIB+/x==' } },
      { scheme: 'Digest', params: { realm: 'a', nonce: 'n' } },
    ]);
    assert.deepStrictEqual(parseChallenges(['Basic, Negotiate']), [{ scheme: 'Basic', params: {} }, { scheme: 'Negotiate', params: {} }]);
    assert.deepStrictEqual(parseChallenges(['Digest realm= "a", nonce="n"']), [{ scheme: 'Digest', params: { realm: 'a', nonce: 'n' } }]);
  });

  it('keeps a realm that contains "qop=", "nonce=" or a scheme name as that realm', () => {
    const [c, d] = parseChallenges(['Digest realm="qop=auth-int, nonce=x, Basic y", nonce="real", qop="auth", Bearer realm="z", error="invalid_token"']);
    assert.deepStrictEqual(c, { scheme: 'Digest', params: { realm: 'qop=auth-int, nonce=x, Basic y', nonce: 'real', qop: 'auth' } });
    assert.deepStrictEqual(d, { scheme: 'Bearer', params: { realm: 'z', error: 'invalid_token' } });
  });
});

describe('parseAuthParams', () => {
  it('reads Authentication-Info (no scheme), quoted or not', () => {
    assert.deepStrictEqual(
      parseAuthParams('rspauth="5b35", nextnonce="44qr=03\\"x", cnonce="MmU=", nc=00000001, qop=auth'),
      { rspauth: '5b35', nextnonce: '44qr=03"x', cnonce: 'MmU=', nc: '00000001', qop: 'auth' },
    );
    assert.deepStrictEqual(parseAuthParams(''), {});
  });
});
