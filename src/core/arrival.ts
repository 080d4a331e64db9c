/**
 * What the service's list says about a request whose outcome is unknown (the
 * connection failed or the user cancelled after the request had gone out).
 * `before` holds the ids listed before sending, when they could be fetched.
 */
export type Arrival<T> =
  /** A matching item that was not there before: the request was carried out. */
  | { readonly kind: 'arrived'; readonly item: T }
  /** No new matching item: it was not carried out (or not yet). */
  | { readonly kind: 'absent' }
  /**
   * Matching items, but without the list from before it cannot be told
   * whether one of them is new: an older item with the same name must not be
   * taken for the one just sent.
   */
  | { readonly kind: 'uncertain'; readonly candidates: readonly T[] };

/**
 * The waits between further looks at the list after an empty first one,
 * `totalMs` in all: 2 s, then twice the wait before, the last one cut short
 * (6 s: 2 s and 4 s). A service may still be storing a request it has just
 * received, and an item missed here may be sent twice by the user.
 */
export function lookAgainWaits(totalMs: number): number[] {
  const waits: number[] = [];
  for (let left = Math.max(0, totalMs), next = 2000; left > 0; next *= 2) {
    waits.push(Math.min(next, left));
    left -= waits[waits.length - 1];
  }
  return waits;
}

/** `after` is the list now, newest first; `matches` says whether an item looks like the one sent. */
export function findArrival<T>(
  before: ReadonlySet<string> | undefined,
  after: readonly T[],
  id: (item: T) => string,
  matches: (item: T) => boolean,
): Arrival<T> {
  const same = after.filter(matches);
  if (!before) return same.length ? { kind: 'uncertain', candidates: same } : { kind: 'absent' };
  const item = same.find((i) => !before.has(id(i)));
  return item === undefined ? { kind: 'absent' } : { kind: 'arrived', item };
}
