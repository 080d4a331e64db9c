import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { invalidRequest, type DownloadResult, type Logger } from '../core';
import { safeFileName } from '../core';
import { formatBytes } from './format';
import { defaultDownloadFolder, readSettings } from './settings';
import type { UserInput } from './userInput';

/** Where the user chose to save, and whether they agreed to replace an existing file. */
export interface SaveTarget {
  readonly uri: vscode.Uri;
  readonly overwrite: boolean;
}

/**
 * Asks where to save `name` (default: the download folder setting). When the
 * chosen file exists, asks before replacing it: the OS dialog may have asked
 * already, but a scripted or remote dialog may not have, and a silent
 * overwrite is never acceptable. Undefined when the user backed out.
 */
export async function askSaveTarget(ui: UserInput, name: string, title: string, filters?: Record<string, string[]>): Promise<SaveTarget | undefined> {
  const folder = defaultDownloadFolder(readSettings());
  const uri = await ui.saveDialog({
    title,
    saveLabel: vscode.l10n.t('Download'),
    defaultUri: vscode.Uri.joinPath(folder, safeFileName(name)),
    filters,
  });
  if (!uri) return undefined;
  if (uri.scheme !== 'file') throw invalidRequest(vscode.l10n.t('Downloads can only be saved to files on this computer ({0} is not).', uri.toString()));
  const existing = await fs.stat(uri.fsPath).catch(() => undefined);
  if (!existing) return { uri, overwrite: false };
  if (existing.isDirectory()) throw invalidRequest(vscode.l10n.t('"{0}" is a folder; choose a file name.', uri.fsPath));
  const replace = vscode.l10n.t('Replace');
  const answer = await ui.confirm(
    vscode.l10n.t('"{0}" already exists. Do you want to replace it?', path.basename(uri.fsPath)),
    vscode.l10n.t('The file in "{0}" will be overwritten with the download.', path.dirname(uri.fsPath)),
    replace,
  );
  return answer === replace ? { uri, overwrite: true } : undefined;
}

/** After a download: says where the file went and offers to open or reveal it. */
export function offerOpen(ui: UserInput, log: Logger, result: DownloadResult): void {
  const uri = vscode.Uri.file(result.path);
  const open = vscode.l10n.t('Open');
  const inWorkspace = vscode.workspace.getWorkspaceFolder(uri) !== undefined;
  const reveal = inWorkspace ? vscode.l10n.t('Reveal in Explorer') : vscode.l10n.t('Show in Folder');
  void ui.info(
    vscode.l10n.t('Downloaded "{0}" ({1}).', path.basename(result.path), formatBytes(result.bytes)),
    open, reveal,
  ).then((a) => {
    if (a === open) return vscode.commands.executeCommand('vscode.open', uri);
    if (a === reveal) return vscode.commands.executeCommand(inWorkspace ? 'revealInExplorer' : 'revealFileInOS', uri);
    return undefined;
  }).then(undefined, (e: unknown) => log.warn(`Opening the download failed: ${e instanceof Error ? e.message : String(e)}`));
}
