import type * as vscode from 'vscode';
import type { ArchiveFile, OpenedDownload } from '../../core';
import type { ConnectionChoosing } from '../session/whichConnection';
import { ServiceFileSystem, serviceFileUri, type FileOwner, type FileRef, type FileTimes } from './serviceFileSystem';

export { OPEN_SIZE_LIMIT } from './serviceFileSystem';
export const ARCHIVE_SCHEME = 'dsas-archive';
/** How long a file's metadata is reused for the editor's repeated stat calls. */
const STAT_TTL_MS = 10_000;

/** `dsas-archive:/<safe file name>?id=<id>&ticket=<ticket>&connection=<id>&service=<digest>`, a file of that connection's archive (see serviceFileUri). */
export function archiveUri(f: Pick<ArchiveFile, 'id' | 'ticket' | 'name'>, owner: FileOwner | undefined): vscode.Uri {
  return serviceFileUri(ARCHIVE_SCHEME, f.name, `file-${f.id}`, { id: f.id, ticket: f.ticket }, owner);
}

const ms = (t: ArchiveFile['mtime']): number => t.ms ?? 0;

/** Archive files, read-only, for Open Archive File, each from its connection's archive; their metadata is fetched once per editor's burst of stat calls. */
export class ArchiveFileSystem extends ServiceFileSystem {
  private readonly stats = new Map<string, { at: number; file: Promise<ArchiveFile> }>();

  constructor(sessions: ConnectionChoosing) {
    super(ARCHIVE_SCHEME, ['id', 'ticket'], sessions);
  }

  /** 0.1 wrote `dsas-archive:/<id>/<ticket>/<name>`: a tab restored from it still opens. */
  protected legacy(uri: vscode.Uri): FileRef | undefined {
    const [, id, ticket, name, ...rest] = uri.path.split('/');
    if (!id || !ticket || !name || rest.length) return undefined;
    try {
      return { name, id: decodeURIComponent(id), ticket: decodeURIComponent(ticket) };
    } catch {
      return undefined; // not percent-encoding: not a URI this extension wrote
    }
  }

  /** Metadata the caller already has (of `connectionId`'s archive), so that opening does not fetch it again. */
  remember(f: ArchiveFile, connectionId: string | undefined): void {
    this.stats.set(statKey(f.id, connectionId), { at: Date.now(), file: Promise.resolve(f) });
  }

  private detail(ref: FileRef): Promise<ArchiveFile> {
    // Two services' files may have the same id.
    const key = statKey(ref.id, ref.connection);
    const hit = this.stats.get(key);
    if (hit && Date.now() - hit.at < STAT_TTL_MS) return hit.file;
    const file = this.client(ref).then((c) => c.getArchiveFile(ref.id));
    this.stats.set(key, { at: Date.now(), file });
    file.catch(() => this.stats.delete(key));
    return file;
  }

  protected async times(ref: FileRef): Promise<FileTimes> {
    const f = await this.detail(ref);
    return { ctime: ms(f.ctime), mtime: ms(f.mtime), size: f.fullSize ?? 0 };
  }

  protected async open(ref: FileRef): Promise<OpenedDownload> {
    return (await this.client(ref)).openArchiveFile({ id: ref.id, ticket: ref.ticket, name: ref.name });
  }
}

const statKey = (id: string, connectionId: string | undefined): string => `${connectionId ?? ''}\0${id}`;
