/**
 * Read buffers used again: a large upload read into a new buffer per chunk
 * faulted in fresh memory for every megabyte and kept the garbage collector
 * busy (a fifth of an upload's CPU time). A buffer comes back only through
 * `give`, once the connection has taken its bytes; one never given back is
 * left to the garbage collector, so a pool can never hand out memory that is
 * still being sent.
 */
export class ChunkPool {
  private readonly free: Buffer[] = [];
  /** Memory handed out and not given back yet. */
  private readonly lent = new Set<ArrayBufferLike>();

  constructor(
    /** Bytes per buffer. */
    readonly size: number,
    /** Free buffers kept at most. */
    private readonly keep = 4,
  ) {}

  take(): Buffer {
    const b = this.free.pop() ?? Buffer.allocUnsafeSlow(this.size);
    this.lent.add(b.buffer);
    return b;
  }

  /** Gives back the memory of `chunk` (a part of a buffer taken, or any other buffer, which is ignored). */
  give(chunk: Buffer): void {
    const memory = chunk.buffer;
    if (!this.lent.delete(memory)) return;
    if (this.free.length < this.keep) this.free.push(Buffer.from(memory, 0, this.size));
  }
}
