import * as vscode from 'vscode';
import {
  HEADER_VALUE, isServiceError, sourceName, textProblem, type Created, type LocalSource, type Logger, type SentFile, type ServiceError,
} from '../../core';
import type { InputHolder } from '../input/userInput';
import { progressLine, withCancellableProgress, type TaskProgress } from '../input/progress';
import { reached } from '../milestones';
import type { Sender, Session } from '../session/session';
import { errorDetail, isCancellation } from '../text/errorText';
import { problemText } from '../text/problemText';
import type { LocalFile } from '../transfers/localFiles';
import { logged } from '../transfers/skippedText';
import { listedIds, reportUnknownOutcome } from '../transfers/unknownOutcome';
import type { WorkspaceFiles } from '../workspace/workspaceFiles';
import type { ArchiveTree } from './archiveTree';
import { archiveArrival, checkedNow } from './archiveArrival';

/** The session files are archived with: the command's, kept to its end (a sign-out of it stops what is not sent yet). */
export type UploadSession = Pick<Session, 'sender' | 'stoppedMidway'>;

/** What the service uses: the workspace's session (the Archive view's), the prompts, the log, the Archive view and the Explorer's records. */
export interface ArchiveUploadsParts {
  readonly session: Pick<Session, 'uses'>;
  readonly input: InputHolder;
  readonly log: Logger;
  readonly view: Pick<ArchiveTree, 'refreshList' | 'reveal'>;
  readonly records: Pick<WorkspaceFiles, 'archived' | 'flush'>;
}

/** Why a title cannot be an archive file's (the client's check of the title header), for an input box. */
export function archiveTitleProblem(title: string): string | undefined {
  const code = textProblem(title, HEADER_VALUE);
  return code && problemText({ code, field: 'title' });
}

/** One file to put in the archive under its own progress notification (`each`). */
export interface ArchiveUpload {
  readonly title: string;
  /** The file name the archive records (the source's name). */
  readonly name: string;
  /** The progress notification's title. */
  readonly progress: string;
  /** The file to send and its size, made ready under the same notification (a download, for an attachment). */
  source(p: TaskProgress, signal: AbortSignal): Promise<{ readonly source: LocalSource; readonly size: number }>;
  /** The workspace file it is, recorded for the Explorer once archived; none for a file of the service's. */
  readonly local?: LocalFile;
}

/** A workspace file to archive in a batch, under its title. */
export interface TitledFile {
  readonly file: LocalFile;
  readonly title: string;
}

/** How a batch ended: the files archived, the counts of its summary, and what stopped it. */
export interface BatchOutcome {
  readonly done: string[];
  readonly counts: { done: number; skipped: number; failed: number; notDone: number; mismatched: number };
  /** The failure that stopped the rest (not a refusal of one file, not Cancel). */
  readonly stoppedBy?: unknown;
  /** An upload's outcome was unknown: checked and reported, the rest not sent. */
  readonly unknown: boolean;
}

/**
 * The one way files go into the archive: Archive This File (the Explorer,
 * the palette, a drop on the Archive view), Archive Folder…, and Archive
 * This Attachment / Summary PDF. Every file that arrives — also one an
 * unknown outcome's check finds — is recorded for the Explorer when it is a
 * workspace file, and once the uploads are over the Archive view's list is
 * fetched once and shows them selected, while the account they went to is
 * still the one in use.
 */
export class ArchiveUploads {
  /** Files being recorded (hashed) for the Explorer. */
  private readonly recording = new Set<Promise<void>>();

  constructor(private readonly o: ArchiveUploadsParts) {}

