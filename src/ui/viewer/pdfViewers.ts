import * as vscode from 'vscode';
import { errorDetail, openToRead, readAtMost, ServiceError, type OpenedDownload, type ServiceClient, type SubmissionDetail } from '../../core';
import { isFromPdf, isPdfState, type FromPdf, type PdfPlace, type PdfSource, type ToPdf } from '../../shared/pdfProtocol';
import { formatBytes } from '../text/format';
import { differs, knownOf, type Known } from '../submissions/submissionUpdates';
import { oneLine, safeText } from '../text/text';
import { PanelHost } from '../panels/panelHost';
import { PanelSet } from '../panels/panelSet';
import type { PdfMemory } from './pdfMemory';
import type { SubmissionUpdates } from '../submissions/submissionUpdates';
import { ownedNow, PanelLoad, panelClient, reloadFailedOnSignIn, revealOrOpen, stillCurrent, type PanelDeps, type PanelOwner } from '../panels/panelLoad';
import { serviceNow, withConnectionName } from '../session/whichConnection';
import { PDF_VIEW_TYPE } from './pdfViewType';

/** pdf.js's own style sheet for its pages and layers, then the viewer's. */
const PDF_STYLES = ['dist/webview/pdfjs/pdf_viewer.css', 'media/pdfViewer.css'];
/** Larger PDFs are offered for download instead: the page needs the whole file. */
const MAX_PDF_BYTES = 200 * 1024 * 1024;

export type { PdfSource };

/** What the viewers need from the extension. */
export interface PdfPanelDeps extends PanelDeps {
  /** What panels follow, and where their loads say what they learned. */
  readonly updates: Pick<SubmissionUpdates, 'onDidLearnAny' | 'learned'>;
  /** The viewer's "Save PDF…": the same document, downloaded where the user chooses (under the commands' error handler); a summary's submission's form reference as the viewer knows it. */
  save(source: PdfSource, formReference?: string): void;
  /** The viewer's "Archive…" (a summary or an attachment), under the commands' error handler. */
  archive(source: PdfSource, formReference?: string): void;
  /** Where the reader left each document, across closed tabs and windows. */
  readonly memory: PdfMemory;
}

interface Entry {
  readonly host: PanelHost<ToPdf, FromPdf>;
  readonly source: PdfSource;
  readonly loader: PanelLoad;
  /** Aborts when the panel closes: a download under way for it ends, and gives its connection back. */
  readonly closed: AbortSignal;
  /** Where the reader is (none yet: the document's start, at the width of the panel). */
  position?: PdfPlace;
  /** A summary's submission as it was when the summary was loaded, to tell when to offer a reload. */
  shown?: Known;
  /** The form reference of a summary's submission, for its title. */
  formReference?: string;
}

/** The document a panel shows, for the host tests' tap: its kind and ids. */
function tapKeyOf(s: PdfSource): string {
  switch (s.kind) {
    case 'summary': return `summary/${s.submissionId}`;
    case 'attachment': return `attachment/${s.submissionId}/${s.id}`;
    case 'archive': return `archive/${s.id}`;
    case 'file': return `file/${s.path}`;
  }
}

/** A panel's key: a service's document with its connection's id and account, since ids are each service's own. */
function keyOf(s: PdfSource): string {
  return s.kind === 'file' ? tapKeyOf(s) : `${s.connectionId ?? ''}\n${s.service ?? ''}\n${tapKeyOf(s)}`;
}

/**
 * PDF viewers rendered with pdf.js inside the extension, one panel per
 * document, reused, restored after a reload at the page the reader left. A
 * summary offers to reload when its submission changed. Loaded apart, on
 * first use (see pdfPanels.ts).
 */
export class PdfViewers implements vscode.Disposable {
  // Brought back after a reload through PdfPanels' serializer, registered at activation.
  private readonly open = new PanelSet<Entry>();
  private readonly subs: vscode.Disposable[] = [this.open];

  constructor(private readonly deps: PdfPanelDeps) {
    this.subs.push(
      // What a connection learned is news for that connection's summary only.
      deps.updates.onDidLearnAny((l) => {
        const e = this.open.get(keyOf({ kind: 'summary', submissionId: l.id, connectionId: l.connectionId, service: serviceNow(deps.sessions.get(l.connectionId)) }));
        if (e?.shown && !e.loader.busy && differs(e.shown, knownOf(l))) {
          e.shown = undefined; // offered once per load
          e.host.post({ type: 'changed' }, true);
        }
      }),
      deps.connections.onDidChange(() => {
        for (const e of this.open.values()) {
          e.host.panel.title = this.title(e.source, e.formReference);
          e.loader.followOwner();
        }
      }),
    );
  }

