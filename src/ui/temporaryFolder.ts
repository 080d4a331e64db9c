import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Logger } from '../core';

/** A private folder for files on their way from the service back to it; `dispose` removes it (more than once is harmless). */
export interface TemporaryFolder {
  readonly path: string;
  dispose(): Promise<void>;
}

/** The prefix of these folders under `os.tmpdir()`, so that a leftover can be told apart (the host tests look for one). */
export const TEMPORARY_FOLDER_PREFIX = 'dsas-transfer-';

/** Creates the folder: `mkdtemp` makes it readable by this user only. */
export async function temporaryFolder(log: Logger): Promise<TemporaryFolder> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), TEMPORARY_FOLDER_PREFIX));
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

async function remove(log: Logger, folder: string): Promise<void> {
  try {
    // Retries: on Windows a file just closed (or being scanned) may refuse removal for a moment.
    await fs.rm(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  } catch (e) {
    log.warn(`The temporary folder ${folder} could not be removed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
