import * as vscode from 'vscode';
import { Cmd } from '../commands/commandIds';
import type { LoadMoreNode, MessageNode } from './nodes';
import type { ListRow } from './rowDetails';
import { safeText } from '../text/text';

const MESSAGE_ICONS = {
  error: new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground')),
  warning: new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground')),
  info: new vscode.ThemeIcon('info'),
};

/** A message row; one with a `retry` runs it when clicked (e.g. refresh after a failure). */
export function messageItem(m: MessageNode<unknown>): vscode.TreeItem {
  const t = new vscode.TreeItem(safeText(m.text));
  if (m.icon) t.iconPath = MESSAGE_ICONS[m.icon];
  t.tooltip = safeText(m.tooltip ?? m.text);
  t.contextValue = 'message';
  if (m.retry) t.command = { command: m.retry.command, title: m.retry.title ?? vscode.l10n.t('Refresh'), arguments: m.retry.arguments && [...m.retry.arguments] };
  return t;
}

export function loadMoreItem(n: LoadMoreNode): vscode.TreeItem {
  const t = new vscode.TreeItem(vscode.l10n.t('Load more ({0} remaining)', n.remaining));
  t.id = `${n.view}/loadMore`;
  t.iconPath = new vscode.ThemeIcon('ellipsis');
  t.contextValue = 'loadMore';
  t.tooltip = vscode.l10n.t('Show the next page of rows');
  // The count stays in what a screen reader says, not only in the label.
  t.accessibilityInformation = { label: vscode.l10n.t('Load more, {0} remaining', n.remaining), role: 'button' };
  // The row itself: under a connection's root, only that connection's next page.
  t.command = { command: Cmd.loadMore, title: vscode.l10n.t('Load More'), arguments: [n] };
  return t;
}

/** The filters in a view's description (quick filter, then text) and the context key the title bar's buttons follow. */
export function showFilter(view: vscode.TreeView<unknown>, contextKey: string, filter: string | undefined, quick?: string): void {
  const text = filter === undefined ? undefined : vscode.l10n.t('Filter: {0}', safeText(filter, 60));
  view.description = [quick, text].filter((s) => s !== undefined).join(' · ') || undefined;
  void vscode.commands.executeCommand('setContext', contextKey, filter !== undefined || quick !== undefined);
}

/** The note under a row whose detail fetch failed: an older detail stays shown below it, or there is none. */
export function detailMessage<Row extends ListRow<unknown>>(row: Row, error: string): MessageNode<Row> {
  const retry = { command: Cmd.refreshItem, arguments: [row] };
  return row.detail
    ? { kind: 'message', text: vscode.l10n.t('Showing earlier details: the refresh failed. {0}', error), tooltip: error, icon: 'warning', parent: row, retry }
    : { kind: 'message', text: vscode.l10n.t('Could not load the details. {0}', error), tooltip: error, icon: 'error', parent: row, retry };
}
