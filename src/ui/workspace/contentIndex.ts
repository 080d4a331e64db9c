// Matching workspace files with archive files by content: sizes first, then
// a digest in the archive's algorithm, each digest computed once per file
// version. Plain data (no `vscode`): unit tests and the bench run this code.
import { recordedHash, type ArchiveFile, type HashAlgorithm } from '../../core';
import type { FileState } from './fileRecords';

/** What matching needs of an archive file's detail. */
export interface ArchiveFacts {
  readonly id: string;
  readonly title: string;
  readonly size: number;
  readonly algorithm: HashAlgorithm;
  /** Lower-case hex. */
  readonly hex: string;
}

/** The archive files whose detail has a size and a hash whose algorithm can be told, by size. */
export class ArchiveIndex {
  private readonly bySize = new Map<number, ArchiveFacts[]>();
  private readonly ids = new Set<string>();

  get size(): number {
    return this.ids.size;
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** Adds a detail; one without a size or a usable hash can never match and is only noted as seen. */
  add(d: ArchiveFile): void {
    if (this.ids.has(d.id)) return;
    this.ids.add(d.id);
    const h = recordedHash(d.hash);
    if (d.fullSize === undefined || h.algorithm === undefined) return;
    const facts: ArchiveFacts = { id: d.id, title: d.title || d.name, size: d.fullSize, algorithm: h.algorithm, hex: h.hex };
    const same = this.bySize.get(facts.size);
    if (same) same.push(facts);
    else this.bySize.set(facts.size, [facts]);
  }

  candidates(size: number): readonly ArchiveFacts[] {
    return this.bySize.get(size) ?? [];
  }

  /** Forgets the files not in `listed` (no longer in the archive's list). */
  keepOnly(listed: ReadonlySet<string>): void {
    for (const id of this.ids) if (!listed.has(id)) this.ids.delete(id);
    for (const [size, files] of this.bySize) {
      const kept = files.filter((f) => listed.has(f.id));
      if (kept.length === 0) this.bySize.delete(size);
      else if (kept.length !== files.length) this.bySize.set(size, kept);
    }
  }

  clear(): void {
    this.bySize.clear();
    this.ids.clear();
  }
}

/** Computes a file's digest (the real one reads it as a stream). */
export type Hasher = (path: string, algorithm: HashAlgorithm) => Promise<string>;

interface Version extends FileState {
  readonly digests: Map<HashAlgorithm, string | Promise<string>>;
}

/**
 * Digests of files, kept per path for the version (size and modification
 * time) they were computed for: a file that changed is hashed again, one
 * that did not never is. One computation per file version and algorithm,
 * however often it is asked for.
 */
export class DigestCache {
  private readonly versions = new Map<string, Version>();

  constructor(private readonly hash: Hasher) {}

  /** The digest if it is known for this version of the file. */
  peek(path: string, state: FileState, algorithm: HashAlgorithm): string | undefined {
    const d = this.version(path, state, false)?.digests.get(algorithm);
    return typeof d === 'string' ? d : undefined;
  }

  /** The digest, computed once for this version (a failure is not kept: it is tried again when asked again). */
  get(path: string, state: FileState, algorithm: HashAlgorithm): Promise<string> {
    const v = this.version(path, state, true)!;
    const known = v.digests.get(algorithm);
    if (known !== undefined) return Promise.resolve(known);
    const p = this.hash(path, algorithm).then(
      (hex) => (v.digests.set(algorithm, hex), hex),
      (e: unknown) => {
        v.digests.delete(algorithm);
        throw e;
      },
    );
    v.digests.set(algorithm, p);
    return p;
  }

  private version(path: string, state: FileState, create: boolean): Version | undefined {
    const v = this.versions.get(path);
    if (v && v.size === state.size && v.mtimeMs === state.mtimeMs) return v;
    if (!create) return undefined;
    const fresh: Version = { size: state.size, mtimeMs: state.mtimeMs, digests: new Map() };
    this.versions.set(path, fresh);
    return fresh;
  }
}
