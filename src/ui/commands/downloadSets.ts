import * as path from 'node:path';
import * as vscode from 'vscode';
import { safeFileName, type ArchiveFile, type Attachment } from '../../core';
import type { Deps } from '../deps';
import { askDownloadFolder, checkDownload } from '../downloads';
import { pickSubmission } from '../pickers';
import { withCancellableProgress } from '../progress';
import type { ArchiveNode, AttachmentNode } from '../trees/nodes';
import type { SubmissionRow } from './args';
import { downloadMany, type DownloadItem } from './bulkDownloads';
import { describeSubmission } from './submissionCommands';

// What several rows download together: archive files, attachments, and a
// submission's attachments with its summary PDF (Download All).

/** Download Archive File on several rows: into one folder, each checked against its recorded hash. */
export async function downloadArchiveFiles(deps: Deps, nodes: readonly ArchiveNode[]): Promise<string[]> {
  const folder = await askDownloadFolder(deps.input.current, vscode.l10n.t('Folder for {0} archive files', nodes.length));
  if (!folder) return [];
  const client = deps.session.client;
  // The ticket, size and hash of the rows whose detail was not loaded yet.
  const files = await withCancellableProgress(vscode.l10n.t('Loading {0} archive files…', nodes.length), (_p, signal) =>
    Promise.all(nodes.map(async (n): Promise<[ArchiveNode, ArchiveFile]> => [n, n.detail ?? (await client.getArchiveFile(n.item.id, { signal }))])));
  const items = files.map(([n, f]): DownloadItem => ({
    name: f.name || n.item.name || `file-${f.id}`,
    size: f.fullSize,
    what: `archive file ${f.id}`,
    save: (to, o) => client.downloadArchiveFile(f, to, o),
    check: async (saved, signal) => {
      const check = await checkDownload(deps.log, f, saved, signal);
      if (check) deps.archive.recordHashCheck(f.id, check);
      return check?.matches !== false;
    },
  }));
  return downloadMany(deps, items, folder.fsPath);
}

/** Download Attachment on several rows (of one submission or several): into one folder. */
export async function downloadAttachments(deps: Deps, nodes: readonly AttachmentNode[]): Promise<string[]> {
  const folder = await askDownloadFolder(deps.input.current, vscode.l10n.t('Folder for {0} attachments', nodes.length));
  if (!folder) return [];
  return downloadMany(deps, nodes.map((n) => attachmentItem(deps, n.submission.item.id, n.attachment)), folder.fsPath);
}

function attachmentItem(deps: Deps, submissionId: string, a: Attachment): DownloadItem {
  return {
    name: a.name || `attachment-${a.id}`,
    what: `attachment ${a.id} of submission ${submissionId}`,
    save: (to, o) => deps.session.client.downloadAttachment(submissionId, a, to, o),
  };
}

/**
 * Download All: a submission's attachments and its summary PDF, into a new
 * folder named after its form reference inside the folder the user chooses.
 */
export async function downloadAll(deps: Deps, row: SubmissionRow | undefined): Promise<string[]> {
  const ui = deps.input.current;
  const chosen = row
    ? (row.kind === 'submission' ? row : row.submission).item
    : await pickSubmission(ui, deps.session.client, deps.submissions, vscode.l10n.t('Submission whose files to download'));
  if (!chosen) return [];
  const parent = await askDownloadFolder(ui, vscode.l10n.t('Where the folder of {0} goes', describeSubmission(chosen)));
  if (!parent) return [];
  const client = deps.session.client;
  // The attachments as the service lists them now.
  const detail = await withCancellableProgress(vscode.l10n.t('Loading {0}…', describeSubmission(chosen)), (_p, signal) => client.getSubmission(chosen.id, { signal }));
  const folder = path.join(parent.fsPath, safeFileName(detail.formReference, `submission-${detail.id}`));
  const summary: DownloadItem = {
    name: `summary-${detail.id}.pdf`,
    what: `summary of submission ${detail.id}`,
    save: (to, o) => client.downloadSummary(detail.id, to, o),
  };
  return downloadMany(deps, [...detail.attachments.map((a) => attachmentItem(deps, detail.id, a)), summary], folder);
}
