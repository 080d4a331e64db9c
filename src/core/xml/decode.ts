import { TextDecoder } from 'node:util';
import { ServiceError } from '../errors';
import { boundOnly, type Quote } from '../serviceText';

/**
 * Decodes a response body in the encoding it declares, by the precedence of
 * XML 1.0 Appendix F and RFC 7303 §3: a byte order mark (or a `<` in UTF-16),
 * then the charset of an XML media type, then the XML declaration's
 * `encoding`, then the charset of any other media type, else UTF-8. Bytes
 * invalid in that encoding become U+FFFD; an encoding this client cannot
 * decode is a `badResponse`, its name (the service's text) quoted by `quote`.
 */
export function decodeXml(bytes: Buffer, contentType: string | undefined, quote: Quote = boundOnly): string {
  return xmlDecoder(bytes, contentType, quote)(bytes, true);
}

/**
 * A decoder for a body arriving in pieces, chosen as `decodeXml` chooses from
 * the body's first bytes (`head`: HEAD_BYTES of them, or the whole body when
 * shorter). Each call gives the text of the next piece; a character split
 * between two pieces comes whole with the later one, and `last` ends it.
 */
export function xmlDecoder(head: Buffer, contentType: string | undefined, quote: Quote = boundOnly): (piece: Buffer, last: boolean) => string {
  const media = parseContentType(contentType);
  const label = byteOrder(head) ?? (media.xml ? media.charset : undefined) ?? declaredEncoding(head) ?? media.charset ?? 'utf-8';
  const d = decoder(label, quote);
  // Node since 20.18.3 decodes windows-1252 as ISO-8859-1 (nodejs/node#60888), and WHATWG gives
  // that decoder the `iso-8859-1`, `latin1` and `us-ascii` labels too: those are decoded here.
  if (d.encoding === 'windows-1252') return (piece) => windows1252(piece);
  return (piece, last) => d.decode(piece, { stream: !last });
}

/** How much of a body's start chooses its decoder: where an XML declaration's `encoding` is looked for. */
export const HEAD_BYTES = 256;

/** Bytes 0x80–0x9F in windows-1252 (WHATWG); the five it leaves undefined stay as they are. */
const CP1252_HIGH = '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

function windows1252(bytes: Buffer): string {
  return bytes.toString('latin1').replace(/[\u0080-\u009F]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]);
}

/** UTF-8 and UTF-16 by their byte order mark, or UTF-16 by a first `<` (XML 1.0 Appendix F). */
function byteOrder(b: Buffer): string | undefined {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return 'utf-8';
  if ((b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0x3c && b[1] === 0x00)) return 'utf-16le';
  if ((b[0] === 0xfe && b[1] === 0xff) || (b[0] === 0x00 && b[1] === 0x3c)) return 'utf-16be';
  return undefined;
}

/** Whether the type is XML (RFC 7303: `application/xml`, `text/xml`, `…+xml`) and its charset. */
function parseContentType(value: string | undefined): { xml: boolean; charset?: string } {
  if (value === undefined) return { xml: false };
  const type = value.split(';')[0].trim().toLowerCase();
  const charset = /;\s*charset\s*=\s*(?:"([^"]*)"|([^\s;]*))/i.exec(value);
  return {
    xml: type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml'),
    charset: charset ? (charset[1] ?? charset[2]) || undefined : undefined,
  };
}

/**
 * The `encoding` of an XML declaration read as single-byte text. A UTF-16
 * name there is wrong by construction (UTF-16 would not have read as such),
 * so it is ignored rather than turning the body into garbage.
 */
function declaredEncoding(b: Buffer): string | undefined {
  const head = b.subarray(0, HEAD_BYTES).toString('latin1');
  const name = /^\s*<\?xml\s[^>]*?\bencoding\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(head);
  const label = name ? name[1] ?? name[2] : undefined;
  return label === undefined || isUtf16(label) ? undefined : label;
}

function isUtf16(label: string): boolean {
  return knownDecoder(label)?.encoding.startsWith('utf-16') ?? false;
}

/** A decoder for an encoding this client can read; an unknown one is the service's error. */
function decoder(label: string, quote: Quote): TextDecoder {
  const d = knownDecoder(label);
  if (d) return d;
  throw new ServiceError('badResponse', `The service sent its response in an encoding this client cannot read: "${quote(label)}".`);
}

/**
 * A WHATWG decoder (Node's ICU), or undefined for an unknown label and for
 * those WHATWG maps to its `replacement` decoder, which reads a body as one U+FFFD.
 */
function knownDecoder(label: string): TextDecoder | undefined {
  try {
    const d = new TextDecoder(label.trim());
    return d.encoding === 'replacement' ? undefined : d;
  } catch {
    return undefined;
  }
}
