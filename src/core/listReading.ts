import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { formatBytes } from './byteSize';
import { ServiceError } from './errors';
import { toServiceError } from './transport/http';
import type { Quote } from './serviceText';
import { HEAD_BYTES, xmlDecoder } from './xml/decode';
import type { ListReader } from './xml/readers';

/** A list as read from its bytes: what identifies those bytes, and its items. */
export interface KnownList<T> {
  /** SHA-256 of the body's media type and bytes, hex. */
  readonly digest: string;
  readonly bytes: number;
  readonly items: readonly T[];
}

export interface ListReading<T> {
  readonly operation: string;
  /** Bytes accepted; one more and the body is refused (its connection given back). */
  readonly limit: number;
  readonly contentType?: string;
  /** The `Content-Length` the service announced, when it did. */
  readonly contentLength?: number;
  readonly quote: Quote;
  readonly reader: () => ListReader<T>;
  /** The list read last time from the same address: given back as it is when the bytes are the same. */
  readonly previous?: KnownList<T>;
}

/** The longest the reading holds the event loop before letting other work run. */
const TURN_MS = 8;
/**
 * The most bytes handed to the parser at once, so that one turn stays short;
 * the first piece is the smallest, as the code that reads it runs for the
 * first time (not yet compiled, 64 KiB took 100 ms there), and each piece read
 * well within a turn doubles the next one.
 */
const PIECE_BYTES = 64 * 1024;
const FIRST_PIECE_BYTES = 2 * 1024;
/**
 * A body the size of the previous one is held unparsed, up to this much, in
 * case it is the same: then it is never parsed. A larger one is parsed as it
 * arrives (such a list costs a parse on every poll, and no more memory).
 */
export const HOLD_BYTES = 16 * 1024 * 1024;

/**
 * Reads a list response as its bytes arrive: decoded (see `xmlDecoder`),
 * parsed and turned into models piece by piece, yielding to the event loop
 * every few milliseconds, so that a long list never holds the extension host
 * for long; the body as a whole is never held as text. Bytes identical to the
 * previous list's (same length and media type, same SHA-256) give back
 * that list itself, unparsed.
 */
export async function readList<T>(body: Readable, o: ListReading<T>): Promise<KnownList<T>> {
  // The media type is part of what was sent: the same bytes in another charset are another list.
  const hash = createHash('sha256').update(`${o.contentType ?? ''}\n`);
  const previous = o.previous;
  let held: Buffer[] | undefined = previous && (o.contentLength === undefined || o.contentLength === previous.bytes) ? [] : undefined;
  const feed = new Feed(o);
  const tooLarge = (): ServiceError => {
    body.destroy();
    return new ServiceError('badResponse', `The service's list is larger than the ${formatBytes(o.limit)} limit for lists.`, { operation: o.operation, listLimit: o.limit });
  };
  // Announced too large: refused before a byte of it is read.
  if ((o.contentLength ?? 0) > o.limit) throw tooLarge();
  let size = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > o.limit) throw tooLarge();
      hash.update(chunk);
      if (held && size <= HOLD_BYTES && size <= (previous?.bytes ?? 0)) {
        held.push(chunk);
        continue;
      }
      if (held) {
        // Not the previous list after all: what was held is parsed first.
        for (const h of held) await feed.bytes(h);
        held = undefined;
      }
      await feed.bytes(chunk);
    }
  } catch (e) {
    throw toServiceError(e, o.operation);
  }
  if (o.contentLength !== undefined && size < o.contentLength) {
    throw new ServiceError('network', `The connection closed after ${size} of ${o.contentLength} bytes.`, { operation: o.operation });
  }
  const digest = hash.digest('hex');
  if (held && previous && digest === previous.digest && size === previous.bytes) return previous;
  for (const h of held ?? []) await feed.bytes(h);
  return { digest, bytes: size, items: await feed.end() };
}

/** Bytes to text to models, a piece at a time, with a turn of the event loop every TURN_MS. */
class Feed<T> {
  private readonly reader: ListReader<T>;
  private decode?: (piece: Buffer, last: boolean) => string;
  private head: Buffer[] = [];
  private headBytes = 0;
  private turnStarted = performance.now();
  private piece = FIRST_PIECE_BYTES;

  constructor(private readonly o: ListReading<T>) {
    this.reader = o.reader();
  }

  async bytes(chunk: Buffer): Promise<void> {
    if (!this.decode) {
      // The encoding is chosen from the body's first bytes (a BOM, the XML declaration).
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes < HEAD_BYTES) return;
      chunk = this.startDecoding();
    }
    for (let at = 0; at < chunk.length;) {
      const started = performance.now();
      const end = at + this.piece;
      this.reader.write(this.decode!(chunk.subarray(at, end), false));
      at = end;
      const now = performance.now();
      if (now - started < TURN_MS / 4) this.piece = Math.min(this.piece * 2, PIECE_BYTES);
      else if (now - started > TURN_MS) this.piece = Math.max(this.piece / 2, FIRST_PIECE_BYTES);
      if (now - this.turnStarted >= TURN_MS) {
        await nextTurn();
        this.turnStarted = performance.now();
      }
    }
  }

  async end(): Promise<T[]> {
    if (!this.decode) await this.bytes(this.startDecoding());
    this.reader.write(this.decode!(Buffer.alloc(0), true));
    return this.reader.end();
  }

  private startDecoding(): Buffer {
    const head = Buffer.concat(this.head, this.headBytes);
    this.head = [];
    try {
      this.decode = xmlDecoder(head, this.o.contentType, this.o.quote);
    } catch (e) {
      // The decoder knows the encoding, not the call: the error names both.
      throw e instanceof ServiceError ? new ServiceError(e.kind, e.message, { operation: this.o.operation, cause: e }) : e;
    }
    return head;
  }
}
