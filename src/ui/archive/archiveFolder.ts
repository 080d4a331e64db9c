import * as path from 'node:path';
import * as vscode from 'vscode';
import { ruleExample, summaryText, titleByRule, type TitleRule } from '../transfers/bulkRules';
import { describeError } from '../text/errorText';
import { formatBytes } from '../text/format';
import { confirmUploadInRestrictedMode, skippedSentence, withoutEmptyFiles, type ChosenFiles, type LocalFile } from '../transfers/localFiles';
import { notificationText } from '../text/text';
import { BACK } from '../input/userInput';
import { showTransferSummary, type BulkDeps } from '../transfers/bulkDownloads';
import type { ArchiveUploads, UploadSession } from './archiveUploads';

// Archive This File on folders: the files inside them (not hidden ones, not
// node_modules; as localFiles.ts collects them), after the count and total
// size are shown and a title rule is chosen once; one upload after another
// under one progress notification (`ArchiveUploads.batch`), then one summary.

/** Archive This File with folders among the choices (`chosen`, from `uris`). The ids of the files archived. */
export async function archiveFolders(deps: BulkDeps & { readonly archiveUploads: Pick<ArchiveUploads, 'batch'> }, on: UploadSession, chosen: ChosenFiles, uris: readonly vscode.Uri[]): Promise<string[]> {
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
  const r = await deps.archiveUploads.batch(on, files.map((file) => ({ file, title: titleByRule(picked.rule, rel(file)) })), total, chosen.skipped.length);
  // An unknown outcome was reported by itself; otherwise one summary.
  if (!r.unknown && r.counts.done + r.counts.failed > 0) {
    const why = r.stoppedBy === undefined ? '' : ` ${describeError(r.stoppedBy)}`;
    const left = chosen.skipped.length ? ` ${skippedSentence(chosen.skipped)}` : '';
    showTransferSummary(deps, summaryText('archive', r.counts, '', t) + left + why, r.counts);
  }
  return r.done;
}
