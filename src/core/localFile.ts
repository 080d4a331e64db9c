import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { invalidInput } from './errors';
import { OPEN_TO_READ, sameFile, type CheckedFile } from './fileChunks';
import type { Problem } from './problems';
import { emptyFilesProblem } from './validate';

/**
 * A local file to send: a path the client checks before sending, or a file
 * already checked with `checkFile` (the extension checks what the user chose
 * before asking anything), checked again only if it changed since. Either
 * way the file is sent under its base name unless `name` is given.
 */
export type LocalSource =
  | { readonly path: string; readonly name?: string }
  | { readonly file: CheckedFile; readonly name?: string };

/**
 * A regular file that could be opened, with its size, time and identity as
 * they are now, or why not. Only what `stat` says is a regular file is
 * opened (a device or a pipe never is), and what was opened is described.
 * Empty files pass: whether one may be sent is the caller's question (see
 * `emptyFilesProblem`).
 */
export async function checkFile(p: string, label = path.basename(p)): Promise<CheckedFile | Problem> {
  const unreadable = (e: unknown): Problem => ({ code: 'fileUnreadable', field: 'documents', values: [label], errno: (e as NodeJS.ErrnoException).code ?? String(e) });
  let st;
  try {
    st = await fs.stat(p);
    if (st.isFile()) {
      const handle = await fs.open(p, OPEN_TO_READ);
      try {
        st = await handle.stat();
      } finally {
        await handle.close();
      }
    }
  } catch (e) {
    return unreadable(e);
  }
  if (st.isDirectory()) return { code: 'folder', field: 'documents', values: [label] };
  if (!st.isFile()) return { code: 'notAFile', field: 'documents', values: [label] };
  return { path: p, size: st.size, mtimeMs: st.mtimeMs, dev: st.dev, ino: st.ino };
}

/**
 * A file opened to be read whole (a PDF on disk shown in the viewer), with
 * its size as opened. Only a regular file is read: a folder, a pipe or a
 * device is refused at once, said as `checkFile` says it. Opened without
 * waiting (`OPEN_TO_READ`) and checked as opened, so that a pipe put in the
 * file's place never holds up the extension's file reads.
 */
export async function openToRead(p: string, label = path.basename(p)): Promise<{ readonly stream: Readable; readonly length: number }> {
  const handle = await fs.open(p, OPEN_TO_READ).catch((e: unknown) => {
    throw invalidInput({ code: 'fileUnreadable', field: 'documents', values: [label], errno: (e as NodeJS.ErrnoException).code ?? String(e) });
  });
  const st = await handle.stat().catch(() => undefined);
  if (st?.isFile()) return { stream: handle.createReadStream(), length: st.size };
  await handle.close();
  throw invalidInput({ code: st?.isDirectory() ? 'folder' : 'notAFile', field: 'documents', values: [label] });
}

export function isProblem(v: CheckedFile | Problem): v is Problem {
  return 'code' in v;
}

/** The name a source is sent under. */
export function sourceName(s: LocalSource): string {
  return s.name ?? path.basename('file' in s ? s.file.path : s.path);
}

/**
 * A file checked earlier, as it is now: itself while its size and time are
 * unchanged, else checked again, so that a file saved while the user
 * answered questions is sent as it is now (`fileChunks` guards the send).
 * Another file in its place is not checked instead: it stays the file
 * checked, which `fileChunks` then refuses to read.
 */
async function recheckedIfChanged(file: CheckedFile, label: string): Promise<CheckedFile | Problem> {
  const now = await fs.stat(file.path).catch(() => undefined);
  if (now && !sameFile(file, now)) return file;
  if (now?.isFile() && now.size === file.size && now.mtimeMs === file.mtimeMs) return file;
  const again = await checkFile(file.path, label);
  return isProblem(again) || sameFile(file, again) ? again : file;
}

/** The source's name and its checked, non-empty file; throws what the user must fix. */
export async function sourceFile(s: LocalSource): Promise<{ name: string; file: CheckedFile }> {
  const name = sourceName(s);
  const file = 'file' in s ? await recheckedIfChanged(s.file, name) : await checkFile(s.path, name);
  if (isProblem(file)) throw invalidInput(file);
  const empty = emptyFilesProblem([{ name, size: file.size }]);
  if (empty) throw invalidInput(empty);
  return { name, file };
}
