import type { Readable } from 'node:stream';
import { fileBody, withProgress } from './bodies';
import { saveResponse, type DownloadOptions, type DownloadResult, type DownloadTarget } from './download';
import { invalidInput } from './errors';
import { passingCheck } from './fileHash';
import { fileNameFromContentDisposition, safeFileName } from './fileNames';
import { readList, type KnownList } from './listReading';
import { encodeHeaderValue, type HeaderEncoding } from './headerEncoding';
import { sourceFile, sourceName, type LocalSource } from './localFile';
import { mediaTypeFor } from './mediaTypes';
import type {
  ArchiveFile, ArchiveListItem, Attachment, Created, SubmissionDetail, SubmissionHistory,
  SubmissionListItem, SubmissionStatus,
} from './models';
import { multipartBody, type FormPart } from './multipart';
import type { Problem } from './problems';
import { checkSubmission, type SubmissionFields } from './submissionCheck';
import type { NaiveTimeZone } from './time';
import type { RawResponse } from './transport/http';
import { ServiceTransport, type TransportOptions } from './transport/service';
import { documentNamesProblem, emptyFilesProblem } from './validate';
import { DEFAULT_PACKAGE, type PackageDefaults } from './xml/packageFields';
import { ResponseReader, type ListReader } from './xml/readers';

export interface ClientOptions extends TransportOptions {
  /** Defaults for the package values the spec leaves open. */
  readonly packageDefaults?: Partial<PackageDefaults>;
  /** How non-ASCII titles and names travel in upload headers. */
  readonly headerEncoding?: HeaderEncoding;
  /** How `YYYY-MM-DD HH:MM:SS` times (no zone) are read. */
  readonly naiveTimeZone?: NaiveTimeZone;
  /** The file name of the package part of a new submission. */
  readonly packageFileName?: string;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
}

/** A new submission: the package fields and the documents to send. */
export interface NewSubmission extends SubmissionFields {
  readonly documents: readonly LocalSource[];
}

export type NewArchiveFile = LocalSource & { readonly title: string };

export interface UploadOptions extends CallOptions {
  /** Bytes handed to the connection so far. */
  readonly onProgress?: (sent: number, total: number) => void;
}

/** A raw download as a stream, for callers that do not want a file (e.g. a viewer). */
export interface OpenedDownload {
  readonly stream: Readable;
  readonly fileName: string;
  readonly contentType?: string;
  readonly length?: number;
}

/**
 * The service client: one method per endpoint of the interface (the numbers
 * are the spec's). Knows nothing of VS Code; every failure is a ServiceError.
 */
export class ServiceClient {
  private readonly transport: ServiceTransport;
  private readonly read: ResponseReader;
  private readonly packageDefaults: PackageDefaults;
  private readonly headerEncoding: HeaderEncoding;
  private readonly packageFileName: string;
  /** The last list read from each address, kept to recognise the same bytes on the next poll. */
  private readonly lists = new Map<string, KnownList<unknown>>();

  constructor(opts: ClientOptions) {
    this.transport = new ServiceTransport(opts);
    this.read = new ResponseReader(opts.naiveTimeZone, this.transport.quote);
    this.packageDefaults = { ...DEFAULT_PACKAGE, ...opts.packageDefaults };
    this.headerEncoding = opts.headerEncoding ?? 'rfc2047';
    this.packageFileName = opts.packageFileName ?? 'package.xml';
  }

  /**
   * Why these documents cannot go in one submission (their names, empty
   * files), so that the extension can refuse them before asking anything.
   */
  documentsProblem(docs: readonly { readonly name: string; readonly size: number }[]): Problem | undefined {
    return documentNamesProblem(docs.map((d) => d.name), this.packageFileName) ?? emptyFilesProblem(docs);
  }

  /** 1. GET /submissions; the same array as last time when the service sent the same bytes. */
  async listSubmissions(o: CallOptions = {}): Promise<readonly SubmissionListItem[]> {
    return listAt(this.transport, this.lists, '/submissions', () => this.read.submissionListReader(), o.signal);
  }

  /** 2. GET /submissions/<id> */
  async getSubmission(id: string, o: CallOptions = {}): Promise<SubmissionDetail> {
    const op = `GET /submissions/${id}`;
    return this.read.submissionDetail(await this.transport.getXml(`/submissions/${seg(id)}`, op, o.signal), op);
  }

