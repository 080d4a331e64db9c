import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DownloadOptions, DownloadResult } from '../../core';
import { distinctNames, summaryText, summaryWarns, type TransferCounts } from '../bulkRules';
import { Cmd } from '../commandIds';
import type { Deps } from '../deps';
import { askReplacements } from '../downloads';
import { errorDetail, isCancellation } from '../errorText';
import { formatBytes } from '../format';
import { withCancellableProgress, type TaskProgress } from '../progress';

/** One file of a bulk download. */
export interface DownloadItem {
  /** The name it is saved under (made safe and distinct here). */
  readonly name: string;
  /** Its size when known, for the progress total. */
  readonly size?: number;
  /** For the log: "archive file 101". */
  readonly what: string;
  save(to: { readonly path: string; readonly overwrite: boolean }, o: DownloadOptions): Promise<DownloadResult>;
  /** After saving: false when the content differs from what the archive recorded (archive files). */
  check?(saved: DownloadResult, signal: AbortSignal): Promise<boolean>;
}

export type BulkDeps = Pick<Deps, 'input' | 'log'>;

const REPORT_EVERY_MS = 100;

/**
 * Downloads `items` into `folder`, one after another under one progress
 * notification (files done of all, bytes, Cancel), after asking about the
 * names already there; then one summary with Show Log. Cancel stops the
 * file under way (the client writes a temporary file and renames it only
 * once complete, so nothing of it stays) and the rest. The paths saved.
 */
export async function downloadMany(deps: BulkDeps, items: readonly DownloadItem[], folder: string): Promise<string[]> {
  const ui = deps.input.current;
  const names = distinctNames(items.map((i) => i.name), (i) => `download-${i + 1}`);
  const answers = await askReplacements(ui, folder, names);
  if (!answers) return [];
  const saved: string[] = [];
  const c = { done: 0, skipped: 0, failed: 0, notDone: 0, mismatched: 0 };
  const known = items.every((i) => i.size !== undefined) ? items.reduce((n, i) => n + (i.size ?? 0), 0) : undefined;
  const note = (name: string, what: string, outcome: string) => deps.log.info(`Bulk download into "${folder}": "${name}" (${what}) ${outcome}.`);

  await withCancellableProgress(vscode.l10n.t('Downloading {0} files…', items.length), async (p, signal) => {
    const show = progressLine(p, items.length, known);
    let before = 0;
    for (const [i, item] of items.entries()) {
      const name = names[i];
      const why = answers.skip.get(name);
      if (signal.aborted) {
        c.notDone++;
        note(name, item.what, 'not downloaded: cancelled');
        continue;
      }
      if (why !== undefined) {
        c.skipped++;
        note(name, item.what, `skipped: ${why}`);
        continue;
      }
      show(i, before, true);
      try {
        const to = { path: path.join(folder, name), overwrite: answers.replace.has(name) };
        const r = await item.save(to, { signal, onProgress: (n) => show(i, before + n) });
        before += r.bytes;
        saved.push(r.path);
        c.done++;
        note(name, item.what, `saved as "${r.path}" (${r.bytes} bytes)`);
        if (item.check && !(await item.check(r, signal))) c.mismatched++;
      } catch (e) {
        if (isCancellation(e)) {
          c.notDone++;
          note(name, item.what, 'not downloaded: cancelled, nothing of it kept');
        } else {
          c.failed++;
          note(name, item.what, `failed: ${errorDetail(e)}`);
        }
      }
    }
  });
  // A cancel before anything was saved is quiet, as for one download.
  if (c.done + c.failed > 0) showTransferSummary(deps, summaryText('download', c, path.basename(folder), vscode.l10n.t), c);
  return saved;
}

/** Files done of all and the bytes, throttled; with a bar when every size is known. */
export function progressLine(p: TaskProgress, count: number, total: number | undefined): (index: number, bytes: number, now?: boolean) => void {
  let last = 0;
  return (index, bytes, now = false) => {
    const at = Date.now();
    if (!now && at - last < REPORT_EVERY_MS) return;
    last = at;
    if (total) p.bytes(bytes, total);
    const size = total ? vscode.l10n.t('{0} of {1}', formatBytes(bytes), formatBytes(total)) : formatBytes(bytes);
    p.message(vscode.l10n.t('{0} of {1} files done · {2}', index, count, size));
  };
}

/** The one message at the end of a bulk transfer: a warning when something failed or differs; Show Log. */
export function showTransferSummary(deps: BulkDeps, text: string, c: TransferCounts): void {
  const showLog = vscode.l10n.t('Show Log');
  const ui = deps.input.current;
  void (summaryWarns(c) ? ui.warn(text, showLog) : ui.info(text, showLog)).then((a) => {
    if (a === showLog) void vscode.commands.executeCommand(Cmd.showLog);
  });
}
