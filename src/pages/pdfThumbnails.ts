// The PDF's pages in small beside the viewer: a thumbnail per page, drawn
// only while near the side bar's view and released far from it (a long PDF
// holds a few dozen at most), one at a time so that the pages shown come
// first; the current page's is marked and kept in view. Up / Down, Home /
// End move between them, Enter or a click goes to the page.
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import type { PageColors } from './pdfColors';
import { el } from './vscodeApi';

/** A thumbnail's width in CSS pixels. */
const WIDTH = 112;

interface Thumb { readonly button: HTMLButtonElement; canvas: HTMLCanvasElement; task?: RenderTask; drawn: boolean }

export class Thumbnails {
  readonly element = el('nav', { className: 'thumbnails', attrs: { hidden: '' } });
  private doc?: PDFDocumentProxy;
  private thumbs: Thumb[] = [];
  private observer?: IntersectionObserver;
  private readonly near = new Set<number>();
  private queue: number[] = [];
  private drawing = false;
  private current = 1;
  private colors?: PageColors;

  constructor(private readonly label: (page: number) => string, listLabel: string, private readonly go: (page: number) => void) {
    this.element.setAttribute('aria-label', listLabel);
    this.element.addEventListener('keydown', (e) => {
      const i = this.thumbs.findIndex((t) => t.button === document.activeElement);
      const to = { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: this.thumbs.length - 1 }[e.key];
      if (i < 0 || to === undefined) return;
      e.preventDefault();
      e.stopPropagation(); // Home and End are the viewer's keys elsewhere
      this.focusAt(Math.min(this.thumbs.length - 1, Math.max(0, to)));
    });
  }

  /** One placeholder per page, shaped as page 1; none is drawn until the side bar shows it. */
  async load(doc: PDFDocumentProxy): Promise<void> {
    this.clear();
    this.doc = doc;
    const { width, height } = (await doc.getPage(1)).getViewport({ scale: 1 });
    this.observer = new IntersectionObserver((entries) => this.seen(entries), { root: this.element, rootMargin: '400px 0px' });
    const list = el('ol', { attrs: { role: 'list' } });
    for (let n = 1; n <= doc.numPages; n++) {
      const canvas = el('canvas', { attrs: { width: '0', height: '0' } });
      const frame = el('span', { className: 'thumbnail-image' }, canvas);
      frame.style.aspectRatio = `${width} / ${height}`;
      const button = el('button', { className: 'thumbnail', attrs: { type: 'button', tabindex: '-1', 'data-page': String(n), 'aria-label': this.label(n) } },
        frame, el('span', { className: 'thumbnail-number', text: String(n), attrs: { 'aria-hidden': 'true' } }));
      button.addEventListener('click', () => this.go(n));
      this.thumbs.push({ button, canvas, drawn: false });
      list.append(el('li', {}, button));
      this.observer.observe(button);
    }
    this.element.replaceChildren(list);
    this.setCurrent(this.current);
  }

  get shown(): boolean {
    return !this.element.hidden;
  }

  show(on: boolean): void {
    this.element.hidden = !on;
    if (on) this.thumbs[this.current - 1]?.button.scrollIntoView({ block: 'center' });
  }

  /** Focuses the current page's thumbnail (the side bar was opened from the keyboard). */
  focus(): void {
    this.thumbs[this.current - 1]?.button.focus();
  }

  /** The reader is on `page`: its thumbnail is marked (and the one Tab reaches) and scrolled into view. */
  setCurrent(page: number): void {
    const before = this.thumbs[this.current - 1];
    before?.button.removeAttribute('aria-current');
    before?.button.setAttribute('tabindex', '-1');
    this.current = page;
    const now = this.thumbs[page - 1];
    if (!now) return;
    now.button.setAttribute('aria-current', 'page');
    now.button.setAttribute('tabindex', '0');
    if (this.shown && !this.element.contains(document.activeElement)) now.button.scrollIntoView({ block: 'nearest' });
  }

  /** Draws the thumbnails again in the pages' colours (a theme change, another choice). */
  recolor(colors: PageColors | undefined): void {
    if (JSON.stringify(colors) === JSON.stringify(this.colors)) return;
    this.colors = colors;
    this.thumbs.forEach((_, i) => this.release(i + 1));
    this.queue = [...this.near];
    void this.drawNext();
  }

  destroy(): void {
    this.clear();
    this.doc = undefined;
  }

  private focusAt(i: number): void {
    this.thumbs.forEach((t, j) => t.button.setAttribute('tabindex', j === i ? '0' : '-1'));
    this.thumbs[i]?.button.focus();
  }

  private seen(entries: IntersectionObserverEntry[]): void {
    for (const e of entries) {
      const n = Number((e.target as HTMLElement).dataset.page);
      if (e.isIntersecting) {
        this.near.add(n);
        this.queue.push(n);
      } else {
        this.near.delete(n);
        this.release(n);
      }
    }
    void this.drawNext();
  }

  /** Draws the queued thumbnails still near the view, one after the other. */
  private async drawNext(): Promise<void> {
    if (this.drawing) return;
    this.drawing = true;
    try {
      for (let n = this.queue.shift(); n !== undefined; n = this.queue.shift()) {
        const t = this.thumbs[n - 1];
        if (t && !t.drawn && this.near.has(n)) await this.draw(n, t);
      }
    } finally {
      this.drawing = false;
    }
  }

  private async draw(n: number, t: Thumb): Promise<void> {
    const doc = this.doc;
    if (!doc) return;
    const page = await doc.getPage(n);
    const scale = (WIDTH * devicePixelRatio) / page.getViewport({ scale: 1 }).width;
    const viewport = page.getViewport({ scale });
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    const context = canvas.getContext('2d');
    if (!context || doc !== this.doc) return;
    t.task = page.render({ canvasContext: context, viewport, pageColors: this.colors });
    try {
      await t.task.promise;
    } catch {
      return; // cancelled: released meanwhile
    } finally {
      t.task = undefined;
    }
    if (!this.near.has(n) || doc !== this.doc) return;
    // Swapped in once drawn: a thumbnail never shows half a page.
    t.canvas.replaceWith(canvas);
    t.canvas = canvas;
    t.drawn = true;
  }

  /** Gives back the memory of a thumbnail far from the view. */
  private release(n: number): void {
    const t = this.thumbs[n - 1];
    if (!t) return;
    t.task?.cancel();
    t.canvas.width = 0;
    t.canvas.height = 0;
    t.drawn = false;
  }

  private clear(): void {
    this.observer?.disconnect();
    this.thumbs.forEach((_, i) => this.release(i + 1));
    this.thumbs = [];
    this.near.clear();
    this.queue = [];
    this.element.replaceChildren();
  }
}
