import type { ProblemField } from './problems';
import { checkText, HEADER_VALUE } from './validate';

/**
 * How `X-Service-Title` and `X-Service-Name` carry text outside printable
 * ASCII. HTTP header values are bytes, and the spec does not say how the
 * service decodes them, so:
 * - `rfc2047` (default): `=?UTF-8?B?…?=` encoded words, the MIME convention
 *   for non-ASCII text in header fields.
 * - `rfc8187`: `UTF-8''` followed by percent-encoded UTF-8.
 * Printable ASCII is always sent as it is.
 */
export type HeaderEncoding = 'rfc2047' | 'rfc8187';

/** RFC 2047 limits an encoded word to 75 characters; longer text takes several words. */
const WORD_BYTES = 45;

export function encodeHeaderValue(field: ProblemField, value: string, encoding: HeaderEncoding = 'rfc2047'): string {
  checkText(field, value, HEADER_VALUE);
  if (/^[\x20-\x7E]*$/.test(value) && !value.includes('=?') && !value.startsWith("UTF-8''") && value.trim() === value) {
    return value;
  }
  if (encoding === 'rfc8187') {
    return `UTF-8''${encodeURIComponent(value).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
  }
  const words: string[] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const ch of value) {
    const n = Buffer.byteLength(ch);
    if (bytes + n > WORD_BYTES && current.length) {
      words.push(current.join(''));
      current = [];
      bytes = 0;
    }
    current.push(ch);
    bytes += n;
  }
  if (current.length) words.push(current.join(''));
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w, 'utf8').toString('base64')}?=`).join(' ');
}
