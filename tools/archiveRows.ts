import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { ServiceClient } from '../src/core';
import type { ArchiveRows } from '../src/ui/workspace/archiveDetails';
import type { ArchiveNode } from '../src/ui/lists/nodes';

/**
 * What the decorations read of the Archive view, over a client and nothing
 * else (the tests and the bench): each list request lists the archive again into
 * new rows (a new array, as the view makes) and says so.
 */
export function archiveRowsOf(client: ServiceClient): ArchiveRows & { readonly refreshes: number } {
  const listeners = new Set<(e: unknown) => void>();
  let items: readonly ArchiveNode[] = [];
  let loaded = false;
  let refreshes = 0;
  return {
    get items() {
      return items;
    },
    get loaded() {
      return loaded;
    },
    get refreshes() {
      return refreshes;
    },
    onDidChangeTreeData: (listener: (e: unknown) => void) => {
      listeners.add(listener);
      return { dispose: () => void listeners.delete(listener) };
    },
    async refreshList() {
      refreshes++;
      items = (await client.listArchive()).map((item) => ({ kind: 'archiveFile', item }));
      loaded = true;
      for (const l of listeners) l(undefined);
    },
  };
}

/** Archives `count` small files of distinct content through `client` (written into `dir` first), eight at a time; their ids. */
export async function archiveFiles(client: ServiceClient, dir: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 8) {
    const batch = Array.from({ length: Math.min(8, count - start) }, (_, k) => start + k);
    ids.push(...(await Promise.all(batch.map(async (i) => {
      const p = path.join(dir, `archived-${i}.txt`);
      writeFileSync(p, `archive file ${i}\n`.repeat(1 + (i % 7)));
      return (await client.uploadArchiveFile({ path: p, title: `Archived ${i}` })).id;
    }))));
  }
  return ids;
}
