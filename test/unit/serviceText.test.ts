import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { QUOTE_CHARS, quoter } from '../../src/core/serviceText';

describe('quoter: the one way service text reaches a person', () => {
  const quote = quoter(['s3cr&t<pw>', 'KEY-123456']);

  it('removes each secret as sent, XML-escaped and percent-encoded, and header values', () => {
    const text = 'a s3cr&t<pw> b s3cr&amp;t&lt;pw&gt; c s3cr%26t%3Cpw%3E d KEY-123456 e\nAuthorization: Digest username="u", response="abc"\nX-Service-Key: key="zzz"';
    assert.equal(quote(text), 'a [redacted] b [redacted] c [redacted] d [redacted] e Authorization: [redacted] X-Service-Key: [redacted]');
  });

  it("removes a request's credentials echoed as JSON, in a table or as a list of Digest parameters", () => {
    const json = '{"headers":{"Authorization":"Digest username=\\"u\\", response=\\"0a1b\\", cnonce=\\"9f8e\\"","X-Service-Key":"key=\\"zzz\\""}}';
    assert.equal(quote(json), '{"headers":{"Authorization":"[redacted]');
    assert.equal(quote('Authorization  Digest username="u", nonce="n1", response="0a1b", qop=auth, nc=00000001, cnonce="9f8e"'),
      'Authorization Digest username="u", nonce="n1", [redacted], qop=auth, nc=00000001, [redacted]');
    assert.equal(quote('check failed: cnonce=9f8e; RESPONSE = "0a1b"'), 'check failed: [redacted]; [redacted]');
  });

  it('redacts before it cuts, so a secret across the limit leaves no part behind', () => {
    const text = `${'x'.repeat(QUOTE_CHARS - 4)}KEY-123456 and more`;
    const out = quote(text);
    assert.ok(!out.includes('KEY-'), out.slice(-20));
    assert.equal(Array.from(out).length, QUOTE_CHARS + 1);
  });

  it('joins whitespace, cuts at 200 characters without splitting a surrogate pair', () => {
    assert.equal(quote('  a \n\t b  '), 'a b');
    const out = quote('😀'.repeat(300));
    assert.equal(Array.from(out).length, QUOTE_CHARS + 1);
    assert.ok(out.endsWith('😀…'));
  });

  it('finds a secret that whitespace split into a run of spaces only once joined', () => {
    const q = quoter(['two  spaces']);
    assert.equal(q('it was two  spaces'), 'it was [redacted]');
  });

  it('ignores secrets shorter than 3 characters (they would redact ordinary words)', () => {
    assert.equal(quoter(['ab'])('about'), 'about');
  });
});
