// The documents of New Submission as one Tab stop: an ARIA grid (a row per
// document: the document itself, then its buttons) with a roving tabindex.
// Up and Down go from document to document, Home and End to the first and
// the last, Left and Right along a row's buttons; Alt+Up and Alt+Down move
// the document, Delete removes it (and so do Backspace and Cmd+Backspace, the
// delete key of a Mac keyboard, as in Finder). Every control also works with
// the mouse.

/** The keys' actions on row `row`; each draws the list again, the focus where it says. */
export interface GridActions {
  move(row: number, by: -1 | 1): void;
  remove(row: number): void;
}

/** The cell the list's Tab stop is on, kept while the form is drawn again after a change. */
let stop = { row: 0, col: 0 };

/**
 * Makes `grid` one Tab stop. Its focusable cells carry `data-row` and
 * `data-col` (column 0 is the document itself, which is always focusable);
 * a disabled button is passed over.
 */
export function rovingGrid(grid: HTMLElement, actions: GridActions): void {
  const cells = Array.from(grid.querySelectorAll<HTMLElement>('[data-row]'));
  const rows = cells.filter((c) => c.dataset.col === '0').length;
  const at = (row: number, col: number) => cells.find((c) => c.dataset.row === String(row) && c.dataset.col === String(col));
  const usable = (c: HTMLElement | undefined) => (c && !(c instanceof HTMLButtonElement && c.disabled) ? c : undefined);
  /** The cell at (row, col), or the row's document when that one cannot take the focus. */
  const target = (row: number, col: number) => usable(at(row, col)) ?? at(row, 0);
  for (const c of cells) c.tabIndex = -1;
  const first = target(Math.min(stop.row, rows - 1), stop.col);
  if (first) first.tabIndex = 0;

  grid.addEventListener('focusin', (e) => {
    const t = e.target as HTMLElement;
    if (t.dataset.row === undefined) return;
    for (const c of cells) c.tabIndex = c === t ? 0 : -1;
    stop = { row: Number(t.dataset.row), col: Number(t.dataset.col) };
  });

  grid.addEventListener('keydown', (e) => {
    const t = e.target as HTMLElement;
    // Cmd is Backspace's only modifier here (Cmd+Backspace removes, as in Finder).
    const remove = e.key === 'Delete' || e.key === 'Backspace';
    if (t.dataset.row === undefined || (e.metaKey && e.key !== 'Backspace') || e.shiftKey) return;
    const row = Number(t.dataset.row);
    const col = Number(t.dataset.col);
    const vertical = e.key === 'ArrowUp' || e.key === 'ArrowDown';
    if (e.altKey && vertical) {
      const by = e.key === 'ArrowUp' ? -1 : 1;
      if (row + by >= 0 && row + by < rows) actions.move(row, by);
    } else if (e.altKey || (e.ctrlKey && e.key !== 'Home' && e.key !== 'End')) {
      return;
    } else if (vertical) {
      target(Math.min(rows - 1, Math.max(0, row + (e.key === 'ArrowUp' ? -1 : 1))), col)?.focus();
    } else if (e.key === 'Home' || e.key === 'End') {
      target(e.key === 'Home' ? 0 : rows - 1, col)?.focus();
    } else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      const by = e.key === 'ArrowRight' ? 1 : -1;
      for (let c = col + by; at(row, c); c += by) {
        const next = usable(at(row, c));
        if (next) {
          next.focus();
          break;
        }
      }
    } else if (remove) {
      actions.remove(row);
    } else {
      return;
    }
    // Handled here: neither the page nor the workbench acts on it too.
    e.preventDefault();
    e.stopPropagation();
  });
}
