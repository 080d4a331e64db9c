import * as vscode from 'vscode';
import { hasResponded, type Recipient } from '../../core';
import { Cmd } from '../commands/commandIds';
import { formatTime, formatTimeWithRaw, iconUri, yesNo } from '../text/format';
import { type AttachmentNode, type GroupNode, type HistoryNode, type RecipientNode, type SubmissionNode } from '../lists/nodes';
import { safeText } from '../text/text';
import { submissionRow } from './submissionRows';
import { fieldsTooltip, untrustedMarkdown } from '../lists/tooltip';

const STATE_ICONS = {
  pending: new vscode.ThemeIcon('clock', new vscode.ThemeColor('charts.yellow')),
  completed: new vscode.ThemeIcon('pass-filled', new vscode.ThemeColor('charts.green')),
  unknown: new vscode.ThemeIcon('question'),
  attention: new vscode.ThemeIcon('report', new vscode.ThemeColor('charts.red')),
};

/** A submission row: the plain row of submissionRows.ts (measured by the bench) as a TreeItem. */
export function submissionItem(n: SubmissionNode, expanded: boolean): vscode.TreeItem {
  const row = submissionRow(n, { t: (s) => vscode.l10n.t(s), formatTime, expanded });
  const t = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.Collapsed);
  t.id = row.id;
  t.description = row.description;
  t.iconPath = STATE_ICONS[row.iconKind];
  t.contextValue = row.contextValue;
  t.tooltip = untrustedMarkdown(row.tooltip);
  t.accessibilityInformation = { label: row.accessibilityLabel };
  // The row's primary action (Enter, a click on its label); the arrow keys and the twistie expand it.
  t.command = { command: Cmd.showHistory, title: vscode.l10n.t('Show History'), arguments: [n] };
  return t;
}

export function groupItem(g: GroupNode): vscode.TreeItem {
  const d = g.submission.detail;
  const count = g.kind === 'recipients' ? d?.recipients.length ?? 0 : d?.attachments.length ?? 0;
  const label = g.kind === 'recipients' ? vscode.l10n.t('Recipients ({0})', count) : vscode.l10n.t('Attachments ({0})', count);
  const t = new vscode.TreeItem(label, count ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
  t.id = `submission/${g.submission.item.id}/${g.kind}`;
  t.iconPath = new vscode.ThemeIcon(g.kind === 'recipients' ? 'organization' : 'files');
  t.contextValue = g.kind;
  return t;
}

function viewed(r: Recipient): boolean {
  return r.submissionViewed === true || r.timeViewed.raw.trim() !== '';
}

export function recipientItem(n: RecipientNode, index: number): vscode.TreeItem {
  const r = n.recipient;
  const t = new vscode.TreeItem(safeText(r.name.trim() || r.email));
  t.id = `submission/${n.submission.item.id}/recipients/${index}`;
  const state = hasResponded(r)
    ? vscode.l10n.t('responded {0}', formatTime(r.responded))
    : viewed(r) ? vscode.l10n.t('viewed {0}', formatTime(r.timeViewed)) : vscode.l10n.t('not viewed');
  // Shown under its own name, never read as an outcome: its meaning is not documented.
  const status = r.responseStatus && `response_status ${r.responseStatus}`;
  t.description = safeText([r.email, r.recpType, state.trim(), status].filter((s) => s.trim()).join(' · '));
  // A neutral icon: a response is not an acceptance (the counters say how many were accepted).
  t.iconPath = hasResponded(r)
    ? new vscode.ThemeIcon('reply')
    : viewed(r) ? new vscode.ThemeIcon('eye') : new vscode.ThemeIcon('mail');
  t.contextValue = 'recipient';
  const l = vscode.l10n;
  t.tooltip = fieldsTooltip(r.name.trim() || r.email, [
    [l.t('Name'), r.name],
    [l.t('E-mail'), r.email],
    [l.t('Recipient type'), r.recpType],
    [l.t('Notification viewed'), yesNo(r.notificationViewed)],
    [l.t('Submission viewed'), yesNo(r.submissionViewed)],
    [l.t('Time viewed'), formatTimeWithRaw(r.timeViewed)],
    [l.t('Response status (response_status)'), r.responseStatus],
    [l.t('Response viewed'), yesNo(r.responseViewed)],
    [l.t('Responded'), formatTimeWithRaw(r.responded)],
    [l.t('Comment'), r.comment],
    [l.t('Endorsement'), r.endorsement],
    [l.t('Created'), formatTimeWithRaw(r.created)],
    [l.t('Authentication'), r.auth?.method],
    [l.t('Authentication number'), r.auth?.number],
  ]);
  return t;
}

export function attachmentItem(n: AttachmentNode, index: number): vscode.TreeItem {
  const a = n.attachment;
  const name = a.name.trim() || a.id;
  const t = new vscode.TreeItem(safeText(name));
  t.id = `submission/${n.submission.item.id}/attachments/${index}`;
  t.resourceUri = iconUri(name);
  t.iconPath = vscode.ThemeIcon.File;
  t.contextValue = 'attachment';
  const l = vscode.l10n;
  t.tooltip = fieldsTooltip(name, [[l.t('Name'), a.name], [l.t('Id'), a.id], [l.t('Ticket'), a.ticket]]);
  return t;
}

export function historyItem(n: HistoryNode): vscode.TreeItem {
  const t = new vscode.TreeItem(vscode.l10n.t('History'));
  t.id = `submission/${n.submission.item.id}/history`;
  t.iconPath = new vscode.ThemeIcon('history');
  t.contextValue = 'history';
  t.tooltip = vscode.l10n.t('Show the history of this submission');
  t.command = { command: Cmd.showHistory, title: vscode.l10n.t('Show History'), arguments: [n.submission] };
  return t;
}
