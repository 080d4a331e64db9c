import * as vscode from 'vscode';
import type { Session } from '../session/session';
import { connectionName } from '../session/connectionText';
import { safeText } from '../text/text';

/** What the status bar knows of one connection: its session and, signed in, its count. */
export interface Counted {
  readonly session: Pick<Session, 'connection' | 'signedIn' | 'refusedNow' | 'accountChanged'>;
  readonly loaded?: boolean;
  readonly stale?: string;
  readonly count?: number;
  /** The workspace's connection: its line says so. */
  readonly inUse?: boolean;
}

/** A connection's line in the status bar's tooltip: `Test: 3 pending`, or its state; `· in use here` on the workspace's. */
export function connectionLine(c: Counted): string {
  const line = stateLine(c);
  return c.inUse ? vscode.l10n.t('{0} · in use here', line) : line;
}

function stateLine(c: Counted): string {
  const t = vscode.l10n.t;
  const s = c.session;
  const name = connectionName(s.connection);
  if (!s.signedIn) {
    const why = s.refusedNow ? t('refused: sign in again') : s.accountChanged ? t('signed out: the address or user name changed') : t('signed out');
    return `${name}: ${why}`;
  }
  if (!c.loaded) return c.stale !== undefined ? `${name}: ${t('could not be reached: {0}', safeText(c.stale))}` : `${name}: ${t('not known yet')}`;
  const count = t('{0} pending', c.count ?? 0);
  return c.stale !== undefined ? `${name}: ${t('{0} (may be out of date: {1})', count, safeText(c.stale))}` : `${name}: ${count}`;
}
