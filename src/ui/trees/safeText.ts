/**
 * Text from the service shown in the trees: labels, descriptions, tooltips.
 * Nothing in it may turn into markup, a link or a `command:` URI, and nothing
 * may hide or reorder what is shown (control and bidi characters).
 */

/** Longest value shown, in code points, before an ellipsis. */
export const MAX_SHOWN = 500;

// C0, DEL, C1, bidi marks/embeddings/overrides/isolates, Arabic letter mark,
// line/paragraph separators and the BOM: shown as visible `\uXXXX` escapes.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF]/gu;

function escapeChar(c: string): string {
  const code = c.codePointAt(0) ?? 0;
  if (c === '\n') return '\\n';
  if (c === '\r') return '\\r';
  if (c === '\t') return '\\t';
  return `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Plain text that shows every character for what it is, capped at `max` code points. */
export function safeText(value: string | undefined, max = MAX_SHOWN): string {
  if (!value) return '';
  const points = Array.from(value);
  const capped = points.length > max ? `${points.slice(0, max).join('')}…` : value;
  return capped.replace(INVISIBLE, escapeChar);
}

const HTML: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text for a MarkdownString (with HTML, theme icons and trust all off): the
 * characters of HTML become entities and every other ASCII punctuation
 * character is backslash-escaped, so that no emphasis, link, autolink, code
 * span, heading, list, tag or `$(icon)` can start.
 */
export function markdownText(value: string | undefined, max = MAX_SHOWN): string {
  return safeText(value, max).replace(/[\x21-\x2F\x3A-\x40\x5B-\x60\x7B-\x7E]/g, (c) => HTML[c] ?? `\\${c}`);
}

/**
 * Text for a notification. VS Code turns `[text](command:…)`, `(https:…)` and
 * `(file:…)` in a notification's message into links, whatever the source of
 * the text; a zero-width space between `]` and `(` keeps it plain text.
 */
export function notificationText(value: string | undefined, max = MAX_SHOWN): string {
  return safeText(value, max).replace(/\]\(/g, ']\u200B(');
}

/** A label and the value the service sent (unescaped; empty or undefined lines are left out). */
export type Field = readonly [label: string, value: string | number | undefined];

/** The Markdown of a fields tooltip: a bold title, one escaped `label: value` line per field, an optional note. */
export function fieldsMarkdown(title: string, fields: readonly Field[], note?: string): string {
  const lines = [`**${markdownText(title)}**`];
  for (const [label, value] of fields) {
    const text = value === undefined ? '' : String(value);
    if (text.trim() !== '') lines.push(`${markdownText(label)}: ${markdownText(text)}`);
  }
  return lines.join('  \n') + (note ? `\n\n*${markdownText(note)}*` : '');
}
