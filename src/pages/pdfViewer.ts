import { t } from './l10n';
import * as pdfjs from 'pdfjs-dist';
import * as pdfjsWorker from 'pdfjs-dist/build/pdf.worker.mjs';
import { isToPdf, type FromPdf, type PdfSource, type PdfState, type ToPdf } from '../shared/pdfProtocol';
import { keepSelectAllInFields } from './fieldKeys';
import { button, connect, el, failure, iconsLoaded, setNotice, staleNotice } from './vscodeApi';

// A worker loaded from a webview resource URL fails (and blob: workers would
// loosen the CSP): the worker code is bundled here and pdf.js runs it on the
// page ("fake worker"). Pages are rendered lazily, so this stays responsive.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;

type State = { -readonly [K in keyof PdfState]: PdfState[K] };

const app = document.getElementById('app') as HTMLElement;
const { post, state: saved } = connect<FromPdf, ToPdf, State>(isToPdf, (m) => void onMessage(m));
const state: State = saved.getState() ?? { page: 1, zoom: { mode: 'fitWidth' }, invert: false };
let doc: pdfjs.PDFDocumentProxy | undefined;
let pages: HTMLElement[] = [];
const rendered = new Map<number, number>(); // page → scale it was drawn at
let observer: IntersectionObserver | undefined;
const pageLabel = el('span', { className: 'page-label', text: '' });
const pageInput = el('input', { className: 'page-input', attrs: { type: 'number', min: '1', 'aria-label': t('Page') } });
const viewer = el('div', { className: 'pages', attrs: { tabindex: '0' } });

async function onMessage(m: ToPdf): Promise<void> {
  if (m.type === 'loading') {
    remember(m.source); // lets the viewer come back after a window reload, loaded or not
    if (doc) setNotice(app, { icon: 'sync', text: t('Refreshing {0}…', m.title) });
    else app.replaceChildren(el('p', { className: 'muted', text: t('Loading {0}…', m.title) }));
  } else if (m.type === 'error') {
    showError(m.message);
  } else if (m.type === 'stale') {
    setNotice(app, staleNotice(m.message, refresh));
  } else if (m.type === 'changed') {
    setNotice(app, { icon: 'info', text: t('The submission changed since this summary was loaded.'), action: button('refresh', t('Reload'), refresh) });
  } else if (m.type === 'pdf') {
    if (m.page) state.page = m.page;
    if (m.zoom) state.zoom = m.zoom;
    document.body.dataset.invertAllowed = String(m.invertInDark);
    await open(m.bytes);
  }
}

function refresh(): void {
  post({ type: 'refresh' });
}

function showError(message: string): void {
  void doc?.destroy();
  doc = undefined;
  app.replaceChildren(failure(message, refresh));
  post({ type: 'failed', message });
}

async function open(bytes: Uint8Array): Promise<void> {
  if (bytes.length === 0) return showError(t('The service sent an empty file instead of a PDF.'));
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (!head.includes('%PDF-')) return showError(t('The service sent something that is not a PDF.'));
  try {
    await doc?.destroy();
    doc = await pdfjs.getDocument({ data: bytes, isEvalSupported: false, useSystemFonts: true, disableAutoFetch: true }).promise;
  } catch (e) {
    return showError(t('The PDF could not be read: {0}', (e as Error).message));
  }
  buildPages(doc);
}

function toolbar(): HTMLElement {
  pageInput.addEventListener('change', () => goTo(Number(pageInput.value)));
  const invert = button('color-mode', t('Invert colours'), () => {
    state.invert = !state.invert;
    applyInvert();
    remember();
  });
  invert.classList.add('invert-toggle');
  return el('div', { className: 'toolbar', attrs: { role: 'toolbar' } },
    button('arrow-up', t('Previous page'), () => goTo(state.page - 1)),
    button('arrow-down', t('Next page'), () => goTo(state.page + 1)),
    pageInput, pageLabel,
    button('zoom-out', t('Zoom out'), () => setZoom(currentScale() / 1.25)),
    button('zoom-in', t('Zoom in'), () => setZoom(currentScale() * 1.25)),
    button('screen-full', t('Fit width'), () => setZoom('fitWidth')),
    invert,
    button('save', t('Save PDF…'), () => post({ type: 'save' })),
    // A summary or an attachment can go into the archive; an archive file is there already.
    ...(state.source?.kind === 'summary' || state.source?.kind === 'attachment' ? [button('archive', t('Archive…'), () => post({ type: 'archive' }))] : []),
    button('refresh', t('Refresh'), refresh));
}

