import * as vscode from 'vscode';
import { isServiceError, mediaTypeFor, recordedHash, shortDigest, type ArchiveFile, type ArchiveListItem, type Logger } from '../../core';
import type { ComposerDocument } from '../../shared/composerProtocol';
import { ArchiveMismatchError, archiveFilesAsDocuments, type ArchiveDocumentDeps, type ArchiveDocuments } from './archiveDocuments';
import { formatBytes } from '../text/format';
import type { LocalFile } from '../transfers/localFiles';
import { withCancellableProgress, type TaskProgress } from '../input/progress';
import type { Sender, Session } from '../session/session';
import { BACK, type Back, type InputHolder } from '../input/userInput';
import type { HashChecks } from '../transfers/downloads';
import { iconsAsText, oneLine } from '../text/text';
import { describeError } from '../text/errorText';
import type { FetchedFromArchive } from './composer';
import { documentOf } from './composerSend';

/** What fetching archive files as documents uses: the log, and the Archive view, which shows each hash check. */
export interface ArchiveFetching {
  readonly log: Logger;
  readonly archive: HashChecks;
}

/** What Add from the Archive… uses besides: the prompts, and the session whose archive is offered. */
export interface ArchiveChoosing extends ArchiveFetching {
  readonly input: InputHolder;
  readonly session: Pick<Session, 'sender' | 'uses' | 'signedIn' | 'stoppedMidway'>;
}

/**
 * "Add from the Archive…": the archive files the user ticks, downloaded
 * (and checked against their recorded hashes) as temporary documents. The
 * caller removes them (`dispose`) when its composer closes or has sent.
 * Undefined when nothing was chosen; `back`: a later step of a question,
 * with a Back button (BACK when pressed, or when the archive is empty). The
 * files offered are those of the account in use when it starts, and are
 * fetched from it only: should another one be in use once they are chosen
 * (its archive counts its ids from the same start, so the same id is
 * another file there), nothing is fetched, and the user is told.
 */
export async function chooseArchiveDocuments(deps: ArchiveChoosing, o: { readonly title?: string; readonly back?: boolean } = {}): Promise<FetchedFromArchive | Back | undefined> {
  const sender = deps.session.sender;
  const t = vscode.l10n.t;
  const files = await withCancellableProgress(t('Reading the archive…'), (_p, signal) => sender.client.listArchive({ signal }));
  if (!files.length) {
    void deps.input.current.info(t('The archive has no files.'));
    // A later step of a question: the question comes again, to start another way.
    return o.back ? BACK : undefined;
  }
  const items = files.map((f) => ({ label: iconsAsText(oneLine(f.title || f.name)), description: iconsAsText(oneLine(f.name)), file: f }));
  // Short enough to show whole in the filter box.
  const picked = await deps.input.current.quickPickMany(items, { title: o.title ?? t('Add from the Archive'), back: o.back, placeHolder: t('Type a title, then Space ticks it; Enter to finish') });
  if (!picked || picked === BACK) return picked;
  if (!picked.length) {
    // Enter with nothing ticked and nothing highlighted: said, never a silent end.
    void deps.input.current.info(t('No archive file was chosen: tick files with Space, or highlight one and press Enter.'));
    return undefined;
  }
  const stopped = deps.session.stoppedMidway(sender.client, 'notFetched');
  if (stopped) {
    void deps.input.current.warn(deps.session.signedIn
      ? t('The account in use changed while the archive\'s files were offered: nothing was fetched. Choose them again from the archive of the account in use.')
      : describeError(stopped));
    return undefined;
  }
  const chosen = picked.map((i) => i.file);
  const title = chosen.length === 1 ? t('Fetching "{0}" from the archive…', oneLine(chosen[0].name)) : t('Fetching {0} archive files…', chosen.length);
  return withCancellableProgress(title, (p, signal) => fetchArchiveDocuments(deps, sender, chosen, signal, p));
}

/**
 * Archive files of `from`'s account (the client that listed or found them),
 * downloaded with that client as temporary documents (see
 * chooseArchiveDocuments) and marked as that account's; the bytes reported
 * to `p`.
 */
