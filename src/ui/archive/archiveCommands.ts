import * as vscode from 'vscode';
import type { ArchiveFile, Logger } from '../../core';
import { ArchiveFileSystem, archiveUri, OPEN_SIZE_LIMIT } from '../viewer/archiveFileSystem';
import { Cmd } from '../commands/commandIds';
import type { CommandRunner } from '../commands/commandRunner';
import type { ArchiveTree } from './archiveTree';
import { askSaveTarget, checkDownload, warnHashMismatch } from '../transfers/downloads';
import { formatBytes } from '../text/format';
import { notificationText, oneLine } from '../text/text';
import { chosenFiles, confirmUploadInRestrictedMode, skippedSentence, withoutEmptyFiles, type LocalFile } from '../transfers/localFiles';
import { archiveFolders } from './archiveFolder';
import { pickArchiveFile } from '../input/pickers';
import { withCancellableProgress } from '../input/progress';
import type { ArchiveNode } from '../lists/nodes';
import { anArchiveFile, explorerUris, selectedArchiveFiles } from '../lists/rowArgs';
import { downloadArchiveFiles } from '../transfers/downloadSets';
import { isPdf, offerOpenDownload, openInEditor, type OpenOffer } from '../transfers/openFile';
import type { InputHolder } from '../input/userInput';
import { archiveTitleProblem, type ArchiveUploads } from './archiveUploads';
import type { Session } from '../session/session';
import { connectionIdOf, rowsOf, sessionFor, sessionsFor, type ConnectionChoosing } from '../session/whichConnection';

/** What Archive This File uses: the prompts, the log, which connection (asked when there are several) and the uploads. */
export interface ArchivingFiles extends ConnectionChoosing {
  readonly log: Logger;
  readonly archiveUploads: Pick<ArchiveUploads, 'each' | 'batch'>;
}

/** What downloading and opening an archive file use: the file's connection, the Archive view's rows and hash checks, and Open's viewer. */
type ArchiveFileDeps = OpenOffer & ConnectionChoosing & { readonly archive: ArchiveTree };

/** The same, with the session the command acts with. */
type ArchiveFileOn = OpenOffer & { readonly archive: ArchiveTree } & { readonly session: Session };

/** What the archive commands are built from. */
export interface ArchiveCommandParts extends ArchivingFiles, OpenOffer {
  readonly context: Pick<vscode.ExtensionContext, 'subscriptions'>;
  readonly commands: CommandRunner;
  readonly session: ArchivingFiles['session'] & ConnectionChoosing['session'];
  readonly archive: ArchiveTree;
}

/** Archive This File (Archive Folder… on a folder), Download Archive File, Open Archive File, Copy File Id. */
export function registerArchiveCommands(deps: ArchiveCommandParts): void {
  const { commands } = deps;
  const files = new ArchiveFileSystem(deps);
  deps.context.subscriptions.push(files.register());

  commands.register(Cmd.archiveFile, explorerUris, (uris) => archiveFiles(deps, uris));
  // The Explorer's item on a folder: the same command under a name that says what it does.
  commands.register(Cmd.archiveFolder, explorerUris, (uris) => archiveFiles(deps, uris));
  commands.register(Cmd.downloadArchiveFile, selectedArchiveFiles, async (nodes) => {
    const title = vscode.l10n.t('Download Archive File');
    if (nodes.length > 1) {
      const sessionOf = await sessionsFor(deps, nodes, title);
      return sessionOf && downloadArchiveFiles(deps, nodes, sessionOf);
    }
    const session = await sessionFor(deps, nodes[0], title);
    return session && downloadArchiveFile(deps, session, nodes[0]);
  });
  commands.register(Cmd.openArchiveFile, anArchiveFile, async (node) => {
    const session = await sessionFor(deps, node, vscode.l10n.t('Open Archive File'));
    return session && openArchiveFile(deps, session, files, node);
  });
  commands.register(Cmd.copyFileId, anArchiveFile, async (node) => {
    const session = node ? undefined : await sessionFor(deps, undefined, vscode.l10n.t('Copy File Id'));
    const f = node ? node.item : session && await pickArchiveFile(deps.input.current, session.client, rowsOf(deps.archive, session, deps.session.current), vscode.l10n.t('File whose id to copy'));
    if (!f) return;
    await vscode.env.clipboard.writeText(f.id);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Copied file id {0}', f.id), 3000);
  });
}

// ── Archive This File ─────────────────────────────────────────────────────

/** Up to this many files chosen, each title is asked; more are titled by one rule, as a folder's files are. */
const TITLED_ONE_BY_ONE = 5;

/** The files to archive when none was passed: the active editor's, else an open dialog. */
async function filesToArchive(input: InputHolder, given: vscode.Uri[]): Promise<vscode.Uri[] | undefined> {
  if (given.length) return given;
  const active = vscode.window.activeTextEditor?.document.uri;
  if (active?.scheme === 'file') return [active];
  return input.current.openDialog({ canSelectMany: true, canSelectFiles: true, canSelectFolders: false, openLabel: vscode.l10n.t('Archive'), title: vscode.l10n.t('Files to archive') });
}

