import * as vscode from 'vscode';
import type { ArchiveFile, ArchiveListItem } from '../../core';
import type { ComposerDocument, ComposerForm } from '../../shared/composerMessages';
import { archiveFilesAsDocuments, type ArchiveDocumentDeps, type ArchiveDocuments } from '../archiveDocuments';
import type { Deps } from '../deps';
import { describeError, errorDetail } from '../errorText';
import { withCancellableProgress } from '../progress';
import { oneLine } from '../text';

/** Archive files fetched as documents, with the id each came from (in the same order). */
export interface FetchedFromArchive extends ArchiveDocuments {
  readonly fileIds: readonly string[];
}

/**
 * "Add from the Archive…": the archive files the user ticks, downloaded
 * (and checked against their recorded hashes) as temporary documents. The
 * caller removes them (`dispose`) when its composer closes or has sent.
 * Undefined when nothing was chosen.
 */
export async function chooseArchiveDocuments(deps: Deps): Promise<FetchedFromArchive | undefined> {
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
  return fetchArchiveDocuments(deps, picked.map((i) => i.file), t('Fetching {0} archive file(s)…', picked.length));
}

function fetchArchiveDocuments(deps: Deps, files: readonly (ArchiveListItem | ArchiveFile)[], title: string): Promise<FetchedFromArchive> {
  return withCancellableProgress(title, async (p, signal) => {
    const fetched = await archiveFilesAsDocuments(hashChecked(deps), files, signal, (done, total) => p.bytes(done, total));
    return { ...fetched, fileIds: files.map((f) => f.id) };
  });
}

/** What fetching needs; the Archive view shows each hash check. */
function hashChecked(deps: Deps): ArchiveDocumentDeps {
  return { client: deps.session.client, log: deps.log, recordHashCheck: (id, check) => deps.archive.recordHashCheck(id, check) };
}

/**
 * A draft opened again: its archive documents' copies went with the tab
 * that fetched them (or with the window), so they are fetched again, one by
 * one, by their archive ids. Those that cannot be (removed from the archive,
 * the service unreachable, Cancel) are taken out of the form and said in one
 * message; the user can add them again. `temporary` holds the new copies.
 */
export async function refetchArchiveDocuments(deps: Deps, form: ComposerForm): Promise<{ form: ComposerForm; temporary: ArchiveDocuments[] }> {
  const wanted = form.documents.filter((d) => d.archiveId !== undefined);
  if (!wanted.length) return { form, temporary: [] };
  const t = vscode.l10n.t;
  const temporary: ArchiveDocuments[] = [];
  const paths = new Map<ComposerDocument, string>();
  let reason = '';
  await withCancellableProgress(t('Fetching the draft\'s {0} archive file(s) again…', wanted.length), async (p, signal) => {
    for (const d of wanted) {
      try {
        const fetched = await archiveFilesAsDocuments(hashChecked(deps), [{ id: d.archiveId!, name: d.name, title: d.name }], signal, (done, total) => p.bytes(done, total, d.name));
        temporary.push(fetched);
        paths.set(d, fetched.documents[0].path);
      } catch (e) {
        reason ||= describeError(e);
        deps.log.warn(`Fetching the draft's archive document ${d.archiveId} again failed: ${errorDetail(e)}`);
      }
    }
  });
  const lost = wanted.filter((d) => !paths.has(d));
  if (lost.length) {
    const names = lost.map((d) => `"${oneLine(d.name)}"`).join(', ');
    void deps.input.current.warn(lost.length === 1
      ? t('The draft\'s archive document {0} could not be fetched again, so it was taken out of the form: {1}', names, reason)
      : t('The draft\'s archive documents {0} could not be fetched again, so they were taken out of the form: {1}', names, reason));
  }
  const documents = form.documents.flatMap((d) => (d.archiveId === undefined ? [d] : paths.has(d) ? [{ ...d, path: paths.get(d)! }] : []));
  return { form: { ...form, documents }, temporary };
}

/** The documents `fetched` gave, marked with the archive file each came from. */
export function markedFromArchive(documents: readonly ComposerDocument[], fetched: FetchedFromArchive): ComposerDocument[] {
  const ids = new Map(fetched.documents.map((d, i) => [d.path, fetched.fileIds[i]]));
  return documents.map((d) => (ids.has(d.path) ? { ...d, archiveId: ids.get(d.path) } : d));
}
