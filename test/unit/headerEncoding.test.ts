import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { encodeHeaderValue } from '../../src/core/headerEncoding';
import { isError } from './helpers';

const WORD = /^=\?UTF-8\?B\?([A-Za-z0-9+/=]*)\?=$/;

/** Decodes a header value made of RFC 2047 B-encoded words separated by spaces (the spaces are not part of the text). */
function decode2047(value: string): string {
  return value.split(' ').map((w) => {
    const m = WORD.exec(w);
    assert.ok(m, `not an encoded word: ${w}`);
    return Buffer.from(m[1], 'base64');
  }).reduce((acc, b) => Buffer.concat([acc, b]), Buffer.alloc(0)).toString('utf8');
}

/** Whether a header value is a byte string Node's fetch/http would accept (no char above U+00FF, no CR/LF/NUL). */
function isSafeHeader(v: string): boolean {
  return /^[\x20-\x7E]*$/.test(v);
}

describe('encodeHeaderValue', () => {
  it('sends printable ASCII unchanged', () => {
    for (const v of ['Quarterly report 2024', 'report.pdf', 'a=b; c', 'x?y', '~!@#$%^&*()_+`-={}[]|:;<>,./']) {
      assert.equal(encodeHeaderValue('title', v), v);
      assert.equal(encodeHeaderValue('title', v, 'rfc8187'), v);
    }
  });

  it('encodes non-ASCII text as RFC 2047 words that decode back', () => {
    const out = encodeHeaderValue('title', 'Übersicht – 2024');
    assert.equal(out, '=?UTF-8?B?w5xiZXJzaWNodCDigJMgMjAyNA==?=');
    assert.ok(isSafeHeader(out));
    assert.equal(decode2047(out), 'Übersicht – 2024');
  });

  it('splits a long title into several words of at most 75 characters, without splitting characters', () => {
    const title = `${'Übersicht – 2024 😀 Zoë 日本 '.repeat(12)}Ende`;
    const out = encodeHeaderValue('title', title);
    const words = out.split(' ');
    assert.ok(words.length > 1, out);
    for (const w of words) {
      assert.ok(w.length <= 75, `${w.length}: ${w}`);
      const m = WORD.exec(w);
      assert.ok(m, w);
      // Each word decodes to whole characters by itself.
      const text = Buffer.from(m[1], 'base64').toString('utf8');
      assert.ok(!text.includes('\uFFFD'), w);
    }
    assert.ok(isSafeHeader(out));
    assert.equal(decode2047(out), title);
  });

  it('encodes as RFC 8187 when asked', () => {
    const out = encodeHeaderValue('title', 'Übersicht – 2024', 'rfc8187');
    assert.equal(out, "UTF-8''%C3%9Cbersicht%20%E2%80%93%202024");
    assert.equal(decodeURIComponent(out.slice("UTF-8''".length)), 'Übersicht – 2024');
    const special = encodeHeaderValue('fileName', "it's (a)*! 😀.pdf", 'rfc8187');
    assert.equal(special, "UTF-8''it%27s%20%28a%29%2A%21%20%F0%9F%98%80.pdf");
    assert.match(special.slice(7), /^[A-Za-z0-9%._~-]*$/, 'only attr-chars and percent escapes');
  });

  it('refuses CR, LF, NUL, tab and other control characters', () => {
    for (const v of ['a\r\nX-Injected: 1', 'a\nb', 'a\rb', 'a\u0000b', 'a\tb', 'a\u0007b', 'a\u007Fb', 'a\u0085b', 'a\u2028b', 'Zoë\nb']) {
      assert.throws(() => encodeHeaderValue('title', v), isError('invalidRequest', 'The title must be a single line without control characters.'), JSON.stringify(v));
      assert.throws(() => encodeHeaderValue('fileName', v, 'rfc8187'), isError('invalidRequest', 'The file name must be a single line without control characters.'), JSON.stringify(v));
    }
  });

  it('refuses an empty or blank value', () => {
    for (const v of ['', ' ', '   ']) {
      assert.throws(() => encodeHeaderValue('title', v), isError('invalidRequest', 'The title must not be empty.'), JSON.stringify(v));
    }
  });

  it('encodes a value that looks like an encoded word, so it cannot be misread', () => {
    const out = encodeHeaderValue('title', '=?UTF-8?B?x?=');
    assert.notEqual(out, '=?UTF-8?B?x?=');
    assert.equal(decode2047(out), '=?UTF-8?B?x?=');
    const out8187 = encodeHeaderValue('title', "UTF-8''abc", 'rfc8187');
    assert.equal(out8187, "UTF-8''UTF-8%27%27abc");
  });

  it('encodes a value that contains an encoded word among other words', () => {
    // RFC 2047 §5: an encoded word may stand for any word of unstructured text, so a
    // decoding server reads "Report =?UTF-8?B?w5w=?= final" as "Report Ü final".
    const v = 'Report =?UTF-8?B?w5w=?= final';
    const out = encodeHeaderValue('title', v);
    assert.notEqual(out, v);
    assert.equal(decode2047(out), v);
  });

  it('encodes ASCII with leading or trailing spaces so the spaces survive', () => {
    const out = encodeHeaderValue('title', ' padded ');
    assert.notEqual(out, ' padded ');
    assert.equal(decode2047(out), ' padded ');
  });
});