export async function fetchArchiveDocuments(deps: ArchiveFetching, from: Sender, files: readonly (ArchiveListItem | ArchiveFile)[], signal: AbortSignal, p?: TaskProgress): Promise<FetchedFromArchive> {
  const fetched = await archiveFilesAsDocuments(hashChecked(deps, from), files, signal, (done, total) => p?.bytes(done, total));
  return { ...fetched, fileIds: files.map((f) => f.id), account: from.account };
}

/** What fetching with `from`'s client needs; the Archive view shows each hash check on the row of `from`'s connection (another's file may have the same id). */
function hashChecked(deps: ArchiveFetching, from: Sender): ArchiveDocumentDeps {
  return { client: from.client, log: deps.log, recordHashCheck: (id, check) => deps.archive.recordHashCheck(id, check, from.connectionId) };
}

/**
 * One archive document of a draft, fetched again (its earlier copy went with
 * the tab that fetched it, or with the window) from the archive of the
 * client in use, which the caller checked is the document's account. It is
 * listed as the file fetched is: the name and size it is sent with, whatever
 * the draft kept. Fails as the download does: `isGone` tells a failure that
 * proves the file is not there to send from one that may pass.
 */
export async function fetchArchiveCopy(deps: ArchiveFetching & { readonly session: Pick<Session, 'sender'> }, d: ComposerDocument, signal: AbortSignal, onProgress: (done: number, total?: number) => void): Promise<{ copy: ArchiveDocuments; doc: ComposerDocument }> {
  const copy = await archiveFilesAsDocuments(hashChecked(deps, deps.session.sender), [{ id: d.archiveId!, name: d.name, title: d.name }], signal, onProgress);
  return { copy, doc: archiveDocumentOf(copy.documents[0], copy.files[0], { archiveId: d.archiveId!, account: d.account }) };
}

/** A failure that proves the archive file is not there to send: not found, or not what the archive recorded. */
export function isGone(e: unknown): boolean {
  return isServiceError(e, 'notFound') || e instanceof ArchiveMismatchError;
}

/** Why a document that `isGone` is gone, for a message: `"x" is no longer in the archive`. */
export function goneText(name: string, e: unknown): string {
  const t = vscode.l10n.t;
  if (!(e instanceof ArchiveMismatchError)) return t('"{0}" is no longer in the archive', oneLine(name));
  return t('"{0}" differs from what the archive recorded (its {1} is {2}, the archive recorded {3})', oneLine(name), e.check.algorithm, shortDigest(e.check.actual), shortDigest(e.check.expected));
}

/** The documents `fetched` gave, as the form lists them, marked with the archive file and account each came from. */
export function markedFromArchive(fetched: FetchedFromArchive): ComposerDocument[] {
  return fetched.documents.map((f, i) => archiveDocumentOf(f, fetched.files[i], { archiveId: fetched.fileIds[i], account: fetched.account }));
}

/**
 * An archive file fetched as a document, as the form lists it: by what it is
 * in the archive (its title, the hash its copy was checked against), never
 * by where its copy lies (a private temporary folder: `path` is for sending).
 */
function archiveDocumentOf(copy: LocalFile, file: ArchiveFile, from: { archiveId: string; account?: string }): ComposerDocument {
  const { path, name, size, sizeText, type } = documentOf(copy);
  return { path, name, size, sizeText, type, ...from, title: file.title, ...hashOf(file) };
}

/** The hash the archive recorded for `file`, as the form shows it, if it recorded one. */
function hashOf(file: ArchiveFile): Pick<ComposerDocument, 'hash'> {
  const hex = file.hash.trim();
  const text = vscode.l10n.t('{0} {1}', recordedHash(hex).algorithm ?? vscode.l10n.t('hash'), shortDigest(hex));
  return hex ? { hash: { hex, text } } : {};
}

/**
 * Archive files of `account` as the form lists them before they are fetched
 * (no copy yet: the form fetches them, or says why it cannot, with Fetch
 * Again), by what their details say.
 */
export function unfetchedArchiveDocuments(files: readonly ArchiveFile[], account: string | undefined): ComposerDocument[] {
  return files.map((f) => ({
    path: '', name: f.name, size: f.fullSize ?? 0, sizeText: formatBytes(f.fullSize ?? 0), type: mediaTypeFor(f.name),
    archiveId: f.id, account, title: f.title, ...hashOf(f),
  }));
}
