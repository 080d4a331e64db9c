// Non-ASCII text in HTTP headers. Header values must be byte strings, so the
// project decided: X-Service-Title / X-Service-Name carry non-ASCII text as
// RFC 2047 encoded-words (or RFC 8187 `UTF-8''…`); downloads name the file
// in Content-Disposition with an ASCII fallback plus RFC 8187 `filename*`.
import { TextDecoder } from 'node:util';

export class HeaderValueError extends Error {}

const encodedWord = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;

function decoderFor(charset: string): TextDecoder {
  const cs = charset.replace(/\*.*$/, '').toLowerCase(); // drop RFC 2231 language
  if (cs === 'utf-8' || cs === 'utf8') return new TextDecoder('utf-8', { fatal: true });
  if (cs === 'us-ascii' || cs === 'iso-8859-1' || cs === 'latin1') return new TextDecoder('latin1');
  throw new HeaderValueError(`unsupported charset ${charset}`);
}

function decodeWord(charset: string, encoding: string, text: string): string {
  let bytes: Buffer;
  if (encoding.toUpperCase() === 'B') {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) throw new HeaderValueError(`bad base64 in encoded-word "${text}"`);
    bytes = Buffer.from(text, 'base64');
  } else {
    const out: number[] = [];
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c === '_') out.push(0x20);
      else if (c === '=') {
        const hex = text.slice(i + 1, i + 3);
        if (!/^[0-9A-Fa-f]{2}$/.test(hex)) throw new HeaderValueError(`bad Q-encoding in encoded-word "${text}"`);
        out.push(parseInt(hex, 16));
        i += 2;
      } else out.push(c.charCodeAt(0));
    }
    bytes = Buffer.from(out);
  }
  try {
    return decoderFor(charset).decode(bytes);
  } catch (e) {
    if (e instanceof HeaderValueError) throw e;
    throw new HeaderValueError(`encoded-word is not valid ${charset}`);
  }
}

/**
 * Decodes a header value: RFC 2047 encoded-words (whitespace between
 * adjacent words is dropped, as RFC 2047 section 6.2 says), RFC 8187
 * `charset'lang'%XX`, or plain ASCII taken as is. Rejects raw non-ASCII
 * bytes (a client that forgot to encode) and control characters.
 */
export function decodeHeaderText(raw: string, headerName: string): string {
  if ([...raw].some((ch) => ch.charCodeAt(0) > 0x7f)) {
    throw new HeaderValueError(`${headerName} contains raw non-ASCII bytes; encode it as RFC 2047 (=?UTF-8?B?...?=)`);
  }
  let value: string;
  const ext = /^(utf-8|iso-8859-1)'[A-Za-z0-9-]*'(.*)$/i.exec(raw);
  if (ext) {
    const bytes: number[] = [];
    const text = ext[2];
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '%') {
        const hex = text.slice(i + 1, i + 3);
        if (!/^[0-9A-Fa-f]{2}$/.test(hex)) throw new HeaderValueError(`${headerName}: bad percent-encoding`);
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else bytes.push(text.charCodeAt(i));
    }
    try {
      value = decoderFor(ext[1]).decode(Buffer.from(bytes));
    } catch {
      throw new HeaderValueError(`${headerName}: not valid ${ext[1]}`);
    }
  } else if (/=\?[^?\s]+\?[BbQq]\?/.test(raw)) {
    let out = '';
    let last = 0;
    let previousWasWord = false;
    try {
      for (const m of raw.matchAll(encodedWord)) {
        const between = raw.slice(last, m.index);
        if (!(previousWasWord && /^\s*$/.test(between))) out += between;
        out += decodeWord(m[1], m[2], m[3]);
        last = m.index! + m[0].length;
        previousWasWord = true;
      }
    } catch (e) {
      throw new HeaderValueError(`${headerName}: ${(e as Error).message}`);
    }
    out += raw.slice(last);
    value = out;
  } else {
    value = raw;
  }
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) {
    throw new HeaderValueError(`${headerName} contains control characters (CR, LF, NUL or other)`);
  }
  return value;
}

/** RFC 8187 attr-char percent-encoding (encodeURIComponent leaves '()* unescaped). */
export function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

/** `attachment; filename="<ascii fallback>"; filename*=UTF-8''<percent-encoded>` */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc8187(fileName)}`;
}
