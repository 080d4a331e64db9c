import * as vscode from 'vscode';
import { archiveFilesAsDocuments, type ArchiveDocuments } from '../archiveDocuments';
import type { Deps } from '../deps';
import { withCancellableProgress } from '../progress';
import { oneLine } from '../text';

/**
 * "Add from the Archive…": the archive files the user ticks, downloaded
 * (and checked against their recorded hashes) as temporary documents. The
 * caller removes them (`dispose`) when its composer closes or has sent.
 * Undefined when nothing was chosen.
 */
export async function chooseArchiveDocuments(deps: Deps): Promise<ArchiveDocuments | undefined> {
  const client = deps.session.client;
  const t = vscode.l10n.t;
  const files = await withCancellableProgress(t('Reading the archive…'), (_p, signal) => client.listArchive({ signal }));
  if (!files.length) {
    void deps.input.current.info(t('The archive has no files.'));
    return undefined;
  }
  const items = files.map((f) => ({ label: oneLine(f.title || f.name), description: oneLine(f.name), file: f }));
  const picked = await deps.input.current.quickPickMany(items, { title: t('New Submission'), placeHolder: t('Archive files to send (Space ticks several; Enter takes the highlighted one)') });
  if (!picked?.length) return undefined;
  return withCancellableProgress(t('Fetching {0} archive file(s)…', picked.length), (p, signal) =>
    archiveFilesAsDocuments({ client, log: deps.log, recordHashCheck: (id, check) => deps.archive.recordHashCheck(id, check) }, picked.map((i) => i.file), signal, (done, total) => p.bytes(done, total)));
}
