/** Below this length V8 copies a substring instead of pointing into its source. */
const SHORT = 13;

/**
 * A copy of a string that no longer points into the text it was cut from:
 * V8 keeps a longer substring as a view of its whole source, and values kept
 * from a list would hold every piece of the response they came from. Without
 * a `%` in it, `decodeURIComponent` gives back exactly the same characters as
 * a new flat string, the cheapest such copy (a quarter of a microsecond,
 * 16 bytes of header); `(' ' + s).slice(1)` is correct for any text but keeps
 * a slice object of 32 bytes in front of its copy.
 */
export function own(s: string): string {
  if (s.length < SHORT) return s;
  return s.includes('%') ? (` ${s}`).slice(1) : decodeURIComponent(s);
}
