import * as vscode from 'vscode';
import { readAtMost, isServiceError, safeFileName, type OpenedDownload, type ServiceClient } from '../../core';
import { accountDigest } from '../session/accountOwner';
import { sessionFor, type ConnectionChoosing } from '../session/whichConnection';
import { describeError, NotSignedInError } from '../text/errorText';
import { formatBytes } from '../text/format';

/** Larger files are not opened in an editor (it needs all the bytes in memory); Download is offered instead. */
export const OPEN_SIZE_LIMIT = 50 * 1024 * 1024;

/** A file of the service, as its URI names it: the name (the path), what fetches it, its connection's id and service (the query). */
export type FileRef = Readonly<Record<string, string>> & { readonly name: string; readonly connection?: string; readonly service?: string };

/** The query field naming the connection a file is of; a URI without it (a tab restored from an earlier version) is the workspace's connection's. */
const CONNECTION = 'connection';
/** The query field naming the service and user (a digest of the account) the file was listed by: an edited connection's tab reads nothing from its new address. */
const SERVICE = 'service';

/** The connection a file is of, with its account (`accountKey`) when known. */
export interface FileOwner {
  readonly id: string;
  readonly account?: string;
}

/** What a file system answers `stat` with, without its type and permissions. */
export interface FileTimes {
  readonly ctime: number;
  readonly mtime: number;
  readonly size: number;
}

/**
 * `<scheme>:/<safe file name>?<fields>`: the path is what the tab and the
 * breadcrumb show and what VS Code chooses the editor by (the image preview
 * for images, the language of a text editor), so it holds only the name; the
 * ids and tickets that fetch the file ride in the query, which keeps two
 * files of the same name apart.
 */
export function serviceFileUri(scheme: string, name: string, fallbackName: string, fields: Record<string, string>, owner: FileOwner | undefined): vscode.Uri {
  const query = new URLSearchParams({
    ...fields,
    ...(owner && { [CONNECTION]: owner.id }),
    ...(owner?.account !== undefined && { [SERVICE]: accountDigest(owner.account) }),
  });
  return vscode.Uri.from({ scheme, path: `/${safeFileName(name, fallbackName)}`, query: query.toString() });
}

const readonlyMessage = (): string => vscode.l10n.t('Files of the Document Submission service are read-only. Download the file to change a copy.');

/**
 * Files of the service as a read-only file system, so that opening one shows
 * it in an editor tab without the user choosing where to save it. Reading
 * streams the download into memory (bounded); every write is refused. Each
 * kind of file (archive files, attachments) says which query fields name it,
 * how to stat it and how to fetch it.
 */
export abstract class ServiceFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;

  /** `fields`: the query fields a URI of this kind must carry; `sessions`: whose client fetches a file (that of its connection). */
  protected constructor(readonly scheme: string, private readonly fields: readonly string[], private readonly sessions: ConnectionChoosing) {}

  /**
   * The client of the file's own connection (see sessionFor: a file names it,
   * so nothing is asked), whichever the workspace uses now; nothing while that
   * connection points at another account than the file was listed by.
   */
  protected async client(ref: FileRef): Promise<ServiceClient> {
    const session = await sessionFor(this.sessions, { connectionId: ref.connection, service: ref.service }, '');
    if (!session) throw new NotSignedInError();
    return session.client;
  }

  /** The file's times and size (zero where the service does not say). */
  protected abstract times(ref: FileRef): Promise<FileTimes>;
  /** The file's bytes, as a stream. */
  protected abstract open(ref: FileRef): Promise<OpenedDownload>;

  /** Registers this file system for its scheme, read-only. */
  register(): vscode.Disposable {
    return vscode.Disposable.from(this, vscode.workspace.registerFileSystemProvider(this.scheme, this, { isReadonly: true, isCaseSensitive: true }));
  }

  /** A URI in a form an earlier version wrote (a tab restored from it), if this kind had one. */
  protected legacy(_uri: vscode.Uri): FileRef | undefined {
    return undefined;
  }

  private parse(uri: vscode.Uri): FileRef | undefined {
    if (!uri.query) return this.legacy(uri);
    const name = uri.path.slice(1);
    const q = new URLSearchParams(uri.query);
    const ref: Record<string, string> = { name };
    for (const f of this.fields) {
      const v = q.get(f);
      if (!v) return undefined;
      ref[f] = v;
    }
    for (const f of [CONNECTION, SERVICE]) {
      const v = q.get(f);
      if (v) ref[f] = v;
    }
    return name && !name.includes('/') ? (ref as FileRef) : undefined;
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const ref = this.parse(uri);
    if (!ref) {
      // The root (asked for by the breadcrumb and the Explorer), not a file.
      if (uri.path === '/' || uri.path === '') return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0, permissions: vscode.FilePermission.Readonly };
      throw vscode.FileSystemError.FileNotFound(uri);
    }
    try {
      return { type: vscode.FileType.File, ...(await this.times(ref)), permissions: vscode.FilePermission.Readonly };
    } catch (e) {
      throw this.fsError(e, uri);
    }
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const ref = this.parse(uri);
    if (!ref) throw vscode.FileSystemError.FileNotFound(uri);
    try {
      const opened = await this.open(ref);
      const tooLarge = () => vscode.FileSystemError.Unavailable(vscode.l10n.t('The file is larger than {0} and is not opened in an editor. Download it instead.', formatBytes(OPEN_SIZE_LIMIT)));
      if (opened.length !== undefined && opened.length > OPEN_SIZE_LIMIT) {
        opened.stream.destroy();
        throw tooLarge();
      }
      const bytes = await readAtMost(opened.stream, OPEN_SIZE_LIMIT, tooLarge);
      const total = bytes.length;
      if (opened.length !== undefined && total !== opened.length) {
        throw vscode.FileSystemError.Unavailable(vscode.l10n.t('The download ended after {0} of {1} bytes.', total, opened.length));
      }
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
    } catch (e) {
      throw this.fsError(e, uri);
    }
  }

  private fsError(e: unknown, uri: vscode.Uri): Error {
    if (e instanceof vscode.FileSystemError) return e;
    if (isServiceError(e, 'notFound')) return vscode.FileSystemError.FileNotFound(uri);
    if (e instanceof NotSignedInError) return vscode.FileSystemError.Unavailable(vscode.l10n.t('Sign in to the Document Submission service to open its files.'));
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
