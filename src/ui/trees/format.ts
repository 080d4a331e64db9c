import * as vscode from 'vscode';
import type { ServiceTime } from '../../core';
import { formatBytes, formatTime } from '../format';

// Like every value here, what these return is still to be made safe where it is shown.

/** A time with the raw value the service sent, for tooltips: "3/3/2025, 10:00:00 AM (2025-03-03 09:00:00)". */
export function formatTimeWithRaw(t: ServiceTime | undefined): string {
  if (!t || !t.raw.trim()) return '';
  return t.date ? `${formatTime(t)} (${t.raw.trim()})` : t.raw.trim();
}

/** "12,345 bytes (12.1 KB)"; "512 bytes". */
export function sizeWithBytes(bytes: number | undefined): string {
  if (bytes === undefined) return '';
  const exact = vscode.l10n.t('{0} bytes', bytes.toLocaleString(vscode.env.language));
  return bytes < 1024 ? exact : `${exact} (${formatBytes(bytes)})`;
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