  /**
   * One upload after another, each under its own cancellable progress
   * notification; a failure stops the rest and is thrown, an unknown outcome
   * is checked and reported (undefined then). The ids archived.
   */
  async each(on: UploadSession, uploads: readonly ArchiveUpload[]): Promise<string[] | undefined> {
    // Every file goes to the command's connection, whatever the workspace switches to meanwhile.
    const sender = on.sender;
    const done: string[] = [];
    let checked = false;
    try {
      for (const [i, u] of uploads.entries()) {
        // Signed out of it or removed meanwhile: what is left is not sent with the credentials still in memory.
        const stopped = i > 0 ? on.stoppedMidway(sender.client, 'notSent') : undefined;
        if (stopped) throw stopped;
        const created = await this.one(u, sender, uploads.length - i - 1, done);
        if (created === 'checked') return void (checked = true);
        this.o.log.info(`Archived ${logged(u.name)} as file ${created.id}.`);
        this.arrived(sender, created.id, u.title, u.local);
        done.push(created.id);
      }
    } finally {
      // Whatever arrived is shown, also when a later file failed or was cancelled (the check shows its own).
      if (!checked) await this.finish(sender, done);
    }
    return done;
  }

  /**
   * Workspace files one after another under one progress notification. A
   * file the client refuses before sending (its title, a change while it was
   * read) is counted as failed and the next one goes; an unknown outcome
   * stops and is checked (never sent again); any other failure, or Cancel,
   * stops the rest.
   *
   * The archive is listed once, before the first file: a file's baseline is
   * that list and the files the batch created before it. What others archived
   * meanwhile is new to it, and taken for the file only with its title, name,
   * size and hash (`archiveRule`), so no list is read per file.
   */
  async batch(on: UploadSession, titled: readonly TitledFile[], total: number, skipped: number): Promise<BatchOutcome> {
    // Taken once: should the workspace's connection change meanwhile, the batch goes on to this one, checked and recorded there.
    const sender = on.sender;
    const { client } = sender;
    const c = { done: 0, skipped, failed: 0, notDone: 0, mismatched: 0 };
    const done: string[] = [];
    let unknown: { e: ServiceError; sent: SentFile; local: LocalFile; before?: ReadonlySet<string> } | undefined;
    let stoppedBy: unknown;
    try {
      await withCancellableProgress(vscode.l10n.t('Archiving {0} files…', titled.length), async (p, signal) => {
        const show = progressLine(p, titled.length, total);
        // The archive before sending, to tell a new arrival from an old file after an unknown outcome.
        const before = await listedIds((s) => client.listArchive({ signal: s }), (f) => f.id, signal);
        let sent = 0;
        for (const [i, { file, title }] of titled.entries()) {
          if (signal.aborted) return void (c.notDone = titled.length - i);
          const stopped = on.stoppedMidway(client, 'notSent');
          if (stopped) {
            // Signed out of it or removed meanwhile: the rest is not sent with the credentials still in memory.
            stoppedBy = stopped;
            this.o.log.warn(`${stopped.removed ? 'The connection was removed' : 'Signed out'} during the batch: ${titled.length - i} file(s) not sent.`);
            return void (c.notDone = titled.length - i);
          }
          show(i, sent, true);
          // As sent: an archive file is compared with it after an unknown outcome.
          const sending: SentFile = { title, name: file.name, file: (await checkedNow({ file: file.file, name: file.name })) ?? file.file };
          try {
            const created = await client.uploadArchiveFile({ file: sending.file, name: sending.name, title }, { signal, onProgress: (n) => show(i, sent + n) });
            sent += file.size;
            done.push(created.id);
            before?.add(created.id);
            c.done++;
            this.o.log.info(`Archived ${logged(file.path)} (${file.size} bytes) as file ${created.id}.`);
            this.arrived(sender, created.id, title, file);
          } catch (e) {
            if (isServiceError(e) && e.outcomeUnknown) {
              unknown = { e, sent: sending, local: file, before };
              return void (c.notDone = titled.length - i - 1);
            }
            if (isCancellation(e)) return void (c.notDone = titled.length - i);
            c.failed++;
            this.o.log.warn(`Archiving ${logged(file.path)} failed: ${errorDetail(e)}`);
            if (!isServiceError(e, 'invalidRequest') && !isServiceError(e, 'localFile')) {
              stoppedBy = e;
              return void (c.notDone = titled.length - i - 1);
            }
          }
        }
      });
    } finally {
      if (!unknown) await this.finish(sender, done);
    }
    if (unknown) await this.checkArrival(sender, unknown.e, unknown.before, unknown.sent, c.notDone, unknown.local, done);
    return { done, counts: c, stoppedBy, unknown: unknown !== undefined };
  }

