import * as vscode from 'vscode';
import { isServiceError, type ArchiveFile } from '../core';
import { safeFileName } from '../core';
import { describeError, NotSignedInError } from './errorText';
import { formatBytes } from './format';
import type { Session } from './session';

export const ARCHIVE_SCHEME = 'dsas-archive';
/** Larger files are not opened in an editor (it needs all the bytes in memory); Download is offered instead. */
export const OPEN_SIZE_LIMIT = 50 * 1024 * 1024;
/** How long a file's metadata is reused for the editor's repeated stat calls. */
const STAT_TTL_MS = 10_000;

interface Ref {
  readonly id: string;
  readonly ticket: string;
  readonly name: string;
}

/**
 * `dsas-archive:/<safe file name>?id=<id>&ticket=<ticket>`: the path is what
 * the tab and the breadcrumb show and what the editor takes the language
 * from, so it holds only the name; the id and ticket that fetch the file ride
 * in the query, which keeps two files of the same name apart.
 */
export function archiveUri(f: Pick<ArchiveFile, 'id' | 'ticket' | 'name'>): vscode.Uri {
  const name = safeFileName(f.name, `file-${f.id}`);
  return vscode.Uri.from({ scheme: ARCHIVE_SCHEME, path: `/${name}`, query: new URLSearchParams({ id: f.id, ticket: f.ticket }).toString() });
}

function parse(uri: vscode.Uri): Ref | undefined {
  const name = uri.path.slice(1);
  const q = new URLSearchParams(uri.query);
  const id = q.get('id');
  const ticket = q.get('ticket');
  if (!name || name.includes('/') || !id || !ticket) return undefined;
  return { id, ticket, name };
}

function ms(t: ArchiveFile['mtime']): number {
  return t.date?.getTime() ?? 0;
}

const readonlyMessage = (): string => vscode.l10n.t('Files in the archive are read-only. Download the file to change a copy.');

/**
 * Archive files as a read-only file system, so that Open Archive File shows
 * one in an editor tab without the user choosing where to save it. Reading
 * streams the download into memory (bounded); every write is refused.
 */
export class ArchiveFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  private readonly stats = new Map<string, { at: number; file: Promise<ArchiveFile> }>();

  constructor(private readonly session: Session) {}

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

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const ref = parse(uri);
    if (!ref) {
      // The root (asked for by the breadcrumb and the Explorer), not a file.
      if (uri.path === '/' || uri.path === '') return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0, permissions: vscode.FilePermission.Readonly };
      throw vscode.FileSystemError.FileNotFound(uri);
    }
    try {
      const f = await this.detail(ref.id);
      return { type: vscode.FileType.File, ctime: ms(f.ctime), mtime: ms(f.mtime), size: f.fullSize ?? 0, permissions: vscode.FilePermission.Readonly };
    } catch (e) {
      throw this.fsError(e, uri);
    }
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const ref = parse(uri);
    if (!ref) throw vscode.FileSystemError.FileNotFound(uri);
    try {
      const opened = await this.session.client.openArchiveFile({ id: ref.id, ticket: ref.ticket, name: ref.name });
      const tooLarge = () => vscode.FileSystemError.Unavailable(vscode.l10n.t('The file is larger than {0} and is not opened in an editor. Use Download Archive File instead.', formatBytes(OPEN_SIZE_LIMIT)));
      if (opened.length !== undefined && opened.length > OPEN_SIZE_LIMIT) {
        opened.stream.destroy();
        throw tooLarge();
      }
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of opened.stream) {
        const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        total += b.length;
        if (total > OPEN_SIZE_LIMIT) {
          opened.stream.destroy();
          throw tooLarge();
        }
        chunks.push(b);
      }
      if (opened.length !== undefined && total !== opened.length) {
        throw vscode.FileSystemError.Unavailable(vscode.l10n.t('The download ended after {0} of {1} bytes.', total, opened.length));
      }
      return new Uint8Array(Buffer.concat(chunks, total));
    } catch (e) {
      throw this.fsError(e, uri);
    }
  }

  private fsError(e: unknown, uri: vscode.Uri): Error {
    if (e instanceof vscode.FileSystemError) return e;
    if (isServiceError(e, 'notFound')) return vscode.FileSystemError.FileNotFound(uri);
    if (e instanceof NotSignedInError) return vscode.FileSystemError.Unavailable(vscode.l10n.t('Sign in to the Document Submission service to open archive files.'));
    return vscode.FileSystemError.Unavailable(describeError(e));
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => {});
  }

  createDirectory(): void {
    throw vscode.FileSystemError.NoPermissions(readonlyMessage());
  }

  writeFile(): void {
    throw vscode.FileSystemError.NoPermissions(readonlyMessage());
  }

  delete(): void {
    throw vscode.FileSystemError.NoPermissions(readonlyMessage());
  }

  rename(): void {
    throw vscode.FileSystemError.NoPermissions(readonlyMessage());
  }

  dispose(): void {
    this.changed.dispose();
  }
}