/** Placeholders sized from page 1; each page is drawn when it comes near the viewport. */
function buildPages(d: pdfjs.PDFDocumentProxy): void {
  observer?.disconnect();
  rendered.clear();
  pages = [];
  viewer.replaceChildren();
  for (let n = 1; n <= d.numPages; n++) {
    const holder = el('div', { className: 'page', attrs: { 'data-page': String(n), 'aria-label': t('Page {0}', n) } });
    pages.push(holder);
    viewer.append(holder);
  }
  app.replaceChildren(toolbar(), viewer);
  pageLabel.textContent = `/ ${d.numPages}`;
  pageInput.max = String(d.numPages);
  applyInvert();
  void layout().then(async () => {
    observer = new IntersectionObserver((entries) => {
      for (const e of entries) if (e.isIntersecting) void draw(Number((e.target as HTMLElement).dataset.page));
      updateCurrentPage();
    }, { root: viewer, rootMargin: '200% 0px' });
    pages.forEach((p) => observer?.observe(p));
    goTo(Math.min(state.page, d.numPages), false);
    const firstPageDrawn = await draw(1);
    post({ type: 'rendered', pages: d.numPages, firstPageDrawn });
  });
  viewer.addEventListener('scroll', () => updateCurrentPage(), { passive: true });
  window.addEventListener('resize', () => { if (state.zoom.mode === 'fitWidth') void relayout(); });
}

let baseSize = { width: 612, height: 792 };

function currentScale(): number {
  if (state.zoom.mode === 'scale') return state.zoom.scale;
  return Math.max(0.25, (viewer.clientWidth - 32) / baseSize.width);
}

async function layout(): Promise<void> {
  if (!doc) return;
  const first = await doc.getPage(1);
  const vp = first.getViewport({ scale: 1 });
  baseSize = { width: vp.width, height: vp.height };
  const s = currentScale();
  for (const p of pages) {
    p.style.width = `${Math.floor(baseSize.width * s)}px`;
    p.style.height = `${Math.floor(baseSize.height * s)}px`;
  }
}

async function relayout(): Promise<void> {
  const keep = state.page;
  rendered.clear();
  pages.forEach((p) => p.replaceChildren());
  await layout();
  goTo(keep, false);
  pages.forEach((p, i) => {
    const r = p.getBoundingClientRect();
    const v = viewer.getBoundingClientRect();
    if (r.bottom > v.top - v.height && r.top < v.bottom + v.height) void draw(i + 1);
  });
}

function setZoom(z: number | 'fitWidth'): void {
  state.zoom = z === 'fitWidth' ? { mode: 'fitWidth' } : { mode: 'scale', scale: Math.min(6, Math.max(0.25, z)) };
  remember();
  void relayout();
}

async function draw(n: number): Promise<boolean> {
  if (!doc || n < 1 || n > doc.numPages) return false;
  const scale = currentScale();
  if (rendered.get(n) === scale) return true;
  rendered.set(n, scale);
  const page = await doc.getPage(n);
  const vp = page.getViewport({ scale });
  const ratio = window.devicePixelRatio || 1;
  const canvas = el('canvas', { attrs: { 'aria-hidden': 'true' } });
  canvas.width = Math.floor(vp.width * ratio);
  canvas.height = Math.floor(vp.height * ratio);
  canvas.style.width = `${Math.floor(vp.width)}px`;
  canvas.style.height = `${Math.floor(vp.height)}px`;
  const holder = pages[n - 1];
  holder.style.width = canvas.style.width;
  holder.style.height = canvas.style.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return false;
  await page.render({ canvasContext: ctx, viewport: vp, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] }).promise;
  holder.replaceChildren(canvas);
  holder.dataset.drawn = 'true';
  return true;
}

function goTo(n: number, smooth = true): void {
  if (!doc) return;
  const page = Math.min(doc.numPages, Math.max(1, Math.round(n) || 1));
  pages[page - 1]?.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
  setPage(page);
}

function updateCurrentPage(): void {
  const top = viewer.getBoundingClientRect().top;
  let current = 1;
  for (const [i, p] of pages.entries()) {
    if (p.getBoundingClientRect().top - top <= viewer.clientHeight / 3) current = i + 1;
    else break;
  }
  if (current !== state.page) setPage(current);
}

function setPage(n: number): void {
  state.page = n;
  pageInput.value = String(n);
  remember();
}

function applyInvert(): void {
  document.body.classList.toggle('inverted', state.invert);
}

/** Keeps the document and the reader's place (VS Code restores the panel from it); tells the extension the place. */
function remember(source?: PdfSource): void {
  if (source) state.source = source;
  saved.setState(state);
  if (!source) post({ type: 'position', page: state.page, zoom: state.zoom });
}

keepSelectAllInFields();
document.addEventListener('keydown', (e) => {
  if (e.target instanceof HTMLInputElement) return;
  if (e.key === 'PageDown' || e.key === 'ArrowRight') goTo(state.page + 1);
  else if (e.key === 'PageUp' || e.key === 'ArrowLeft') goTo(state.page - 1);
  else if ((e.ctrlKey || e.metaKey) && (e.key === '+' || e.key === '=')) setZoom(currentScale() * 1.25);
  else if ((e.ctrlKey || e.metaKey) && e.key === '-') setZoom(currentScale() / 1.25);
});

void iconsLoaded().then(() => post({ type: 'ready' }));