  /**
   * One upload under its progress notification. After an unknown outcome the
   * archive is checked and the user told what it shows ('checked'), never a
   * second upload; other failures are thrown.
   */
  private async one(u: ArchiveUpload, sender: Sender, notSent: number, earlier: readonly string[]): Promise<Created | 'checked'> {
    const { client } = sender;
    let sent: SentFile | undefined;
    let before: Set<string> | undefined;
    try {
      return await withCancellableProgress(u.progress, async (p, signal) => {
        const { source, size } = await u.source(p, signal);
        // What is there already, so that after an unknown outcome a new arrival can be told from an old one.
        before = await listedIds((s) => client.listArchive({ signal: s }), (f) => f.id, signal);
        const now = await checkedNow(source);
        if (now) sent = { title: u.title, name: sourceName(source), file: now };
        return client.uploadArchiveFile({ ...(now ? { file: now, name: source.name } : source), title: u.title }, { signal, onProgress: (n, total) => p.bytes(n, total || size) });
      });
    } catch (e) {
      if (!(isServiceError(e) && e.outcomeUnknown && sent)) throw e;
      await this.checkArrival(sender, e, before, sent, notSent, u.local, earlier);
      return 'checked';
    }
  }

  /**
   * After an unknown outcome: the archive checked and the user told. A file
   * found there arrived; it is shown with those archived before it (`earlier`).
   */
  private async checkArrival(sender: Sender, e: ServiceError, before: ReadonlySet<string> | undefined, sent: SentFile, notSent: number, local: LocalFile | undefined, earlier: readonly string[]): Promise<void> {
    let shown = false;
    const reveal = async (id: string) => {
      shown = true;
      this.arrived(sender, id, sent.title, local);
      await this.finish(sender, [...earlier, id]);
    };
    await reportUnknownOutcome(this.o.input.current, this.o.log, e, before, archiveArrival(sender.client, sent, notSent, reveal));
    if (!shown) await this.finish(sender, earlier);
  }

  /** A file arrived in `sender`'s archive: recorded for the Explorer when it is a workspace file. */
  private arrived(sender: Sender, id: string, title: string, local: LocalFile | undefined): void {
    reached('archivedFile');
    if (!local) return;
    const p = this.o.records.archived(id, title, local, sender.account).catch((e: unknown) => this.o.log.warn(`Recording the archived file failed: ${errorDetail(e)}`));
    this.recording.add(p);
    void p.finally(() => this.recording.delete(p));
  }

  /**
   * Once uploads are over, their records are written as soon as their files
   * are hashed, not at the records' next turn: a window closed or reloaded
   * (whose last write VS Code does not wait for in the browser) keeps them.
   */
  private async writeRecords(): Promise<void> {
    while (this.recording.size) await Promise.all([...this.recording]);
    await this.o.records.flush();
  }

  /**
   * After uploads: the records of the files that arrived written (in the
   * background), and the Archive view's list fetched once and the new files
   * selected, while `sender` is still the account in use. The details the
   * view loaded are kept, not fetched again as the view's Refresh does: an
   * upload changes no other file.
   */
  private async finish(sender: Sender, ids: readonly string[]): Promise<void> {
    if (ids.length) void this.writeRecords();
    if (!ids.length || !this.o.session.uses(sender.client)) return;
    await this.o.view.refreshList();
    for (const id of ids) await this.o.view.reveal(id);
  }
}
