// Case 9: the Explorer's decorations for 10,000 workspace files against an
// archive of 1,000 files, with the code the provider runs: the records, the
// archive index, the digest cache and the lookup (src/ui/workspace/, free of
// `vscode`), over real files. The first pass stats every file and hashes
// those whose size equals an archive file's; the next passes find every
// digest cached, as when the Explorer asks again.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { hashFile, type ArchiveFile } from '../../src/core';
import { Limiter } from '../../src/ui/lists/concurrency';
import { ArchiveIndex, DigestCache } from '../../src/ui/workspace/contentIndex';
import { FileRecords } from '../../src/ui/workspace/fileRecords';
import { decorationOf, lookUp } from '../../src/ui/workspace/lookup';
import { median } from '../stats';

export interface DecorationsResult {
  readonly files: number;
  readonly archiveFiles: number;
  readonly decorated: number;
  readonly hashed: number;
  readonly firstMs: number;
  /** A pass with every digest cached: a stat and a lookup per file. */
  readonly cachedMedianMs: number;
  /** The lookups alone (the synchronous part, which holds the extension host), stat results known. */
  readonly lookupMedianMs: number;
  readonly runsMs: number[];
}

const FILES = 10_000;
const ARCHIVE = 1_000;
/** Archive files with the content of a workspace file; the others have sizes some workspace files share. */
const SAME_CONTENT = 100;

const sizeOf = (i: number) => 256 + ((i * 7919) % 4096);
const bytesOf = (i: number) => Buffer.alloc(sizeOf(i), `file ${i} `);

export async function runDecorations(runs: number): Promise<DecorationsResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dsas-bench-decorations-'));
  try {
    const paths: string[] = [];
    for (let i = 0; i < FILES; i++) {
      const folder = path.join(dir, `folder-${i % 100}`);
      if (i < 100) mkdirSync(folder);
      const p = path.join(folder, `file-${i}.txt`);
      writeFileSync(p, bytesOf(i));
      paths.push(p);
    }
    const index = new ArchiveIndex();
    const t = { raw: '' };
    for (let a = 0; a < ARCHIVE; a++) {
      const i = a * 97;
      const same = a < SAME_CONTENT;
      const hash = same ? createHash('sha256').update(bytesOf(i)).digest('hex') : createHash('sha256').update(`other ${a}`).digest('hex');
      const d: ArchiveFile = { id: String(a), name: `a-${a}.txt`, title: `Archive file ${a}`, ticket: '', fullSize: same ? sizeOf(i) : sizeOf(i + 1), mimetype: 'text/plain', hash, atime: t, mtime: t, ctime: t, tags: [] };
      index.add(d);
    }
    // Some records, as files archived and sent from here leave.
    const data = new Map<string, unknown>();
    const records = new FileRecords({ get: <T>(k: string) => data.get(k) as T | undefined, update: async (k, v) => void data.set(k, v) }, () => 'bench', () => true);
    for (let i = 5; i < FILES; i += 50) {
      const s = await stat(paths[i]);
      await records.sent([{ uri: `file://${paths[i]}`, state: { size: s.size, mtimeMs: s.mtimeMs } }], { submissionId: `s${i}`, formReference: `REF-${i}`, recipients: 2, at: i });
    }

    let hashed = 0;
    const digests = new DigestCache((p, a) => (hashed++, hashFile(p, a)));
    const hashing = new Limiter(2);
    const src = { digests, archive: index, submission: () => undefined };
    const t9 = (text: string) => text;
    const pass = async (): Promise<number> => {
      let decorated = 0;
      await Promise.all(paths.map(async (p) => {
        const s = await stat(p);
        const state = { size: s.size, mtimeMs: s.mtimeMs };
        const record = records.of(`file://${p}`);
        let f = lookUp(src, p, state, record);
        if (f.pending.length) {
          await Promise.all(f.pending.map((a) => hashing.run(() => digests.get(p, state, a))));
          f = lookUp(src, p, state, record);
        }
        if (decorationOf(f, t9, String)) decorated++;
      }));
      return decorated;
    };

    const times: number[] = [];
    let decorated = 0;
    for (let r = 0; r < runs + 1; r++) {
      const start = performance.now();
      decorated = await pass();
      times.push(performance.now() - start);
    }
    const states = await Promise.all(paths.map(async (p) => {
      const s = await stat(p);
      return { size: s.size, mtimeMs: s.mtimeMs };
    }));
    const lookups: number[] = [];
    for (let r = 0; r < runs; r++) {
      const start = performance.now();
      for (const [i, p] of paths.entries()) decorationOf(lookUp(src, p, states[i], records.of(`file://${p}`)), t9, String);
      lookups.push(performance.now() - start);
    }
    return { files: FILES, archiveFiles: ARCHIVE, decorated, hashed, firstMs: times[0], cachedMedianMs: median(times.slice(1)), lookupMedianMs: median(lookups), runsMs: times };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
