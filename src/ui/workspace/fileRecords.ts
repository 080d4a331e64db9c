// What this machine sent and archived, per file: the facts the Explorer's
// decorations compare a workspace file with. Plain data over a Memento-like
// store (no `vscode`), so that unit tests and the bench run this code.
import type { HashAlgorithm } from '../../core';
import { GlobalState, type StateStore } from '../globalState';

/** A file's size and modification time, as a stat gives them. */
export interface FileState {
  readonly size: number;
  readonly mtimeMs: number;
}

export interface ArchivedRecord extends FileState {
  readonly fileId: string;
  readonly title: string;
  /** The file's digest when it was archived; absent when it changed before it could be hashed. */
  readonly digest?: { readonly algorithm: HashAlgorithm; readonly hex: string };
  /** When it was recorded (ms), to drop the oldest records first. */
  readonly at: number;
}

export interface SentRecord extends FileState {
  readonly submissionId: string;
  readonly formReference: string;
  /** How many recipients it was sent to: "0/N responded" until the service says more. */
  readonly recipients: number;
  readonly at: number;
}

/** The last archiving and the last sending of one file. */
export interface FileRecord {
  readonly archived?: ArchivedRecord;
  readonly sent?: SentRecord;
}

const KEY = 'dsas.fileRecords';
/**
 * Records kept per account; beyond, the oldest go. A record is a few hundred
 * bytes, and VS Code reads the extension's whole global state into every
 * window when the extension starts, so the store is kept to about half a
 * megabyte.
 */
export const MAX_RECORDS = 2000;
/**
 * How often the store is written. A change is seen at once (`of`); written,
 * it goes to every window. Each write copies the whole store, so while
 * changes keep coming (a batch of 10,000 files) they are written together,
 * the gap doubling from 2 s up to 10 s; after 10 s without a write the next
 * change is written at once. What a closed window had not written is lost
 * (the browser's workbench does not wait for it), so the gap stays short,
 * and the archive uploads write theirs once they are over (`flush`).
 */
export const WRITE_GAP_MS = { first: 2000, most: 10_000 } as const;

type Stored = Record<string, Record<string, FileRecord>>;

/**
 * The records of the account signed in to (an archive file id means nothing
 * to another service), keyed by file URI. Read from the store, which other
 * windows write too, with the changes not written yet on top; those are
 * written together, merged into what the store holds then.
 */
export class FileRecords {
  private readonly listeners: ((uris: readonly string[]) => void)[] = [];
  /** Changes not written yet, per account and URI. */
  private pending = new Map<string, Map<string, FileRecord>>();
  /** The changes of the write under way: seen until the store is known to hold them. */
  private inWrite = new Map<string, Map<string, FileRecord>>();
  private timer?: ReturnType<typeof setTimeout>;
  private lastWrite = Number.NEGATIVE_INFINITY;
  private gap: number = WRITE_GAP_MS.first;
  /** The write under way: writes never overlap. */
  private writing: Promise<void> = Promise.resolve();
  /** Accounts whose records were removed here: an earlier value of the store that still holds them is not written back while they have no connection. */
  private readonly forgotten = new Set<string>();

  /** The extension's global state: no write undone, Remove Connection…'s included. */
  private readonly store: GlobalState;

  constructor(
    store: StateStore,
    /** The account records belong to; undefined: none (nothing is recorded or found). */
    private readonly account: () => string | undefined,
    /**
     * Whether a connection has `account`: a file archived or hashed after
     * its connection was removed (here or in another window) is not
     * recorded, so nothing of it outlives Remove Connection….
     */
    private readonly connected: (account: string) => boolean,
  ) {
    this.store = new GlobalState(store);
  }

  /** Called with the URIs whose records changed. */
  onDidChange(listener: (uris: readonly string[]) => void): void {
    this.listeners.push(listener);
  }

