import * as vscode from 'vscode';
import { formatBytes as formatSize, timeDate, type ServiceTime } from '../../core';

// Values for people in the display language; like all service text, still to be made safe where shown (./text).

const bytesWord = (count: string): string => vscode.l10n.t('{0} bytes', count);

/** "1,234 bytes": an exact count in the display language. */
function exactBytes(n: number): string {
  return bytesWord(n.toLocaleString(vscode.env.language));
}

/** "512 bytes", "1.4 KB": the core's convention (1,024 bytes to the KB) in the display language. */
export function formatBytes(n: number): string {
  return formatSize(n, vscode.env.language, bytesWord);
}

/** A service time in the user's locale; the raw text when its format was not recognised. */
export function formatTime(t: ServiceTime | undefined): string {
  if (!t) return '';
  const date = timeDate(t);
  if (date) return date.toLocaleString(vscode.env.language);
  return t.raw.trim();
}

/** A time with the raw value the service sent, for tooltips: "3/3/2025, 10:00:00 AM (2025-03-03 09:00:00)". */
export function formatTimeWithRaw(t: ServiceTime | undefined): string {
  if (!t || !t.raw.trim()) return '';
  return t.ms !== undefined ? `${formatTime(t)} (${t.raw.trim()})` : t.raw.trim();
}

/** "12,345 bytes (12.1 KB)"; "512 bytes". */
export function sizeWithBytes(bytes: number | undefined): string {
  if (bytes === undefined) return '';
  return bytes < 1024 ? exactBytes(bytes) : `${exactBytes(bytes)} (${formatBytes(bytes)})`;
}

export function yesNo(v: boolean | undefined): string {
  return v === undefined ? '' : v ? vscode.l10n.t('yes') : vscode.l10n.t('no');
}

/**
 * A Uri that carries only a file name, so that the file icon theme can pick an
 * icon by extension. Its scheme is our own: it names nothing that can be opened.
 */
export function iconUri(name: string): vscode.Uri {
  const base = (name.split(/[/\\]/).pop() ?? '').replace(/[?#%]/g, '_') || 'file';
  return vscode.Uri.from({ scheme: 'dsas-name', path: `/${base}` });
}
