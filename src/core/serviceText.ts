/** How much of one text from the service an error, a log line or the UI may quote. */
export const QUOTE_CHARS = 200;

/** Redacts and bounds a text taken from a response: the one way such text reaches a person. */
export interface Quote {
  (text: string): string;
  /**
   * Redaction alone, unbounded: for a text that is transformed before it is
   * quoted (markup stripped), so that the transformation cannot break a
   * secret into pieces redaction no longer recognises.
   */
  redact(text: string): string;
}

/**
 * Builds the Quote for one account: every occurrence of its secrets (in the
 * shapes a service may echo a request in, see `secretPattern`), of Digest or
 * key header values, and of Digest's `response` and `cnonce` wherever they
 * stand is replaced, whitespace becomes single spaces, and the result is cut
 * to QUOTE_CHARS. Redaction comes first, so a cut can never leave half a
 * secret.
 */
export function quoter(secrets: readonly string[]): Quote {
  const patterns = [...new Set(secrets.filter((s) => s.length >= 3))].flatMap((s) => [secretPattern(s), ...base64Patterns(s)]);
  const secret = patterns.length ? new RegExp(patterns.join('|'), 'gu') : undefined;
  return Object.assign((text: string) => bound(redact(joined(redact(text, secret)), secret)), {
    redact: (text: string) => redact(text, secret),
  });
}

/**
 * The start of a text with its whitespace joined (and no NULs), as much of
 * it as the bound shows: joining all of a 32 MiB answer held the extension
 * host for seconds.
 */
function joined(text: string): string {
  for (let size = 4096; ; size *= 4) {
    const start = text.slice(0, size).replace(/\0/g, '').replace(/\s+/g, ' ').trim();
    if (size >= text.length || start.length > 2 * QUOTE_CHARS + 1) return start;
  }
}

/** Quotes with no secrets to hide (readers used outside a client, e.g. by the benchmark). */
export const boundOnly: Quote = quoter([]);

function redact(text: string, secret: RegExp | undefined): string {
  const out = secret ? text.replace(secret, '[redacted]') : text;
  return out
    // A header's name may stand in quotes (a JSON dump of the request): its value goes to the end of the line.
    .replace(/(authorization["']?\s*[:=]\s*["']?)(digest|basic|bearer)\s[^\r\n]*/gi, '$1[redacted]')
    .replace(/(x-service-key["']?\s*[:=]\s*)[^\r\n]*/gi, '$1[redacted]')
    // Digest's proof of the password, wherever an echo of the request put it (a table, a list of
    // parameters): the parameter goes whole, quoted as sent or as JSON escapes it (\"…\").
    .replace(/\b(?:response|cnonce)\s*=\s*(?:\\?"(?:[^"\\]|\\[^"])*\\?"|[^\s,;"]+)/gi, '[redacted]');
}

function bound(s: string): string {
  // Never split a surrogate pair; only the start is looked at (an answer may be 32 MiB).
  const start = Array.from(s.slice(0, 2 * QUOTE_CHARS + 1));
  return start.length > QUOTE_CHARS ? `${start.slice(0, QUOTE_CHARS).join('')}…` : s;
}

/**
 * What may stand between two characters of a secret in an echo: a line
 * break or spaces (text wrapped, or a tag stripped), NULs (UTF-16 read as
 * UTF-8), or a space written otherwise (`+`, `%20`, `&nbsp;`). A space of the
 * secret itself is one of these.
 */
const GAP = '(?:[\\s\\0+]|%20|&nbsp;|&#0*(?:32|160);?|&#[xX]0*(?:20|[aA]0);?)*';

/**
 * A secret as a service may echo it, each character as itself or written as
 * XML, HTML, a URL or JSON write it: a character reference (named, decimal
 * or hexadecimal, with or without its `;`), percent-encoded in either case,
 * a JSON `\u` escape or a backslash before it.
 */
function secretPattern(secret: string): string {
  return Array.from(secret).filter((c) => !/\s/.test(c)).map(charPattern).join(GAP);
}

const NAMED: Record<string, string> = { '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' };

function charPattern(c: string): string {
  const cp = c.codePointAt(0) ?? 0;
  const alternatives = [
    `\\u{${cp.toString(16)}}`,
    `&#0*${cp};?`,
    `&#[xX]0*${anyCase(cp.toString(16))};?`,
    Array.from(Buffer.from(c, 'utf8'), (b) => `%${anyCase(b.toString(16).padStart(2, '0'))}`).join(''),
    Array.from(c.length === 2 ? [c.charCodeAt(0), c.charCodeAt(1)] : [cp], (u) => `\\\\u${anyCase(u.toString(16).padStart(4, '0'))}`).join(''),
  ];
  if (NAMED[c]) alternatives.push(`&${NAMED[c]};`);
  if (!/[\p{L}\p{N}]/u.test(c)) alternatives.push(`\\\\\\u{${cp.toString(16)}}`);
  return `(?:${alternatives.join('|')})`;
}

/** Hexadecimal digits in either case. */
function anyCase(hex: string): string {
  return hex.replace(/[a-f]/gi, (d) => `[${d.toLowerCase()}${d.toUpperCase()}]`);
}

/**
 * A secret inside base64 (a header dumped encoded, `user:password` in a
 * Basic header), at each of the three alignments it can have there, in
 * either alphabet, wrapped or not: the characters that only its bytes
 * decide. Too short a run is left alone: it would match ordinary text.
 */
function base64Patterns(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const runs = [0, 1, 2].map((shift) => {
    const all = Buffer.concat([Buffer.alloc(shift), bytes]);
    const encoded = all.toString('base64').replace(/=+$/, '');
    const rest = all.length % 3;
    const end = Math.floor(all.length / 3) * 4 + (rest === 0 ? 0 : rest);
    return encoded.slice([0, 2, 3][shift], end);
  });
  const both = runs.flatMap((r) => [r, r.replace(/\+/g, '-').replace(/\//g, '_')]);
  return [...new Set(both)].filter((r) => r.length >= 6).map((r) => Array.from(r, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`).join('\\s*'));
}
