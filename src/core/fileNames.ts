/**
 * File names that come from the service (metadata or Content-Disposition)
 * are made safe before they touch the disk: one path component, no `..`, no
 * control, bidi or invisible characters, no reserved device names, bounded
 * length, no trailing dot or space.
 */

const MAX_NAME_BYTES = 200;
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\..*)?$/i;
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u001F\u007F-\u009F<>:"/\\|?*\u200E\u200F\u202A-\u202E\u2066-\u2069\u061C]/gu;
/**
 * Unicode's Default_Ignorable_Code_Point (zero-width space and joiners, word
 * joiner, soft hyphen, BOM, variation selectors, tags, fillers…): characters
 * that render as nothing, so they only make a name look like another one or
 * like none. The one exception is an emoji sequence (UTS #51), where the
 * joiner and variation selector are what draws it; the first alternative
 * matches such a sequence whole so that it is kept.
 */
const EMOJI = '\\p{Extended_Pictographic}[\\u{1F3FB}-\\u{1F3FF}]?\\uFE0F?';
const INVISIBLE = new RegExp(`(${EMOJI}(?:\\u200D${EMOJI})*)|\\p{Default_Ignorable_Code_Point}`, 'gu');

export function safeFileName(name: string | undefined, fallback = 'download'): string {
  // Keep only the last path component, whichever separator was used.
  let n = (name ?? '').split(/[/\\]/).pop() ?? '';
  // Controls and bidi marks become a visible `_`; invisible characters are removed before the
  // checks below, so that what is left is judged as what it looks like.
  n = n.replace(UNSAFE_CHARS, '_').replace(INVISIBLE, (_, emoji?: string) => emoji ?? '').normalize('NFC');
  // Leading dots would hide the file (and `..` is a path).
  n = withoutTrailingDotsOrSpaces(n.replace(/^[.\s]+/, ''));
  if (n === '' || /^_+$/.test(n)) n = safeFallback(fallback);
  if (RESERVED.test(n)) n = `_${n}`;
  // The cut can land just after a dot or a space.
  return withoutTrailingDotsOrSpaces(truncate(n));
}

/** Windows drops trailing dots and spaces, so the saved name would differ from the one shown. */
function withoutTrailingDotsOrSpaces(n: string): string {
  return n.replace(/[.\s]+$/, '');
}

function safeFallback(fallback: string): string {
  return fallback === '' ? 'download' : fallback;
}

/** The longest start of `text` that takes at most `bytes` bytes of UTF-8 (whole characters), for a name that is to have more added to it. */
export function leadingBytes(text: string, bytes: number): string {
  if (Buffer.byteLength(text) <= bytes) return text;
  let out = '';
  for (const ch of text) {
    if (Buffer.byteLength(out + ch) > bytes) break;
    out += ch;
  }
  return out;
}

/** Cuts a name to MAX_NAME_BYTES of UTF-8, keeping a short extension. */
function truncate(name: string): string {
  if (Buffer.byteLength(name) <= MAX_NAME_BYTES) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  const stem = ext ? name.slice(0, dot) : name;
  let out = '';
  for (const ch of stem) {
    if (Buffer.byteLength(out + ch + ext) > MAX_NAME_BYTES) break;
    out += ch;
  }
  return out + ext;
}

/**
 * The file name in a Content-Disposition value: `filename*` (RFC 6266/8187)
 * first, then `filename`. Raw UTF-8 bytes in `filename` (as many servers send
 * them) arrive as Latin-1 text from node:http and are decoded back.
 */
export function fileNameFromContentDisposition(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star) {
    const charset = star[1].trim().toLowerCase();
    const value = star[2].trim().replace(/^"|"$/g, '');
    try {
      if (charset === 'utf-8' || charset === '') return decodeURIComponent(value);
      if (charset === 'iso-8859-1') return value.replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    } catch {
      // malformed percent-encoding: try the plain parameter
    }
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  const bare = /(?:^|;)\s*filename\s*=\s*([^;"\s][^;]*)/i.exec(header);
  const raw = quoted ? quoted[1].replace(/\\(.)/g, '$1') : bare?.[1].trim();
  if (raw === undefined) return undefined;
  return latin1AsUtf8(raw);
}

function latin1AsUtf8(s: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[\u0080-\u00FF]/.test(s) || /[^\u0000-\u00FF]/.test(s)) return s;
  const decoded = Buffer.from(s, 'latin1').toString('utf8');
  return decoded.includes('\uFFFD') ? s : decoded;
}
