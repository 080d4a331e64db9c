import * as path from 'node:path';
import * as vscode from 'vscode';
import { errorDetail, type Logger } from '../../core';
import { isSkippedName } from '../transfers/collectFiles';
import { BACK, type Back, type UserInput } from '../input/userInput';

const MAX_PICKER_FILES = 500;
/**
 * Not offered: node_modules, and anything hidden (a name starting with a dot:
 * .git, .vscode and the like, their contents, dotfiles). As a glob for file
 * search; the walk tests names with `isSkippedName`.
 */
const SKIPPED_GLOB = '{**/node_modules/**,**/.*/**,**/.*}';

/**
 * New Submission's documents from the workspace: workspace files, or any
 * file through Browse…. `back`: a later step of a question, with a Back
 * button (BACK when pressed).
 */
export async function chooseDocuments(ui: UserInput, log: Logger, o: { readonly title?: string; readonly back?: boolean } = {}): Promise<vscode.Uri[] | Back | undefined> {
  const t = vscode.l10n.t;
  const title = o.title ?? t('Add from the Workspace');
  const browse = async () => ui.openDialog({ canSelectMany: true, canSelectFiles: true, canSelectFolders: false, openLabel: t('Attach'), title: t('Documents to send') });
  if (!vscode.workspace.workspaceFolders?.length) return browse();
  const found = await workspaceFiles(log);
  const browseItem = { label: t('$(folder-opened) Browse…'), description: t('choose files anywhere'), alwaysShow: true, uri: undefined as vscode.Uri | undefined };
  const items = [
    browseItem,
    ...found
      .map((uri) => ({ label: path.basename(uri.fsPath), description: path.dirname(vscode.workspace.asRelativePath(uri)).replace(/^\.$/, ''), uri: uri as vscode.Uri | undefined }))
      .sort((a, b) => `${a.description}/${a.label}`.localeCompare(`${b.description}/${b.label}`)),
  ];
  // Short enough to show whole in the filter box (a longer one is cut off there).
  const picked = await ui.quickPickMany(items, {
    title,
    back: o.back,
    placeHolder: found.length >= MAX_PICKER_FILES
      ? t('The first {0} files; Browse… for others', MAX_PICKER_FILES)
      : found.length === 0 ? t('No workspace files: Browse… for others') : t('Type a name, then Space ticks it; Enter to finish'),
  });
  if (!picked || picked === BACK) return picked;
  if (picked.length === 0) {
    // Enter with nothing ticked and nothing highlighted: said, never a silent end.
    void ui.info(t('No document was chosen: tick files with Space, or highlight one and press Enter.'));
    return undefined;
  }
  const chosen = picked.flatMap((i) => (i.uri ? [i.uri] : []));
  if (picked.includes(browseItem)) {
    const more = await browse();
    if (!more) return undefined;
    chosen.push(...more);
  }
  return chosen;
}

/**
 * Up to MAX_PICKER_FILES workspace files, without the skipped ones.
 * Where file search is not available (it needs ripgrep, which some remote
 * and web hosts lack), the folders are walked instead.
 */
async function workspaceFiles(log: Logger): Promise<vscode.Uri[]> {
  try {
    const found = await vscode.workspace.findFiles('**/*', SKIPPED_GLOB, MAX_PICKER_FILES);
    if (found.length) return found;
  } catch (e) {
    log.warn(`Searching the workspace files failed (${errorDetail(e)}); walking the folders instead.`);
  }
  const out: vscode.Uri[] = [];
  const queue = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri);
  while (queue.length && out.length < MAX_PICKER_FILES) {
    const dir = queue.shift()!;
    const entries = await vscode.workspace.fs.readDirectory(dir).then((e) => e, () => [] as [string, vscode.FileType][]);
    for (const [name, type] of entries.sort(([a], [b]) => a.localeCompare(b))) {
      if (isSkippedName(name)) continue;
      if (type & vscode.FileType.Directory) {
        // Linked folders are not followed: they may loop.
        if (!(type & vscode.FileType.SymbolicLink)) queue.push(vscode.Uri.joinPath(dir, name));
      } else if (type & vscode.FileType.File && out.length < MAX_PICKER_FILES) {
        out.push(vscode.Uri.joinPath(dir, name));
      }
    }
  }
  return out;
}
