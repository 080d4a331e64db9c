/**
 * A function handed to an object built before the one that does its work,
 * where the two need each other (the composition in extension.ts says which
 * and why): callable from the start, bound once, as soon as the other
 * exists. A call before that is a mistake in the composition: it throws,
 * naming the function, instead of reaching a variable not yet declared.
 */
export class LateBound<A extends unknown[], R> {
  private bound?: (...args: A) => R;

  /** `what` names the function in the error of a call too early: "the Archive view's drop". */
  constructor(private readonly what: string) {}

  /** The function to hand over now. */
  readonly call = (...args: A): R => {
    if (!this.bound) throw new Error(`${this.what} was called before it was bound.`);
    return this.bound(...args);
  };

  bind(f: (...args: A) => R): void {
    if (this.bound) throw new Error(`${this.what} is bound already.`);
    this.bound = f;
  }
}
