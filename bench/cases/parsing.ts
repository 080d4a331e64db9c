// Case 4: XML of 10,000 list items to typed models with the client's reader.
import { performance } from 'node:perf_hooks';
import { ResponseReader } from '../../src/core/xml/readers';
import { archiveListXml, submissionListXml } from '../../tools/sandbox/xml-replies';
import { median } from '../stats';
import { archiveRecords, submissionRecords } from './data';

export interface ParseResult {
  readonly list: 'submissions' | 'archive';
  readonly items: number;
  readonly xmlBytes: number;
  /** The first parse in this process (cold code). */
  readonly firstMs: number;
  /** Median of the following parses. */
  readonly medianMs: number;
  readonly runsMs: number[];
}

export const LIST_ITEMS = 10_000;

export function runParsing(runs: number): ParseResult[] {
  const reader = new ResponseReader();
  // Bodies reach the reader as UTF-8 decoded from the network's bytes (readText), so decode them the same way.
  const asReceived = (xml: string): string => Buffer.from(xml, 'utf8').toString('utf8');
  const lists = [
    { list: 'submissions' as const, xml: asReceived(submissionListXml(submissionRecords(LIST_ITEMS))), parse: (x: string) => reader.submissionList(x) },
    { list: 'archive' as const, xml: asReceived(archiveListXml(archiveRecords(LIST_ITEMS))), parse: (x: string) => reader.archiveList(x) },
  ];
  return lists.map(({ list, xml, parse }) => {
    const times: number[] = [];
    for (let i = 0; i < runs + 1; i++) {
      const t = performance.now();
      const items = parse(xml);
      times.push(performance.now() - t);
      if (items.length !== LIST_ITEMS) throw new Error(`parsed ${items.length} ${list}, expected ${LIST_ITEMS}`);
    }
    return { list, items: LIST_ITEMS, xmlBytes: Buffer.byteLength(xml), firstMs: times[0], medianMs: median(times.slice(1)), runsMs: times };
  });
}