/** Archive This File, for the Explorer's files (or the view's dropped ones: `onto` a connection's root or rows, to that connection). */
export async function archiveFiles(deps: ArchivingFiles, given: vscode.Uri[], onto?: unknown): Promise<string[] | undefined> {
  const session = await sessionFor(deps, connectionIdOf(onto) === undefined ? undefined : onto, vscode.l10n.t('Archive This File'));
  if (!session) return [];
  void session.client; // fails early, before any question, when signed out
  const uris = await filesToArchive(deps.input, given);
  if (!uris?.length) return [];
  const chosen = await chosenFiles(deps.input.current, uris, { log: deps.log });
  if (!chosen) return [];
  // A folder among them, or more files than one would title one by one: one title rule for all.
  if (chosen.folders || chosen.files.length > TITLED_ONE_BY_ONE) return archiveFolders(deps, session, chosen, uris);
  if (chosen.skipped.length) void deps.input.current.warn(skippedSentence(chosen.skipped));
  const files = withoutEmptyFiles(deps.input.current, chosen.files);
  if (files.length === 0) return [];
  if (!(await confirmUploadInRestrictedMode(deps.input.current, files))) return [];

  // All titles first: Escape then leaves nothing half done.
  const titled: { file: LocalFile; title: string }[] = [];
  for (const [i, file] of files.entries()) {
    const title = await deps.input.current.inputBox({
      title: files.length > 1 ? vscode.l10n.t('Archive This File ({0} of {1})', i + 1, files.length) : vscode.l10n.t('Archive This File'),
      prompt: vscode.l10n.t('Title of "{0}" in the archive', notificationText(file.name)),
      value: file.name,
      validate: archiveTitleProblem,
    });
    if (typeof title !== 'string') return [];
    titled.push({ file, title: title.trim() });
  }

  const done = await deps.archiveUploads.each(session, titled.map(({ file, title }, i) => ({
    title, name: file.name, local: file,
    progress: files.length > 1 ? vscode.l10n.t('Archiving "{0}" ({1} of {2})…', file.name, i + 1, files.length) : vscode.l10n.t('Archiving "{0}"…', file.name),
    source: async () => ({ source: { file: file.file, name: file.name }, size: file.size }),
  })));
  if (!done) return undefined; // an unknown outcome, checked and reported
  // The new files are selected in the Archive view: their ids, internal, need not be said.
  void deps.input.current.info(done.length === 1
    ? vscode.l10n.t('Archived "{0}".', titled[0].title)
    : vscode.l10n.t('Archived {0} files.', done.length));
  return done;
}

// ── Download / Open ───────────────────────────────────────────────────────

/** The file's detail (ticket, size): from the row when it was loaded, else fetched. */
async function detailOf(deps: ConnectionChoosing & { readonly archive: ArchiveTree }, session: Session, node: ArchiveNode | undefined, placeHolder: string): Promise<ArchiveFile | undefined> {
  if (node?.detail) return node.detail;
  const item = node?.item ?? (await pickArchiveFile(deps.input.current, session.client, rowsOf(deps.archive, session, deps.session.current), placeHolder));
  if (!item) return undefined;
  const client = session.client;
  const detail = await withCancellableProgress(vscode.l10n.t('Loading "{0}"…', oneLine(item.name ?? '') || item.id), (_p, signal) => client.getArchiveFile(item.id, { signal }));
  return detail;
}

async function downloadArchiveFile(deps: ArchiveFileDeps, session: Session, node: ArchiveNode | undefined): Promise<vscode.Uri | undefined> {
  const f = await detailOf(deps, session, node, vscode.l10n.t('File to download'));
  return f && saveArchiveFile({ ...deps, session }, f, node?.item.name);
}

/** Downloads a file whose detail is known; `listedName` is the list's name for it, should the detail lack one. */
async function saveArchiveFile(deps: ArchiveFileOn, f: ArchiveFile, listedName?: string): Promise<vscode.Uri | undefined> {
  const name = f.name || listedName || `file-${f.id}`;
  const where = await askSaveTarget(deps.input.current, name, vscode.l10n.t('Download "{0}"', oneLine(f.title || name)));
  if (!where) return undefined;
  const client = deps.session.client;
  const { result, check } = await withCancellableProgress(vscode.l10n.t('Downloading "{0}"…', oneLine(name)), async (p, signal) => {
    const saved = await client.downloadArchiveFile(f, { path: where.uri.fsPath, overwrite: where.overwrite }, { signal, onProgress: (n, total) => p.bytes(n, total ?? f.fullSize) });
    deps.log.info(`Archive file ${f.id} saved (${saved.bytes} bytes).`);
    return { result: saved, check: await checkDownload(deps.log, f, saved, signal) };
  });
  if (check) deps.archive.recordHashCheck(f.id, check, deps.session.connection.id);
  // A mismatch keeps the file and says so instead of the usual "Downloaded"; a match is quiet but for the detail row.
  if (check?.matches === false) warnHashMismatch(deps.input.current, deps.log, result.path, check);
  else offerOpenDownload(deps, result);
  return vscode.Uri.file(result.path);
}

async function openArchiveFile(deps: ArchiveFileDeps, session: Session, files: ArchiveFileSystem, node: ArchiveNode | undefined): Promise<vscode.Uri | undefined> {
  const f = await detailOf(deps, session, node, vscode.l10n.t('File to open'));
  if (!f) return undefined;
  // PDFs go to the extension's viewer, which has a limit of its own.
  if (!isPdf(f.name, f.mimetype) && f.fullSize !== undefined && f.fullSize > OPEN_SIZE_LIMIT) {
    const download = vscode.l10n.t('Download…');
    const answer = await deps.input.current.info(
      vscode.l10n.t('"{0}" is {1}, too large to open in an editor (the limit is {2}).', oneLine(f.name), formatBytes(f.fullSize), formatBytes(OPEN_SIZE_LIMIT)),
      download,
    );
    if (answer === download) await saveArchiveFile({ ...deps, session }, f, node?.item.name);
    return undefined;
  }
  files.remember(f, session.connection.id);
  const uri = archiveUri(f, { id: session.connection.id, account: session.connectionAccount });
  await openInEditor(deps.pdfs, { name: f.name, mimetype: f.mimetype, uri, pdf: { kind: 'archive', id: f.id, ticket: f.ticket, name: f.name, connectionId: session.connection.id } });
  return uri;
}
