// Case 10, records: archiving 10,000 workspace files, with the code that
// records them for the Explorer (src/ui/workspace/fileRecords.ts, free of
// `vscode`: recorded at once, then with the file's digest), over real files
// and a store that does what VS Code's global state does on every update: the
// value is copied through JSON at once, and the extension's whole state is
// serialized again for the main process on the next turn.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { hashFile } from '../../src/core';
import { FileRecords, MAX_RECORDS, recordArchived, type FileRecord } from '../../src/ui/workspace/fileRecords';
import type { StateStore } from '../../src/ui/globalState';

export interface RecordsResult {
  readonly files: number;
  /** Updates of the record store (each one a write of global state). */
  readonly writes: number;
  /** Bytes serialized by those writes, as VS Code serializes them. */
  readonly bytesSerialized: number;
  /** CPU of the whole run (recording, hashing the files, serializing). */
  readonly cpuMs: number;
  readonly wallMs: number;
  /** Records kept in the store at the end (the cap is MAX_RECORDS). */
  readonly kept: number;
}

export const RECORD_FILES = 10_000;

/** VS Code's `ExtensionMemento`: `update` copies the value through JSON, and a write of the whole state follows on the next turn. */
function globalStateLike(): StateStore & { writes: number; bytes: number } {
  const state: Record<string, unknown> = {};
  let scheduled: Promise<void> | undefined;
  const s = {
    writes: 0,
    bytes: 0,
    get: <T>(k: string) => state[k] as T | undefined,
    update(k: string, v: unknown): Promise<void> {
      s.writes++;
      const json = JSON.stringify(v);
      s.bytes += json.length;
      state[k] = JSON.parse(json);
      scheduled ??= new Promise<void>((resolve) => setTimeout(() => {
        scheduled = undefined;
        s.bytes += JSON.stringify(state).length;
        resolve();
      }, 0));
      return scheduled;
    },
  };
  return s;
}

export async function runRecords(): Promise<RecordsResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dsas-bench-records-'));
  try {
    const files: { uri: string; path: string; size: number; mtimeMs: number }[] = [];
    for (let i = 0; i < RECORD_FILES; i++) {
      const folder = path.join(dir, `folder-${i % 100}`);
      if (i < 100) mkdirSync(folder);
      const p = path.join(folder, `file-${i}.txt`);
      writeFileSync(p, Buffer.alloc(256 + ((i * 7919) % 4096), `file ${i} `));
      const s = await stat(p);
      files.push({ uri: `file://${p}`, path: p, size: s.size, mtimeMs: s.mtimeMs });
    }
    const store = globalStateLike();
    const records = new FileRecords(store, () => 'bench', () => true);
    const disk = {
      stat: async (p: string) => {
        const s = await stat(p);
        return { size: s.size, mtimeMs: s.mtimeMs };
      },
      hash: hashFile,
    };
    const cpu = process.cpuUsage();
    const start = performance.now();
    // One after another, as a batch archives them.
    for (const [i, f] of files.entries()) {
      await recordArchived(records, disk, f, { fileId: String(100_000 + i), title: path.relative(dir, f.path), at: Date.now() }, 'bench');
    }
    await records.flush();
    const wallMs = performance.now() - start;
    const used = process.cpuUsage(cpu);
    const kept = Object.keys(store.get<Record<string, Record<string, FileRecord>>>('dsas.fileRecords')?.bench ?? {}).length;
    if (kept !== Math.min(MAX_RECORDS, RECORD_FILES)) throw new Error(`records: ${kept} kept, not ${MAX_RECORDS}`);
    return { files: RECORD_FILES, writes: store.writes, bytesSerialized: store.bytes, cpuMs: (used.user + used.system) / 1000, wallMs, kept };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
