import * as path from 'node:path';
import * as vscode from 'vscode';
import { ServiceError, type DownloadOptions, type DownloadResult, type Logger } from '../../core';
import { distinctNames, failsEveryFile, summaryText, summaryWarns, UNREACHABLE_IN_A_ROW, UnreachableRun, type TransferCounts } from './bulkRules';
import { askReplacements, openFolderAction, revealAction } from './downloads';
import { notify, showLogAction, type Action } from '../commands/notify';
import { describeError, errorDetail, isCancellation } from '../text/errorText';
import { logged } from './skippedText';
import { DETAILS_AT_ONCE, Limiter } from '../lists/concurrency';
import { progressLine, withCancellableProgress, type TaskProgress } from '../input/progress';
import type { InputHolder } from '../input/userInput';

/** A file of a bulk download as it can be saved. */
export interface SavableFile {
  /** Its size when known, for the progress total. */
  readonly size?: number;
  save(to: { readonly path: string; readonly overwrite: boolean }, o: DownloadOptions): Promise<DownloadResult>;
  /** After saving: false when the content differs from what the archive recorded (archive files). */
  check?(saved: DownloadResult, signal: AbortSignal): Promise<boolean>;
}

/** One file of a bulk download. */
export interface DownloadItem {
  /** The name it is saved under (made safe and distinct here). */
  readonly name: string;
  /** For the log: "archive file 101". */
  readonly what: string;
  /** The file, or how to learn what saving it needs (an archive file's detail: its ticket, size and hash). */
  readonly file: SavableFile | ((signal: AbortSignal) => Promise<SavableFile>);
  /** Why its connection's client can no longer be used (signed out of, or removed, since the download began: `Session.stoppedMidway`). */
  readonly stopped?: () => Error | undefined;
}

/** What a bulk download saves, learned under its progress notification (a submission's attachments). */
export interface DownloadSet {
  readonly folder: string;
  readonly items: readonly DownloadItem[];
}

/** What a bulk transfer asks and reports with. */
export interface BulkDeps {
  readonly input: InputHolder;
  readonly log: Logger;
}

/**
 * A bulk download under one progress notification from its first step
 * (titled `title`, with Cancel): `load` says what goes where (it may ask the
 * service first), then the names already in the folder are asked about,
 * then the files are saved one after another into it while the details
 * they need are fetched a few at a time ahead of them. A file whose detail
 * or download fails is counted and the rest go on, unless several in a row
 * could not reach the service (`UnreachableRun`), or its connection was
 * signed out of or removed (nothing more is asked of it with the
 * credentials still in memory): then the rest are not tried. Cancel stops the file under way (the client writes a temporary file
 * and renames it only once complete, so nothing of it stays) and the rest.
 * One summary with Show Log at the end. The paths saved.
 */
export async function downloadMany(deps: BulkDeps, title: string, load: (signal: AbortSignal) => Promise<DownloadSet> | DownloadSet): Promise<string[]> {
  const saved: string[] = [];
  const c = { done: 0, skipped: 0, failed: 0, notDone: 0, mismatched: 0 };
  let folder = '';
  /** What stopped the rest: files in a row that could not reach the service, or a destination that takes no more. */
  let stoppedBy: { readonly error: unknown; readonly unreachable: boolean } | undefined;
  let cancelled: AbortSignal | undefined;
  await withCancellableProgress(title, async (p, cancel) => {
    cancelled = cancel;
    const set = await load(cancel);
    folder = set.folder;
    const { items } = set;
    const names = distinctNames(items.map((i) => i.name), (i) => `download-${i + 1}`);
    const answers = await askReplacements(deps.input.current, folder, names);
    if (!answers) return;
    const note = (i: number, outcome: string) => deps.log.info(`Bulk download into ${logged(folder)}: ${logged(names[i])} (${items[i].what}) ${outcome}.`);
    // Stopping the rest also drops the details fetched ahead.
    const stop = new AbortController();
    const signal = AbortSignal.any([cancel, stop.signal]);
    const files = fetchAhead(items, (i) => !answers.skip.has(names[i]), signal);
    const show = progressOf(p, files);
    const unreachable = new UnreachableRun();
    let before = 0;
    for (const [i, file] of files.entries()) {
      if (signal.aborted) {
        c.notDone++;
        note(i, cancel.aborted ? 'not downloaded: cancelled' : `not tried: ${stoppedBy?.unreachable ? 'the service could not be reached' : errorDetail(stoppedBy?.error)}`);
        continue;
      }
      if (!file) {
        c.skipped++;
        note(i, `skipped: ${answers.skip.get(names[i]) ?? ''}`);
        continue;
      }
      const gone = items[i].stopped?.();
      if (gone) {
        stoppedBy = { error: gone, unreachable: false };
        stop.abort();
        c.notDone++;
        note(i, `not tried: ${errorDetail(gone)}`);
        continue;
      }
      show(i, before, true);
      try {
        const f = await file.inTurn();
        const to = { path: path.join(folder, names[i]), overwrite: answers.replace.has(names[i]) };
        const r = await f.save(to, { signal, onProgress: (n) => show(i, before + n) });
        before += r.bytes;
        saved.push(r.path);
        c.done++;
        unreachable.done();
        note(i, `saved as "${r.path}" (${r.bytes} bytes)`);
        if (f.check && !(await f.check(r, signal))) c.mismatched++;
      } catch (e) {
        if (isCancellation(e)) {
          c.notDone++;
          note(i, 'not downloaded: cancelled, nothing of it kept');
          continue;
        }
        c.failed++;
        note(i, `failed: ${errorDetail(e)}`);
        const kind = e instanceof ServiceError ? e.kind : undefined;
        const unreachableNow = unreachable.failed(kind);
        if (unreachableNow || failsEveryFile(kind, errnoOf(e))) {
          stoppedBy = { error: e, unreachable: unreachableNow };
          stop.abort();
        }
      }
    }
  });
  // A cancel before anything was saved is quiet, as for one download; files all skipped (Skip All) are said.
  if (c.done + c.failed + c.skipped === 0 || (cancelled?.aborted && c.done + c.failed === 0)) return saved;
  const stopped = stoppedBy === undefined ? ''
    : stoppedBy.unreachable ? ` ${vscode.l10n.t('Stopped after {0} files in a row could not be downloaded: {1}', UNREACHABLE_IN_A_ROW, describeError(stoppedBy.error))}`
      : ` ${vscode.l10n.t('Stopped: {0}', describeError(stoppedBy.error))}`;
  const where = vscode.Uri.file(folder);
  showTransferSummary(deps, summaryText('download', c, path.basename(folder), vscode.l10n.t) + stopped, c, [openFolderAction(where), revealAction(where)]);
  return saved;
}

