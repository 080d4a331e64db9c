// The PDF's outline (bookmarks) beside its pages, when it has one: a tree
// the keyboard walks (Up / Down, Enter), each entry going to its place.
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { el } from './vscodeApi';

/** The deepest level of the outline shown. */
const MAX_DEPTH = 32;

interface OutlineItem { title: string; dest: unknown; items: OutlineItem[] }

export class Outline {
  readonly element = el('nav', { className: 'outline', attrs: { hidden: '' } });

  constructor(private readonly label: string, private readonly go: (dest: unknown) => void) {
    this.element.addEventListener('keydown', (e) => {
      const items = [...this.element.querySelectorAll<HTMLElement>('[role="treeitem"]')];
      const i = items.indexOf(document.activeElement as HTMLElement);
      if (i < 0 || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp')) return;
      e.preventDefault();
      items[Math.min(items.length - 1, Math.max(0, i + (e.key === 'ArrowDown' ? 1 : -1)))]?.focus();
    });
  }

  /** Builds the tree of `doc`'s outline; false when it has none. */
  async load(doc: PDFDocumentProxy): Promise<boolean> {
    // pdf.js never answers for an outline too deep to pass from its worker (its structured clone overflows the stack): none after 10 s.
    const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000));
    const outline = ((await Promise.race([doc.getOutline().catch(() => null), late])) ?? []) as OutlineItem[];
    this.element.replaceChildren();
    if (!outline.length) return false;
    const tree = this.list(outline, 1);
    tree.setAttribute('role', 'tree');
    tree.setAttribute('aria-label', this.label);
    this.element.append(tree);
    (tree.querySelector('[role="treeitem"]') as HTMLElement | null)?.setAttribute('tabindex', '0');
    return true;
  }

  get shown(): boolean {
    return !this.element.hidden;
  }

  show(on: boolean): void {
    this.element.hidden = !on;
  }

  focus(): void {
    this.element.querySelector<HTMLElement>('[role="treeitem"]')?.focus();
  }

  private list(items: readonly OutlineItem[], level: number): HTMLElement {
    const ul = el('ul', { attrs: { role: level === 1 ? 'tree' : 'group' } });
    for (const item of items) {
      const entry = el('button', { className: 'outline-item', text: item.title, attrs: { type: 'button', role: 'treeitem', tabindex: '-1', 'aria-level': String(level) } });
      entry.addEventListener('click', () => this.go(item.dest));
      const li = el('li', { attrs: { role: 'none' } }, entry);
      // Deeper levels are left out: no reader walks them, and a tree thousands deep would exhaust the stack.
      if (item.items.length && level < MAX_DEPTH) li.append(this.list(item.items, level + 1));
      ul.append(li);
    }
    return ul;
  }
}
