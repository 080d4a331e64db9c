/**
 * The PDF viewer page's protocol, declared once for the extension and its
 * page: the messages' types and their runtime checks (protocolChecks.ts says
 * how every page's messages are checked).
 */
import { isBoolean, isBytes, isCount, isFiniteNumber, isOptional, isRecord, isString, messageCheck, none } from './protocolChecks';

/**
 * What a viewer shows: a submission's summary, a PDF attachment, a PDF archive
 * file, or a PDF on this computer (a download opened). A service's document
 * names its connection and the account it was opened for (`service`, a
 * digest; none in a state kept by an earlier version).
 */
export type PdfSource =
  | { readonly kind: 'summary'; readonly submissionId: string; readonly connectionId?: string; readonly service?: string }
  | { readonly kind: 'attachment'; readonly submissionId: string; readonly id: string; readonly ticket: string; readonly name: string; readonly connectionId?: string; readonly service?: string }
  | { readonly kind: 'archive'; readonly id: string; readonly ticket: string; readonly name: string; readonly connectionId?: string; readonly service?: string }
  | { readonly kind: 'file'; readonly path: string; readonly name: string };

/** Where the reader is in a PDF: the page at the top, the zoom, the point of the page at the viewer's top left (PDF units). */
export interface PdfPlace {
  readonly page: number;
  readonly zoom: ZoomState;
  readonly left?: number;
  readonly top?: number;
}

/** How pages are drawn in a dark or high-contrast theme: in the theme's colours, inverted, or as printed. */
export type PageColorMode = 'theme' | 'invert' | 'original';

/** What a viewer page keeps across hiding and a window reload: the document and the reader's place. */
export interface PdfState {
  readonly source?: PdfSource;
  readonly page: number;
  readonly zoom: ZoomState;
  /** The point of the page at the viewer's top left, in PDF units. */
  readonly left?: number;
  readonly top?: number;
  readonly invert: boolean;
  readonly colors?: PageColorMode;
}

export type ToPdf =
  | { readonly type: 'pdf'; readonly title: string; readonly bytes: Uint8Array; readonly place?: PdfPlace; readonly colors?: PageColorMode; readonly invertInDark: boolean }
  /** Loading `source`: with a document shown, the page keeps it and marks it refreshing. */
  | { readonly type: 'loading'; readonly title: string; readonly source: PdfSource }
  /** Nothing could be shown: why, with a retry unless `final` (no retry can help). */
  | { readonly type: 'error'; readonly message: string; readonly final?: boolean }
  /** A refresh failed: the page keeps the document, marked stale, with a retry unless `final`. */
  | { readonly type: 'stale'; readonly message: string; readonly final?: boolean }
  /** The submission of a summary changed since it was loaded: the page offers to reload. */
  | { readonly type: 'changed' };

export type ZoomState = { readonly mode: 'fitWidth' } | { readonly mode: 'fitPage' } | { readonly mode: 'scale'; readonly scale: number };

export type FromPdf =
  | { readonly type: 'ready' }
  | { readonly type: 'save' }
  /** Archive… (a summary or an attachment): the document put into the archive. */
  | { readonly type: 'archive' }
  | { readonly type: 'refresh' }
  /** Where the reader is, kept across hide/show and reloads. */
  | ({ readonly type: 'position' } & PdfPlace)
  /** The reader chose how pages are drawn in dark themes (for every PDF). */
  | { readonly type: 'colors'; readonly mode: PageColorMode }
  /** A link in the document to outside it, to open through VS Code. */
  | { readonly type: 'openLink'; readonly url: string }
  | { readonly type: 'rendered'; readonly pages: number; readonly firstPageDrawn: boolean }
  | { readonly type: 'failed'; readonly message: string };

const isZoom = (v: unknown): v is ZoomState =>
  isRecord(v) && (v.mode === 'fitWidth' || v.mode === 'fitPage' || (v.mode === 'scale' && typeof v.scale === 'number' && Number.isFinite(v.scale) && v.scale > 0));

const isPdfSource = (v: unknown): v is PdfSource => {
  if (!isRecord(v)) return false;
  const owner = isOptional(isString)(v.connectionId) && isOptional(isString)(v.service);
  const file = isString(v.id) && isString(v.ticket) && isString(v.name) && owner;
  return (v.kind === 'summary' && isString(v.submissionId) && owner)
    || (v.kind === 'attachment' && isString(v.submissionId) && file)
    || (v.kind === 'archive' && file)
    || (v.kind === 'file' && isString(v.path) && /\.pdf$/i.test(v.path) && isString(v.name));
};

export const isColorMode = (v: unknown): v is PageColorMode => v === 'theme' || v === 'invert' || v === 'original';

/** A reader's place in a PDF, as a page reports it or the extension kept it. */
export const isPdfPlace = (v: unknown): v is PdfPlace =>
  isRecord(v) && isCount(v.page) && v.page >= 1 && isZoom(v.zoom) && isOptional(isFiniteNumber)(v.left) && isOptional(isFiniteNumber)(v.top);

/** What a PDF viewer page saved, as the extension gets it back after a window reload. */
export const isPdfState = (v: unknown): v is PdfState & { source: PdfSource } =>
  isRecord(v) && isPdfSource(v.source) && isCount(v.page) && isZoom(v.zoom) && isBoolean(v.invert)
  && isOptional(isFiniteNumber)(v.left) && isOptional(isFiniteNumber)(v.top) && isOptional(isColorMode)(v.colors);

/** The longest failure a viewer reports (it goes to the log): a sentence, not a flood. */
export const MAX_FAILURE = 1000;

/**
 * A link of a PDF the viewer hands to VS Code: a web page or an e-mail
 * address, of a sane length. An e-mail link that names a file to attach
 * (`attach=`, `attachment=`, however its name is escaped) is refused: some
 * mail programs attach that file, which would send a file of this computer.
 */
export function isOpenableLink(url: unknown): url is string {
  if (!isString(url) || url.length > 8192 || !/^(https?|mailto):/i.test(url)) return false;
  if (!/^mailto:/i.test(url)) return true;
  const query = url.slice(url.indexOf('?') + 1 || url.length);
  return query.split(/[&;]/).every((field) => {
    try {
      return !/^\s*attach/i.test(decodeURIComponent(field.split('=')[0]));
    } catch {
      return false; // a name that cannot be read cannot be told harmless
    }
  });
}

/** From a PDF viewer page to the extension. */
export const isFromPdf = messageCheck<FromPdf>({
  ready: none,
  save: none,
  archive: none,
  refresh: none,
  position: isPdfPlace,
  colors: (m) => isColorMode(m.mode),
  openLink: (m) => isOpenableLink(m.url),
  rendered: (m) => isCount(m.pages) && isBoolean(m.firstPageDrawn),
  failed: (m) => isString(m.message) && m.message.length <= MAX_FAILURE,
});

/** From the extension to a PDF viewer page. */
export const isToPdf = messageCheck<ToPdf>({
  pdf: (m) => isString(m.title) && isBytes(m.bytes) && isOptional(isPdfPlace)(m.place) && isOptional(isColorMode)(m.colors) && isBoolean(m.invertInDark),
  loading: (m) => isString(m.title) && isPdfSource(m.source),
  error: (m) => isString(m.message) && isOptional(isBoolean)(m.final),
  stale: (m) => isString(m.message) && isOptional(isBoolean)(m.final),
  changed: none,
});
