// pdf.js for the viewer page. Imported before the viewer components: they
// read the core library from `globalThis.pdfjsLib` when their module is
// evaluated, and a bundle evaluates its modules in import order.
import * as pdfjs from 'pdfjs-dist';
import workerSource from 'pdfjs-dist/build/pdf.worker.min.mjs' with { type: 'text' };

(globalThis as { pdfjsLib?: unknown }).pdfjsLib = pdfjs;

// pdf.js parses in a real worker, so that a large PDF never holds up the page. A worker loaded from a webview
// resource URL fails (microsoft/vscode#87282): the worker's code comes inside this bundle, as text, and runs as
// a module worker from a blob: URL, which the page's CSP allows (`worker-src blob:`) and nothing else.
const workerUrl = URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
pdfjs.GlobalWorkerOptions.workerPort = new Worker(workerUrl, { type: 'module', name: 'pdf.js' });

export { pdfjs };
