// The sandbox's data: one JSON state file (written atomically: temp file +
// rename, so a crash never leaves half a file) plus a `files/` folder of blobs.
// Blobs are referenced by paths relative to the data folder so a data folder
// can be moved.
import { randomBytes } from 'node:crypto';
import { promises as fsp, existsSync, readFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { ArchiveRecord, SandboxState, SubmissionRecord } from './types';

export const STATE_FILE = 'state.json';

function emptyState(): SandboxState {
  return { version: 1, counters: { submission: 1001, attachment: 5001, archive: 201 }, submissions: [], archives: [] };
}

export function newTicket(): string {
  return randomBytes(16).toString('hex');
}

export class SandboxStore {
  readonly dataDir: string;
  private state: SandboxState;
  private saving: Promise<void> = Promise.resolve();
  private dirty = false;
  private saveSeq = 0;

  private constructor(dataDir: string, state: SandboxState) {
    this.dataDir = dataDir;
    this.state = state;
  }

  /** Opens (or initialises) a data folder; `isNew` tells the caller to seed. */
  static open(dataDir: string): { store: SandboxStore; isNew: boolean } {
    const dir = path.resolve(dataDir);
    for (const sub of ['files/attachments', 'files/packages', 'files/archives', 'files/summaries', 'tmp']) {
      mkdirSync(path.join(dir, sub), { recursive: true });
    }
    // Leftovers of uploads cut short by a previous run.
    rmSync(path.join(dir, 'tmp'), { recursive: true, force: true });
    mkdirSync(path.join(dir, 'tmp'), { recursive: true });
    const file = path.join(dir, STATE_FILE);
    if (existsSync(file)) {
      const state = JSON.parse(readFileSync(file, 'utf8')) as SandboxState;
      if (state.version !== 1) throw new Error(`${file}: unsupported state version ${String(state.version)}`);
      return { store: new SandboxStore(dir, state), isNew: false };
    }
    return { store: new SandboxStore(dir, emptyState()), isNew: true };
  }

  // ---- read access (also for test assertions) ----

  get submissions(): readonly SubmissionRecord[] {
    return this.state.submissions;
  }

  get archives(): readonly ArchiveRecord[] {
    return this.state.archives;
  }

  getSubmission(id: string): SubmissionRecord | undefined {
    return this.state.submissions.find((s) => s.id === id);
  }

  getArchive(id: string): ArchiveRecord | undefined {
    return this.state.archives.find((f) => f.id === id);
  }

  /** Absolute path of a blob given its data-folder-relative path. */
  blobPath(relative: string): string {
    return path.join(this.dataDir, relative);
  }

  /** The raw package XML bytes received when the submission was created. */
  packageXml(submissionId: string): Buffer {
    const s = this.getSubmission(submissionId);
    if (!s) throw new Error(`no submission ${submissionId}`);
    return readFileSync(this.blobPath(s.packageBlob));
  }

  attachmentPath(submissionId: string, attachmentId: string): string {
    const a = this.getSubmission(submissionId)?.attachments.find((x) => x.id === attachmentId);
    if (!a) throw new Error(`no attachment ${attachmentId} on submission ${submissionId}`);
    return this.blobPath(a.blob);
  }

  archivePath(fileId: string): string {
    const f = this.getArchive(fileId);
    if (!f) throw new Error(`no archive file ${fileId}`);
    return this.blobPath(f.blob);
  }

  /** A fresh path in the data folder's tmp/ (same file system, so rename works). */
  tempPath(prefix: string): string {
    return path.join(this.dataDir, 'tmp', `${prefix}-${process.pid}-${++this.saveSeq}-${randomBytes(4).toString('hex')}`);
  }

  // ---- mutation ----

  nextId(kind: keyof SandboxState['counters']): string {
    return String(this.state.counters[kind]++);
  }

  /** Keeps a counter ahead of seeded ids. */
  bumpCounter(kind: keyof SandboxState['counters'], atLeast: number): void {
    this.state.counters[kind] = Math.max(this.state.counters[kind], atLeast);
  }

  addSubmission(s: SubmissionRecord): void {
    this.state.submissions.push(s);
  }

  /** Takes a submission out of the data; false when there is none of that id. */
  removeSubmission(id: string): boolean {
    const before = this.state.submissions.length;
    this.state.submissions = this.state.submissions.filter((s) => s.id !== id);
    return this.state.submissions.length !== before;
  }

  addArchive(f: ArchiveRecord): void {
    this.state.archives.push(f);
  }

  /**
   * Persists the state. Saves are serialised and coalesced: callers awaiting
   * it know their change is on disk once it resolves.
   */
  save(): Promise<void> {
    this.dirty = true;
    // A failed save must not block later ones; its caller still sees the error.
    this.saving = this.saving.catch(() => undefined).then(async () => {
      if (!this.dirty) return;
      this.dirty = false;
      const file = path.join(this.dataDir, STATE_FILE);
      const tmp = `${file}.${process.pid}.tmp`;
      await fsp.writeFile(tmp, JSON.stringify(this.state, null, 1));
      await fsp.rename(tmp, file);
    });
    return this.saving;
  }

  async flush(): Promise<void> {
    await this.saving.catch(() => undefined);
  }
}
