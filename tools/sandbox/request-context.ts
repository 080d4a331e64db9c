// Per-request state shared by the server, the routes and the reply sender.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable, Transform } from 'node:stream';
import type { AccessLogEntry } from './types';
import type { ActiveFault } from './faults';
import { HttpError } from './replies';

export class RequestContext {
  readonly started = Date.now();
  /** Path after the base path, without the query ('' outside it). */
  subPath = '';
  fault?: ActiveFault;
  /** Limit for request bodies (413), undefined = none. */
  maxBodyBytes?: number;
  bytesIn = 0;
  bytesOut = 0;
  private bodyStream?: Readable;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly entry: AccessLogEntry,
    /** The client sent `Expect: 100-continue` and waits for our go. */
    readonly expectsContinue: boolean,
  ) {}

  get method(): string {
    return (this.req.method ?? 'GET').toUpperCase();
  }

  get hasRequestBody(): boolean {
    const len = this.req.headers['content-length'];
    return this.req.headers['transfer-encoding'] !== undefined || (len !== undefined && Number(len) > 0);
  }

  get bodyConsumed(): boolean {
    return this.bodyStream !== undefined;
  }

  /** Gives the body, read whole already, again: a request processed after its connection died. */
  replay(body: Buffer): void {
    this.bodyStream = Readable.from([body]);
  }

  /** The connection was cut (by a fault or the client). */
  get gone(): boolean {
    return this.res.destroyed || this.req.socket.destroyed;
  }

  /**
   * The request body as a stream. Sends `100 Continue` only now, after auth
   * and header checks, so a refused upload is never transmitted. Counts bytes,
   * enforces the size limit and the `drop` fault's request-side cut.
   */
  body(): Readable {
    if (this.bodyStream) return this.bodyStream;
    const declared = Number(this.req.headers['content-length'] ?? NaN);
    if (this.maxBodyBytes !== undefined && declared > this.maxBodyBytes) {
      throw new HttpError(413, `request body of ${declared} bytes exceeds the sandbox limit of ${this.maxBodyBytes} bytes`);
    }
    if (this.expectsContinue && !this.res.headersSent) this.res.writeContinue();
    const dropAt = this.fault?.kind === 'drop' ? this.fault.afterBytes : undefined;
    const counter = new Transform({
      transform: (chunk: Buffer, _enc, cb) => {
        if (dropAt !== undefined && this.bytesIn + chunk.length >= dropAt) {
          this.bytesIn = dropAt;
          this.entry.aborted = true;
          // The fault: the connection dies after afterBytes of the body arrived.
          this.req.socket.destroy();
          cb(new Error('connection dropped by fault injection'));
          return;
        }
        this.bytesIn += chunk.length;
        if (this.maxBodyBytes !== undefined && this.bytesIn > this.maxBodyBytes) {
          cb(new HttpError(413, `request body exceeds the sandbox limit of ${this.maxBodyBytes} bytes`));
          return;
        }
        cb(null, chunk);
      },
    });
    this.req.on('error', (e) => counter.destroy(e));
    this.req.on('aborted', () => counter.destroy(new Error('client aborted the request')));
    this.bodyStream = this.req.pipe(counter);
    return this.bodyStream;
  }

  /** Reads a small body whole (control endpoints only). */
  async bodyText(limit = 1 << 20): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const c of this.body()) {
      size += (c as Buffer).length;
      if (size > limit) throw new HttpError(413, 'body too large');
      chunks.push(c as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }
}
