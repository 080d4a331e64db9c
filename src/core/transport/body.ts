/**
 * A body read as it is sent. Each chunk is the sender's until it calls
 * `sent(chunk)` (the connection has taken it): the source may then fill that
 * memory again, so that a large file is not read into a new buffer each time.
 */
export interface BodyChunks extends AsyncIterable<Buffer> {
  sent(chunk: Buffer): void;
}

/** A request body that can be produced again (needed when a 401 asks for a retry). */
export interface BodySource {
  /** A fresh body each call: in memory, or read as it is sent. */
  open(): BodyChunks | Buffer;
  /** Bytes, when known: sent as Content-Length so the body is not chunked. */
  readonly length?: number;
}
