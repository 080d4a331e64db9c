/**
 * Archive files as documents of a new submission.
 *
 * The client sends documents from disk only (a `LocalSource` is a file: the
 * multipart body needs each length up front and may be opened again), so the
 * chosen archive files are downloaded first, each into its own numbered
 * subfolder of one private folder (`temporaryFolder.ts`: `mkdtemp` under
 * `os.tmpdir()`, readable by this user only) under the archive file's name
 * made safe, so that each is sent under that name (two equal names are then
 * the client's usual problem).
 *
 * Contract:
 * - each download is checked against the hash the archive recorded, as a
 *   download is (`checkDownload`); a mismatch is refused
 *   (`ArchiveMismatchError`), since the bytes are not what the user chose to
 *   send;
 * - each file is checked as a workspace file is (`checkFile`) and handed out
 *   as a `LocalFile` the client accepts;
 * - `dispose()` removes the folder (call it once the submission is sent or
 *   abandoned; more than once is harmless);
 * - a failure or a cancel midway removes whatever was written before the
 *   error is thrown: nothing is left behind either way.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  abortReason, checkFile, invalidInput, isProblem, safeFileName, ServiceError, shortDigest,
  type ArchiveFile, type ArchiveListItem, type DownloadResult, type HashCheck, type Logger, type ServiceClient,
} from '../../core';
import { checkDownload } from '../transfers/downloads';
import type { LocalFile } from '../transfers/localFiles';
import { temporaryFolder } from '../transfers/temporaryFolder';

/** What the documents are fetched with; `recordHashCheck` lets the Archive view show the check. */
export interface ArchiveDocumentDeps {
  readonly client: ServiceClient;
  readonly log: Logger;
  recordHashCheck?(id: string, check: HashCheck): void;
}

/** The file downloaded is not what the archive recorded for it: the file meant is not there to send. */
export class ArchiveMismatchError extends ServiceError {
  constructor(readonly fileName: string, readonly check: HashCheck) {
    super('invalidRequest', vscode.l10n.t('"{0}" as downloaded differs from what the archive recorded (its {1} is {2}, the archive recorded {3}), so it is not used as a document.',
      fileName, check.algorithm, shortDigest(check.actual), shortDigest(check.expected)));
  }
}

export interface ArchiveDocuments {
  /** In the order the files were given. */
  readonly documents: LocalFile[];
  /** Each one's detail in the archive (its title, its recorded hash), in the same order. */
  readonly files: readonly ArchiveFile[];
  /** Removes the temporary files. */
  dispose(): Promise<void>;
}

/**
 * Downloads `files` as documents (see the contract above). `onProgress`
 * counts the bytes of all files together; the total is known when every
 * file's size is.
 */
export async function archiveFilesAsDocuments(
  deps: ArchiveDocumentDeps,
  files: readonly (ArchiveListItem | ArchiveFile)[],
  signal: AbortSignal,
  onProgress?: (done: number, total?: number) => void,
): Promise<ArchiveDocuments> {
  if (signal.aborted) throw abortReason(signal);
  const temp = await temporaryFolder(deps.log);
  try {
    const details: ArchiveFile[] = [];
    for (const f of files) details.push('ticket' in f ? f : await deps.client.getArchiveFile(f.id, { signal }));
    const sizes = details.map((f) => f.fullSize);
    const total = sizes.every((s) => s !== undefined) ? sizes.reduce<number>((a, b) => a + (b ?? 0), 0) : undefined;
    let before = 0;
    const documents: LocalFile[] = [];
    for (const [i, f] of details.entries()) {
      const name = safeFileName(f.name, `file-${f.id}`);
      const dir = path.join(temp.path, String(i + 1));
      await fs.mkdir(dir);
      const saved = await deps.client.downloadArchiveFile(f, { path: path.join(dir, name) }, {
        signal, onProgress: (n) => onProgress?.(before + n, total),
      });
      before += saved.bytes;
      await refuseMismatch(deps, f, name, saved, signal);
      documents.push(await checkedDocument(saved.path, name));
    }
    deps.log.info(`${documents.length} archive file(s) downloaded as documents into ${temp.path}.`);
    return { documents, files: details, dispose: temp.dispose };
  } catch (e) {
    await temp.dispose();
    throw e;
  }
}

/** Checks the download against the recorded hash; a mismatch is refused (a file with no usable hash passes, as a download does). */
async function refuseMismatch(deps: ArchiveDocumentDeps, f: ArchiveFile, name: string, saved: DownloadResult, signal: AbortSignal): Promise<void> {
  const check = await checkDownload(deps.log, f, saved, signal);
  // checkDownload never fails; a cancel during the check leaves it unchecked, and must still stop here.
  if (signal.aborted) throw abortReason(signal);
  if (!check) return;
  deps.recordHashCheck?.(f.id, check);
  if (!check.matches) throw new ArchiveMismatchError(name, check);
}

/** The downloaded file, checked as a file chosen in the workspace is. */
async function checkedDocument(p: string, name: string): Promise<LocalFile> {
  const file = await checkFile(p, name);
  if (isProblem(file)) throw invalidInput(file);
  return { uri: vscode.Uri.file(file.path), path: file.path, name, size: file.size, file };
}
