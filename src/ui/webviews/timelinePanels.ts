import * as vscode from 'vscode';
import type { Logger, ServiceClient, ServiceTime, SubmissionDetail, SubmissionHistory } from '../../core';
import { isFromTimeline } from '../../shared/messageChecks';
import type { FromTimeline, TimeView, TimelineData, ToTimeline } from '../../shared/messages';
import { describeError } from '../errorText';
import { safeText } from '../text';
import { PanelHost } from './panelHost';

const VIEW_TYPE = 'dsas.timeline';

interface Saved { submissionId?: string }

/** What the timelines need from the extension; the page's buttons run the last two (under the commands' error handler). */
export interface TimelinePanelDeps {
  readonly extensionUri: vscode.Uri;
  readonly log: Logger;
  /** The signed-in client, read each time a timeline loads. */
  readonly session: { readonly client: ServiceClient };
  openSummary(submissionId: string): void;
  downloadAttachment(submissionId: string, attachmentId: string): void;
}

/**
 * History timelines, one panel per submission: opening the same one again
 * focuses it; panels come back after a window reload (serializer).
 */
export class TimelinePanels implements vscode.Disposable {
  private readonly open = new Map<string, PanelHost<ToTimeline, FromTimeline>>();
  private readonly reported = new vscode.EventEmitter<{ submissionId: string; message: FromTimeline }>();
  /** What pages report (rendered counts…): used by tests and logged. */
  readonly onDidReport = this.reported.event;
  private readonly subs: vscode.Disposable[] = [this.reported];

  constructor(private readonly deps: TimelinePanelDeps) {
    this.subs.push(vscode.window.registerWebviewPanelSerializer(VIEW_TYPE, {
      deserializeWebviewPanel: async (panel, state: Saved | undefined) => {
        if (state?.submissionId) this.attach(panel, state.submissionId);
        else panel.dispose();
      },
    }));
  }

  /** Opens (or focuses) the timeline of a submission and loads it. */
  show(submissionId: string): PanelHost<ToTimeline, FromTimeline> {
    const existing = this.open.get(submissionId);
    if (existing) {
      existing.panel.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(VIEW_TYPE, vscode.l10n.t('History {0}', submissionId), vscode.ViewColumn.Active, {
      enableFindWidget: true,
      // A small page: kept while hidden, so switching tabs neither reloads it nor
      // tears its frame down (the browser workbench can then leave the next new webview blank).
      retainContextWhenHidden: true,
    });
    return this.attach(panel, submissionId);
  }

  private attach(panel: vscode.WebviewPanel, submissionId: string): PanelHost<ToTimeline, FromTimeline> {
    const host = new PanelHost<ToTimeline, FromTimeline>(panel, this.deps.extensionUri, { title: vscode.l10n.t('History'), script: 'timeline.js' }, { accepts: isFromTimeline, log: this.deps.log });
    this.open.set(submissionId, host);
    host.onMessage((m) => {
      this.reported.fire({ submissionId, message: m });
      if (m.type === 'refresh') void this.load(host, submissionId);
      else if (m.type === 'openSummary') this.deps.openSummary(submissionId);
      else if (m.type === 'downloadAttachment') this.deps.downloadAttachment(submissionId, m.attachmentId);
      else if (m.type === 'rendered') this.deps.log.debug(`timeline ${submissionId}: ${m.events} events, ${m.recipients} recipients`);
    });
    panel.onDidDispose(() => {
      this.open.delete(submissionId);
      host.dispose();
    });
    void this.load(host, submissionId);
    return host;
  }

  private async load(host: PanelHost<ToTimeline, FromTimeline>, submissionId: string): Promise<void> {
    host.post({ type: 'loading' });
    try {
      const client = this.deps.session.client;
      const [detail, history, status] = await Promise.all([
        client.getSubmission(submissionId), client.getHistory(submissionId), client.getStatus(submissionId).catch(() => undefined),
      ]);
      const data = toTimeline(detail, history, status?.status);
      host.panel.title = vscode.l10n.t('History: {0}', safeText(data.formReference || submissionId, 60));
      host.post({ type: 'data', data });
    } catch (e) {
      this.deps.log.error(`timeline ${submissionId}: ${describeError(e)}`);
      host.post({ type: 'error', message: describeError(e) });
    }
  }

  dispose(): void {
    for (const h of this.open.values()) h.panel.dispose();
    this.subs.forEach((d) => d.dispose());
  }
}

function timeView(t: ServiceTime): TimeView {
  return { raw: t.raw, ms: t.date?.getTime() };
}

export function toTimeline(d: SubmissionDetail, h: SubmissionHistory, status?: string): TimelineData {
  return {
    id: d.id,
    formReference: d.formReference,
    created: timeView(d.created),
    status: status ?? (d.completed === undefined ? 'UNKNOWN' : d.completed ? 'COMPLETED' : 'PENDING'),
    counters: {
      involved: d.total.involved ?? h.summary.total.involved,
      signing: d.total.signing ?? h.summary.total.signing,
      nonsigning: d.total.nonsigning ?? h.summary.total.nonsigning,
      accepted: d.total.accepted ?? h.summary.total.accepted,
      clarified: d.total.clarified,
      rejected: d.total.rejected,
    },
    events: h.events.map((e) => ({ time: timeView(e.time), description: e.description })),
    recipients: d.recipients.map((r) => ({
      name: r.name, email: r.email, recpType: r.recpType,
      viewed: r.submissionViewed, timeViewed: timeView(r.timeViewed),
      responded: r.responded.raw.trim() !== '' || r.responseStatus === true, respondedAt: timeView(r.responded),
      comment: r.comment, endorsement: r.endorsement,
    })),
    attachments: d.attachments.map((a) => ({ id: a.id, name: a.name })),
  };
}
