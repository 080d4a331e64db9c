import * as vscode from 'vscode';
import { partApart } from '../partApart';
import { PDF_VIEW_TYPE } from './pdfViewType';
import type { PdfPanelDeps, PdfSource, PdfViewers } from './pdfViewers';

export type { PdfPanelDeps, PdfSource };

/**
 * The PDF viewer's host side, bundled apart (dist/pdfViewerHost.js, see
 * esbuild.mjs): loaded when a PDF is first shown or brought back after a
 * reload, never at activation.
 */
const pdfViewerHost = partApart('pdfViewerHost.js', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./pdfViewers') as typeof import('./pdfViewers');
});

/** The PDF viewers as the commands use them: activation registers only their serializer; PdfViewers is made on first use. */
export class PdfPanels implements vscode.Disposable {
  private made?: PdfViewers;
  private readonly serializer: vscode.Disposable;

  constructor(private readonly deps: PdfPanelDeps) {
    this.serializer = vscode.window.registerWebviewPanelSerializer(PDF_VIEW_TYPE, { deserializeWebviewPanel: async (panel, state: unknown) => this.restore(panel, state) });
  }

  private viewers(): PdfViewers {
    return (this.made ??= new (pdfViewerHost().PdfViewers)(this.deps));
  }

  /** Opens (or focuses) the viewer of a document and loads it. */
  show(...args: Parameters<PdfViewers['show']>): ReturnType<PdfViewers['show']> {
    return this.viewers().show(...args);
  }

  /** A panel VS Code made for a PDF on disk (the custom editor). */
  adopt(...args: Parameters<PdfViewers['adopt']>): ReturnType<PdfViewers['adopt']> {
    return this.viewers().adopt(...args);
  }

  /** A viewer VS Code brings back after a window reload. */
  restore(panel: vscode.WebviewPanel, state: unknown): void {
    this.viewers().restore(panel, state);
  }

  dispose(): void {
    this.serializer.dispose();
    this.made?.dispose();
  }
}
