// pdf.js ships no types for its worker module; the viewer only hands it to pdf.js.
declare module 'pdfjs-dist/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
