import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Deps } from './deps';

/**
 * The Uris a command was invoked with: the Explorer passes the clicked item
 * and the whole selection, an editor menu its resource (and an object), a
 * drop on a view the dropped files. Anything that is not a Uri is ignored.
 */
export function urisFromArgs(first: unknown, second: unknown): vscode.Uri[] {
  const all = Array.isArray(second) && second.length > 0 ? (second as unknown[]) : [first];
  const seen = new Set<string>();
  return all.filter((u): u is vscode.Uri => u instanceof vscode.Uri).filter((u) => {
    const k = u.toString();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export interface LocalFile {
  readonly uri: vscode.Uri;
  readonly path: string;
  readonly name: string;
  readonly size: number;
}

/**
 * Keeps the regular files on this computer; tells the user about the rest
 * (folders, remote or virtual resources, files that vanished) in one message.
 */
export async function regularFiles(deps: Deps, uris: readonly vscode.Uri[]): Promise<LocalFile[]> {
  const files: LocalFile[] = [];
  const refused: string[] = [];
  for (const uri of uris) {
    if (uri.scheme !== 'file') {
      refused.push(vscode.l10n.t('{0} is not a file on this computer', uri.toString(true)));
      continue;
    }
    const st = await fs.stat(uri.fsPath).catch((e: NodeJS.ErrnoException) => e);
    if (st instanceof Error) refused.push(vscode.l10n.t('{0} cannot be read ({1})', path.basename(uri.fsPath), st.code ?? st.message));
    else if (st.isDirectory()) refused.push(vscode.l10n.t('{0} is a folder', path.basename(uri.fsPath)));
    else if (!st.isFile()) refused.push(vscode.l10n.t('{0} is not a regular file', path.basename(uri.fsPath)));
    else files.push({ uri, path: uri.fsPath, name: path.basename(uri.fsPath), size: st.size });
  }
  if (refused.length) {
    void deps.input.current.warn(vscode.l10n.t('Only files on this computer can be used; skipped: {0}.', refused.join('; ')));
  }
  return files;
}

/**
 * In Restricted Mode the extension still lists and downloads, but asks before
 * a file of the untrusted workspace leaves the machine. True to go ahead.
 */
export async function confirmUploadInRestrictedMode(deps: Deps, files: readonly LocalFile[]): Promise<boolean> {
  if (vscode.workspace.isTrusted) return true;
  const fromWorkspace = files.filter((f) => vscode.workspace.getWorkspaceFolder(f.uri) !== undefined);
  if (fromWorkspace.length === 0) return true;
  const upload = vscode.l10n.t('Upload');
  const answer = await deps.input.current.confirm(
    vscode.l10n.t('This workspace is in Restricted Mode. Upload {0} file(s) from it to the Document Submission service?', fromWorkspace.length),
    fromWorkspace.map((f) => vscode.workspace.asRelativePath(f.uri)).join('\n'),
    upload,
  );
  return answer === upload;
}
