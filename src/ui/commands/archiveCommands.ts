import * as vscode from 'vscode';
import { HEADER_VALUE, isServiceError, textProblem, type ArchiveFile, type ArchiveListItem } from '../../core';
import { ArchiveFileSystem, archiveUri, OPEN_SIZE_LIMIT } from '../archiveFileSystem';
import { Cmd } from '../commandIds';
import type { Deps } from '../deps';
import { askSaveTarget, checkDownload, warnHashMismatch } from '../downloads';
import { formatBytes } from '../format';
import { oneLine } from '../text';
import { confirmUploadInRestrictedMode, regularFiles, type LocalFile } from '../localFiles';
import { pickArchiveFile } from '../pickers';
import { problemText } from '../problemText';
import { withCancellableProgress } from '../progress';
import type { ArchiveNode } from '../trees/nodes';
import { listedIds, reportUnknownOutcome, type ArrivalCheck } from '../unknownOutcome';
import { anArchiveFile, explorerUris } from './args';
import { isPdf, offerOpenDownload, openInEditor } from './openFile';
import { reached } from '../milestones';

/** Archive This File, Download Archive File, Open Archive File, Copy File Id. */
export function registerArchiveCommands(deps: Deps): void {
  const { commands } = deps;
  const files = new ArchiveFileSystem(deps.session);
  deps.context.subscriptions.push(files.register());

  commands.register(Cmd.archiveFile, explorerUris, (uris) => archiveFiles(deps, uris));
  commands.register(Cmd.downloadArchiveFile, anArchiveFile, (node) => downloadArchiveFile(deps, node));
  commands.register(Cmd.openArchiveFile, anArchiveFile, (node) => openArchiveFile(deps, files, node));
  commands.register(Cmd.copyFileId, anArchiveFile, async (node) => {
    const f = node ? node.item : await pickArchiveFile(deps.input.current, deps.session.client, deps.archive, vscode.l10n.t('File whose id to copy'));
    if (!f) return;
    await vscode.env.clipboard.writeText(f.id);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Copied file id {0}', f.id), 3000);
  });
}

// ── Archive This File ─────────────────────────────────────────────────────

/** The files to archive when none was passed: the active editor's, else an open dialog. */
async function filesToArchive(deps: Deps, given: vscode.Uri[]): Promise<vscode.Uri[] | undefined> {
  if (given.length) return given;
  const active = vscode.window.activeTextEditor?.document.uri;
  if (active?.scheme === 'file') return [active];
  return deps.input.current.openDialog({ canSelectMany: true, canSelectFiles: true, canSelectFolders: false, openLabel: vscode.l10n.t('Archive'), title: vscode.l10n.t('Files to archive') });
}

/** Archive This File, for the Explorer's files (or the view's dropped ones). */
export async function archiveFiles(deps: Deps, given: vscode.Uri[]): Promise<string[] | undefined> {
  const client = deps.session.client; // fails early, before any question, when signed out
  const uris = await filesToArchive(deps, given);
  if (!uris?.length) return [];
  const all = await regularFiles(deps.input.current, uris);
  const files = all.filter((f) => f.size > 0);
  if (files.length < all.length) {
    void deps.input.current.warn(vscode.l10n.t('Empty files cannot be archived: {0}.', all.filter((f) => f.size === 0).map((f) => f.name).join(', ')));
  }
  if (files.length === 0) return [];
  if (!(await confirmUploadInRestrictedMode(deps.input.current, files))) return [];

  // All titles first: Escape then leaves nothing half done.
  const titled: { file: LocalFile; title: string }[] = [];
  for (const [i, file] of files.entries()) {
    const title = await deps.input.current.inputBox({
      title: files.length > 1 ? vscode.l10n.t('Archive This File ({0} of {1})', i + 1, files.length) : vscode.l10n.t('Archive This File'),
      prompt: vscode.l10n.t('Title of "{0}" in the archive', file.name),
      value: file.name,
      validate: (v) => {
        const code = textProblem(v, HEADER_VALUE); // the client's check of the title header
        return code && problemText({ code, field: 'title' });
      },
    });
    if (typeof title !== 'string') return [];
    titled.push({ file, title: title.trim() });
  }

  const done: string[] = [];
  try {
    for (const { file, title } of titled) {
      const arrival = archiveArrival(deps, title, file.name, titled.length - done.length - 1);
      let before: ReadonlySet<string> | undefined;
      let created;
      try {
        created = await withCancellableProgress(
          files.length > 1 ? vscode.l10n.t('Archiving "{0}" ({1} of {2})…', file.name, done.length + 1, files.length) : vscode.l10n.t('Archiving "{0}"…', file.name),
          async (p, signal) => {
            // What is there already, so that after an unknown outcome a new arrival can be told from an old one.
            before = await listedIds(arrival, signal);
            return client.uploadArchiveFile({ file: file.file, title }, { signal, onProgress: (sent, total) => p.bytes(sent, total || file.size) });
          },
        );
      } catch (e) {
        // The files after it are not sent: the connection just failed, or the user cancelled.
        if (isServiceError(e) && e.outcomeUnknown) return void (await reportUnknownOutcome(deps.input.current, deps.log, e, before, arrival));
        throw e;
      }
      deps.log.info(`Archived ${file.size} bytes as file ${created.id}.`);
      reached('archivedFile');
      done.push(created.id);
    }
  } finally {
    // Whatever arrived is shown, also when a later file failed or was cancelled.
    if (done.length) {
      await deps.archive.refresh();
      for (const id of done) await deps.archive.reveal(id);
    }
  }
  void deps.input.current.info(done.length === 1
    ? vscode.l10n.t('Archived "{0}" (file id {1}).', titled[0].title, done[0])
    : vscode.l10n.t('Archived {0} files.', done.length));
  return done;
}

