// The PDF viewer's keys: Ctrl+F / Cmd+F and F3 find, Ctrl +/−/0 and
// Ctrl+wheel (and a trackpad's pinch, which arrives as one) zoom, the pointer's
// point staying under it; Home/End and PgUp/PgDn go through the pages. Keys
// the page answers go no further: the workbench would answer them too.
import type { FindBar } from './pdfFindBar';
import type { PdfView } from './pdfView';

export interface KeyTargets {
  view(): PdfView | undefined;
  find(): FindBar | undefined;
  selectedText(): string;
}

const inField = (t: EventTarget | null) => t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement;

export function viewerKeys(container: HTMLElement, k: KeyTargets): void {
  document.addEventListener('keydown', (e) => {
    const view = k.view();
    if (!view) return;
    const mod = (e.ctrlKey || e.metaKey) && !e.altKey;
    let done = true;
    if (mod && e.key.toLowerCase() === 'f') k.find()?.open(k.selectedText());
    else if (e.key === 'F3') k.find()?.again(e.shiftKey);
    else if (mod && (e.key === '+' || e.key === '=')) view.step(1);
    else if (mod && e.key === '-') view.step(-1);
    else if (mod && e.key === '0') view.setZoom({ mode: 'scale', scale: 1 });
    else if (e.key === 'Escape' && k.find()?.isOpen) k.find()?.close();
    else if (inField(e.target) || e.target instanceof HTMLButtonElement || mod || e.altKey) done = false;
    else if (e.key === 'Home') view.goTo(1);
    else if (e.key === 'End') view.goTo(view.pagesCount);
    else if (e.key === 'PageDown' || (e.key === 'ArrowRight' && !wide(container))) view.goTo(view.page + 1);
    else if (e.key === 'PageUp' || (e.key === 'ArrowLeft' && !wide(container))) view.goTo(view.page - 1);
    else done = false;
    if (!done) return;
    e.preventDefault();
    e.stopPropagation();
  });
  container.addEventListener('wheel', (e) => {
    const view = k.view();
    if (!view || !(e.ctrlKey || e.metaKey)) return;
    e.preventDefault();
    e.stopPropagation();
    // A notch of a wheel (about 100 px) is 10 %; a pinch sends many small steps.
    const delta = e.deltaMode === WheelEvent.DOM_DELTA_LINE ? e.deltaY * 33 : e.deltaY;
    view.scaleBy(Math.exp(-delta / 1000), [e.clientX, e.clientY]);
  }, { passive: false });
}

/** Whether the pages are wider than the viewer (Left and Right then scroll). */
function wide(container: HTMLElement): boolean {
  return container.scrollWidth > container.clientWidth + 1;
}
