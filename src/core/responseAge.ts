// Whether a recipient's response came before or after a moment, from the
// `responded` time the service gave (its format is not specified: only what
// parseServiceTime reads is compared, and a time that cannot settle it says so).
import type { ServiceTime } from './time';

/** `new`: at or after the moment; `old`: before it; `unknown`: the time cannot tell (not read, or within its own precision of the moment). */
export type ResponseAge = 'new' | 'old' | 'unknown';

const FRACTION = /[.,](\d+)/;
const SECONDS = /\d{1,2}:\d{2}:\d{2}/;
const MINUTES = /\d{1,2}:\d{2}/;

/**
 * How long the instant a time names may last: a time written to the second
 * covers the whole second, one written to the minute the whole minute. A
 * Unix number is read to the second (the service's own unit is not known).
 */
export function precisionMs(raw: string): number {
  const v = raw.trim();
  const fraction = FRACTION.exec(v);
  if (fraction && /:/.test(v)) return Math.max(1, 10 ** (3 - fraction[1].length)); // `.9`: the tenth of a second
  if (/^-?\d+$/.test(v)) return 1000;
  if (SECONDS.test(v)) return 1000;
  if (MINUTES.test(v)) return 60_000;
  return 24 * 3600_000; // a date alone
}

/**
 * Tells whether a response at `t` came at or after `since` (ms since the
 * epoch). A time written to the second that falls in the same second as
 * `since` could be either: `unknown`, like a time that cannot be read, and
 * like one after `now`, which says the two clocks disagree.
 */
export function responseAge(t: ServiceTime, since: number, now = Infinity): ResponseAge {
  const at = t.ms;
  if (at === undefined || at > now) return 'unknown';
  if (at >= since) return 'new';
  if (at + precisionMs(t.raw) <= since) return 'old';
  return 'unknown';
}