  /** 3. GET /submissions/<id>/history */
  async getHistory(id: string, o: CallOptions = {}): Promise<SubmissionHistory> {
    const op = `GET /submissions/${id}/history`;
    return this.read.history(await this.transport.getXml(`/submissions/${seg(id)}/history`, op, o.signal), op);
  }

  /** 5. GET /submissions/<id>/status */
  async getStatus(id: string, o: CallOptions = {}): Promise<SubmissionStatus> {
    const op = `GET /submissions/${id}/status`;
    return this.read.status(await this.transport.getXml(`/submissions/${seg(id)}/status`, op, o.signal), op);
  }

  /** 6. GET /submissions/<id>/attachment/<file_id>/<ticket>, saved to disk. */
  async downloadAttachment(submissionId: string, a: Attachment, target: DownloadTarget, o: DownloadOptions = {}): Promise<DownloadResult> {
    const op = `GET /submissions/${submissionId}/attachment/${a.id}/…`;
    const res = await this.transport.getStream(attachmentPath(submissionId, a), op, o.signal);
    return saveResponse(res, target, a.name || `attachment-${a.id}`, o, op);
  }

  /** 6, as a stream. */
  async openAttachment(submissionId: string, a: Attachment, o: CallOptions = {}): Promise<OpenedDownload> {
    const op = `GET /submissions/${submissionId}/attachment/${a.id}/…`;
    return opened(await this.transport.getStream(attachmentPath(submissionId, a), op, o.signal), a.name || `attachment-${a.id}`);
  }

  /** 7. GET /submissions/<id>/summary (PDF), saved to disk. */
  async downloadSummary(submissionId: string, target: DownloadTarget, o: DownloadOptions = {}): Promise<DownloadResult> {
    const op = `GET /submissions/${submissionId}/summary`;
    const res = await this.transport.getStream(`/submissions/${seg(submissionId)}/summary`, op, o.signal);
    return saveResponse(res, target, `summary-${submissionId}.pdf`, o, op);
  }

  /** 7, as a stream. */
  async openSummary(submissionId: string, o: CallOptions = {}): Promise<OpenedDownload> {
    const op = `GET /submissions/${submissionId}/summary`;
    return opened(await this.transport.getStream(`/submissions/${seg(submissionId)}/summary`, op, o.signal), `summary-${submissionId}.pdf`);
  }

  /**
   * 4. POST /submissions: the package first (`attachment[]`, application/xml,
   * named `package.xml`), then each document, streamed from disk. Validated
   * before anything is sent; never retried once the body has started.
   */
  async createSubmission(s: NewSubmission, o: UploadOptions = {}): Promise<Created> {
    const docs = await checkSubmission(s, s.documents, this.packageFileName);
    // The package writer is loaded on the first submission sent, not with the
    // extension (its bundle is a file of its own: see esbuild.mjs).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { buildPackage } = require('./xml/package') as typeof import('./xml/package');
    const xml = Buffer.from(buildPackage({
      formReference: s.formReference,
      recipients: s.recipients,
      coverNote: s.coverNote ?? '',
      data: s.data ?? '',
      attachmentNames: docs.map((d) => d.name),
      options: s.options,
    }, this.packageDefaults), 'utf8');
    const parts: FormPart[] = [
      { field: 'attachment[]', fileName: this.packageFileName, contentType: 'application/xml', content: { buffer: xml } },
      ...docs.map((d): FormPart => ({ field: 'attachment[]', fileName: d.name, contentType: mediaTypeFor(d.name), content: { file: d.file } })),
    ];
    const body = multipartBody(parts);
    const text = await this.transport.sendOnce({
      method: 'POST', path: '/submissions', operation: 'POST /submissions',
      headers: { 'Content-Type': body.contentType },
      body: withProgress(body, o.onProgress), signal: o.signal,
    });
    return this.read.created(text, 'POST /submissions');
  }

  /** 8. GET /archives; the same array as last time when the service sent the same bytes. */
  async listArchive(o: CallOptions = {}): Promise<readonly ArchiveListItem[]> {
    return listAt(this.transport, this.lists, '/archives', () => this.read.archiveListReader(), o.signal);
  }

  /** 9. GET /archives/<file_id> */
  async getArchiveFile(id: string, o: CallOptions = {}): Promise<ArchiveFile> {
    const op = `GET /archives/${id}`;
    return this.read.archiveFile(await this.transport.getXml(`/archives/${seg(id)}`, op, o.signal), op);
  }

