/**
 * A time as the service sent it, plus the instant when its format was
 * recognised, as a number: lists hold thousands of times, which the views
 * sort and compare by that number; a `Date` is made only to show one
 * (`timeDate`).
 */
export interface ServiceTime {
  readonly raw: string;
  /** Milliseconds since 1970-01-01 UTC; absent when the value is empty or its format is not one we know. */
  readonly ms?: number;
}

/** The instant of a time as a `Date`, made anew for each call; undefined when it has none. */
export function timeDate(t: ServiceTime | undefined): Date | undefined {
  return t?.ms === undefined ? undefined : new Date(t.ms);
}

/** How to read `YYYY-MM-DD HH:MM:SS`, which carries no zone. */
export type NaiveTimeZone = 'utc' | 'local';

const NAIVE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;
const ISO_WITH_ZONE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2}))?$/i;
const DIGITS = /^-?\d{1,16}$/;
/** The largest distance from 1970 a Date holds, in milliseconds (ECMAScript's time values). */
const MAX_MS = 8.64e15;
/** Below this a Unix number is read as seconds (1e11 s is the year 5138; 1e11 ms is 1973). */
const SECONDS_LIMIT = 1e11;

/**
 * Parses the formats the service may use (the spec does not say which):
 * ISO 8601 with a zone, `YYYY-MM-DD HH:MM:SS` (zone from `naive`), and Unix
 * seconds or milliseconds. Anything else keeps its raw text and no date.
 * `keep` copies a raw text that is kept (a list's own copy, see `own`); the
 * usual form in UTC keeps none, its text written again when read.
 */
export function parseServiceTime(raw: string, naive: NaiveTimeZone = 'utc', keep: (text: string) => string = same): ServiceTime {
  const value = raw.trim();
  if (value === '') return { raw: keep(raw) };
  let ms = naiveSeconds(value, naive);
  if (ms !== undefined) {
    // `YYYY-MM-DD HH:MM:SS`, read without a regular expression's match: lists hold thousands.
    if (naive === 'utc' && value === raw && !Number.isNaN(ms) && isRewritten(raw)) return usualTime(ms);
  } else if (DIGITS.test(value)) {
    const n = Number(value);
    ms = Math.abs(n) < SECONDS_LIMIT ? n * 1000 : n;
  } else {
    const m = NAIVE.exec(value);
    if (m) {
      const [y, mo, d, h, mi, s] = [num(m[1]), num(m[2]), num(m[3]), num(m[4]), num(m[5]), num(m[6])];
      const fracMs = m[7] ? Number(m[7].padEnd(3, '0').slice(0, 3)) : 0;
      if (!validParts(y, mo, d, h, mi, s)) return { raw: keep(raw) };
      ms = naive === 'utc'
        ? Date.UTC(y, mo - 1, d, h, mi, s, fracMs)
        : new Date(y, mo - 1, d, h, mi, s, fracMs).getTime();
    } else {
      const iso = ISO_WITH_ZONE.exec(value);
      if (iso) {
        const [y, mo, d, h, mi, s] = [num(iso[1]), num(iso[2]), num(iso[3]), num(iso[4]), num(iso[5]), num(iso[6])];
        if (!validParts(y, mo, d, h, mi, s)) return { raw: keep(raw) };
        ms = Date.parse(value.replace(',', '.'));
      }
    }
  }
  // Only an instant a Date can hold (±8.64e15 ms) is one, as a Date keeps it: whole milliseconds, never -0.
  return ms === undefined || !(Math.abs(ms) <= MAX_MS) ? { raw: keep(raw) } : { raw: keep(raw), ms: Math.trunc(ms) + 0 };
}

const same = (text: string): string => text;

/**
 * `raw` of a time sent as `YYYY-MM-DD HH:MM:SS` in UTC, written again from
 * its number when read (the same characters as sent): a list holds one per
 * row, whose text took 40 bytes. An own, enumerable property, so that the
 * time reads, compares, copies and serializes as `{ raw, ms }` does.
 */
const USUAL_RAW: PropertyDescriptor = {
  get(this: { readonly ms: number }): string {
    const iso = new Date(this.ms).toISOString();
    return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  },
  enumerable: true,
};

function usualTime(ms: number): ServiceTime {
  return Object.defineProperty({ ms }, 'raw', USUAL_RAW) as ServiceTime;
}

/**
 * Whether a valid `YYYY-MM-DD HH:MM:SS` read in UTC is written back the same
 * from its instant: with a space between date and time, a year of at least
 * 100 (Date.UTC reads 0–99 as 1900–1999) and no leap second (`:60` is the
 * next minute's `:00`).
 */
function isRewritten(raw: string): boolean {
  return raw.charCodeAt(10) === 32 && !(raw.charCodeAt(0) === 48 && raw.charCodeAt(1) === 48) && raw.charCodeAt(17) !== 54;
}

/**
 * The instant of exactly `YYYY-MM-DD HH:MM:SS` (or a `T` between date and
 * time), as NAIVE reads it; undefined for anything else (left to the general
 * rules, which read this form the same), NaN for a part out of range.
 */
function naiveSeconds(v: string, naive: NaiveTimeZone): number | undefined {
  if (v.length !== 19) return undefined;
  const parts = [0, 0, 0, 0, 0, 0];
  let part = 0;
  for (let i = 0; i < 19; i++) {
    const c = v.charCodeAt(i);
    if (i === 4 || i === 7 || i === 10 || i === 13 || i === 16) {
      const separator = i < 10 ? c === 45 /* - */ : i === 10 ? c === 32 || c === 84 /* space, T */ : c === 58; /* : */
      if (!separator) return undefined;
      part++;
    } else if (c < 48 || c > 57) {
      return undefined;
    } else {
      parts[part] = parts[part] * 10 + (c - 48);
    }
  }
  const [y, mo, d, h, mi, s] = parts;
  if (!validParts(y, mo, d, h, mi, s)) return NaN;
  return naive === 'utc' ? Date.UTC(y, mo - 1, d, h, mi, s) : new Date(y, mo - 1, d, h, mi, s).getTime();
}

function num(p: string | undefined): number {
  return p === undefined ? 0 : Number(p);
}

function validParts(y: number, mo: number, d: number, h: number, mi: number, s: number): boolean {
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 60) return false;
  return d <= daysInMonth(y, mo);
}

/**
 * Days in a month of the proleptic Gregorian calendar, for the year as
 * Date.UTC reads it (0–99 are 1900–1999); computed, not through a Date,
 * because lists hold thousands of times.
 */
function daysInMonth(y: number, mo: number): number {
  if (mo !== 2) return mo === 4 || mo === 6 || mo === 9 || mo === 11 ? 30 : 31;
  const year = y >= 0 && y <= 99 ? 1900 + y : y;
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
}
