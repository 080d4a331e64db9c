// One PDF document shown with pdf.js's viewer components: pages laid out
// and drawn as they come into view (and released out of it), a text layer
// to select, copy and read aloud, links, and the find controller.
import './pdfLib';
import { EventBus, PDFFindController, PDFLinkService, PDFViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { clampZoom, stepZoom } from '../shared/pdfZoom';
import { isOpenableLink, type ZoomState } from '../shared/pdfProtocol';
import type { PageColors } from './pdfColors';
import { keepPictures } from './pdfPictures';

/** Where the reader is: the page at the top, its point there (PDF units), the zoom. */
export interface Place { page: number; zoom: ZoomState; left?: number; top?: number }


export interface ViewEvents {
  /** The page at the top or the zoom changed (each scroll step too). */
  moved(place: Place): void;
  /** A link to outside the document was followed. */
  openLink(url: string): void;
}

const PRESETS = { fitWidth: 'page-width', fitPage: 'page-fit' } as const;

export class PdfView {
  readonly eventBus = new EventBus();
  readonly findController: PDFFindController;
  private readonly links: PDFLinkService;
  private readonly viewer: PDFViewer;
  private doc?: PDFDocumentProxy;
  private zoom: ZoomState = { mode: 'fitWidth' };

  constructor(readonly container: HTMLDivElement, private readonly events: ViewEvents, private colors?: PageColors) {
    this.links = new PDFLinkService({ eventBus: this.eventBus });
    this.findController = new PDFFindController({ eventBus: this.eventBus, linkService: this.links, updateMatchesCountOnProgress: true });
    this.viewer = new PDFViewer({
      container,
      eventBus: this.eventBus,
      linkService: this.links,
      findController: this.findController,
      pageColors: colors,
      // The page is drawn at most this many device pixels; zoomed further, pdf.js scales the canvas (memory stays bounded).
      maxCanvasPixels: 2 ** 24,
    });
    this.links.setViewer(this.viewer);
    keepPictures(this.eventBus, () => this.colors !== undefined);
    this.eventBus.on('updateviewarea', () => this.events.moved(this.place()));
    // Links out of the document go through the extension (VS Code's usual confirmation), never the page's own
    // navigation nor the webview's (which would open an e-mail link the extension refuses); links inside it ("#…")
    // are pdf.js's.
    container.addEventListener('click', (e) => {
      const a = (e.target as Element | null)?.closest?.('a');
      const href = a?.getAttribute('href') ?? '';
      if (!a || !href || href.startsWith('#')) return;
      e.preventDefault();
      e.stopPropagation();
      if (isOpenableLink(href)) this.events.openLink(href);
    }, true);
  }

  get pagesCount(): number {
    return this.doc?.numPages ?? 0;
  }

  get page(): number {
    return this.viewer.currentPageNumber;
  }

  get scale(): number {
    return this.viewer.currentScale;
  }

  get document(): PDFDocumentProxy | undefined {
    return this.doc;
  }

  /** Shows `doc` at `place`; resolves once page 1's first drawing is done (or failed). */
  async show(doc: PDFDocumentProxy, place: Place): Promise<boolean> {
    this.doc = doc;
    const drawn = new Promise<boolean>((resolve) => {
      const done = (e: { pageNumber: number; error?: unknown }) => {
        if (e.pageNumber !== place.page && e.pageNumber !== 1) return;
        this.eventBus.off('pagerendered', done);
        resolve(!e.error);
      };
      this.eventBus.on('pagerendered', done);
    });
    const ready = new Promise<void>((resolve) => this.eventBus.on('pagesinit', () => resolve(), { once: true }));
    this.viewer.setDocument(doc);
    this.links.setDocument(doc, null);
    await ready;
    this.goToPlace(place);
    return drawn;
  }

  /** Draws the pages again in other colours (a theme change), where they are. */
  recolor(colors: PageColors | undefined): void {
    if (JSON.stringify(colors) === JSON.stringify(this.colors)) return;
    this.colors = colors;
    // pdf.js reads the colours when it draws a page: each page view is told, then every page drawn again.
    const v = this.viewer as unknown as { pageColors: PageColors | null; _pages: { pageColors: PageColors | null }[] };
    v.pageColors = colors ?? null;
    for (const p of v._pages) p.pageColors = colors ?? null;
    const pages = this.viewer.viewer as HTMLElement | null;
    if (colors) pages?.style.setProperty('--page-bg-color', colors.background);
    else pages?.style.removeProperty('--page-bg-color');
    this.viewer.refresh();
  }

  /** The page shown (pdf.js's current page) and the point of it at the viewer's top left: scrolled back to exactly. */
  place(): Place {
    const page = this.viewer.currentPageNumber;
    const view = this.viewer.getPageView(page - 1) as { div: HTMLElement; getPagePoint(x: number, y: number): number[] } | undefined;
    if (!view) return { page, zoom: this.zoom };
    const [left, top] = view.getPagePoint(this.container.scrollLeft - view.div.offsetLeft - view.div.clientLeft, this.container.scrollTop - view.div.offsetTop - view.div.clientTop);
    return { page, zoom: this.zoom, left: Math.round(left), top: Math.round(top) };
  }

  goToPlace(p: Place): void {
    this.setZoom(p.zoom, undefined, true);
    const page = Math.min(Math.max(1, p.page), this.pagesCount || 1);
    if (p.top !== undefined || p.left !== undefined) {
      this.viewer.scrollPageIntoView({ pageNumber: page, destArray: [null, { name: 'XYZ' }, p.left ?? 0, p.top ?? null, null], allowNegativeOffset: true });
    } else this.viewer.currentPageNumber = page;
  }

  goToDestination(dest: unknown): Promise<void> {
    return this.links.goToDestination(dest as string | unknown[]);
  }

  goTo(page: number): void {
    if (!this.pagesCount) return;
    this.viewer.currentPageNumber = Math.min(Math.max(1, Math.round(page) || 1), this.pagesCount);
  }

  /** A zoom mode or level; the point of the page at `origin` (client point) stays under it. */
  setZoom(z: ZoomState, origin?: [number, number], quiet = false): void {
    this.zoom = z.mode === 'scale' ? { mode: 'scale', scale: clampZoom(z.scale) } : z;
    const anchor = origin && this.pagePointAt(origin);
    this.viewer.currentScaleValue = this.zoom.mode === 'scale' ? String(this.zoom.scale) : PRESETS[this.zoom.mode];
    // Scrolled so that the point comes back under the pointer: pdf.js's own origin misses by the viewer's offset in
    // the page and by the centring of pages narrower than the viewer.
    if (anchor && origin) {
      const [x, y] = this.clientPointOf(anchor);
      this.container.scrollLeft += x - origin[0];
      this.container.scrollTop += y - origin[1];
    }
    if (!quiet) this.events.moved(this.place());
  }

  /** The page under a client point and the point of it (PDF units). */
  private pagePointAt([x, y]: [number, number]): { page: number; point: number[] } | undefined {
    const div = document.elementFromPoint(x, y)?.closest<HTMLElement>('.page');
    const page = Number(div?.dataset.pageNumber);
    const view = page ? this.pageView(page) : undefined;
    if (!view) return undefined;
    const r = view.div.getBoundingClientRect();
    return { page, point: view.viewport.convertToPdfPoint(x - r.left - view.div.clientLeft, y - r.top - view.div.clientTop) };
  }

  /** Where a point of a page is on screen now (client point). */
  private clientPointOf(a: { page: number; point: number[] }): [number, number] {
    const view = this.pageView(a.page);
    if (!view) return [0, 0];
    const [vx, vy] = view.viewport.convertToViewportPoint(a.point[0], a.point[1]);
    const r = view.div.getBoundingClientRect();
    return [r.left + view.div.clientLeft + vx, r.top + view.div.clientTop + vy];
  }

  private pageView(page: number): { div: HTMLElement; viewport: { convertToPdfPoint(x: number, y: number): number[]; convertToViewportPoint(x: number, y: number): number[] } } | undefined {
    return this.viewer.getPageView(page - 1) as ReturnType<PdfView['pageView']>;
  }

  step(direction: 1 | -1, origin?: [number, number]): void {
    this.setZoom({ mode: 'scale', scale: stepZoom(this.viewer.currentScale, direction) }, origin);
  }

  /** Ctrl+wheel and pinch: a factor of the level now. */
  scaleBy(factor: number, origin: [number, number]): void {
    this.setZoom({ mode: 'scale', scale: this.viewer.currentScale * factor }, origin);
  }

  destroy(): void {
    this.viewer.cleanup();
    void this.doc?.destroy();
    this.doc = undefined;
  }
}
