/**
 * The submissions the "unseen" quick filter keeps: those whose responses
 * were told and not looked at yet (the view's badge), and, until the filter
 * is set again, those it showed, so that a row looked at does not vanish
 * from under the pointer. The same id on two connections is two
 * submissions: each is known by its connection and id.
 */
export class UnseenRows {
  private readonly now = new Map<string, ReadonlySet<string>>();
  private kept = new Set<string>();

  /** The filter is set: it keeps what is unseen now. */
  start(): void {
    this.kept = new Set([...this.now].flatMap(([connectionId, ids]) => [...ids].map((id) => keyOf(connectionId, id))));
  }

  /** What is unseen now on one connection; returns whether the filter keeps a row it did not before. */
  update(connectionId: string, ids: ReadonlySet<string>): boolean {
    this.now.set(connectionId, ids);
    const more = [...ids].map((id) => keyOf(connectionId, id)).filter((k) => !this.kept.has(k));
    more.forEach((k) => this.kept.add(k));
    return more.length > 0;
  }

  keeps(connectionId: string, id: string): boolean {
    return this.kept.has(keyOf(connectionId, id));
  }
}

const keyOf = (connectionId: string, id: string) => JSON.stringify([connectionId, id]);