  of(uri: string): FileRecord | undefined {
    const a = this.account();
    if (a === undefined) return undefined;
    const stored = this.store.get<Stored>(KEY)?.[a]?.[uri];
    const changes = [this.inWrite.get(a)?.get(uri), this.pending.get(a)?.get(uri)].filter((c) => c !== undefined);
    return changes.length ? Object.assign({}, stored, ...changes) as FileRecord : stored;
  }

  /** The URIs of the files sent in these submissions (one pass over the records, however many). */
  sentIn(submissionIds: ReadonlySet<string>): string[] {
    const a = this.account();
    if (a === undefined) return [];
    const all = { ...this.store.get<Stored>(KEY)?.[a] };
    for (const [uri, change] of [...this.inWrite.get(a) ?? [], ...this.pending.get(a) ?? []]) all[uri] = { ...all[uri], ...change };
    return Object.entries(all).filter(([, r]) => r.sent !== undefined && submissionIds.has(r.sent.submissionId)).map(([uri]) => uri);
  }

  /** Records an archived file, for `account` (the one it was archived to; by default the one records are read for). */
  archived(uri: string, r: ArchivedRecord, account = this.account()): void {
    this.change([[uri, { archived: r }]], account);
  }

  /** Records the files sent in a submission, for `account` (the one it was sent to; by default the one records are read for). */
  sent(uris: readonly { uri: string; state: FileState }[], r: Omit<SentRecord, 'size' | 'mtimeMs'>, account = this.account()): void {
    this.change(uris.map(({ uri, state }) => [uri, { sent: { ...r, size: state.size, mtimeMs: state.mtimeMs } }]), account);
  }

  /** How many files have records for `account`. */
  countOf(account: string): number {
    return this.urisOf(account).size;
  }

  private urisOf(account: string): Set<string> {
    return new Set([...Object.keys(this.store.get<Stored>(KEY)?.[account] ?? {}), ...(this.inWrite.get(account)?.keys() ?? []), ...(this.pending.get(account)?.keys() ?? [])]);
  }

  /** Removes every record of `account` (its connection is gone). */
  async forget(account: string): Promise<void> {
    const uris = this.urisOf(account);
    this.forgotten.add(account);
    this.pending.delete(account);
    await this.writing.catch(() => undefined);
    this.pending.delete(account); // what that write kept for the next
    // An earlier value of the global state taken back just after the removal holds them again (see write): removed again.
    for (let tries = 0; tries < 3 && this.store.get<Stored>(KEY)?.[account] !== undefined; tries++) {
      const rest = { ...this.store.get<Stored>(KEY) };
      delete rest[account];
      await this.store.update(KEY, rest);
    }
    for (const l of this.listeners) l([...uris]);
  }

  /** Writes the changes not written yet now (after the write under way); rejects when the store refuses them. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const next = this.writing.catch(() => undefined).then(() => this.write());
    this.writing = next;
    return next;
  }

  /** Each file's change on top of those not written yet; the listeners told at once, the write scheduled. */
  private change(changes: readonly [string, FileRecord][], a: string | undefined): void {
    if (a === undefined || changes.length === 0 || !this.connected(a)) return;
    let mine = this.pending.get(a);
    if (!mine) this.pending.set(a, (mine = new Map()));
    for (const [uri, change] of changes) mine.set(uri, { ...mine.get(uri), ...change });
    const uris = changes.map(([uri]) => uri);
    for (const l of this.listeners) l(uris);
    this.schedule();
  }

