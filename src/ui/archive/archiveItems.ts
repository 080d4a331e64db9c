import * as vscode from 'vscode';
import type { ArchiveFile, ArchiveListItem, HashCheck, ServiceTime } from '../../core';
import { formatBytes, formatTime, formatTimeWithRaw, iconUri, sizeWithBytes } from '../text/format';
import type { ArchiveNode, DetailNode } from '../lists/nodes';
import { safeText } from '../text/text';
import { fieldsTooltip, type Field } from '../lists/tooltip';

/** What an archive row is called: its title, else its name, else its id. */
export function archiveLabel(item: ArchiveListItem): string {
  return item.title.trim() || item.name.trim() || item.id;
}

function tagText(d: ArchiveFile): string {
  return d.tags.map((t) => t.text).join(', ');
}

/** "name · size · tags" once the detail is known; the name before. */
export function archiveDescription(n: ArchiveNode): string {
  const d = n.detail;
  if (!d) return n.item.name;
  return [d.name || n.item.name, d.fullSize === undefined ? '' : formatBytes(d.fullSize), tagText(d)].filter((s) => s.trim()).join(' · ');
}

export function archiveItem(n: ArchiveNode, detailError: string | undefined, check?: HashCheck): vscode.TreeItem {
  const t = new vscode.TreeItem(safeText(archiveLabel(n.item)), vscode.TreeItemCollapsibleState.Collapsed);
  t.id = `archive/${n.item.id}`;
  t.description = safeText(archiveDescription(n));
  t.resourceUri = iconUri(n.detail?.name || n.item.name);
  t.iconPath = vscode.ThemeIcon.File;
  t.contextValue = 'archiveFile';
  // Without the detail the tooltip is left unset, so that hovering asks resolveTreeItem for it.
  if (n.detail || detailError !== undefined) t.tooltip = archiveTooltip(n, detailError, check);
  return t;
}

/** The hash as recorded, and what the last check of a download of it found. */
function hashText(d: ArchiveFile, check: HashCheck | undefined): string {
  if (!check || !d.hash.trim()) return d.hash;
  return check.matches
    ? vscode.l10n.t('{0} · verified ({1})', d.hash, check.algorithm)
    : vscode.l10n.t('{0} · does not match ({1})', d.hash, check.algorithm);
}

/**
 * What the tooltip and the lines under a row both show of a detail, times as
 * `time` writes them; `check` is the last hash check of a download of this file.
 */
function fileFields(d: ArchiveFile, time: (t: ServiceTime) => string, check: HashCheck | undefined): [string, string][] {
  const l = vscode.l10n;
  return [
    [l.t('Media type'), d.mimetype],
    [l.t('Size'), sizeWithBytes(d.fullSize)],
    [l.t('Hash'), hashText(d, check)],
    [l.t('Created'), time(d.ctime)],
    [l.t('Modified'), time(d.mtime)],
    [l.t('Accessed'), time(d.atime)],
  ];
}

export function archiveTooltip(n: ArchiveNode, detailError?: string, check?: HashCheck): vscode.MarkdownString {
  const l = vscode.l10n;
  const d = n.detail;
  const fields: Field[] = [
    [l.t('Title'), d?.title ?? n.item.title],
    [l.t('Name'), d?.name ?? n.item.name],
    [l.t('Id'), d?.id ?? n.item.id],
  ];
  if (d) {
    fields.push(
      ...fileFields(d, formatTimeWithRaw, check),
      [l.t('Folder'), d.parentFolder],
      [l.t('Tags'), d.tags.map((t) => (t.id === undefined ? t.text : `${t.text} (${t.id})`)).join(', ')],
      [l.t('Ticket'), d.ticket],
    );
  }
  const note = d ? undefined : detailError !== undefined ? l.t('The details could not be loaded. {0}', detailError) : l.t('Loading the details…');
  return fieldsTooltip(archiveLabel(n.item), fields, note);
}

/** The lines shown under an expanded archive row. */
export function detailLines(file: ArchiveNode, d: ArchiveFile, check?: HashCheck): DetailNode[] {
  const l = vscode.l10n;
  const lines: [string, string][] = [
    ...fileFields(d, formatTime, check),
    [l.t('Folder'), d.parentFolder === undefined ? '' : String(d.parentFolder)],
    [l.t('Tags'), tagText(d) || l.t('(none)')],
    [l.t('Id'), d.id],
  ];
  return lines.map(([label, value], index) => ({ kind: 'detail', file, index, label, value: value.trim() ? value : l.t('(unknown)') }));
}

export function detailItem(n: DetailNode): vscode.TreeItem {
  const t = new vscode.TreeItem(n.label);
  t.id = `archive/${n.file.item.id}/detail/${n.index}`;
  t.description = safeText(n.value);
  t.tooltip = safeText(`${n.label}: ${n.value}`);
  t.contextValue = 'detail';
  return t;
}
