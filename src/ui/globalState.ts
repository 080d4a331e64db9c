// The extension's global state as its stores write it. VS Code keeps the
// whole state as one value, and its extension host replaces that value
// whenever the window reports it stored one (its own writes included), while
// a write of ours is sent a moment later: a value sent before our write and
// arriving just after it undoes the write here, and is then what goes out.
// No `vscode` at run time, so that plain data stores (the Explorer's records)
// use it too.
import { isDeepStrictEqual } from 'node:util';

/** What a store reads and writes: a Memento's `get` and `update`. */
export interface StateStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void> | Promise<void>;
}

/** Writes made again at most, should the state keep taking them back (it would have to be sent back an earlier value each time). */
const MOST_AGAIN = 5;

/** A key's writes of ours not settled yet. */
interface Writing {
  /** What the key held before each of them (VS Code replaces a value, never changes it): held again after the last, they were undone. */
  readonly before: unknown[];
  /** The last one (a token of its call): it alone is checked, and made again. */
  last: symbol;
}

/** A value as VS Code keeps it: through JSON. */
const stored = (v: unknown): unknown => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));

/**
 * A store over the global state whose writes are not undone: once a write
 * is answered, a key that holds again what it held before one of our writes
 * to it since the first unsettled one is written again. A key holding
 * anything else was written by another window meanwhile: that newer value is
 * kept. Each key is one value; a store that merges many writers under one
 * key can do better by its own rule (see FileRecords).
 */
export class GlobalState implements StateStore {
  private readonly writing = new Map<string, Writing>();

  constructor(private readonly state: StateStore) {}

  get<T>(key: string): T | undefined {
    return this.state.get<T>(key);
  }

  async update(key: string, value: unknown): Promise<void> {
    const mine = Symbol(key);
    const w = this.writing.get(key) ?? { before: [], last: mine };
    this.writing.set(key, w);
    w.before.push(this.state.get(key));
    w.last = mine;
    try {
      for (let n = 0; n <= MOST_AGAIN; n++) {
        await this.state.update(key, value);
        if (w.last !== mine) return; // a later write of ours to the key is checked instead
        // Compared with what it held before first: a new value mostly differs from it early on.
        const now = this.state.get(key);
        if (!w.before.some((b) => isDeepStrictEqual(b, now)) || isDeepStrictEqual(now, stored(value))) return;
      }
    } finally {
      if (w.last === mine && this.writing.get(key) === w) this.writing.delete(key);
    }
  }
}
