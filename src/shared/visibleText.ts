/**
 * Characters that would hide or reorder what is shown, declared once for the
 * extension and the webviews. Imports nothing: both sides bundle it.
 */

// C0, DEL, C1 controls.
const CONTROL = '\\u0000-\\u001F\\u007F-\\u009F';
// Line and paragraph separators.
const SEPARATOR = '\\u2028\\u2029';
// Bidi marks, embeddings, overrides, isolates and the Arabic letter mark.
const BIDI = '\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069';

// Global patterns, for String.replace only.

/** Controls and line breaks of every kind (a run of them ends a line). */
export const LINE_BREAKING = new RegExp(`[${CONTROL}${SEPARATOR}]+`, 'gu');
/** Bidi controls: they reorder the text around them. */
export const BIDI_CONTROLS = new RegExp(`[${BIDI}]`, 'gu');
/** Everything invisible or reordering, the BOM included. */
export const INVISIBLE = new RegExp(`[${CONTROL}${BIDI}${SEPARATOR}\\uFEFF]`, 'gu');

/** One character as a visible escape: `\n`, `\r`, `\t` or `\uXXXX`. */
export function escapeChar(c: string): string {
  if (c === '\n') return '\\n';
  if (c === '\r') return '\\r';
  if (c === '\t') return '\\t';
  return `\\u${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Bidi controls made visible, everything else as it came (webview text, where line breaks are laid out). */
export function bidiVisible(text: string): string {
  return text.replace(BIDI_CONTROLS, escapeChar);
}
