import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { errorDetail, type Logger } from '../../core';

/** A private folder for files on their way from the service back to it; `dispose` removes it (more than once is harmless). */
export interface TemporaryFolder {
  readonly path: string;
  dispose(): Promise<void>;
}

/** The prefix of these folders under `os.tmpdir()`, so that a leftover can be told apart (the host tests look for one). */
export const TEMPORARY_FOLDER_PREFIX = 'dsas-transfer-';

/** Each folder's name says which process made it (`dsas-transfer-<pid>-XXXXXX`): a leftover of one that ended can be told from another window's. */
const OWNED = new RegExp(`^${TEMPORARY_FOLDER_PREFIX}(\\d+)-`);

/** Creates the folder: `mkdtemp` makes it readable by this user only. */
export async function temporaryFolder(log: Logger): Promise<TemporaryFolder> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), `${TEMPORARY_FOLDER_PREFIX}${process.pid}-`));
  let removed: Promise<void> | undefined;
  return { path: folder, dispose: () => (removed ??= remove(log, folder)) };
}

/** Runs `fn` with a temporary folder that is removed afterwards, whether `fn` succeeded or not. */
export async function withTemporaryFolder<T>(log: Logger, fn: (folder: string) => Promise<T>): Promise<T> {
  const folder = await temporaryFolder(log);
  try {
    return await fn(folder.path);
  } finally {
    await folder.dispose();
  }
}

/**
 * Removes the folders of extension hosts that ended without removing them: a
 * window reloaded or closed while a New Submission form held copies of
 * archive documents, or one that crashed. Only those whose process is gone:
 * another window's are in use. Done now and once more after `againMs` (an
 * extension host still ending when this one started is gone by then); the
 * function returned stops the second look.
 */
export function removeLeftovers(log: Logger, againMs = 15_000): () => void {
  const sweep = async () => {
    const names = await fs.readdir(os.tmpdir()).catch(() => [] as string[]);
    for (const name of names) {
      const pid = Number(OWNED.exec(name)?.[1] ?? NaN);
      if (!Number.isInteger(pid) || pid === process.pid || alive(pid)) continue;
      log.info(`Removing ${name}, left in the temporary folder by an extension host that ended (process ${pid}).`);
      await remove(log, path.join(os.tmpdir(), name));
    }
  };
  void sweep();
  const timer = setTimeout(() => void sweep(), againMs);
  timer.unref?.();
  return () => clearTimeout(timer);
}

/** Whether a process of that id runs (one of another user's counts: it cannot be told ended). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function remove(log: Logger, folder: string): Promise<void> {
  try {
    // Retries: on Windows a file just closed (or being scanned) may refuse removal for a moment.
    await fs.rm(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  } catch (e) {
    log.warn(`The temporary folder ${folder} could not be removed: ${errorDetail(e)}`);
  }
}
