// Case 5: from 10,000 fetched submissions to the first page of tree rows, with
// the code the Submissions view runs: its RowList (src/ui/lists/rowList.ts)
// and row model, then the row builder (src/ui/submissions/submissionRows.ts); both
// are free of `vscode`, so they run here in plain Node.
import { performance } from 'node:perf_hooks';
import type { SubmissionListItem } from '../../src/core';
import { silentLogger } from '../../src/core/logger';
import { ResponseReader } from '../../src/core/xml/readers';
import { RowList } from '../../src/ui/lists/rowList';
import { submissionModel, submissionRow } from '../../src/ui/submissions/submissionRows';
import { submissionListXml } from '../../tools/sandbox/xml-replies';
import { median } from '../stats';
import { submissionRecords } from './data';
import { LIST_ITEMS } from './parsing';

export interface RowsResult {
  readonly variant: 'first page' | 'first page, filtered';
  readonly items: number;
  readonly pageSize: number;
  readonly rows: number;
  readonly firstMs: number;
  readonly medianMs: number;
  readonly runsMs: number[];
}

/** The extension's default page size (setting dsas.pageSize). */
const PAGE_SIZE = 50;

/** A list received for the first time (as after signing in), filtered, and its first page turned into rows. */
async function firstPage(items: readonly SubmissionListItem[], filter: string | undefined): Promise<number> {
  const list = new RowList(submissionModel, { what: 'submissions', fetch: async () => items, describe: String, pageSize: () => PAGE_SIZE, log: silentLogger });
  list.setFilter(filter);
  await list.load();
  return list.page().rows.map((n) => submissionRow(n)).length;
}

export async function runRows(runs: number): Promise<RowsResult[]> {
  const items = new ResponseReader().submissionList(Buffer.from(submissionListXml(submissionRecords(LIST_ITEMS))).toString('utf8'));
  // A filter that only some items match (a recipient's first name), so that every item is tested.
  const variants = [
    { variant: 'first page' as const, filter: undefined },
    { variant: 'first page, filtered' as const, filter: 'zoë' },
  ];
  const results: RowsResult[] = [];
  for (const { variant, filter } of variants) {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < runs + 1; i++) {
      const t = performance.now();
      rows = await firstPage(items, filter);
      times.push(performance.now() - t);
    }
    results.push({ variant, items: items.length, pageSize: PAGE_SIZE, rows, firstMs: times[0], medianMs: median(times.slice(1)), runsMs: times });
  }
  return results;
}
