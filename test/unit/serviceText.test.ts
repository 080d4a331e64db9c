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

  describe('a secret in the other shapes an echo of the request takes', () => {
    const PW = 'pa ss/wörd-1';
    const KEY = 'K3Y-0123456789abcdef';
    const q = quoter([PW, KEY]);
    const refs = (s: string, hex: boolean) => Array.from(s, (c) => (hex ? `&#x${c.codePointAt(0)!.toString(16).toUpperCase()};` : `&#${c.codePointAt(0)}`)).join('');
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const shapes: Record<string, string> = {
      'as hexadecimal character references': refs(KEY, true),
      'as decimal character references without their ";"': refs(PW, false),
      'with one character written as a reference (an HTML encoder)': 'K3Y&#x2d;0123456789abcdef',
      'as named references': 'pa&nbsp;ss&#47;w&ouml;rd&#45;1'.replace('&ouml;', 'ö'),
      'percent-encoded in lower case, its space as "+"': 'pa+ss%2fw%c3%b6rd%2d1',
      'split across lines': 'K3Y-01234\n56789abcdef',
      'split by a line break and indentation': 'pa ss/wö\r\n        rd-1',
      'in UTF-16 read as UTF-8': Buffer.from(KEY, 'utf16le').toString('utf8'),
      'JSON-escaped': JSON.stringify(PW).replace(/[^ -~]|\//g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
      'in base64 (a header dumped encoded)': b64(KEY),
      'in base64, one byte in (user:password as Basic sends it)': b64(`alice:${PW}`),
      'in base64url, two bytes in, wrapped': b64(`ab${KEY}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/(.{10})/g, '$1\n'),
      'inside a URL': `https://alice:${encodeURIComponent(PW)}@dsas.example.com/x?key=${KEY}&next=1`,
    };
    for (const [name, shape] of Object.entries(shapes)) {
      it(name, () => {
        const out = q(`before ${shape} after`);
        assert.match(out, /^before .*\[redacted\].* after$/, out);
        for (const part of [KEY.slice(4), 'ss/w', 'wörd', 'rd-1', '0123456789', b64(KEY).slice(4, 20), b64(`alice:${PW}`).slice(10, 20)]) {
          assert.ok(!out.includes(part), `${JSON.stringify(part)} in ${JSON.stringify(out)}`);
        }
      });
    }

    it('leaves text that only looks like a secret in part', () => {
      assert.equal(q('K3Y-0123 and pa ss'), 'K3Y-0123 and pa ss');
    });

    it('shows no NUL characters', () => {
      assert.equal(q(Buffer.from('an error', 'utf16le').toString('utf8')), 'an error');
    });
  });

  it('quotes the start of a 32 MiB answer (a malformed list) without holding the extension host for seconds', () => {
    const text = `${'<row>some text &amp; more\n'.repeat(1.3e6)}KEY-123456`;
    const started = Date.now();
    const out = quote(text);
    const took = Date.now() - started;
    assert.equal(Array.from(out).length, QUOTE_CHARS + 1);
    assert.ok(took < 3000, `took ${took} ms`); // 8 s when all of it was joined and measured
  });

  it('ignores secrets shorter than 3 characters (they would redact ordinary words)', () => {
    assert.equal(quoter(['ab'])('about'), 'about');
  });
});
