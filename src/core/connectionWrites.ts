// Two windows share the user settings, and each writes the whole list of
// connections from what it last read. A window that writes before it has
// read the other's write of a moment ago undoes that write; the window whose
// change was undone sees it and writes it again.
import { accountKey, accountOf, MAX_CONNECTIONS, type Connection } from './connections';

/** One write of the list of connections by this window: the list it read, and the one it wrote. */
export interface WrittenConnections {
  readonly before: readonly Connection[];
  readonly after: readonly Connection[];
}

const same = (a: Connection | undefined, b: Connection | undefined) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The list to write again when `now`, read after `written`, has lost its
 * change: undefined when nothing of it was undone. A connection it added
 * and now missing is added again; one it removed, back as it was before, is
 * removed again; one it changed, back as it was before, is changed again.
 * A connection changed otherwise since, or an account added meanwhile under
 * another id, is another write that came later and stands, so that two
 * windows never write back and forth.
 */
export function undoneWrite(written: WrittenConnections, now: readonly Connection[]): Connection[] | undefined {
  const before = new Map(written.before.map((c) => [c.id, c]));
  const after = new Map(written.after.map((c) => [c.id, c]));
  const present = new Set(now.map((c) => c.id));
  let undone = false;
  const next: Connection[] = [];
  for (const c of now) {
    const was = before.get(c.id);
    const wrote = after.get(c.id);
    const reverted = was !== undefined && same(c, was) && !same(was, wrote);
    if (!reverted) next.push(c);
    else if (wrote) next.push(wrote);
    undone ||= reverted;
  }
  // One account added in both windows under two ids: the one written last stands (the setting keeps one connection per account).
  const accounts = new Set(next.map((c) => accountKey(accountOf(c))));
  for (const c of written.after) {
    if (before.has(c.id) || present.has(c.id) || accounts.has(accountKey(accountOf(c))) || next.length >= MAX_CONNECTIONS) continue;
    next.push(c);
    undone = true;
  }
  return undone ? next : undefined;
}
