import { randomBytes } from 'node:crypto';
import type { HashCheck, UncheckableReason } from './fileHash';
import { createWriteStream, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ServiceError } from './errors';
import { fileNameFromContentDisposition, safeFileName } from './fileNames';
import { toServiceError, type RawResponse } from './transport/http';

/**
 * Where a download goes: a folder (the name comes from the response or the
 * service's metadata, made safe) or an exact path the user chose.
 */
export type DownloadTarget =
  | { readonly directory: string; readonly onConflict?: 'rename' | 'fail' | 'overwrite' }
  | { readonly path: string; readonly overwrite?: boolean };

export interface DownloadOptions {
  readonly signal?: AbortSignal;
  /** Called as bytes arrive; `total` when the service sent a length. */
  readonly onProgress?: (received: number, total?: number) => void;
  /** Each chunk as it is written, e.g. to hash the file without reading it again. */
  readonly onData?: (chunk: Buffer) => void;
}

export interface DownloadResult {
  /** Where the file is now. */
  readonly path: string;
  readonly bytes: number;
  readonly contentType?: string;
  /** An archive file's bytes checked against its recorded hash as they were written, or why they could not be. */
  readonly hashCheck?: HashCheck | UncheckableReason;
}

/** Bytes buffered for the file while a write is under way: writes are batched, the socket keeps reading. */
const WRITE_BUFFER = 1024 * 1024;

/**
 * Streams a response into a temporary file beside the destination and moves
 * it into place only when every byte has arrived, so that a failure or a
 * cancel leaves nothing at the destination and no temporary file behind.
 */
export async function saveResponse(res: RawResponse, target: DownloadTarget, fallbackName: string, opts: DownloadOptions, operation: string): Promise<DownloadResult> {
  const dir = 'directory' in target ? target.directory : path.dirname(target.path);
  const name = 'directory' in target
    ? safeFileName(fileNameFromContentDisposition(header(res, 'content-disposition')) ?? fallbackName, safeFileName(fallbackName))
    : path.basename(target.path);
  try {
    await fs.mkdir(dir, { recursive: true });
  } catch (e) {
    res.body.destroy();
    throw localError(`The folder "${dir}" could not be created`, e);
  }
  const temp = path.join(dir, `.${name.slice(0, 60)}.${randomBytes(6).toString('hex')}.part`);
  const total = numberOrUndefined(header(res, 'content-length'));
  let received = 0;
  // Counted as the bytes pass, without a stream in between: a Transform here
  // cost a third of the download's CPU time (see the README, Performance).
  res.body.on('data', (chunk: Buffer) => {
    received += chunk.length;
    try {
      opts.onData?.(chunk);
      opts.onProgress?.(received, total);
    } catch (e) {
      res.body.destroy(e as Error);
    }
  });
  const out = createWriteStream(temp, { flags: 'wx', highWaterMark: WRITE_BUFFER });
  try {
    await pipeline(res.body, out, { signal: opts.signal });
    if (total !== undefined && received !== total) {
      throw new ServiceError('network', `The download ended after ${received} of ${total} bytes.`, { operation });
    }
    const finalPath = await place(temp, dir, name, target);
    return { path: finalPath, bytes: received, contentType: header(res, 'content-type') };
  } catch (e) {
    res.body.destroy();
    // A cancel can come before the file is even open: it is removed only once
    // the stream has closed, or its late open would leave it behind.
    out.destroy();
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await fs.rm(temp, { force: true }).catch(() => undefined);
    if (e instanceof ServiceError) throw e;
    const err = e as NodeJS.ErrnoException;
    if (err.name === 'AbortError') throw new ServiceError('cancelled', 'The download was cancelled.', { operation });
    if (err.syscall && ['open', 'write', 'rename', 'link', 'mkdir'].includes(err.syscall)) throw localError(`The file could not be written to "${dir}"`, e);
    throw toServiceError(e, operation);
  }
}

/** Moves the finished temporary file to its name, by the target's rule for existing files. */
async function place(temp: string, dir: string, name: string, target: DownloadTarget): Promise<string> {
  const overwrite = 'path' in target ? target.overwrite === true : target.onConflict === 'overwrite';
  const rename = 'directory' in target && (target.onConflict ?? 'rename') === 'rename';
  if (overwrite) {
    const dest = path.join(dir, name);
    await fs.rename(temp, dest);
    return dest;
  }
  for (let i = 0; i < 1000; i++) {
    const dest = path.join(dir, i === 0 ? name : numbered(name, i));
    try {
      await linkExclusive(temp, dest);
      await fs.rm(temp, { force: true });
      return dest;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (!rename) throw new ServiceError('localFile', `"${dest}" already exists and was not replaced.`);
    }
  }
  throw new ServiceError('localFile', `No free name for "${name}" in "${dir}".`);
}

/** Creates `dest` only if it does not exist: a hard link where the file system has them. */
async function linkExclusive(temp: string, dest: string): Promise<void> {
  try {
    await fs.link(temp, dest);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw e;
    // No hard links here (FAT, some network shares): reserve the name, then replace it.
    const handle = await fs.open(dest, 'wx');
    await handle.close();
    await fs.rename(temp, dest);
  }
}

/** `report.pdf` → `report (1).pdf` */
export function numbered(name: string, i: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${i})${name.slice(dot)}` : `${name} (${i})`;
}

function header(res: RawResponse, name: string): string | undefined {
  const v = res.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function numberOrUndefined(v: string | undefined): number | undefined {
  if (v === undefined || !/^\d+$/.test(v)) return undefined;
  return Number(v);
}

/** Errors of the destination a person can act on, in words (the code stays, for a search). */
const LOCAL_WHY: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
};

function localError(what: string, e: unknown): ServiceError {
  const err = e as NodeJS.ErrnoException;
  const why = err.code && LOCAL_WHY[err.code] ? `${LOCAL_WHY[err.code]} (${err.code})` : err.code ?? err.message;
  return new ServiceError('localFile', `${what}: ${why}.`, { cause: e });
}
