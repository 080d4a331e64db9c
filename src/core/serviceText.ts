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
 * Builds the Quote for one account: every occurrence of its secrets (as sent,
 * XML-escaped and percent-encoded, in case a service echoes a request back),
 * of Digest or key header values, and of Digest's `response` and `cnonce`
 * wherever they stand is replaced, whitespace becomes single spaces, and the
 * result is cut to QUOTE_CHARS. Redaction comes first, so a cut can never
 * leave half a secret.
 */
export function quoter(secrets: readonly string[]): Quote {
  const forms = secrets.filter((s) => s.length >= 3).flatMap((s) => [s, ...xmlEscaped(s), encodeURIComponent(s)]);
  const unique = [...new Set(forms)].sort((a, b) => b.length - a.length);
  return Object.assign((text: string) => bound(redact(redact(text, unique).replace(/\s+/g, ' ').trim(), unique)), {
    redact: (text: string) => redact(text, unique),
  });
}

/** Quotes with no secrets to hide (readers used outside a client, e.g. by the benchmark). */
export const boundOnly: Quote = quoter([]);

function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join('[redacted]');
  return out
    // A header's name may stand in quotes (a JSON dump of the request): its value goes to the end of the line.
    .replace(/(authorization["']?\s*[:=]\s*["']?)(digest|basic|bearer)\s[^\r\n]*/gi, '$1[redacted]')
    .replace(/(x-service-key["']?\s*[:=]\s*)[^\r\n]*/gi, '$1[redacted]')
    // Digest's proof of the password, wherever an echo of the request put it (a table, a list of
    // parameters): the parameter goes whole, quoted as sent or as JSON escapes it (\"…\").
    .replace(/\b(?:response|cnonce)\s*=\s*(?:\\?"(?:[^"\\]|\\[^"])*\\?"|[^\s,;"]+)/gi, '[redacted]');
}

function bound(s: string): string {
  const chars = Array.from(s); // never split a surrogate pair
  return chars.length > QUOTE_CHARS ? `${chars.slice(0, QUOTE_CHARS).join('')}…` : s;
}

/** The ways XML or HTML may have escaped a secret: markup characters only, and quotes too. */
function xmlEscaped(s: string): string[] {
  const markup = s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return [markup, markup.replace(/"/g, '&quot;').replace(/'/g, '&#39;'), markup.replace(/"/g, '&#34;').replace(/'/g, '&apos;')];
}
