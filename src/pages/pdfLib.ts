// pdf.js for the viewer page. Imported before the viewer components: they
// read the core library from `globalThis.pdfjsLib` when their module is
// evaluated, and a bundle evaluates its modules in import order.
import * as pdfjs from 'pdfjs-dist';
import * as pdfjsWorker from 'pdfjs-dist/build/pdf.worker.mjs';

(globalThis as { pdfjsLib?: unknown }).pdfjsLib = pdfjs;

// A worker loaded from a webview resource URL fails (and blob: workers would
// loosen the CSP): the worker code is bundled here and pdf.js runs it on the
// page ("fake worker"). Pages are rendered lazily, so this stays responsive.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;

export { pdfjs };
