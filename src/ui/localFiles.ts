import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { checkFile, isProblem, type CheckedFile } from '../core';
import { skippedFileText } from './problemText';
import type { UserInput } from './userInput';

export interface LocalFile {
  readonly uri: vscode.Uri;
  readonly path: string;
  readonly name: string;
  readonly size: number;
  /** The check's result, handed to the client so that it does not check again. */
  readonly file: CheckedFile;
}

/**
 * Keeps the regular files on this computer; tells the user about the rest
 * (folders, remote or virtual resources, files that vanished) in one message.
 */
export async function regularFiles(ui: UserInput, uris: readonly vscode.Uri[]): Promise<LocalFile[]> {
  const files: LocalFile[] = [];
  const refused: string[] = [];
  for (const uri of uris) {
    if (uri.scheme !== 'file') {
      refused.push(vscode.l10n.t('{0} is not a file on this computer', uri.toString(true)));
      continue;
    }
    const file = await checkFile(uri.fsPath);
    if (isProblem(file)) refused.push(skippedFileText(file));
    else files.push({ uri, path: file.path, name: path.basename(file.path), size: file.size, file });
  }
  if (refused.length) {
    void ui.warn(vscode.l10n.t('Only files on this computer can be used; skipped: {0}.', refused.join('; ')));
  }
  return files;
}

/**
 * In Restricted Mode the extension still lists and downloads, but asks before
 * a file of the untrusted workspace leaves the machine. True to go ahead.
 */
export async function confirmUploadInRestrictedMode(ui: UserInput, files: readonly LocalFile[]): Promise<boolean> {
  if (vscode.workspace.isTrusted) return true;
  const fromWorkspace = files.filter((f) => vscode.workspace.getWorkspaceFolder(f.uri) !== undefined);
  if (fromWorkspace.length === 0) return true;
  const upload = vscode.l10n.t('Upload');
  const answer = await ui.confirm(
    vscode.l10n.t('This workspace is in Restricted Mode. Upload {0} file(s) from it to the Document Submission service?', fromWorkspace.length),
    fromWorkspace.map((f) => vscode.workspace.asRelativePath(f.uri)).join('\n'),
    upload,
  );
  return answer === upload;
}

/**
 * Keeps the files that can be archived or sent: empty ones are refused by
 * the service, and named in one warning.
 */
export function withoutEmptyFiles(ui: UserInput, all: readonly LocalFile[]): LocalFile[] {
  const empty = all.filter((f) => f.size === 0);
  if (empty.length) void ui.warn(vscode.l10n.t('Empty files cannot be archived: {0}.', empty.map((f) => f.name).join(', ')));
  return all.filter((f) => f.size > 0);
}

/**
 * Not offered and not taken from a folder: node_modules, and anything hidden
 * (a name starting with a dot: .git, .vscode and the like, their contents,
 * dotfiles).
 */
export const isSkippedName = (name: string): boolean => name === 'node_modules' || name.startsWith('.');

/**
 * The files below `dir` on this computer, in name order, without the
 * skipped names, as paths relative to it (with the system's separator).
 * Linked folders are not followed: they may loop.
 */
export async function filesBelow(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    const entries = await fs.readdir(path.join(dir, rel), { withFileTypes: true });
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (isSkippedName(e.name)) continue;
      const child = rel ? path.join(rel, e.name) : e.name;
      if (e.isDirectory()) await walk(child);
      else if (e.isFile() || (e.isSymbolicLink() && (await fs.stat(path.join(dir, child)).then((s) => s.isFile(), () => false)))) out.push(child);
    }
  };
  await walk('');
  return out;
}
