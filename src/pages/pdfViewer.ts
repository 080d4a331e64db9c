// The PDF viewer page: the document from the extension, shown with pdf.js's
// viewer components (pdfView.ts), its toolbar, find bar and outline, the
// reader's place kept (VS Code restores the page from it after a reload).
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { isToPdf, MAX_FAILURE, type FromPdf, type PageColorMode, type PdfSource, type PdfState, type ToPdf } from '../shared/pdfProtocol';
import { keepSelectAllInFields } from './fieldKeys';
import { t } from './l10n';
import { FindBar } from './pdfFindBar';
import { pdfjs } from './pdfLib';
import { Outline } from './pdfOutline';
import { Thumbnails } from './pdfThumbnails';
import { COLOR_MODES, darkTheme, onThemeChange, pageColorsFor } from './pdfColors';
import { Toolbar } from './pdfToolbar';
import { PdfView, type Place } from './pdfView';
import { button, connect, el, failure, iconsLoaded, setNotice, staleNotice } from './vscodeApi';
import { viewerKeys } from './pdfKeys';

type State = { -readonly [K in keyof PdfState]: PdfState[K] };

const app = document.getElementById('app') as HTMLElement;
const { post, state: saved } = connect<FromPdf, ToPdf, State>(isToPdf, (m) => void onMessage(m));
const state: State = saved.getState() ?? { page: 1, zoom: { mode: 'fitWidth' }, invert: false };
const container = el('div', { className: 'pages', attrs: { id: 'viewerContainer', tabindex: '0' } }, el('div', { className: 'pdfViewer' }));
let view: PdfView | undefined;
let ui: { toolbar: Toolbar; find: FindBar; outline: Outline; thumbnails: Thumbnails } | undefined;

async function onMessage(m: ToPdf): Promise<void> {
  if (m.type === 'loading') {
    remember(m.source); // lets the viewer come back after a window reload, loaded or not
    if (view?.document) setNotice(app, { icon: 'sync', text: t('Refreshing {0}…', m.title) });
    else app.replaceChildren(el('p', { className: 'muted', text: t('Loading {0}…', m.title) }));
  } else if (m.type === 'error') {
    showError(m.message, m.final);
  } else if (m.type === 'stale') {
    setNotice(app, staleNotice(m.message, m.final ? undefined : refresh));
  } else if (m.type === 'changed') {
    setNotice(app, { icon: 'info', text: t('The submission changed since this summary was loaded.'), action: button('refresh', t('Reload'), refresh) });
  } else if (m.type === 'pdf') {
    if (m.place) Object.assign(state, { left: undefined, top: undefined }, m.place);
    if (m.colors) state.colors = m.colors;
    document.body.dataset.invertAllowed = String(m.invertInDark);
    await open(m.bytes);
  }
}

function refresh(): void {
  post({ type: 'refresh' });
}

/** Shows why nothing is shown, with a retry unless `final` (no retry can help). */
function showError(message: string, final = false): void {
  view?.destroy();
  view = undefined;
  app.replaceChildren(failure(message, final ? undefined : refresh));
  post({ type: 'failed', message: message.slice(0, MAX_FAILURE) });
}

