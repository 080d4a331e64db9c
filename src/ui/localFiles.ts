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
