import * as vscode from 'vscode';
import type { ServiceTime } from '../core';

/** `1,234 bytes`, `1.2 MB`: sizes for people, in the display language. */
export function formatBytes(n: number): string {
  const locale = vscode.env.language;
  if (n < 1024) return vscode.l10n.t('{0} bytes', n.toLocaleString(locale));
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v.toLocaleString(locale, { maximumFractionDigits: v < 10 ? 1 : 0 })} ${units[u]}`;
}

/** A service time in the user's locale; the raw text when its format was not recognised. */
export function formatTime(t: ServiceTime | undefined): string {
  if (!t) return '';
  if (t.date) return t.date.toLocaleString(vscode.env.language);
  return t.raw.trim();
}

/** Service text made safe for one line of a plain-text view: no control or bidi characters. */
export function oneLine(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, ' ').replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069\u061C]/g, '').trim();
}
