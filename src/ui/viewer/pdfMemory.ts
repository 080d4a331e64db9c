import { GlobalState, type StateStore } from '../globalState';
import { isColorMode, isPdfPlace, type PageColorMode, type PdfPlace } from '../../shared/pdfProtocol';

const KEY = 'dsas.pdfPlaces';
const COLORS_KEY = 'dsas.pdfPageColors';
/** The documents remembered: the most recently read, the oldest forgotten first. */
const MAX_PLACES = 200;

/**
 * What the PDF viewers keep in the extension's global state, across closed
 * tabs and windows: how pages are drawn in dark themes (one choice for every
 * PDF), and where the reader left each PDF (page, zoom, the point at the top
 * left), keyed by the document (a summary by its submission, a file by its path).
 */
export class PdfMemory {
  private readonly memento: GlobalState;

  constructor(memento: StateStore) {
    this.memento = new GlobalState(memento);
  }

  get colors(): PageColorMode | undefined {
    const v = this.memento.get<unknown>(COLORS_KEY);
    return isColorMode(v) ? v : undefined;
  }

  async setColors(mode: PageColorMode): Promise<void> {
    await this.memento.update(COLORS_KEY, mode);
  }

  get(key: string): PdfPlace | undefined {
    const p = this.all()[key];
    return isPdfPlace(p) ? p : undefined;
  }

  async set(key: string, place: PdfPlace): Promise<void> {
    const kept = Object.entries(this.all()).filter(([k]) => k !== key).slice(-(MAX_PLACES - 1));
    await this.memento.update(KEY, Object.fromEntries([...kept, [key, place]]));
  }

  private all(): Record<string, unknown> {
    const v = this.memento.get<unknown>(KEY);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  }
}
