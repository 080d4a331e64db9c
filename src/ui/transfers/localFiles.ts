import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CheckedFile, Logger } from '../../core';
import { collectFiles, type Choice, type Collected } from './collectFiles';
import { logged, skippedSentence, skippedText, type Skipped } from './skippedText';
import { notificationText } from '../text/text';
import type { UserInput } from '../input/userInput';

export { isSkippedName } from './collectFiles';
export { skippedSentence, type Skipped } from './skippedText';

export interface LocalFile {
  /** As chosen or found (a link stays the link): what the Explorer shows. */
  readonly uri: vscode.Uri;
  /** Its real path: what is read. */
  readonly path: string;
  /** The name it goes under: the name chosen (a link's own). */
  readonly name: string;
  readonly size: number;
  /** The check's result, handed to the client so that it does not check again. */
  readonly file: CheckedFile;
  /** Its path below the folder chosen; absent for a file chosen on its own (its name). */
  readonly relative?: string;
  /** Set when it was reached through a link: it is `path`, not what `uri` names, that is sent. */
  readonly linked?: boolean;
}

/** The files to send for what the user chose, and what was not taken. */
export interface ChosenFiles {
  readonly files: LocalFile[];
  readonly skipped: readonly Skipped[];
  /** A folder was among the choices. */
  readonly folders: boolean;
}

/** Whether a `vscode-remote:` URI's authority is this window's: undefined when that cannot be told. */
export type SameRemote = (uri: vscode.Uri) => boolean | undefined;

/**
 * Without a webview, by the window's remote name: an authority is that name
 * followed by "+" and the machine (`ssh-remote+host`), or the name alone
 * (code-server), and only the latter names the machine.
 */
const byRemoteName: SameRemote = (uri) => {
  const name = vscode.env.remoteName?.toLowerCase();
  const authority = uri.authority.toLowerCase();
  if (!name) return false;
  if (authority === name) return true;
  return authority.startsWith(`${name}+`) ? undefined : false;
};

/**
 * By a webview of this window, which shows this machine's files as
 * resources of the window's remote authority: a remote URI it shows the same
 * way is this window's. (VS Code gives extensions the authority itself only
 * through a proposed API, `env.remoteAuthority`.)
 */
export function sameRemoteAs(webview: vscode.Webview): SameRemote {
  const resource = (u: vscode.Uri) => webview.asWebviewUri(u.with({ path: '/', query: '', fragment: '' })).toString();
  return (uri) => resource(uri) === resource(vscode.Uri.file('/'));
}

/**
 * A URI as a webview's page received it in a drop, as VS Code's API would
 * hand it over: in a remote window the API gives this machine's files as
 * `file:` and those of the computer the user works at as `vscode-local:`,
 * while the page has the workbench's own names (`vscode-remote:` and
 * `file:`). A plain path is taken as one of this machine's.
 */
export function droppedUri(text: string): vscode.Uri | undefined {
  const t = text.trim();
  if (!t || t.startsWith('#')) return undefined;
  try {
    if (!/^[a-z][a-z0-9+.-]+:/i.test(t) || /^[a-z]:[\\/]/i.test(t)) return vscode.Uri.file(t);
    const uri = vscode.Uri.parse(t, true);
    return uri.scheme === 'file' && vscode.env.remoteName !== undefined ? uri.with({ scheme: 'vscode-local' }) : uri;
  } catch {
    return undefined;
  }
}

/** The path on this machine that a URI names, or why it names none. */
function localPath(uri: vscode.Uri, sameRemote: SameRemote): string | Skipped {
  const t = vscode.l10n.t;
  const name = path.posix.basename(uri.path) || uri.toString(true);
  const refused = (why: string): Skipped => ({ name, why, log: `Skipped ${logged(uri.toString(true))}: it ${why}.` });
  if (uri.scheme === 'file') return uri.fsPath;
  if (uri.scheme === 'vscode-remote') {
    const same = sameRemote(uri);
    if (same) return vscode.Uri.file(uri.path).fsPath;
    return refused(same === false
      ? t('is on another machine ({0}), not on the one this window works on', notificationText(uri.authority, 200))
      : t('is on {0}, which cannot be told from the machine this window works on', notificationText(uri.authority, 200)));
  }
  if (uri.scheme === 'vscode-local') return refused(t('is on the computer you work at, not on the machine this window works on ({0})', vscode.env.remoteName ?? ''));
  return refused(t('is not a file on a disk ({0})', notificationText(uri.scheme, 50)));
}

/**
 * What the user chose (URIs from the Explorer, a drop, a dialog or a
 * picker) as the files to send, by the one rule of `collectFiles`: folders
 * give their files, links that lead out of a folder chosen and special files
 * are skipped, each file is taken once. A file or folder chosen that leads
 * outside its workspace folder is sent only if the user agrees, asked here
 * naming it and its target; undefined when the user cancels that question.
 * Each skipped item is logged with where it leads.
 */