  /** The workspace's connection: a service's document given without one is of it. */
  private inUse(): string {
    return this.deps.session.connection?.id ?? '';
  }

  /** The document's title, with its connection's name when there are several. */
  private title(source: PdfSource, formReference?: string): string {
    return source.kind === 'file' ? titleOf(source) : withConnectionName(titleOf(source, formReference), this.deps.connections, source.connectionId);
  }

  /** `source` with its connection: the given one, else the workspace's. */
  private ofConnection(source: PdfSource): PdfSource {
    return source.kind === 'file' || source.connectionId !== undefined ? source : { ...source, connectionId: this.inUse() };
  }

  /** The connection and account a service's document is fetched for. */
  private ownerOf(s: Exclude<PdfSource, { kind: 'file' }>): PanelOwner {
    return { connectionId: s.connectionId ?? this.inUse(), service: s.service };
  }

  /** Opens (or focuses) the viewer of a document and loads it (see revealOrOpen): of the account its connection points at now, unless it names one (a History's link). */
  async show(given: PdfSource, formReference?: string): Promise<PanelHost<ToPdf, FromPdf>> {
    const of = this.ofConnection(given);
    const source = of.kind === 'file' || of.service !== undefined ? of : { ...of, service: serviceNow(this.deps.sessions.get(of.connectionId ?? '')) };
    return revealOrOpen(this.open.get(keyOf(source)), () => {
      const panel = vscode.window.createWebviewPanel(PDF_VIEW_TYPE, this.title(source, formReference), vscode.ViewColumn.Active, {
        // Keeps the rendered pages and the reader's place while the tab is hidden.
        retainContextWhenHidden: true,
      });
      return this.attach(panel, source, this.deps.memory.get(keyOf(source)), formReference);
    });
  }

  /** A panel VS Code made for a PDF on disk (the custom editor): the viewer shows the file there, at its remembered place. */
  async adopt(panel: vscode.WebviewPanel, source: PdfSource): Promise<void> {
    const entry = this.attach(panel, source, this.deps.memory.get(keyOf(source)));
    await entry.loader.load().catch(() => undefined);
  }

  /** A viewer VS Code brings back after a window reload, at the reader's place; it loads once the session has started, only while its connection points at the account it was opened for. */
  restore(panel: vscode.WebviewPanel, state: unknown): void {
    if (!isPdfState(state)) {
      panel.dispose();
      return;
    }
    const entry = this.attach(panel, this.ofConnection(state.source), { page: Math.max(1, state.page), zoom: state.zoom, left: state.left, top: state.top });
    void entry.loader.load().catch(() => undefined);
  }

  private attach(panel: vscode.WebviewPanel, source: PdfSource, position: PdfPlace | undefined, formReference?: string): Entry {
    const key = keyOf(source);
    panel.title = this.title(source, formReference);
    const host = new PanelHost<ToPdf, FromPdf>(panel, this.deps.extensionUri, { title: panel.title, script: 'pdfViewer.js', bodyClass: 'pdf', styles: PDF_STYLES, blobWorkers: true }, { accepts: isFromPdf, log: this.deps.log, tap: this.deps.tap && { tap: this.deps.tap, key: tapKeyOf(source) } });
    const owner = source.kind === 'file' ? undefined : this.ownerOf(source);
    const loader = new PanelLoad(() => this.fetch(entry), host, () => !owner || ownedNow(this.deps, owner));
    const closing = new AbortController();
    const entry: Entry = { host, source, loader, closed: closing.signal, position, formReference };
    const signedIn = owner && reloadFailedOnSignIn(this.deps, owner.connectionId, loader);
    this.open.add(key, entry, () => {
      closing.abort();
      signedIn?.dispose();
      host.dispose();
    });
    host.onMessage((m) => {
      if (m.type === 'position') {
        entry.position = { page: m.page, zoom: m.zoom, left: m.left, top: m.top };
        void this.deps.memory.set(key, entry.position);
      }
      else if (m.type === 'refresh') void loader.load().catch(() => undefined);
      else if (m.type === 'save') this.deps.save(source, entry.formReference);
      else if (m.type === 'archive') this.deps.archive(source, entry.formReference);
      else if (m.type === 'failed') this.deps.log.warn(`PDF viewer ${key}: ${oneLine(m.message)}`); // one line: no line of its own in the log
      else if (m.type === 'colors') void this.deps.memory.setColors(m.mode);
      else if (m.type === 'openLink') this.openLink(key, m.url);
    });
    return entry;
  }

