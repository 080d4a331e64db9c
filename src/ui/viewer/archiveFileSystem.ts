import type * as vscode from 'vscode';
import type { ArchiveFile, OpenedDownload } from '../../core';
import type { SessionInUse as Session } from '../session/sessionInUse';
import { ServiceFileSystem, serviceFileUri, type FileRef, type FileTimes } from './serviceFileSystem';

export { OPEN_SIZE_LIMIT } from './serviceFileSystem';
export const ARCHIVE_SCHEME = 'dsas-archive';
/** How long a file's metadata is reused for the editor's repeated stat calls. */
const STAT_TTL_MS = 10_000;

/** `dsas-archive:/<safe file name>?id=<id>&ticket=<ticket>` (see serviceFileUri). */
export function archiveUri(f: Pick<ArchiveFile, 'id' | 'ticket' | 'name'>): vscode.Uri {
  return serviceFileUri(ARCHIVE_SCHEME, f.name, `file-${f.id}`, { id: f.id, ticket: f.ticket });
}

const ms = (t: ArchiveFile['mtime']): number => t.ms ?? 0;

/** Archive files, read-only, for Open Archive File; their metadata is fetched once per editor's burst of stat calls. */
export class ArchiveFileSystem extends ServiceFileSystem {
  private readonly stats = new Map<string, { at: number; file: Promise<ArchiveFile> }>();

  constructor(private readonly session: Session) {
    super(ARCHIVE_SCHEME, ['id', 'ticket']);
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

  /** Metadata the caller already has, so that opening does not fetch it again. */
  remember(f: ArchiveFile): void {
    this.stats.set(f.id, { at: Date.now(), file: Promise.resolve(f) });
  }

  private detail(id: string): Promise<ArchiveFile> {
    const hit = this.stats.get(id);
    if (hit && Date.now() - hit.at < STAT_TTL_MS) return hit.file;
    const file = this.session.client.getArchiveFile(id);
    this.stats.set(id, { at: Date.now(), file });
    file.catch(() => this.stats.delete(id));
    return file;
  }

  protected async times(ref: FileRef): Promise<FileTimes> {
    const f = await this.detail(ref.id);
    return { ctime: ms(f.ctime), mtime: ms(f.mtime), size: f.fullSize ?? 0 };
  }

  protected open(ref: FileRef): Promise<OpenedDownload> {
    return this.session.client.openArchiveFile({ id: ref.id, ticket: ref.ticket, name: ref.name });
  }
}