/** A file of a bulk download whose detail may be on its way. */
interface AheadFile {
  /** Settles when the detail fetched ahead is in. */
  readonly ahead: Promise<SavableFile>;
  /** The file, once its turn has come. */
  inTurn(): Promise<SavableFile>;
}

/**
 * Each file to save (undefined: left out), its detail fetched a few files at
 * a time in order, so that the next files are ready when their turn comes. A
 * detail that failed ahead of its turn because the service could not be
 * reached is fetched again in its turn: the service may be back by then, and
 * a failure counted against the service must be one of now.
 */
function fetchAhead(items: readonly DownloadItem[], wanted: (i: number) => boolean, signal: AbortSignal): (AheadFile | undefined)[] {
  const details = new Limiter(DETAILS_AT_ONCE);
  return items.map((item, i) => {
    if (!wanted(i)) return undefined;
    const { file } = item;
    if (typeof file !== 'function') return { ahead: Promise.resolve(file), inTurn: () => Promise.resolve(file) };
    let failedAhead = false;
    const ahead = details.run(() => {
      const gone = item.stopped?.();
      return gone ? Promise.reject(gone) : file(signal);
    });
    ahead.catch((e: unknown) => {
      failedAhead = outOfReach(e);
    });
    return { ahead, inTurn: () => (failedAhead && !signal.aborted ? file(signal) : ahead) };
  });
}

/** The file system's code of a local file's error (`ENOSPC`), if it is one. */
const errnoOf = (e: unknown): string | undefined => (e instanceof ServiceError && e.cause instanceof Error ? (e.cause as NodeJS.ErrnoException).code : undefined);

const outOfReach = (e: unknown): boolean => e instanceof ServiceError && (e.kind === 'network' || e.kind === 'timeout');

/** The progress line of `files`: with a bar once every size is known (when every detail is in). */
function progressOf(p: TaskProgress, files: readonly (AheadFile | undefined)[]): (index: number, bytes: number, now?: boolean) => void {
  let show = progressLine(p, files.length, undefined);
  void Promise.all(files.map((f) => f?.ahead.catch(() => undefined) ?? null)).then((all) => {
    let total = 0;
    for (const f of all) {
      if (f === null) continue;
      if (f?.size === undefined) return;
      total += f.size;
    }
    show = progressLine(p, files.length, total);
  });
  return (index, bytes, now) => show(index, bytes, now);
}


/** The one message at the end of a bulk transfer: a warning when something failed or differs; the `actions` on what was saved, and Show Log. */
export function showTransferSummary(deps: BulkDeps, text: string, c: TransferCounts, actions: readonly (Action | undefined)[] = []): void {
  void notify(deps.input.current, deps.log, summaryWarns(c) ? 'warn' : 'info', text, [...actions, showLogAction()]);
}