async function open(bytes: Uint8Array): Promise<void> {
  // A file on disk is named: the service had no part in it.
  const file = state.source?.kind === 'file' ? state.source.name : undefined;
  if (bytes.length === 0) return showError(file ? t('"{0}" is empty.', file) : t('The service sent an empty file instead of a PDF.'));
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (!head.includes('%PDF-')) return showError(file ? t('"{0}" is not a PDF.', file) : t('The service sent something that is not a PDF.'));
  let doc: PDFDocumentProxy;
  try {
    view?.destroy();
    doc = await pdfjs.getDocument({ data: bytes, isEvalSupported: false, useSystemFonts: true }).promise;
  } catch (e) {
    return showError(t('The PDF could not be read: {0}', (e as Error).message));
  }
  const v = (view = view ?? new PdfView(container, { moved: (p) => moved(p), openLink: (url) => post({ type: 'openLink', url }) }, pageColorsFor(colorMode())));
  const outline = new Outline(t('Outline'), (dest) => void v.goToDestination(dest));
  ui?.thumbnails.destroy();
  const thumbnails = new Thumbnails((n) => t('Page {0}', n), t('Thumbnails'), (n) => v.goTo(n));
  const find = new FindBar(v.eventBus, () => container.focus());
  const toolbar = new Toolbar({
    goTo: (n) => v.goTo(n),
    step: (d) => v.step(d),
    setZoom: (z) => v.setZoom(z),
    toggleOutline: () => showSide('outline', !outline.shown),
    toggleThumbnails: () => showSide('thumbnails', !thumbnails.shown),
    find: () => find.open(selectedText()),
    cycleColors: () => setColors(COLOR_MODES[(COLOR_MODES.indexOf(colorMode()) + 1) % COLOR_MODES.length]),
    save: () => post({ type: 'save' }),
    // A summary or an attachment can go into the archive; an archive file is there already.
    archive: state.source?.kind === 'summary' || state.source?.kind === 'attachment' ? () => post({ type: 'archive' }) : undefined,
    refresh,
  });
  ui = { toolbar, find, outline, thumbnails };
  app.replaceChildren(toolbar.element, find.element, el('div', { className: 'viewer-area' }, outline.element, thumbnails.element, el('div', { className: 'viewer-frame' }, container)));
  // The side bars never hold up the first page: the outline is read beside it, the thumbnails made after it.
  toolbar.outline.hidden = true;
  // Not waited for: a hostile outline (thousands of entries deep) may never arrive from the worker.
  void outline.load(doc).then((has) => (toolbar.outline.hidden = !has));
  applyColors();
  const firstPageDrawn = await v.show(doc, placeOf(state));
  await thumbnails.load(doc);
  moved(v.place());
  post({ type: 'rendered', pages: doc.numPages, firstPageDrawn });
}

/** Shows or hides the outline or the thumbnails, the one side bar; shown, it takes the focus, as a side bar opened from the keyboard does. */
function showSide(side: 'outline' | 'thumbnails', on: boolean): void {
  if (!ui) return;
  for (const s of ['outline', 'thumbnails'] as const) {
    ui[s].show(on && s === side);
    ui.toolbar[s].setAttribute('aria-pressed', String(on && s === side));
  }
  if (on) ui[side].focus();
}

function selectedText(): string {
  return document.getSelection()?.toString().trim() ?? '';
}

const placeOf = (s: State): Place => ({ page: s.page, zoom: s.zoom, left: s.left, top: s.top });

let reported = '';
/** The reader moved: the toolbar follows, the state keeps the place, the extension hears of it once it settles. */
function moved(p: Place): void {
  Object.assign(state, { page: p.page, zoom: p.zoom, left: p.left, top: p.top });
  if (view) ui?.toolbar.update(view.page, view.pagesCount, p.zoom, view.scale);
  ui?.thumbnails.setCurrent(p.page);
  saved.setState(state);
  const key = JSON.stringify(p);
  if (key === reported) return;
  reported = key;
  clearTimeout(reportTimer);
  reportTimer = setTimeout(() => post({ type: 'position', page: state.page, zoom: state.zoom, left: state.left, top: state.top }), 150);
}
let reportTimer: ReturnType<typeof setTimeout> | undefined;

const colorMode = (): PageColorMode => state.colors ?? 'theme';

function setColors(mode: PageColorMode): void {
  state.colors = mode;
  state.invert = mode === 'invert';
  applyColors();
  remember();
  post({ type: 'colors', mode });
}

/** Pages in the colours chosen, in the theme now: drawn again in the theme's colours, or inverted by a filter. */
function applyColors(): void {
  const mode = colorMode();
  document.body.classList.toggle('inverted', mode === 'invert' && darkTheme());
  view?.recolor(pageColorsFor(mode));
  ui?.thumbnails.recolor(pageColorsFor(mode));
  const b = ui?.toolbar.colors;
  if (!b) return;
  const label = { theme: t('Pages in the theme\'s colours'), invert: t('Pages inverted'), original: t('Pages as printed') }[mode];
  b.setAttribute('aria-label', `${t('Page colours')}: ${label}`);
  b.title = `${t('Page colours')}: ${label}`;
  b.dataset.mode = mode;
}

/** Keeps the document and the reader's place (VS Code restores the panel from it). */
function remember(source?: PdfSource): void {
  if (source) state.source = source;
  saved.setState(state);
}

keepSelectAllInFields();
onThemeChange(applyColors);
viewerKeys(container, {
  view: () => view,
  find: () => ui?.find,
  selectedText,
});

void iconsLoaded().then(() => post({ type: 'ready' }));
