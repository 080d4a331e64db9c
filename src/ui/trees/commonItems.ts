import * as vscode from 'vscode';
import { Cmd } from '../commandIds';
import type { LoadMoreNode, MessageNode } from './nodes';
import { safeText } from '../text';

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
  if (m.retry) t.command = { command: m.retry.command, title: vscode.l10n.t('Refresh'), arguments: m.retry.arguments && [...m.retry.arguments] };
  return t;
}

export function loadMoreItem(n: LoadMoreNode): vscode.TreeItem {
  const t = new vscode.TreeItem(vscode.l10n.t('Load more ({0} remaining)', n.remaining));
  t.id = `${n.view}/loadMore`;
  t.iconPath = new vscode.ThemeIcon('ellipsis');
  t.contextValue = 'loadMore';
  t.tooltip = vscode.l10n.t('Show the next page of rows');
  t.command = { command: Cmd.loadMore, title: vscode.l10n.t('Load More'), arguments: [n.view] };
  return t;
}

/** Filter text in a view's description and the context key the title bar's buttons follow. */
export function showFilter(view: vscode.TreeView<unknown>, contextKey: string, filter: string | undefined): void {
  view.description = filter === undefined ? undefined : vscode.l10n.t('Filter: {0}', safeText(filter, 60));
  void vscode.commands.executeCommand('setContext', contextKey, filter !== undefined);
}
