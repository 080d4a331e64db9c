import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DownloadResult, Logger } from '../../core';
import type { InputHolder } from '../input/userInput';
import { offerOpen } from './downloads';
import type { PdfPanels, PdfSource } from '../viewer/pdfPanels';

/** Where a PDF is shown: the extension's viewer. */
export type PdfViewer = Pick<PdfPanels, 'show'>;

/** What offering to open a download uses: the prompts, the log and the viewer. */
export interface OpenOffer {
  readonly input: InputHolder;
  readonly log: Logger;
  readonly pdfs: PdfViewer;
}

/** Told by the MIME type where the service gives one, else by the name. */
export const isPdf = (name: string, mimetype?: string): boolean => mimetype === 'application/pdf' || /\.pdf$/i.test(name);

/** A file to show: its name, where an editor reads it, and the same document as the PDF viewer fetches it. */
export interface Openable {
  readonly name: string;
  readonly mimetype?: string;
  readonly uri: vscode.Uri;
  readonly pdf: PdfSource;
}

/**
 * The one way a file is opened, be it an archive file, an attachment or a
 * download: a PDF in the extension's viewer, anything else in the editor VS
 * Code associates with its name (the image preview for images, a text editor
 * for text), so that user's editor associations are honoured.
 */
export async function openInEditor(pdfs: PdfViewer, f: Openable): Promise<void> {
  if (isPdf(f.name, f.mimetype)) await pdfs.show(f.pdf);
  else await vscode.commands.executeCommand('vscode.open', f.uri, { preview: true });
}

/** After a download or Save PDF: where the file went, with Open (as openInEditor opens it) and Reveal. */
export function offerOpenDownload(deps: OpenOffer, result: DownloadResult): void {
  offerOpen(deps.input.current, deps.log, result, (uri) => {
    const name = path.basename(uri.fsPath);
    return openInEditor(deps.pdfs, { name, uri, pdf: { kind: 'file', path: uri.fsPath, name } });
  });
}
