/**
 * When the workbench next receives a tree's root rows: a reveal right after
 * the rows changed waits for it, as the workbench may still hold the rows
 * from before the change.
 */
export class RootFetches {
  private fetched?: () => void;

  /** Settles just after the workbench next gets the root rows, or after 2 s (a hidden view asks for nothing). */
  next(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2000);
      this.fetched = () => (clearTimeout(timer), setTimeout(resolve, 0));
    });
  }

  /** The root rows were handed to the workbench. */
  done(): void {
    this.fetched?.();
    this.fetched = undefined;
  }
}
