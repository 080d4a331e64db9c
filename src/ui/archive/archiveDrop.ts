import * as vscode from 'vscode';
import type { Logger } from '../../core';
import type { ArchiveTreeNode } from '../lists/nodes';
import { notificationText } from '../text/text';

/**
 * Files dropped on the Archive view: from the Explorer (a `text/uri-list`)
 * or from the operating system (file items, with a path except on the web).
 * Returns the Uris, without duplicates, and the names of files that came
 * without a path.
 */
export async function droppedFiles(data: vscode.DataTransfer): Promise<{ uris: vscode.Uri[]; withoutPath: string[] }> {
  const uris = new Map<string, vscode.Uri>();
  const withoutPath: string[] = [];
  const list = await data.get('text/uri-list')?.asString();
  for (const line of (list ?? '').split(/\r?\n/)) {
    const text = line.trim();
    if (!text || text.startsWith('#')) continue; // RFC 2483 comments
    try {
      const uri = vscode.Uri.parse(text, true);
      uris.set(uri.toString(), uri);
    } catch {
      // not a URI: ignored
    }
  }
  for (const [, item] of data) {
    const file = item.asFile();
    if (!file) continue;
    if (file.uri) uris.set(file.uri.toString(), file.uri);
    else withoutPath.push(file.name);
  }
  return { uris: [...uris.values()], withoutPath };
}

/**
 * Drop target of the Archive view: archives the files as Archive This File
 * does from the Explorer's context menu (`archive` is that action, run under
 * the commands' error handler).
 */
export class ArchiveDrop implements vscode.TreeDragAndDropController<ArchiveTreeNode> {
  readonly dragMimeTypes: readonly string[] = [];
  readonly dropMimeTypes: readonly string[] = ['text/uri-list', 'files'];

  constructor(
    private readonly log: Logger,
    /** `onto`: the root or row they were dropped on, whose connection they go to (none: asked). */
    private readonly archive: (uris: vscode.Uri[], onto: ArchiveTreeNode | undefined) => Promise<unknown>,
    /** Says why nothing can be done (through the extension's UserInput, like every message). */
    private readonly warn: (text: string) => void,
  ) {}

  async handleDrop(target: ArchiveTreeNode | undefined, data: vscode.DataTransfer, token: vscode.CancellationToken): Promise<void> {
    const { uris, withoutPath } = await droppedFiles(data);
    if (token.isCancellationRequested) return;
    this.log.info(`Dropped on the Archive view: ${uris.length} file(s) with a path, ${withoutPath.length} without.`);
    if (withoutPath.length && !uris.length) {
      this.warn(vscode.l10n.t('These files came without a location, so they cannot be archived from here: {0}. Use Archive This File instead.', notificationText(withoutPath.join(', '))));
      return;
    }
    if (uris.length) await this.archive(uris, target);
  }
}