  /** 10. GET /archives/<file_id>/<ticket>, saved to disk. */
  async downloadArchiveFile(file: Pick<ArchiveFile, 'id' | 'ticket' | 'name'> & { readonly hash?: string }, target: DownloadTarget, o: DownloadOptions = {}): Promise<DownloadResult> {
    const op = `GET /archives/${file.id}/…`;
    const res = await this.transport.getStream(`/archives/${seg(file.id)}/${seg(file.ticket)}`, op, o.signal);
    if (file.hash === undefined) return saveResponse(res, target, file.name || `file-${file.id}`, o, op);
    // Given the recorded hash, the bytes are checked as they are written: the file is not read again.
    const check = passingCheck(file.hash);
    const saved = await saveResponse(res, target, file.name || `file-${file.id}`, { ...o, onData: (c) => { check.onData(c); o.onData?.(c); } }, op);
    return { ...saved, hashCheck: check.result() };
  }

  /** 10, as a stream. */
  async openArchiveFile(file: Pick<ArchiveFile, 'id' | 'ticket' | 'name'>, o: CallOptions = {}): Promise<OpenedDownload> {
    const op = `GET /archives/${file.id}/…`;
    return opened(await this.transport.getStream(`/archives/${seg(file.id)}/${seg(file.ticket)}`, op, o.signal), file.name || `file-${file.id}`);
  }

  /** 11. PUT /archives: the file streamed as the body, title and name in headers. */
  async uploadArchiveFile(f: NewArchiveFile, o: UploadOptions = {}): Promise<Created> {
    const name = sourceName(f);
    const headers = {
      'X-Service-Title': encodeHeaderValue('title', f.title, this.headerEncoding),
      'X-Service-Name': encodeHeaderValue('fileName', name, this.headerEncoding),
      'Content-Type': 'application/octet-stream',
    };
    const { file } = await sourceFile(f);
    const text = await this.transport.sendOnce({
      method: 'PUT', path: '/archives', operation: 'PUT /archives', headers, signal: o.signal,
      body: withProgress(fileBody(file, name), o.onProgress),
    });
    return this.read.uploaded(text, 'PUT /archives');
  }
}

/** A list read as it arrives (see readList), given back unparsed when its bytes are the last ones' (kept in `lists` by path). */
async function listAt<T>(transport: ServiceTransport, lists: Map<string, KnownList<unknown>>, path: string, reader: () => ListReader<T>, signal?: AbortSignal): Promise<readonly T[]> {
  const operation = `GET ${path}`;
  const previous = lists.get(path) as KnownList<T> | undefined;
  const list = await transport.getBody(path, operation, (res) => {
    const length = res.headers['content-length'];
    return readList(res.body, {
      operation, reader, previous, limit: transport.maxListBytes, quote: transport.quote,
      contentType: res.headers['content-type'], contentLength: length !== undefined && /^\d+$/.test(length) ? Number(length) : undefined,
    });
  }, signal);
  lists.set(path, list);
  return list.items;
}

/** Why a string cannot be an id or a ticket in a path, if it cannot: any other string is escaped. */
export function identifierProblem(v: string): Problem | undefined {
  return v === '' || v === '.' || v === '..' ? { code: 'invalidIdentifier', field: 'id', values: [v] } : undefined;
}

/** A path segment: ids and tickets are the service's strings, escaped. */
function seg(v: string): string {
  const problem = identifierProblem(v);
  if (problem) throw invalidInput(problem);
  return encodeURIComponent(v);
}

function attachmentPath(submissionId: string, a: Attachment): string {
  return `/submissions/${seg(submissionId)}/attachment/${seg(a.id)}/${seg(a.ticket)}`;
}

function opened(res: RawResponse, fallbackName: string): OpenedDownload {
  const h = (n: string) => {
    const v = res.headers[n];
    return Array.isArray(v) ? v[0] : v;
  };
  const len = h('content-length');
  return {
    stream: res.body,
    fileName: safeFileName(fileNameFromContentDisposition(h('content-disposition')) ?? fallbackName, safeFileName(fallbackName)),
    contentType: h('content-type'),
    length: len && /^\d+$/.test(len) ? Number(len) : undefined,
  };
}
