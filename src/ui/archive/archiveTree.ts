import * as vscode from 'vscode';
import type { ArchiveListItem, HashCheck, Logger, ServiceClient } from '../../core';
import { ArchiveDrop } from './archiveDrop';
import { archiveItem, archiveLabel, archiveTooltip, detailItem, detailLines } from './archiveItems';
import { loadMoreItem, messageItem } from '../lists/commonItems';
import { ListTree, type TreeSessions } from '../lists/listTree';
import { unhandled, type ArchiveNode, type ArchiveTreeNode, type DetailNode, type RowNode } from '../lists/nodes';
import { foldText, type RowModel } from '../lists/rowList';

/** The nodes of one connection's archive. */
type ArchiveRowNode = RowNode<ArchiveNode, DetailNode>;

/** Where a hash check is kept: the same id is another file in another archive. */
const checkKey = (connectionId: string | undefined, id: string) => JSON.stringify([connectionId ?? '', id]);

/** One row per file, matched on id, title, name and tags (which come with the detail), ignoring case and accents. */
const archiveModel: RowModel<ArchiveListItem, ArchiveNode> = {
  key: (item) => item.id,
  create: (item) => ({ kind: 'archiveFile', item }),
  update: (row, item) => {
    const changed = JSON.stringify(row.item) !== JSON.stringify(item);
    row.item = item;
    return changed;
  },
  matches: (row, needle) => {
    const i = row.item;
    const tags = row.detail?.tags.map((t) => t.text) ?? [];
    return [i.id, archiveLabel(i), i.title, i.name, ...tags].some((v) => foldText(v).includes(needle));
  },
};

/**
 * The Archive view: one row per file. The list endpoint has only id, name
 * and title, so the details (size, tags, times…) are fetched for the rows on
 * screen, a few at a time, and each row is updated as its detail arrives.
 * Files dropped on the view are archived.
 */
export class ArchiveTree extends ListTree<ArchiveListItem, ArchiveNode, DetailNode> {
  /** Files dropped on the view are archived. */
  readonly dragAndDrop: ArchiveDrop;
  /** The last hash check of a download, per connection and file id, for the detail row (this window only). */
  private readonly hashChecks = new Map<string, HashCheck>();

  /** `archiveDropped` is Archive This File, for files dropped on the view (`onto`: the node they were dropped on); `warn` says why a drop cannot be archived. */
  constructor(sessions: TreeSessions, log: Logger, archiveDropped: (uris: vscode.Uri[], onto: unknown) => Promise<unknown>, warn: (text: string) => void) {
    const dragAndDrop = new ArchiveDrop(log, archiveDropped, warn);
    super(sessions, log, {
      view: 'archive',
      rowWhat: 'archive file',
      model: archiveModel,
      fetch: (client, signal) => client.listArchive({ signal }),
      texts: {
        failed: (reason) => vscode.l10n.t('Could not load the archive. {0}', reason),
        empty: vscode.l10n.t('The archive is empty'),
        noMatch: (f) => vscode.l10n.t('No file matches "{0}"', f),
        stale: (reason) => vscode.l10n.t('Could not refresh: {0} Showing the files loaded earlier.', reason),
      },
      details: 'screen',
      dragAndDrop,
    });
    this.dragAndDrop = dragAndDrop;
  }

  protected itemOf(n: ArchiveRowNode): vscode.TreeItem {
    switch (n.kind) {
      case 'archiveFile': return archiveItem(n, this.detailError(n), this.hashCheckOf(n));
      case 'detail': return detailItem(n);
      case 'loadMore': return loadMoreItem(n);
      case 'message': return messageItem(n);
      default: return unhandled(n);
    }
  }

  protected childrenOf(n: ArchiveRowNode): Promise<ArchiveRowNode[]> | ArchiveRowNode[] {
    switch (n.kind) {
      case 'archiveFile': return this.rowChildren(n, (d) => detailLines(n, d, this.hashCheckOf(n)));
      case 'detail':
      case 'loadMore':
      case 'message': return [];
      default: return unhandled(n);
    }
  }

  protected parentOf(n: ArchiveRowNode): ArchiveRowNode | undefined {
    switch (n.kind) {
      case 'detail': return n.file;
      case 'message': return n.parent;
      case 'archiveFile':
      case 'loadMore': return undefined;
      default: return unhandled(n);
    }
  }

  /** Hovering a row whose detail is not there yet: fetch it for the tooltip. */
  async resolveTreeItem(item: vscode.TreeItem, n: ArchiveTreeNode): Promise<vscode.TreeItem> {
    if (n.kind !== 'archiveFile') return item;
    await this.awaitDetail(n);
    item.tooltip = archiveTooltip(n, this.detailError(n), this.hashCheckOf(n));
    return item;
  }

  /** A download of file `id` of one connection's archive (none: the workspace's) was checked against its recorded hash: its row shows the outcome. */
  recordHashCheck(id: string, check: HashCheck, connectionId?: string): void {
    // Kept for the connection even while its list does not hold the file yet (downloaded right after it was archived).
    const connection = this.connectionOf(connectionId);
    this.hashChecks.set(checkKey(connection, id), check);
    const row = this.rowOf(id, connection);
    if (row) this.rowChanged(row);
  }

  /** The last check of this file, while the detail shows the hash that was checked. */
  private hashCheckOf(n: ArchiveNode): HashCheck | undefined {
    const check = this.hashChecks.get(checkKey(this.connectionOf(n.connectionId), n.item.id));
    return check && n.detail?.hash === check.recorded ? check : undefined;
  }

  protected async fetchDetail(n: ArchiveNode, _now: boolean, client: ServiceClient): Promise<() => void> {
    const detail = await client.getArchiveFile(n.item.id);
    return () => {
      n.detail = detail;
    };
  }
}
