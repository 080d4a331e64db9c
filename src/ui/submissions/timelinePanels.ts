import * as vscode from 'vscode';
import { errorDetail } from '../../core';
import { isFromTimeline, isTimelineState, type FromTimeline, type ToTimeline } from '../../shared/timelineProtocol';
import { differs, knownOf, type Known } from './submissionUpdates';
import { safeText } from '../text/text';
import { PanelHost } from '../panels/panelHost';
import { PanelSet } from '../panels/panelSet';
import type { SubmissionUpdates } from './submissionUpdates';
import { ownedNow, PanelLoad, panelClient, reloadFailedOnSignIn, revealOrOpen, stillCurrent, type PanelDeps, type PanelOwner } from '../panels/panelLoad';
import { toTimeline } from './timelineData';
import { serviceNow, withConnectionName } from '../session/whichConnection';

const VIEW_TYPE = 'dsas.timeline';

/** What the timelines need from the extension; the page's buttons run the last two (under the commands' error handler), for the panel's own connection and account. */
export interface TimelinePanelDeps extends PanelDeps {
  /** What panels follow, and where their loads say what they learned. */
  readonly updates: Pick<SubmissionUpdates, 'onDidLearnAny' | 'learned'>;
  openSummary(owner: PanelOwner, submissionId: string, formReference?: string): void;
  downloadAttachment(owner: PanelOwner, submissionId: string, attachmentId: string): void;
}

/**
 * A panel's key: submission ids are each service's own, so the same id on
 * two connections, or on one connection before and after it was pointed at
 * another account, is two submissions.
 */
const keyOf = (o: PanelOwner, submissionId: string): string => `${o.connectionId}\n${o.service ?? ''}\n${submissionId}`;

interface Entry {
  readonly host: PanelHost<ToTimeline, FromTimeline>;
  /** The connection whose submission it is, and the account it was opened for: fetched with its session only, whatever the workspace uses, and only while it points there. */
  readonly owner: PanelOwner;
  readonly submissionId: string;
  formReference?: string;
  readonly loader: PanelLoad;
  /** Aborts when the panel closes: a load under way for it ends, its requests with it. */
  readonly closed: AbortSignal;
  /** What the page shows, to tell whether something learned since is news. */
  shown?: Known;
}

/** `History: <form reference>`, or the id while the reference is not known. */
export function historyTitle(submissionId: string, formReference?: string): string {
  return vscode.l10n.t('History: {0}', safeText(formReference || submissionId, 60));
}

/**
 * History timelines, one panel per submission of a connection: opening the same one again
 * focuses it (and loads it again if its last load failed); an open panel
 * loads again when the extension learns that its submission changed;
 * panels come back after a window reload (serializer).
 */
export class TimelinePanels implements vscode.Disposable {
  private readonly open = new PanelSet<Entry>(VIEW_TYPE, (panel, state) => this.restore(panel, state));
  private readonly drawn = new vscode.EventEmitter<{ readonly connectionId: string; readonly submissionId: string }>();
  /** A History page drew its connection's submission: the user has seen its responses. */
  readonly onDidShowHistory = this.drawn.event;
  private readonly subs: vscode.Disposable[] = [this.open, this.drawn];

  constructor(private readonly deps: TimelinePanelDeps) {
    this.subs.push(
      // What a connection learned is news for that connection's panel only.
      deps.updates.onDidLearnAny((l) => {
        const e = this.open.get(keyOf(this.ownerNow(l.connectionId), l.id));
        if (e?.shown && !e.loader.busy && differs(e.shown, knownOf(l))) {
          this.deps.log.info(`timeline ${l.id}: the submission changed; loading it again.`);
          void e.loader.load().catch(() => undefined);
        }
      }),
      deps.connections.onDidChange(() => {
        for (const e of this.open.values()) {
          e.host.panel.title = this.title(e);
          e.loader.followOwner();
        }
      }),
    );
  }

  /** The workspace's connection (what a History shown without one belongs to). */
  private inUse(): string {
    return this.deps.session.connection?.id ?? '';
  }

  /** Connection `connectionId` with the account it points at now: what a History opened from it now is of. */
  private ownerNow(connectionId: string): PanelOwner {
    return { connectionId, service: serviceNow(this.deps.sessions.get(connectionId)) };
  }

