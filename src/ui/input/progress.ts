import * as vscode from 'vscode';
import { formatBytes } from '../text/format';

/** What a task run under a progress notification can report. */
export interface TaskProgress {
  /** Bytes done so far, and the total when known; shown as "1.2 MB of 3.4 MB" and a bar, after `label` when given. */
  bytes(done: number, total?: number, label?: string): void;
  message(text: string): void;
}

const REPORT_EVERY_MS = 100;

/** How often progress is reported: the returned check says whether a report may go now (`now`: the last one, always). */
export function reportPacer(): (now?: boolean) => boolean {
  let lastAt = 0;
  return (now = false) => {
    const at = Date.now();
    if (!now && at - lastAt < REPORT_EVERY_MS) return false;
    lastAt = at;
    return true;
  };
}

/**
 * Runs `task` under a cancellable progress notification. The notification's
 * Cancel becomes an AbortSignal that the task hands to the network call (and
 * so to the file streams behind it); the client then fails with a
 * `cancelled` error, which the command wrapper keeps quiet.
 */
export function withCancellableProgress<T>(title: string, task: (p: TaskProgress, signal: AbortSignal) => Promise<T>): Promise<T> {
  return Promise.resolve(vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: true },
    async (progress, token) => {
      const ac = new AbortController();
      const sub = token.onCancellationRequested(() => ac.abort());
      if (token.isCancellationRequested) ac.abort();
      let shownPct = 0;
      const due = reportPacer();
      const p: TaskProgress = {
        bytes(done, total, label) {
          if (!due(total !== undefined && total > 0 && done >= total)) return;
          if (total !== undefined && total > 0) {
            const pct = Math.min(100, (done / total) * 100);
            const increment = Math.max(0, pct - shownPct);
            shownPct = Math.max(shownPct, pct);
            const amount = vscode.l10n.t('{0} of {1}', formatBytes(done), formatBytes(total));
            progress.report({ message: label ? `${label} · ${amount}` : amount, increment });
          } else {
            progress.report({ message: label ? `${label} · ${formatBytes(done)}` : formatBytes(done) });
          }
        },
        message(text) {
          progress.report({ message: text });
        },
      };
      try {
        return await task(p, ac.signal);
      } finally {
        sub.dispose();
      }
    },
  ));
}

/** Files done of all and the bytes, throttled; with a bar when every size is known. */
export function progressLine(p: TaskProgress, count: number, total: number | undefined): (index: number, bytes: number, now?: boolean) => void {
  const due = reportPacer();
  return (index, bytes, now = false) => {
    if (!due(now)) return;
    if (total) p.bytes(bytes, total);
    const size = total ? vscode.l10n.t('{0} of {1}', formatBytes(bytes), formatBytes(total)) : formatBytes(bytes);
    p.message(vscode.l10n.t('{0} of {1} files done · {2}', index, count, size));
  };
}
