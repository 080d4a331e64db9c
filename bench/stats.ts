/** Small statistics helpers for the benchmark. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function max(values: readonly number[]): number {
  return values.length ? Math.max(...values) : Number.NaN;
}

export const MiB = 1024 * 1024;

/** Bytes per millisecond → MiB/s. */
export function mibPerSecond(bytes: number, ms: number): number {
  return bytes / MiB / (ms / 1000);
}

export function round(n: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
