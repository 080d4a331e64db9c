import { randomFillSync } from 'node:crypto';
import { closeSync, openSync, readSync, statSync, writeSync } from 'node:fs';

const BLOCK = 8 * 1024 * 1024;

/**
 * Writes `bytes` of incompressible data to `file` (kept when it already has
 * that size, so reruns in one work folder reuse it).
 */
export function makeDataFile(file: string, bytes: number): string {
  try {
    if (statSync(file).size === bytes) return file;
  } catch {
    // not there yet
  }
  const block = randomFillSync(Buffer.alloc(BLOCK));
  const fd = openSync(file, 'w');
  try {
    for (let written = 0, i = 0; written < bytes; i++) {
      block.writeUInt32LE(i, 0); // no two blocks alike
      const n = Math.min(BLOCK, bytes - written);
      writeSync(fd, block, 0, n);
      written += n;
    }
  } finally {
    closeSync(fd);
  }
  return file;
}

/** Reads a file once so that both clients find it in the page cache. */
export function warmPageCache(file: string): void {
  const buf = Buffer.allocUnsafe(BLOCK);
  const fd = openSync(file, 'r');
  try {
    while (readSync(fd, buf, 0, BLOCK, null) > 0) {
      // reading is the point
    }
  } finally {
    closeSync(fd);
  }
}