  /**
   * A link of the document to a web page or an e-mail address, opened by VS
   * Code: a web page only once the user said yes to its question (link
   * protection), unless its domain is trusted. What came of it is logged.
   */
  private openLink(key: string, url: string): void {
    const uri = vscode.Uri.parse(url, true);
    vscode.env.openExternal(uri).then(
      (opened) => this.deps.log.info(`PDF viewer ${key}: ${uri.toString()} ${opened ? 'opened' : 'not opened (declined)'}`),
      (e: unknown) => this.deps.log.warn(`PDF viewer ${key}: ${uri.toString()} not opened: ${errorDetail(e)}`));
  }

  private async fetch(entry: Entry): Promise<void> {
    const { host, source } = entry;
    host.post({ type: 'loading', title: this.title(source, entry.formReference), source }, true);
    try {
      // A summary's submission too: its title, and what to compare later news with.
      const signal = entry.closed;
      const client = source.kind === 'summary' ? await this.client(source) : undefined;
      const [bytes, detail] = await Promise.all([
        this.openSource(source, signal).then((d) => readAll(d, source.kind === 'file')),
        client && source.kind === 'summary' ? client.getSubmission(source.submissionId, { signal }).catch(() => undefined) : undefined,
      ]);
      if (detail && client && source.kind === 'summary') this.learned(source, client, detail);
      if (detail) {
        entry.shown = knownOf({ detail });
        entry.formReference = detail.formReference || entry.formReference;
        host.panel.title = this.title(source, entry.formReference);
      }
      host.post({
        type: 'pdf', title: this.title(source, entry.formReference), bytes, place: entry.position, colors: this.deps.memory.colors,
        invertInDark: true,
      });
    } catch (e) {
      if (!entry.closed.aborted) this.deps.log.error(`PDF viewer ${keyOf(source)}: ${errorDetail(e)}`);
      throw e;
    }
  }

  /** What a summary's load fetched of its submission, said for its connection while that one still uses the client. */
  private learned(s: Extract<PdfSource, { kind: 'summary' }>, client: ServiceClient, detail: SubmissionDetail): void {
    const connectionId = s.connectionId ?? this.inUse();
    const own = this.deps.sessions.get(connectionId);
    if (own && stillCurrent(own, client)) this.deps.updates.learned({ id: s.submissionId, detail, connectionId });
  }

  /** The client of the document's connection, while it points at the account the document was opened for. */
  private client(s: Exclude<PdfSource, { kind: 'file' }>): Promise<ServiceClient> {
    return panelClient(this.deps, this.ownerOf(s));
  }

  /** The document's bytes: from the service, or (a download opened) from the disk, which needs no sign-in. */
  private async openSource(s: PdfSource, signal: AbortSignal): Promise<OpenedDownload> {
    if (s.kind === 'file') {
      const { stream, length } = await openToRead(s.path, s.name);
      return { stream, fileName: s.name, length };
    }
    const client = await this.client(s);
    if (s.kind === 'summary') return client.openSummary(s.submissionId, { signal });
    if (s.kind === 'attachment') return client.openAttachment(s.submissionId, { id: s.id, ticket: s.ticket, name: s.name }, { signal });
    return client.openArchiveFile({ id: s.id, ticket: s.ticket, name: s.name }, { signal });
  }

  dispose(): void {
    this.subs.forEach((d) => d.dispose());
  }
}

/** `Summary: <form reference>` (the id while the reference is not known); a file's name. */
export function titleOf(s: PdfSource, formReference?: string): string {
  return s.kind === 'summary' ? vscode.l10n.t('Summary: {0}', safeText(formReference || s.submissionId, 60)) : s.name;
}

/**
 * Reads a download into one buffer, refusing more than MAX_PDF_BYTES: a
 * limit, said as one (not as something that went wrong), with what to do,
 * which for a file on disk is not to download it.
 */
async function readAll(d: OpenedDownload, onDisk: boolean): Promise<Uint8Array> {
  const tooLarge = (size?: number) => new ServiceError('localFile', size === undefined
    ? (onDisk ? vscode.l10n.t('This PDF is too large to show here; open it in another program.') : vscode.l10n.t('This PDF is too large to show here; download it instead.'))
    : (onDisk ? vscode.l10n.t('This PDF is too large to show here ({0}); open it in another program.', formatBytes(size)) : vscode.l10n.t('This PDF is too large to show here ({0}); download it instead.', formatBytes(size))));
  if (d.length !== undefined && d.length > MAX_PDF_BYTES) {
    d.stream.destroy();
    throw tooLarge(d.length);
  }
  const all = await readAtMost(d.stream, MAX_PDF_BYTES, () => tooLarge());
  return new Uint8Array(all.buffer, all.byteOffset, all.length);
}
