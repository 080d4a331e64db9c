/**
 * The submissions the "unseen" quick filter keeps: those whose responses
 * were told and not looked at yet (the view's badge), and, until the filter
 * is set again, those it showed, so that a row looked at does not vanish
 * from under the pointer.
 */
export class UnseenRows {
  private now: ReadonlySet<string> = new Set();
  private kept = new Set<string>();

  /** The filter is set: it keeps what is unseen now. */
  start(): void {
    this.kept = new Set(this.now);
  }

  /** What is unseen now; returns whether the filter keeps a row it did not before. */
  update(ids: ReadonlySet<string>): boolean {
    this.now = ids;
    const more = [...ids].filter((id) => !this.kept.has(id));
    more.forEach((id) => this.kept.add(id));
    return more.length > 0;
  }

  keeps(id: string): boolean {
    return this.kept.has(id);
  }
}
