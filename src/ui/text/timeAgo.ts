// How long ago something happened, in words of the display language
// ("5 minutes ago", "yesterday"). Free of vscode, so that plain mocha tests it.

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600], ['month', 30 * 24 * 3600], ['week', 7 * 24 * 3600], ['day', 24 * 3600], ['hour', 3600], ['minute', 60],
];

/** `then` before `now` (ms since the epoch) in the largest whole unit, e.g. "5 minutes ago"; undefined under a minute (or in the future: another clock). */
export function timeAgo(then: number, now: number, locale: string): string | undefined {
  const seconds = Math.floor((now - then) / 1000);
  const unit = UNITS.find(([, size]) => seconds >= size);
  if (!unit) return undefined;
  const [name, size] = unit;
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-Math.floor(seconds / size), name);
}
