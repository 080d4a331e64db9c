import * as vscode from 'vscode';
import type { ServiceClient, SubmissionDetail, SubmissionHistory } from '../core';
import { safeFileName } from '../core/fileNames';
import { formatTime, oneLine } from './format';
import type { Session } from './session';

export const HISTORY_SCHEME = 'dsas-history';

/**
 * A plain-text, read-only view of a submission's history, until the history
 * webview exists: the events in time order, the counters, and where each
 * recipient stands. Virtual documents are read-only by nature.
 */
export class HistoryDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly texts = new Map<string, string>();

  constructor(private readonly session: Session) {}

  static uri(submissionId: string, formReference: string): vscode.Uri {
    const name = safeFileName(vscode.l10n.t('History of {0}', formReference || submissionId), `history-${submissionId}`);
    return vscode.Uri.from({ scheme: HISTORY_SCHEME, path: `/${encodeURIComponent(submissionId)}/${name}` });
  }

  /** Stores freshly rendered text for `uri`; an open document updates. */
  set(uri: vscode.Uri, text: string): void {
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
  }

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const known = this.texts.get(uri.toString());
    if (known !== undefined) return known;
    // A document restored after a reload: fetch it again.
    const id = decodeURIComponent(uri.path.split('/')[1] ?? '');
    const ac = new AbortController();
    const sub = token.onCancellationRequested(() => ac.abort());
    try {
      const text = await loadHistoryText(this.session.client, id, ac.signal);
      this.texts.set(uri.toString(), text);
      return text;
    } finally {
      sub.dispose();
    }
  }

  /** Forgets the text of documents that were closed. */
  closed(doc: vscode.TextDocument): void {
    if (doc.uri.scheme === HISTORY_SCHEME) this.texts.delete(doc.uri.toString());
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** Fetches the history and (for the recipients' states) the detail, and renders them. */
export async function loadHistoryText(client: ServiceClient, id: string, signal: AbortSignal): Promise<string> {
  const [history, detail] = await Promise.all([client.getHistory(id, { signal }), client.getSubmission(id, { signal })]);
  return renderHistory(history, detail);
}

export function renderHistory(h: SubmissionHistory, d: SubmissionDetail | undefined): string {
  const t = vscode.l10n.t;
  const lines: string[] = [];
  const ref = d ? oneLine(d.formReference) : '';
  lines.push(ref ? t('History of submission "{0}" (id {1})', ref, h.submissionId || d?.id || '') : t('History of submission {0}', h.submissionId));
  lines.push(t('Created: {0}', formatTime(h.created) || formatTime(d?.created) || t('unknown')));
  if (d) lines.push(t('State: {0}', d.completed === undefined ? t('unknown') : d.completed ? 'COMPLETED' : 'PENDING'));
  lines.push('');

  lines.push(t('Events'));
  // Time order: the service's order already is, but sort where the times say otherwise. Unparsed times keep their place.
  const events = h.events.map((e, i) => ({ e, i })).sort((x, y) => {
    const a = x.e.time.date?.getTime();
    const b = y.e.time.date?.getTime();
    return a !== undefined && b !== undefined && a !== b ? a - b : x.i - y.i;
  });
  const when = events.map(({ e }) => formatTime(e.time) || '—');
  const width = Math.max(0, ...when.map((w) => w.length));
  if (events.length === 0) lines.push(`  ${t('(no events)')}`);
  events.forEach(({ e }, i) => lines.push(`  ${when[i].padEnd(width)}  ${oneLine(e.description)}`));
  lines.push('');

  const s = h.summary.total;
  const count = (n: number | undefined) => (n === undefined ? '—' : String(n));
  lines.push(h.summary.time.raw.trim() ? t('Counters (as of {0})', formatTime(h.summary.time)) : t('Counters'));
  lines.push(`  ${t('Involved')}: ${count(s.involved)}   ${t('Signing')}: ${count(s.signing)}   ${t('Non-signing')}: ${count(s.nonsigning)}   ${t('Accepted')}: ${count(s.accepted)}`
    + (d ? `   ${t('Clarified')}: ${count(d.total.clarified)}   ${t('Rejected')}: ${count(d.total.rejected)}` : ''));
  lines.push('');

  if (d) {
    lines.push(t('Recipients'));
    if (d.recipients.length === 0) lines.push(`  ${t('(none listed)')}`);
    for (const r of d.recipients) {
      lines.push(`  ${oneLine(r.name)} <${oneLine(r.email)}>  ${oneLine(r.recpType)}`);
      const viewed = r.submissionViewed ? t('viewed {0}', formatTime(r.timeViewed) || '') : r.submissionViewed === false ? t('not viewed') : t('viewed: unknown');
      const responded = r.responded.raw.trim() ? t('responded {0}', formatTime(r.responded)) : t('not responded');
      lines.push(`    ${viewed.trim()} · ${responded}`);
      if (r.comment.trim()) lines.push(`    ${t('Comment')}: ${oneLine(r.comment)}`);
      if (r.endorsement.trim()) lines.push(`    ${t('Endorsement')}: ${oneLine(r.endorsement)}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
