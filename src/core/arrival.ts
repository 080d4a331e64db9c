/**
 * Whether a list item is the one just sent, as far as can be told: `W` says
 * why it cannot be (the detail could not be read, the list does not say…).
 */
export type Verdict<W> =
  | { readonly kind: 'ours' }
  | { readonly kind: 'other' }
  | { readonly kind: 'unknown'; readonly why: W };

/**
 * How the one sent is recognised in a list: first by its name (form
 * reference; title and file name), then by what was sent (the primary
 * recipient; size and hash), since someone else on the account may have
 * sent one of the same name meanwhile.
 */
export interface ArrivalRule<T, W> {
  id(item: T): string;
  /** Whether an item bears the name of what was sent. */
  named(item: T): boolean;
  /** Whether an item of that name is what was sent (at most one request). */
  verify(item: T, signal?: AbortSignal): Promise<Verdict<W>>;
}

/**
 * What the service's list says about a request whose outcome is unknown (the
 * connection failed or the user cancelled after the request had gone out).
 */
export type Arrival<T, W> =
  /** A new item that is what was sent: the request was carried out. */
  | { readonly kind: 'arrived'; readonly item: T }
  /** Nothing new that is what was sent (`others` of that name are not it): not carried out, or not yet. */
  | { readonly kind: 'absent'; readonly others: number }
  /**
   * Items that are what was sent, but without the list from before it cannot
   * be told whether one of them is new: an older one must not be taken for
   * the one just sent.
   */
  | { readonly kind: 'uncertain'; readonly candidates: readonly T[] }
  /** New items of that name of which it cannot be told whether they are what was sent; none that is. */
  | { readonly kind: 'undecided'; readonly unknown: readonly { readonly item: T; readonly why: W }[] };

/** Items verified at the same time (a verification may be a request). */
const AT_ONCE = 4;

/**
 * `before` holds the ids listed before sending (undefined when they could not
 * be fetched); `after` is the list now, newest first. The items of the name
 * sent that are not in `before` are verified in that order, a few at a time,
 * until one is what was sent.
 */
export async function findArrival<T, W>(
  before: ReadonlySet<string> | undefined,
  after: readonly T[],
  rule: ArrivalRule<T, W>,
  signal?: AbortSignal,
): Promise<Arrival<T, W>> {
  const fresh = after.filter((i) => rule.named(i) && !before?.has(rule.id(i)));
  const ours: T[] = [];
  const unknown: { item: T; why: W }[] = [];
  let others = 0;
  for (let at = 0; at < fresh.length && !(before && ours.length); at += AT_ONCE) {
    const part = fresh.slice(at, at + AT_ONCE);
    const verdicts = await Promise.all(part.map((i) => rule.verify(i, signal)));
    verdicts.forEach((v, k) => {
      if (v.kind === 'ours') ours.push(part[k]);
      else if (v.kind === 'other') others++;
      else unknown.push({ item: part[k], why: v.why });
    });
  }
  if (ours.length) return before ? { kind: 'arrived', item: ours[0] } : { kind: 'uncertain', candidates: ours };
  return unknown.length ? { kind: 'undecided', unknown } : { kind: 'absent', others };
}

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
