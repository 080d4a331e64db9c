// The question "which folder?" (where downloads go). Desktop VS Code shows
// the system's dialog, which has New Folder and shows folders as they come.
// In the browser, a remote window or with `files.simpleDialog.enable`, VS
// Code shows its own dialog in the quick input instead, and its open dialog
// can neither make a folder nor take a path that is not there yet (only its
// Save dialog offers to create one). There the extension asks with a list of
// folders of its own: New Folder… makes one, and the list is read again each
// time it is shown, so folders made meanwhile appear.
import { existsSync, promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { safeFileName } from '../../core';
import { notificationText } from '../text/text';
import { BACK, type UserInput } from '../input/userInput';

export interface FolderQuestion {
  readonly title: string;
  /** The word of the choice that takes the folder shown ("Download Here"). */
  readonly openLabel: string;
  /** Where the question starts (its nearest folder that exists). */
  readonly start: vscode.Uri;
}

/** Whether VS Code shows the system's own dialogs: desktop VS Code, files on this machine, and `files.simpleDialog.enable` off. */
export function systemDialogs(): boolean {
  return vscode.env.uiKind === vscode.UIKind.Desktop && vscode.env.remoteName === undefined
    && !vscode.workspace.getConfiguration('files').get<boolean>('simpleDialog.enable', false);
}

/** Asks for a folder; undefined when the user backed out. */
export async function askFolder(ui: UserInput, q: FolderQuestion): Promise<vscode.Uri | undefined> {
  const dialog = (defaultUri: vscode.Uri) => ui.openDialog({ title: q.title, openLabel: q.openLabel, canSelectFiles: false, canSelectFolders: true, canSelectMany: false, defaultUri });
  if (systemDialogs()) return (await dialog(q.start))?.[0];
  return browse(ui, q, (at) => dialog(at).then((u) => u?.[0]));
}

/** What an item of the list does: take the folder shown, make one in it, open VS Code's dialog, or show another folder. */
interface FolderItem extends vscode.QuickPickItem {
  readonly go: 'here' | 'new' | 'other' | { readonly folder: string };
}

/** Subfolders listed at most: the list is for going somewhere, Other Folder… types a path. */
const MAX_LISTED = 1000;

async function browse(ui: UserInput, q: FolderQuestion, other: (at: vscode.Uri) => Promise<vscode.Uri | undefined>): Promise<vscode.Uri | undefined> {
  const t = vscode.l10n.t;
  let dir = await existingFolder(q.start.fsPath);
  for (;;) {
    const parent = path.dirname(dir);
    // Read each time the list is shown: folders made meanwhile are there.
    const listed = await subfolders(dir);
    const items: FolderItem[] = [
      { label: `$(check) ${q.openLabel}`, description: path.basename(dir) || dir, go: 'here' },
      { label: `$(new-folder) ${t('New Folder…')}`, go: 'new' },
      ...(parent !== dir ? [{ label: '$(arrow-up) ..', description: parent, go: { folder: parent } }] : []),
      ...listed.names.map((name) => ({ label: `$(folder) ${name}`, go: { folder: path.join(dir, name) } })),
      {
        label: `$(folder-opened) ${t('Other Folder…')}`,
        description: listed.more ? t('{0} more folders not listed: type or browse to any folder', listed.more.toLocaleString()) : t('type or browse to any folder'),
        go: 'other',
      },
    ];
    const picked = await ui.quickPick(items, { title: q.title, placeHolder: dir });
    if (picked === undefined || picked === BACK) return undefined;
    if (picked.go === 'here') return vscode.Uri.file(dir);
    if (picked.go === 'other') {
      const chosen = await other(vscode.Uri.file(dir));
      if (chosen) return chosen;
    } else if (picked.go === 'new') {
      dir = (await newFolder(ui, q.title, dir)) ?? dir;
    } else {
      dir = picked.go.folder;
    }
  }
}

/** Asks for a name and makes that folder in `dir`; its path, or undefined when the user backed out or it could not be made (said). */
async function newFolder(ui: UserInput, title: string, dir: string): Promise<string | undefined> {
  const name = await ui.inputBox({ title, prompt: vscode.l10n.t('Name of the new folder in "{0}"', notificationText(dir)), validate: (v) => folderNameProblem(dir, v) });
  if (typeof name !== 'string') return undefined;
  const made = path.join(dir, name.trim());
  try {
    await fs.mkdir(made);
    return made;
  } catch (e) {
    void ui.warn(vscode.l10n.t('The folder "{0}" could not be made: {1}', notificationText(made), e instanceof Error ? e.message : String(e)));
    return undefined;
  }
}

/** Why `value` cannot name a new folder in `dir`: a name every system takes, not there yet. */
function folderNameProblem(dir: string, value: string): string | undefined {
  const t = vscode.l10n.t;
  const name = value.trim();
  if (!name) return t('Enter a name for the folder.');
  if (/[\\/]/.test(name)) return t('A folder name cannot contain / or \\.');
  const safe = safeFileName(name, '');
  if (safe !== name) return safe ? t('Not every system takes this name; "{0}" would do.', safe) : t('Not every system takes this name.');
  if (existsSync(path.join(dir, name))) return t('"{0}" is there already.', name);
  return undefined;
}

/** The first folders of a folder by name, and how many more there are. */
interface Subfolders {
  readonly names: readonly string[];
  readonly more: number;
}

/**
 * The folders in `dir`, the first MAX_LISTED by name (sorted before they are
 * cut: a folder is read in another order), without hidden ones (as the
 * system dialogs hide them); none when it cannot be read.
 */
async function subfolders(dir: string): Promise<Subfolders> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  const names: string[] = [];
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    const folder = e.isDirectory() || (e.isSymbolicLink() && (await fs.stat(path.join(dir, e.name)).then((s) => s.isDirectory(), () => false)));
    if (folder) names.push(e.name);
  }
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  names.sort((a, b) => collator.compare(a, b));
  return { names: names.slice(0, MAX_LISTED), more: Math.max(0, names.length - MAX_LISTED) };
}

/** `p`, or its nearest ancestor that is a folder, else the home folder. */
async function existingFolder(p: string): Promise<string> {
  for (let at = path.resolve(p); ; at = path.dirname(at)) {
    if (await fs.stat(at).then((s) => s.isDirectory(), () => false)) return at;
    if (path.dirname(at) === at) return os.homedir();
  }
}
