import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { type ArchiveFile, checkFileHash, type DownloadResult, errorDetail, type HashCheck, invalidRequest, type Logger, shortDigest, type UncheckableReason } from '../../core';
import { safeFileName } from '../../core';
import { askFolder } from './folderPrompt';
import { formatBytes } from '../text/format';
import { logged } from './skippedText';
import { defaultDownloadFolder, readSettings } from '../session/settings';
import type { UserInput } from '../input/userInput';
import { notify, showLogAction, type Action } from '../commands/notify';

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
  const answer = await ui.confirm(replaceQuestion(path.basename(uri.fsPath)), overwriteDetail(path.dirname(uri.fsPath)), replace);
  return answer === replace ? { uri, overwrite: true } : undefined;
}

/** What is asked before a download replaces a file, and what the question says will happen. */
const replaceQuestion = (name: string): string => vscode.l10n.t('"{0}" already exists. Do you want to replace it?', name);
const overwriteDetail = (folder: string): string => vscode.l10n.t('The file in "{0}" will be overwritten with the download.', folder);

/** Asks for the folder several downloads go into, starting at the download folder setting (see askFolder: New Folder… everywhere). Undefined when the user backed out. */
export async function askDownloadFolder(ui: UserInput, title: string): Promise<vscode.Uri | undefined> {
  const uri = await askFolder(ui, { title, openLabel: vscode.l10n.t('Download Here'), start: defaultDownloadFolder(readSettings()) });
  if (uri && uri.scheme !== 'file') throw invalidRequest(vscode.l10n.t('Downloads can only be saved to files on this computer ({0} is not).', uri.toString()));
  return uri;
}

/**
 * askSaveTarget's rule for several files going into `folder`: each name that
 * is there already is asked about, Replace or Skip (or, when more than one
 * is there, the same for all the rest); a folder of that name is skipped.
 * All before anything is downloaded. The names to replace and to skip, or
 * undefined when the user dismissed a question (nothing is downloaded).
 */
export async function askReplacements(ui: UserInput, folder: string, names: readonly string[]): Promise<{ replace: Set<string>; skip: Map<string, string> } | undefined> {
  const t = vscode.l10n.t;
  const replace = new Set<string>();
  const skip = new Map<string, string>();
  const existing: string[] = [];
  for (const name of names) {
    const st = await fs.stat(path.join(folder, name)).catch(() => undefined);
    if (st?.isDirectory()) skip.set(name, 'a folder of that name is there');
    else if (st) existing.push(name);
  }
  const [one, skipOne, all, skipAll] = [t('Replace'), t('Skip'), t('Replace All'), t('Skip All')];
  let forAll: string | undefined;
  for (const [i, name] of existing.entries()) {
    const rest = existing.length - i;
    const answer = forAll ?? await ui.confirm(
      replaceQuestion(name),
      rest > 1 ? t('The file in "{0}" would be overwritten with the download. {1} files of the download are there already.', folder, rest) : overwriteDetail(folder),
      ...(rest > 1 ? [one, skipOne, all, skipAll] : [one, skipOne]),
    );
    if (answer === undefined) return undefined;
    if (answer === all || answer === skipAll) forAll = answer;
    if (answer === one || answer === all) replace.add(name);
    else skip.set(name, 'a file of that name is there and was kept');
  }
  return { replace, skip };
}

/** Whether this window can show a file in the system's file manager: desktop VS Code on this machine (not the browser, not a remote window). */
const hasSystemFileManager = (): boolean => vscode.env.uiKind === vscode.UIKind.Desktop && vscode.env.remoteName === undefined;

/**
 * Where a file or folder saved can be shown: in the Explorer when it lies in
 * the workspace, else in the system's file manager where the window has one;
 * none in a browser or remote window (its files are another machine's).
 */
export function revealAction(uri: vscode.Uri): Action | undefined {
  if (vscode.workspace.getWorkspaceFolder(uri)) return { label: vscode.l10n.t('Reveal in Explorer'), run: () => vscode.commands.executeCommand('revealInExplorer', uri) };
  if (hasSystemFileManager()) return { label: vscode.l10n.t('Show in Folder'), run: () => vscode.commands.executeCommand('revealFileInOS', uri) };
  return undefined;
}

/** After a download: says where the file went and offers to open it (with `open`) or reveal it. */
export function offerOpen(ui: UserInput, log: Logger, result: DownloadResult, open: (uri: vscode.Uri) => Thenable<unknown>): void {
  const uri = vscode.Uri.file(result.path);
  void notify(ui, log, 'info', vscode.l10n.t('Downloaded "{0}" ({1}).', path.basename(result.path), formatBytes(result.bytes)),
    [{ label: vscode.l10n.t('Open'), run: () => open(uri) }, revealAction(uri)]);
}

/** Open Folder: the folder in a VS Code window of its own, the one in use left as it is. */
export function openFolderAction(folder: vscode.Uri): Action {
  return { label: vscode.l10n.t('Open Folder'), run: () => vscode.commands.executeCommand('vscode.openFolder', folder, { forceNewWindow: true }) };
}

/** Why a recorded hash allowed no check, for the log. */
const UNCHECKED_WHY: Readonly<Record<UncheckableReason, string>> = {
  empty: 'the archive recorded no hash',
  notHex: 'the recorded hash is not hexadecimal',
  unknownLength: 'its length names none of MD5, SHA-1, SHA-256, SHA-512 (32, 40, 64, 128 hex digits)',
};

/** Where the hash check of a downloaded archive file is shown (the Archive view's detail row). */
export interface HashChecks {
  /** `connectionId`: the file's connection (none: the workspace's). */
  recordHashCheck(id: string, check: HashCheck, connectionId?: string): void;
}

/**
 * Checks a downloaded archive file against the hash the archive recorded:
 * the check the client made as the bytes were written, else (a download made
 * without the hash) by reading the file once more. Never fails: a hash that
 * names no algorithm, a file gone or a cancel leave it unchecked, which the
 * log says.
 */
export async function checkDownload(log: Logger, f: Pick<ArchiveFile, 'id' | 'hash'>, saved: DownloadResult, signal?: AbortSignal): Promise<HashCheck | undefined> {
  const filePath = saved.path;
  try {
    const check = saved.hashCheck ?? await checkFileHash(filePath, f.hash, signal);
    if (typeof check === 'string') {
      log.info(`Archive file ${f.id}: hash not checked: ${UNCHECKED_WHY[check]}.`);
      return undefined;
    }
    if (check.matches) log.info(`Archive file ${f.id}: ${check.algorithm} verified (${check.actual}).`);
    else log.warn(`Archive file ${f.id} (${logged(path.basename(filePath))}): its ${check.algorithm} is ${check.actual}, the archive recorded ${check.expected}. The file was kept.`);
    return check;
  } catch (e) {
    log.warn(`Archive file ${f.id}: hash not checked: ${errorDetail(e)}`);
    return undefined;
  }
}

/** Says once that a downloaded file's content differs from what the archive recorded; the file stays. */
export function warnHashMismatch(ui: UserInput, log: Pick<Logger, 'warn'>, filePath: string, check: HashCheck): void {
  void notify(ui, log, 'warn',
    vscode.l10n.t('"{0}" differs from what the archive recorded: its {1} is {2}, the archive recorded {3}. The file was kept; the log has both digests.',
      path.basename(filePath), check.algorithm, shortDigest(check.actual), shortDigest(check.expected)),
    [showLogAction()]);
}