/** How an uploaded file is recognised in the archive after an unknown outcome: by its title and name. */
function archiveArrival(deps: Deps, title: string, name: string, notSent: number): ArrivalCheck<ArchiveListItem> {
  const t = vscode.l10n.t;
  const shown = oneLine(title);
  const rest = notSent > 0 ? ` ${t('The other {0} file(s) were not sent.', notSent)}` : '';
  return {
    list: (signal) => deps.session.client.listArchive({ signal }),
    id: (f) => f.id,
    matches: (f) => f.title === title && (f.name === '' || f.name === name),
    // The archive list has no dates: of several matching files, the first listed is reported.
    newestFirst: (l) => l,
    reveal: async (id) => {
      await deps.archive.refresh();
      await deps.archive.reveal(id);
    },
    text: {
      arrived: (f) => t('The archive received "{0}": it is file {1}. Do not upload it again.', shown, f.id) + rest,
      absent: () => t('The archive did not receive "{0}": no new file of that title is in it. You can upload it again.', shown) + rest,
      uncertain: (f, n) => t('The archive has {0} file(s) titled "{1}" (file {2} first). The list from before sending could not be read, so it is not known whether one of them is the one just sent.', n, shown, f.id) + rest,
      unchecked: () => t('The archive could not be read either: check it before uploading "{0}" again.', shown) + rest,
    },
  };
}

// ── Download / Open ───────────────────────────────────────────────────────

/** The file's detail (ticket, size): from the row when it was loaded, else fetched. */
async function detailOf(deps: Deps, node: ArchiveNode | undefined, placeHolder: string): Promise<ArchiveFile | undefined> {
  if (node?.detail) return node.detail;
  const item = node?.item ?? (await pickArchiveFile(deps.input.current, deps.session.client, deps.archive, placeHolder));
  if (!item) return undefined;
  const client = deps.session.client;
  const detail = await withCancellableProgress(vscode.l10n.t('Loading "{0}"…', oneLine(item.name ?? '') || item.id), (_p, signal) => client.getArchiveFile(item.id, { signal }));
  return detail;
}

async function downloadArchiveFile(deps: Deps, node: ArchiveNode | undefined): Promise<vscode.Uri | undefined> {
  const f = await detailOf(deps, node, vscode.l10n.t('File to download'));
  return f && saveArchiveFile(deps, f, node?.item.name);
}

/** Downloads a file whose detail is known; `listedName` is the list's name for it, should the detail lack one. */
async function saveArchiveFile(deps: Deps, f: ArchiveFile, listedName?: string): Promise<vscode.Uri | undefined> {
  const name = f.name || listedName || `file-${f.id}`;
  const where = await askSaveTarget(deps.input.current, name, vscode.l10n.t('Download "{0}"', oneLine(f.title || name)));
  if (!where) return undefined;
  const client = deps.session.client;
  const { result, check } = await withCancellableProgress(vscode.l10n.t('Downloading "{0}"…', oneLine(name)), async (p, signal) => {
    const saved = await client.downloadArchiveFile(f, { path: where.uri.fsPath, overwrite: where.overwrite }, { signal, onProgress: (n, total) => p.bytes(n, total ?? f.fullSize) });
    deps.log.info(`Archive file ${f.id} saved (${saved.bytes} bytes).`);
    p.message(vscode.l10n.t('Checking the hash…'));
    return { result: saved, check: await checkDownload(deps.log, f, saved.path, signal) };
  });
  if (check) deps.archive.recordHashCheck(f.id, check);
  // A mismatch keeps the file and says so instead of the usual "Downloaded"; a match is quiet but for the detail row.
  if (check?.matches === false) warnHashMismatch(deps.input.current, result.path, check);
  else offerOpenDownload(deps, result);
  return vscode.Uri.file(result.path);
}

async function openArchiveFile(deps: Deps, files: ArchiveFileSystem, node: ArchiveNode | undefined): Promise<vscode.Uri | undefined> {
  const f = await detailOf(deps, node, vscode.l10n.t('File to open'));
  if (!f) return undefined;
  // PDFs go to the extension's viewer, which has a limit of its own.
  if (!isPdf(f.name, f.mimetype) && f.fullSize !== undefined && f.fullSize > OPEN_SIZE_LIMIT) {
    const download = vscode.l10n.t('Download…');
    const answer = await deps.input.current.info(
      vscode.l10n.t('"{0}" is {1}, too large to open in an editor (the limit is {2}).', oneLine(f.name), formatBytes(f.fullSize), formatBytes(OPEN_SIZE_LIMIT)),
      download,
    );
    if (answer === download) await saveArchiveFile(deps, f, node?.item.name);
    return undefined;
  }
  files.remember(f);
  const uri = archiveUri(f);
  await openInEditor(deps.pdfs, { name: f.name, mimetype: f.mimetype, uri, pdf: { kind: 'archive', id: f.id, ticket: f.ticket, name: f.name } });
  return uri;
}
