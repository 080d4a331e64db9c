import * as vscode from 'vscode';
import type { Logger, OpenedDownload, ServiceClient } from '../../core';
import { isFromPdf } from '../../shared/messageChecks';
import type { FromPdf, ToPdf, ZoomState } from '../../shared/messages';
import { describeError } from '../errorText';
import { formatBytes } from '../format';
import { PanelHost } from './panelHost';

const VIEW_TYPE = 'dsas.pdf';
/** Larger PDFs are offered for download instead: the page needs the whole file. */
const MAX_PDF_BYTES = 200 * 1024 * 1024;

/** What a viewer shows: a submission's summary, a PDF attachment or a PDF archive file. */
export type PdfSource =
  | { readonly kind: 'summary'; readonly submissionId: string }
  | { readonly kind: 'attachment'; readonly submissionId: string; readonly id: string; readonly ticket: string; readonly name: string }
  | { readonly kind: 'archive'; readonly id: string; readonly ticket: string; readonly name: string };

/** What the viewers need from the extension. */
export interface PdfPanelDeps {
  readonly extensionUri: vscode.Uri;
  readonly log: Logger;
  /** The signed-in client, read each time a document loads. */
  readonly session: { readonly client: ServiceClient };
  /** The viewer's "Save PDF…": the same document, downloaded where the user chooses (under the commands' error handler). */
  save(source: PdfSource): void;
}

interface Saved { source?: PdfSource; page?: number; zoom?: ZoomState }

function keyOf(s: PdfSource): string {
  return s.kind === 'summary' ? `summary/${s.submissionId}` : s.kind === 'attachment' ? `attachment/${s.submissionId}/${s.id}` : `archive/${s.id}`;
}

/**
 * PDF viewers rendered with pdf.js inside the extension, one panel per
 * document, reused, restored after a reload at the page the reader left.
 */
export class PdfPanels implements vscode.Disposable {
  private readonly open = new Map<string, { host: PanelHost<ToPdf, FromPdf>; source: PdfSource; position: Saved }>();
  private readonly reported = new vscode.EventEmitter<{ key: string; message: FromPdf }>();
  readonly onDidReport = this.reported.event;
  private readonly subs: vscode.Disposable[] = [this.reported];

  constructor(private readonly deps: PdfPanelDeps) {
    this.subs.push(vscode.window.registerWebviewPanelSerializer(VIEW_TYPE, {
      deserializeWebviewPanel: async (panel, state: Saved | undefined) => {
        if (state?.source) this.attach(panel, state.source, state);
        else panel.dispose();
      },
    }));
  }

  show(source: PdfSource): PanelHost<ToPdf, FromPdf> {
    const existing = this.open.get(keyOf(source));
    if (existing) {
      existing.host.panel.reveal();
      return existing.host;
    }
    const panel = vscode.window.createWebviewPanel(VIEW_TYPE, titleOf(source), vscode.ViewColumn.Active, {
      // Keeps the rendered pages and the reader's place while the tab is hidden.
      retainContextWhenHidden: true,
    });
    return this.attach(panel, source, {});
  }

  private attach(panel: vscode.WebviewPanel, source: PdfSource, position: Saved): PanelHost<ToPdf, FromPdf> {
    const key = keyOf(source);
    panel.title = titleOf(source);
    const host = new PanelHost<ToPdf, FromPdf>(panel, this.deps.extensionUri, { title: titleOf(source), script: 'pdfViewer.js', bodyClass: 'pdf' }, { accepts: isFromPdf, log: this.deps.log });
    const entry = { host, source, position };
    this.open.set(key, entry);
    host.onMessage((m) => {
      this.reported.fire({ key, message: m });
      if (m.type === 'position') entry.position = { page: m.page, zoom: m.zoom };
      else if (m.type === 'refresh') void this.load(entry);
      else if (m.type === 'save') this.deps.save(source);
      else if (m.type === 'failed') this.deps.log.warn(`PDF viewer ${key}: ${m.message}`);
    });
    panel.onDidDispose(() => {
      this.open.delete(key);
      host.dispose();
    });
    void this.load(entry);
    return host;
  }

  private async load(entry: { host: PanelHost<ToPdf, FromPdf>; source: PdfSource; position: Saved }): Promise<void> {
    const { host, source } = entry;
    host.post({ type: 'loading', title: titleOf(source) });
    try {
      const bytes = await readAll(await this.openSource(source));
      host.post({
        type: 'pdf', title: titleOf(source), bytes, page: entry.position.page, zoom: entry.position.zoom,
        invertInDark: true,
      });
    } catch (e) {
      host.post({ type: 'error', message: describeError(e) });
    }
  }

  private openSource(s: PdfSource): Promise<OpenedDownload> {
    const client = this.deps.session.client;
    if (s.kind === 'summary') return client.openSummary(s.submissionId);
    if (s.kind === 'attachment') return client.openAttachment(s.submissionId, { id: s.id, ticket: s.ticket, name: s.name });
    return client.openArchiveFile({ id: s.id, ticket: s.ticket, name: s.name });
  }

  dispose(): void {
    for (const { host } of this.open.values()) host.panel.dispose();
    this.subs.forEach((d) => d.dispose());
  }
}

export function titleOf(s: PdfSource): string {
  return s.kind === 'summary' ? vscode.l10n.t('Summary {0}', s.submissionId) : s.name;
}

/** Reads a download into one buffer, refusing more than MAX_PDF_BYTES. */
async function readAll(d: OpenedDownload): Promise<Uint8Array> {
  if (d.length !== undefined && d.length > MAX_PDF_BYTES) {
    d.stream.destroy();
    throw new Error(vscode.l10n.t('This PDF is too large to show here ({0}); download it instead.', formatBytes(d.length)));
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of d.stream as AsyncIterable<Buffer>) {
    size += c.length;
    if (size > MAX_PDF_BYTES) {
      d.stream.destroy();
      throw new Error(vscode.l10n.t('This PDF is too large to show here; download it instead.'));
    }
    chunks.push(c);
  }
  const all = Buffer.concat(chunks);
  return new Uint8Array(all.buffer, all.byteOffset, all.length);
}
