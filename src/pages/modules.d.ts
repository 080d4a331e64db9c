// The worker's code as text (an import with `type: 'text'`): the viewer starts it from a blob: URL.
declare module 'pdfjs-dist/build/pdf.worker.min.mjs' {
  const source: string;
  export default source;
}
