/**
 * Service text made safe where the extension shows it: tree labels, tooltips,
 * notifications, titles and pickers. Nothing in it may turn into markup, a
 * link or a `command:` URI, and nothing may hide or reorder what is shown.
 * Free of VS Code, so it is tested in plain Node.
 */
import { BIDI_CONTROLS, INVISIBLE, LINE_BREAKING, escapeChar } from '../../shared/visibleText';

/** Longest value shown, in code points, before an ellipsis. */
export const MAX_SHOWN = 500;

/** Plain text that shows every character for what it is, capped at `max` code points. */
export function safeText(value: string | undefined, max = MAX_SHOWN): string {
  if (!value) return '';
  const points = Array.from(value);
  const capped = points.length > max ? `${points.slice(0, max).join('')}…` : value;
  return capped.replace(INVISIBLE, escapeChar);
}

/**
 * One line of a plain-text view where escapes would be noise (quick picks,
 * titles in messages): line breaks become a space, bidi controls are dropped.
 */
export function oneLine(s: string): string {
  return s.replace(LINE_BREAKING, ' ').replace(BIDI_CONTROLS, '').trim();
}

/** What the workbench draws as an icon in a label: `$(name)`, `$(name~modifier)`. */
const ICON = /\$\([A-Za-z0-9-]+(?:~[A-Za-z]+)?\)/g;

/**
 * Text for a place where the workbench draws `$(name)` as an icon (a quick
 * pick's label, description and detail, the status bar): each such sequence
 * escaped, so that a form reference or a title reading `$(check) Paid`
 * shows as those characters.
 */
export function iconsAsText(s: string): string {
  return s.replace(ICON, '\\$&');
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