  /** `History: <form reference>`, with its connection's name when there are several. */
  private title(e: Pick<Entry, 'owner' | 'submissionId' | 'formReference'>): string {
    return withConnectionName(historyTitle(e.submissionId, e.formReference), this.deps.connections, e.owner.connectionId);
  }

  /** Opens (or focuses) the timeline of connection `connectionId`'s submission and loads it (see revealOrOpen). */
  async show(connectionId: string, submissionId: string, formReference?: string): Promise<PanelHost<ToTimeline, FromTimeline>> {
    const owner = this.ownerNow(connectionId);
    return revealOrOpen(this.open.get(keyOf(owner, submissionId)), () => {
      const panel = vscode.window.createWebviewPanel(VIEW_TYPE, this.title({ owner, submissionId, formReference }), vscode.ViewColumn.Active, {
        enableFindWidget: true,
        // A small page: kept while hidden, so switching tabs neither reloads it nor
        // tears its frame down (the browser workbench can then leave the next new webview blank).
        retainContextWhenHidden: true,
      });
      return this.attach(panel, owner, submissionId, formReference);
    });
  }

  /** A panel VS Code brings back after a window reload; it loads once the session has started, only while its connection points at the account it was opened for. */
  restore(panel: vscode.WebviewPanel, state: unknown): void {
    if (!isTimelineState(state)) {
      panel.dispose();
      return;
    }
    // Kept by an earlier version without its connection: the workspace's; without its account: not fetched (see ownSession).
    const entry = this.attach(panel, { connectionId: state.connectionId ?? this.inUse(), service: state.service }, state.submissionId);
    void entry.loader.load().catch(() => undefined);
  }

  private attach(panel: vscode.WebviewPanel, owner: PanelOwner, submissionId: string, formReference?: string): Entry {
    const host = new PanelHost<ToTimeline, FromTimeline>(panel, this.deps.extensionUri, { title: vscode.l10n.t('History'), script: 'timeline.js' }, { accepts: isFromTimeline, log: this.deps.log, tap: this.deps.tap && { tap: this.deps.tap, key: submissionId } });
    const loader = new PanelLoad(() => this.fetch(entry), host, () => ownedNow(this.deps, owner));
    const closing = new AbortController();
    const entry: Entry = { host, owner, submissionId, formReference, loader, closed: closing.signal };
    const { connectionId } = owner;
    const signedIn = reloadFailedOnSignIn(this.deps, connectionId, loader);
    this.open.add(keyOf(owner, submissionId), entry, () => {
      closing.abort();
      signedIn.dispose();
      host.dispose();
    });
    host.onMessage((m) => {
      if (m.type === 'refresh') void loader.load().catch(() => undefined);
      else if (m.type === 'openSummary') this.deps.openSummary(owner, submissionId, entry.formReference);
      else if (m.type === 'downloadAttachment') this.deps.downloadAttachment(owner, submissionId, m.attachmentId);
      else if (m.type === 'rendered') {
        this.deps.log.debug(`timeline ${submissionId}: ${m.events} events, ${m.recipients} recipients`);
        this.drawn.fire({ connectionId, submissionId });
      }
    });
    return entry;
  }

  private async fetch(entry: Entry): Promise<void> {
    const { host, submissionId, owner } = entry;
    const { connectionId } = owner;
    host.post({ type: 'loading', submissionId, connectionId, service: owner.service }, true);
    try {
      const client = await panelClient(this.deps, owner);
      const signal = entry.closed;
      const [detail, history, status] = await Promise.all([
        client.getSubmission(submissionId, { signal }), client.getHistory(submissionId, { signal }), client.getStatus(submissionId, { signal }).catch(() => undefined),
      ]);
      // Closed meanwhile (a status that failed does not stop the others): nothing to show it in.
      if (signal.aborted) return;
      const data = toTimeline(detail, history, status?.status);
      entry.shown = knownOf({ state: status?.status, detail });
      entry.formReference = data.formReference || entry.formReference;
      host.panel.title = this.title(entry);
      host.post({ type: 'data', data });
      const own = this.deps.sessions.get(connectionId);
      if (own && stillCurrent(own, client)) this.deps.updates.learned({ id: submissionId, detail, state: status?.status, connectionId });
    } catch (e) {
      // A tab the user closed while it loaded is no failure.
      if (!entry.closed.aborted) this.deps.log.error(`timeline ${submissionId}: ${errorDetail(e)}`);
      throw e;
    }
  }

  dispose(): void {
    this.subs.forEach((d) => d.dispose());
  }
}
