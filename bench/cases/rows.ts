// Case 5: from 10,000 fetched submissions to the first page of tree rows,
// with the extension's vscode-free row builder (src/ui/trees/submissionRows.ts).
import { performance } from 'node:perf_hooks';
import { ResponseReader } from '../../src/core/xml/readers';
import { submissionRows } from '../../src/ui/trees/submissionRows';
import { submissionListXml } from '../../test/sandbox/xml-replies';
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

export function runRows(runs: number): RowsResult[] {
  const items = new ResponseReader().submissionList(Buffer.from(submissionListXml(submissionRecords(LIST_ITEMS))).toString('utf8'));
  // A filter that only some items match (a recipient's first name), so that every item is tested.
  const variants = [
    { variant: 'first page' as const, filter: undefined },
    { variant: 'first page, filtered' as const, filter: 'zoë' },
  ];
  return variants.map(({ variant, filter }) => {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < runs + 1; i++) {
      const t = performance.now();
      const page = submissionRows(items, { pageSize: PAGE_SIZE, filter });
      times.push(performance.now() - t);
      rows = page.rows.length;
    }
    return { variant, items: items.length, pageSize: PAGE_SIZE, rows, firstMs: times[0], medianMs: median(times.slice(1)), runsMs: times };
  });
}
