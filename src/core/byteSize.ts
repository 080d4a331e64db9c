/**
 * Sizes for people, one convention for the whole extension: 1,024 bytes to
 * the KB, as VS Code itself shows file sizes. The core's messages use it as
 * it is; the UI passes the display language and its word for bytes.
 */
const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** `512 bytes`, `1.4 KB`, `2 KB`, `12 MB`: at most one decimal, and only below 10. */
export function formatBytes(n: number, locale = 'en', bytes: (count: string) => string = (c) => `${c} bytes`): string {
  if (n < 1024) return bytes(n.toLocaleString(locale));
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < UNITS.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v.toLocaleString(locale, { maximumFractionDigits: v < 10 ? 1 : 0 })} ${UNITS[u]}`;
}
