// Case 4: lists of 10,000 items from bytes to typed models with the client's
// list reading (src/core/listReading.ts), and long lists read as they arrive
// in a process of their own (lists.ts).
import { Readable } from 'node:stream';
import { readList } from '../../src/core/listReading';
import { boundOnly } from '../../src/core/serviceText';
import { DEFAULT_MAX_LIST_BYTES } from '../../src/core/transport/service';
import { ResponseReader, type ListReader } from '../../src/core/xml/readers';
import { archiveListXml, submissionListXml } from '../../tools/sandbox/xml-replies';
import { median } from '../stats';
import { archiveRecords, submissionRecords } from './data';

export interface ParseResult {
  readonly list: 'submissions' | 'archive';
  readonly items: number;
  readonly xmlBytes: number;
  /** CPU of the first read in this process (cold code). */
  readonly firstMs: number;
  /** Median CPU of the following reads. */
  readonly medianMs: number;
  readonly runsMs: number[];
}

export const LIST_ITEMS = 10_000;

/** The bytes in 64 KiB pieces, all there at once: the reading's own cost, no network wait. */
export function arriving(bytes: Buffer): Readable {
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 65_536) pieces.push(bytes.subarray(at, at + 65_536));
  return Readable.from(pieces, { objectMode: false });
}

export function submissionListBytes(items: number): Buffer {
  return Buffer.from(submissionListXml(submissionRecords(items)), 'utf8');
}

export async function runParsing(runs: number): Promise<ParseResult[]> {
  const reader = new ResponseReader();
  const lists: { list: ParseResult['list']; bytes: Buffer; read: () => ListReader<unknown> }[] = [
    { list: 'submissions', bytes: submissionListBytes(LIST_ITEMS), read: () => reader.submissionListReader() },
    { list: 'archive', bytes: Buffer.from(archiveListXml(archiveRecords(LIST_ITEMS)), 'utf8'), read: () => reader.archiveListReader() },
  ];
  const out: ParseResult[] = [];
  for (const { list, bytes, read } of lists) {
    const times: number[] = [];
    for (let i = 0; i < runs + 1; i++) {
      const cpu = process.cpuUsage();
      const { items } = await readList(arriving(bytes), {
        operation: 'bench', limit: DEFAULT_MAX_LIST_BYTES, quote: boundOnly, reader: read, contentType: 'application/xml', contentLength: bytes.length,
      });
      const used = process.cpuUsage(cpu);
      times.push((used.user + used.system) / 1000);
      if (items.length !== LIST_ITEMS) throw new Error(`parsed ${items.length} ${list}, expected ${LIST_ITEMS}`);
    }
    out.push({ list, items: LIST_ITEMS, xmlBytes: bytes.length, firstMs: times[0], medianMs: median(times.slice(1)), runsMs: times });
  }
  return out;
}
