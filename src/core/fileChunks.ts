import { constants, promises as fs, type Stats } from 'node:fs';
import type { ChunkPool } from './chunkPool';
import { ServiceError } from './errors';

/** A local file as it was checked before sending: what the request declares. */
export interface CheckedFile {
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
  /**
   * Which file it was (device and inode, as `checkFile` opened it): a file
   * replaced after the check, by a link to another file of the same size and
   * time, say, is not read in its place.
   */
  readonly dev?: number;
  readonly ino?: number;
}

/**
 * How a local file is opened, to check it and to send it: read-only, and
 * without waiting (a named pipe swapped in for a file would otherwise wait
 * for a writer for ever) or taking a terminal as the process's own.
 */
export const OPEN_TO_READ = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/** Whether `now` is the very file checked (when both say which file they are). */
export const sameFile = (file: Pick<CheckedFile, 'dev' | 'ino'>, now: Pick<CheckedFile, 'dev' | 'ino'>): boolean =>
  file.dev === undefined || file.ino === undefined || (now.dev === file.dev && now.ino === file.ino);

/** Read size: large enough that a 1 GiB file is few chunks. */
export const CHUNK = 1024 * 1024;

/**
 * Exactly the checked file's bytes, read from disk as they are sent, and
 * nothing more: a request declares its length before the body, so a file
 * that grew would send a surplus the service reads as another request, and
 * one that shrank would leave it waiting. The last bytes are held back until
 * the file is seen unchanged (size and modification time), so that a changed
 * file never reaches the service complete; it fails with an error naming it.
 * With a `pool`, each chunk is read into a buffer from it (given back by the
 * sender once sent). The next chunk is read while the one before is being
 * sent, so that the connection does not wait for the disk.
 */
export async function* fileChunks(file: CheckedFile, label: string, pool?: ChunkPool): AsyncGenerator<Buffer> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file.path, OPEN_TO_READ);
  } catch (e) {
    throw unreadable(label, e);
  }
  let ahead: Promise<Buffer> | undefined;
  try {
    await ensureUnchanged(handle, file, label);
    const readAt = async (at: number): Promise<Buffer> => {
      const want = Math.min(pool?.size ?? CHUNK, file.size - at);
      const buffer = pool ? pool.take() : Buffer.allocUnsafe(want);
      const { bytesRead } = await handle.read(buffer, 0, want, at).catch((e: unknown) => {
        throw unreadable(label, e);
      });
      if (bytesRead === 0) throw changed(label, file, await handle.stat());
      return bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead);
    };
    let read = 0;
    if (file.size > 0) ahead = readAt(0);
    while (ahead) {
      const chunk = await ahead;
      ahead = undefined;
      read += chunk.length;
      if (read === file.size) await ensureUnchanged(handle, file, label);
      else ahead = readAt(read);
      yield chunk;
    }
  } finally {
    // A read still under way (the sender stopped early) ends before the file is closed.
    await ahead?.catch(() => undefined);
    await handle.close();
  }
}

async function ensureUnchanged(handle: fs.FileHandle, file: CheckedFile, label: string): Promise<void> {
  const now = await handle.stat();
  if (!sameFile(file, now) || !now.isFile()) throw replaced(label);
  if (now.size !== file.size || now.mtimeMs !== file.mtimeMs) throw changed(label, file, now);
}

function replaced(label: string): ServiceError {
  return new ServiceError('localFile', `"${label}" was replaced by another file after it was checked, so it was not sent. Choose it again.`);
}

function changed(label: string, file: CheckedFile, now: Stats): ServiceError {
  const sizes = now.size !== file.size ? ` (${file.size} bytes when it was checked, ${now.size} now)` : '';
  return new ServiceError('localFile', `"${label}" changed while it was being sent${sizes}, so it was not sent complete. Send it again once it is no longer being written.`);
}

function unreadable(label: string, e: unknown): ServiceError {
  return new ServiceError('localFile', `"${label}" could not be read: ${(e as NodeJS.ErrnoException).code ?? String(e)}.`, { cause: e });
}
