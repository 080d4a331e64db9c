import * as path from 'node:path';
import * as vscode from 'vscode';
import { isServiceError, type SentFile, type ServiceError } from '../../core';
import { ruleExample, summaryText, titleByRule, type TitleRule } from '../transfers/bulkRules';
import type { Deps } from '../deps';
import { describeError, errorDetail, isCancellation } from '../text/errorText';
import { formatBytes } from '../text/format';
import { confirmUploadInRestrictedMode, skippedSentence, withoutEmptyFiles, type ChosenFiles, type LocalFile, type Skipped } from '../transfers/localFiles';
import { reached } from '../milestones';
import { notificationText } from '../text/text';
import { withCancellableProgress } from '../input/progress';
import { BACK } from '../input/userInput';
import { listedIds, reportUnknownOutcome } from '../transfers/unknownOutcome';
import { archiveArrival, checkedNow } from './archiveUpload';
import { progressLine, showTransferSummary } from '../transfers/bulkDownloads';

// Archive This File on folders: the files inside them (not hidden ones, not
// node_modules; as localFiles.ts collects them), after the count and total
// size are shown and a title rule is chosen once; one upload after another
// under one progress notification.

/** Archive This File with folders among the choices (`chosen`, from `uris`). The ids of the files archived. */
export async function archiveFolders(deps: Deps, chosen: ChosenFiles, uris: readonly vscode.Uri[]): Promise<string[]> {
  const ui = deps.input.current;
  const t = vscode.l10n.t;
  if (chosen.files.length === 0) {
    const skipped = chosen.skipped.length ? ` ${skippedSentence(chosen.skipped)}` : '';
    const names = uris.slice(0, 3).map((u) => notificationText(path.posix.basename(u.path))).join(', ') + (uris.length > 3 ? ', …' : '');
    void ui.info(t('No files to archive in {0} (hidden files and node_modules are left out).', names) + skipped);
    return [];
  }
  const files = withoutEmptyFiles(ui, chosen.files);
  if (files.length === 0 || !(await confirmUploadInRestrictedMode(ui, files))) return [];
  const rel = (f: LocalFile) => f.relative ?? f.name;
  const total = files.reduce((n, f) => n + f.size, 0);

  const example = ruleExample(files.map(rel));
  const rules: { label: string; description: string; rule: TitleRule }[] = [
    { label: t('File name'), description: titleByRule('name', example), rule: 'name' },
    { label: t('File name without extension'), description: titleByRule('stem', example), rule: 'stem' },
    { label: t('Path relative to the chosen folder'), description: titleByRule('relative', example), rule: 'relative' },
  ];
  const picked = await ui.quickPick(rules, {
    title: chosen.skipped.length
      ? t('Archive {0} files ({1}); {2} skipped', files.length, formatBytes(total), chosen.skipped.length)
      : t('Archive {0} files ({1})', files.length, formatBytes(total)),
    placeHolder: t('How each file is titled in the archive, as shown for "{0}"', notificationText(example)),
  });
  if (picked === undefined || picked === BACK) return [];
  return uploadAll(deps, files.map((file) => ({ file, title: titleByRule(picked.rule, rel(file)) })), total, chosen.skipped);
}

/**
 * One upload after another. A file the client refuses before sending (its
 * title, a change while it was read) is counted as failed and the next one
 * goes; an unknown outcome stops and is checked (never sent again); any
 * other failure, or Cancel, stops the rest. Then one summary.
 *
 * The archive is listed once, before the first file: a file's baseline is
 * that list and the files the batch created before it. What others archived
 * meanwhile is new to it, and taken for the file only with its title, name,
 * size and hash (`archiveRule`), so no list is read per file.
 */
async function uploadAll(deps: Deps, titled: readonly { file: LocalFile; title: string }[], total: number, skipped: readonly Skipped[]): Promise<string[]> {
  // Taken once: should the account in use change meanwhile, the batch goes on to this one, checked and recorded there.
  const { client, account } = deps.session.sender;
  const c = { done: 0, skipped: skipped.length, failed: 0, notDone: 0, mismatched: 0 };
  const done: string[] = [];
  let unknown: { e: ServiceError; sent: SentFile; before?: ReadonlySet<string> } | undefined;
  let stoppedBy: unknown;
  try {
    await withCancellableProgress(vscode.l10n.t('Archiving {0} files…', titled.length), async (p, signal) => {
      const show = progressLine(p, titled.length, total);
      // The archive before sending, to tell a new arrival from an old file after an unknown outcome.
      const before = await listedIds((s) => client.listArchive({ signal: s }), (f) => f.id, signal);
      let sent = 0;
      for (const [i, { file, title }] of titled.entries()) {
        if (signal.aborted) return void (c.notDone = titled.length - i);
        show(i, sent, true);
        // As sent: an archive file is compared with it after an unknown outcome.
        const sending: SentFile = { title, name: file.name, file: (await checkedNow({ file: file.file, name: file.name })) ?? file.file };
        try {
          const created = await client.uploadArchiveFile({ file: sending.file, name: sending.name, title }, { signal, onProgress: (n) => show(i, sent + n) });
          sent += file.size;
          done.push(created.id);
          before?.add(created.id);
          c.done++;
          deps.log.info(`Archived "${file.path}" (${file.size} bytes) as file ${created.id}.`);
          void deps.workspaceFiles.archived(created.id, title, file, account).catch((e: unknown) => deps.log.warn(`Recording the archived file failed: ${String(e)}`));
        } catch (e) {
          if (isServiceError(e) && e.outcomeUnknown) {
            unknown = { e, sent: sending, before };
            return void (c.notDone = titled.length - i - 1);
          }
          if (isCancellation(e)) return void (c.notDone = titled.length - i);
          c.failed++;
          deps.log.warn(`Archiving "${file.path}" failed: ${errorDetail(e)}`);
          if (!isServiceError(e, 'invalidRequest') && !isServiceError(e, 'localFile')) {
            stoppedBy = e;
            return void (c.notDone = titled.length - i - 1);
          }
        }
      }
    });
  } finally {
    // Whatever arrived is shown, also when a later file failed or was cancelled.
    if (done.length) reached('archivedFile');
    if (done.length && deps.session.uses(client)) {
      await deps.archive.refresh();
      for (const id of done) await deps.archive.reveal(id);
    }
  }
  if (unknown) {
    await reportUnknownOutcome(deps.input.current, deps.log, unknown.e, unknown.before, archiveArrival(deps, client, unknown.sent, c.notDone));
  } else if (c.done + c.failed > 0) {
    const why = stoppedBy === undefined ? '' : ` ${describeError(stoppedBy)}`;
    const left = skipped.length ? ` ${skippedSentence(skipped)}` : '';
    showTransferSummary(deps, summaryText('archive', c, '', vscode.l10n.t) + left + why, c);
  }
  return done;
}