  private schedule(): void {
    if (this.timer) return;
    // The first change after a quiet spell is written at once, the next ones together.
    if (Date.now() - this.lastWrite >= WRITE_GAP_MS.most) this.gap = WRITE_GAP_MS.first;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      // A failed write keeps its changes for the next one; nothing else can be done about it here.
      void this.flush().catch(() => undefined);
    }, Math.max(0, this.lastWrite + this.gap - Date.now()));
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.inWrite = batch;
    this.gap = Math.min(this.gap * 2, WRITE_GAP_MS.most);
    this.lastWrite = Date.now();
    const stored = this.store.get<Stored>(KEY) ?? {};
    const next: Stored = { ...stored };
    for (const a of this.forgotten) if (!this.connected(a)) delete next[a];
    for (const [a, changes] of batch) {
      if (!this.connected(a)) continue;
      const mine = { ...stored[a] };
      for (const [uri, change] of changes) mine[uri] = { ...mine[uri], ...change };
      next[a] = newest(mine, MAX_RECORDS);
    }
    try {
      await this.store.update(KEY, next);
    } catch (e) {
      this.keep(batch);
      throw e;
    } finally {
      this.inWrite = new Map();
    }
    // GlobalState makes the write again when the store holds the earlier value; another
    // window's value arriving just after it, with other files' records, drops these all the
    // same: each record of the write neither held nor replaced by a newer one is written again.
    const undone = undoneIn(this.store.get<Stored>(KEY) ?? {}, next, batch);
    if (undone.size === 0) return;
    this.keep(undone);
    this.schedule();
  }

  /** Changes kept for the next write, under what changed since. */
  private keep(batch: ReadonlyMap<string, ReadonlyMap<string, FileRecord>>): void {
    for (const [a, changes] of batch) {
      const now = this.pending.get(a) ?? new Map<string, FileRecord>();
      for (const [uri, change] of changes) now.set(uri, { ...change, ...now.get(uri) });
      this.pending.set(a, now);
    }
  }
}

/**
 * The changes of `batch` written in `next` that the store does not hold now:
 * neither them nor a newer record of the same kind (another window's, kept).
 */
function undoneIn(now: Stored, next: Stored, batch: ReadonlyMap<string, ReadonlyMap<string, FileRecord>>): Map<string, Map<string, FileRecord>> {
  const undone = new Map<string, Map<string, FileRecord>>();
  for (const [a, changes] of batch) {
    for (const [uri, change] of changes) {
      if (!next[a]?.[uri]) continue; // not written: its connection is gone, or beyond the most kept
      const held = now[a]?.[uri];
      const older = (['archived', 'sent'] as const).some((k) => {
        const at = change[k]?.at;
        return at !== undefined && (held?.[k]?.at ?? Number.NEGATIVE_INFINITY) < at;
      });
      if (!older) continue;
      if (!undone.has(a)) undone.set(a, new Map());
      undone.get(a)!.set(uri, change);
    }
  }
  return undone;
}

/** How a file is read to record it: its size and time, its digest. */
export interface RecordReads {
  stat(path: string): Promise<FileState>;
  hash(path: string, algorithm: HashAlgorithm): Promise<string>;
}

/** The recorded digest of an archived file: the archive's own algorithm is not known when uploading. */
const RECORD_ALGORITHM: HashAlgorithm = 'SHA-256';

/**
 * A file archived from here (to `account`'s archive): recorded at once, then
 * with its digest, unless it changed meanwhile (its size and time as sent).
 */
export async function recordArchived(records: FileRecords, reads: RecordReads, file: FileState & { readonly uri: string; readonly path: string }, r: Omit<ArchivedRecord, 'size' | 'mtimeMs' | 'digest'>, account?: string): Promise<void> {
  const base: ArchivedRecord = { ...r, size: file.size, mtimeMs: file.mtimeMs };
  records.archived(file.uri, base, account);
  const hex = await reads.hash(file.path, RECORD_ALGORITHM).catch(() => undefined);
  const now = await reads.stat(file.path).catch(() => undefined);
  if (hex === undefined || now?.size !== base.size || now.mtimeMs !== base.mtimeMs) return;
  records.archived(file.uri, { ...base, digest: { algorithm: RECORD_ALGORITHM, hex } }, account);
}

/** At most `max` records, the most recent ones. */
export function newest(records: Record<string, FileRecord>, max: number): Record<string, FileRecord> {
  const entries = Object.entries(records);
  if (entries.length <= max) return records;
  const when = (r: FileRecord) => Math.max(r.archived?.at ?? 0, r.sent?.at ?? 0);
  return Object.fromEntries(entries.sort(([, x], [, y]) => when(y) - when(x)).slice(0, max));
}
