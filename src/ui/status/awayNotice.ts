import * as vscode from 'vscode';
import { responsesIn, type Change } from './changes';
import type { Notice } from './notices';

/**
 * What changed while the user was away (since the account's last look, at a
 * sign-in or a window start), in one notice of counts: "Since 25/11/2026,
 * 14:02:00: 3 responses, 1 rejection, 2 completed." Each response is then on
 * the badge; *Show* lists them (Show Only… Unseen responses).
 */
export function awayNotice(changes: readonly Change[], since: number): Notice {
  const l = vscode.l10n;
  const responses = changes.reduce((n, c) => n + responsesIn(c), 0);
  const rejections = changes.reduce((n, c) => n + (c.kind === 'rejected' ? c.count : 0), 0);
  const completed = changes.filter((c) => c.kind === 'completed').length;
  const parts: string[] = [];
  if (responses) parts.push(responses === 1 ? l.t('1 response') : l.t('{0} responses', responses));
  if (rejections) parts.push(rejections === 1 ? l.t('1 rejection') : l.t('{0} rejections', rejections));
  if (completed) parts.push(completed === 1 ? l.t('1 completed') : l.t('{0} completed', completed));
  const when = new Date(since).toLocaleString(vscode.env.language, { weekday: 'long', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  return { text: l.t('Since {0}: {1}.', when, parts.join(', ')), warning: rejections > 0, actions: ['unseen'] };
}