export async function chosenFiles(ui: UserInput, uris: readonly vscode.Uri[], o: { log?: Logger; sameRemote?: SameRemote } = {}): Promise<ChosenFiles | undefined> {
  const skipped: Skipped[] = [];
  const choices: Choice[] = [];
  for (const uri of uris) {
    const p = localPath(uri, o.sameRemote ?? byRemoteName);
    if (typeof p !== 'string') skipped.push(p);
    else choices.push({ path: p, root: vscode.workspace.getWorkspaceFolder(vscode.Uri.file(p))?.uri.fsPath });
  }
  const c = await collectFiles(choices);
  skipped.push(...c.leftOut.map(skippedText));
  const outside = c.files.filter((f) => f.outside);
  const include = outside.length ? await includeOutside(ui, outside) : true;
  if (include === undefined) return undefined;
  // Left out as the user said: logged, not said again.
  const declined = include ? [] : outside.map((f) => skippedText({ path: f.path, relative: f.relative, reason: 'declined', target: f.file.path }));
  for (const s of [...skipped, ...declined]) o.log?.info(s.log);
  const files = c.files.filter((f) => include || !f.outside).map((f) => localFile(f, c.folders));
  return { files, skipped, folders: c.folders };
}

/** The files chosen, what was skipped said in one warning: for the ways in that take files one by one. */
export async function filesToSend(ui: UserInput, uris: readonly vscode.Uri[], o: { log?: Logger; sameRemote?: SameRemote } = {}): Promise<LocalFile[] | undefined> {
  const chosen = await chosenFiles(ui, uris, o);
  if (chosen?.skipped.length) void ui.warn(skippedSentence(chosen.skipped));
  return chosen?.files;
}

function localFile(f: Collected, fromFolder: boolean): LocalFile {
  const name = path.basename(f.path);
  return { uri: vscode.Uri.file(f.path), path: f.file.path, name, size: f.file.size, file: f.file, relative: fromFolder ? f.relative : undefined, linked: f.linked || !!f.outside };
}

/** Lines of a question's detail: at most 20, then how many more. */
function listed(lines: readonly string[]): string {
  const shown = lines.slice(0, 20);
  if (lines.length > shown.length) shown.push(vscode.l10n.t('… and {0} more', lines.length - shown.length));
  return shown.join('\n');
}

/** A path as a question shows it: in the workspace when it is there, every character visible. */
const shown = (p: string): string => notificationText(vscode.workspace.asRelativePath(vscode.Uri.file(p)));

/** A workspace file as a line of a question: its path in the workspace, and where a link leads. */
const line = (f: { uri: vscode.Uri; path: string; linked?: boolean }): string => (f.linked ? `${shown(f.uri.fsPath)} → ${shown(f.path)}` : shown(f.uri.fsPath));

/** Asks whether to send what leads outside its workspace folder: true, false (leave it out), undefined (cancel). */
async function includeOutside(ui: UserInput, outside: readonly Collected[]): Promise<boolean | undefined> {
  const t = vscode.l10n.t;
  const choices = [...new Map(outside.map((f) => [f.outside!.chosen, f.outside!])).values()];
  const include = t('Include');
  const leave = t('Leave Out');
  let message: string;
  if (choices.length === 1) {
    const o = choices[0];
    const [name, target, folder] = [path.basename(o.chosen), o.target, path.basename(o.root)].map((v) => notificationText(v));
    message = outside.some((f) => f.path !== o.chosen)
      ? t('"{0}" leads to "{1}", outside the workspace folder "{2}". Include the files there?', name, target, folder)
      : t('"{0}" leads to "{1}", outside the workspace folder "{2}". Include that file?', name, target, folder);
  } else {
    message = t('{0} of the files and folders chosen lead outside their workspace folder. Include what they lead to?', choices.length);
  }
  const detail = choices.length === 1 ? undefined : listed(choices.map((o) => `${shown(o.chosen)} → ${notificationText(o.target)}`));
  const answer = await ui.confirm(message, detail, include, leave);
  return answer === include ? true : answer === leave ? false : undefined;
}

/**
 * In Restricted Mode the extension still lists and downloads, but asks before
 * a file of the untrusted workspace leaves the machine, naming where each
 * link leads. True to go ahead.
 */
export async function confirmUploadInRestrictedMode(ui: UserInput, files: readonly LocalFile[]): Promise<boolean> {
  if (vscode.workspace.isTrusted) return true;
  const fromWorkspace = files.filter((f) => vscode.workspace.getWorkspaceFolder(f.uri) !== undefined);
  if (fromWorkspace.length === 0) return true;
  const upload = vscode.l10n.t('Upload');
  const answer = await ui.confirm(
    fromWorkspace.length === 1
      ? vscode.l10n.t('This workspace is in Restricted Mode. Upload 1 file from it to the Document Submission service?')
      : vscode.l10n.t('This workspace is in Restricted Mode. Upload {0} files from it to the Document Submission service?', fromWorkspace.length),
    listed(fromWorkspace.map(line)),
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
