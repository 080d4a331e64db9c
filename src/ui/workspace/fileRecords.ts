// What this machine sent and archived, per file: the facts the Explorer's
// decorations compare a workspace file with. Plain data over a Memento-like
// store (no `vscode`), so that unit tests and the bench run this code.
import type { HashAlgorithm } from '../../core';

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

/** What the records are kept in: the extension's global state. */
export interface RecordStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void> | Promise<void>;
}

const KEY = 'dsas.fileRecords';
/** Records kept per account; beyond, the oldest go (a record is a few hundred bytes of global state). */
export const MAX_RECORDS = 2000;

type Stored = Record<string, Record<string, FileRecord>>;

/**
 * The records of the account signed in to (an archive file id means nothing
 * to another service), keyed by file URI. Read from the store when first
 * asked, written back on every change.
 */
export class FileRecords {
  private readonly listeners: ((uris: readonly string[]) => void)[] = [];

  constructor(
    private readonly store: RecordStore,
    /** The account records belong to; undefined: none (nothing is recorded or found). */
    private readonly account: () => string | undefined,
  ) {}

  /** Called with the URIs whose records changed. */
  onDidChange(listener: (uris: readonly string[]) => void): void {
    this.listeners.push(listener);
  }

  of(uri: string): FileRecord | undefined {
    const a = this.account();
    return a === undefined ? undefined : this.store.get<Stored>(KEY)?.[a]?.[uri];
  }

  /** The URIs of the files sent in these submissions (one pass over the records, however many). */
  sentIn(submissionIds: ReadonlySet<string>): string[] {
    return Object.entries(this.all()).filter(([, r]) => r.sent !== undefined && submissionIds.has(r.sent.submissionId)).map(([uri]) => uri);
  }

  /** Records an archived file, for `account` (the one it was archived to; by default the one records are read for). */
  archived(uri: string, r: ArchivedRecord, account = this.account()): Promise<void> {
    return this.changeMany([[uri, (old) => ({ ...old, archived: r })]], account);
  }

  /** Records the files sent in a submission, for `account` (the one it was sent to; by default the one records are read for). */
  sent(uris: readonly { uri: string; state: FileState }[], r: Omit<SentRecord, 'size' | 'mtimeMs'>, account = this.account()): Promise<void> {
    return this.changeMany(uris.map(({ uri, state }) => [uri, (old) => ({ ...old, sent: { ...r, size: state.size, mtimeMs: state.mtimeMs } })]), account);
  }

  private all(): Record<string, FileRecord> {
    const a = this.account();
    return (a !== undefined && this.store.get<Stored>(KEY)?.[a]) || {};
  }

  private async changeMany(changes: readonly [string, (old: FileRecord | undefined) => FileRecord][], a: string | undefined): Promise<void> {
    if (a === undefined || changes.length === 0) return;
    const stored = this.store.get<Stored>(KEY) ?? {};
    const mine = { ...stored[a] };
    for (const [uri, f] of changes) mine[uri] = f(mine[uri]);
    await this.store.update(KEY, { ...stored, [a]: newest(mine, MAX_RECORDS) });
    const uris = changes.map(([uri]) => uri);
    for (const l of this.listeners) l(uris);
  }
}

/** At most `max` records, the most recent ones. */
export function newest(records: Record<string, FileRecord>, max: number): Record<string, FileRecord> {
  const entries = Object.entries(records);
  if (entries.length <= max) return records;
  const when = (r: FileRecord) => Math.max(r.archived?.at ?? 0, r.sent?.at ?? 0);
  return Object.fromEntries(entries.sort(([, x], [, y]) => when(y) - when(x)).slice(0, max));
}
