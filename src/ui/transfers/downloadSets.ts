import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ArchiveFile, Attachment, ServiceClient } from '../../core';
import { askDownloadFolder, checkDownload, type HashChecks } from './downloads';
import { submissionFolderName, summaryFileName } from '../submissions/submissionNames';
import type { ArchiveNode, AttachmentNode } from '../lists/nodes';
import type { SubmissionRow } from '../lists/rowArgs';
import { downloadMany, type BulkDeps, type DownloadItem, type SavableFile } from './bulkDownloads';
import { describeSubmission, submissionOf, type SubmissionAsking } from '../submissions/whichSubmission';
import type { Session } from '../session/session';

// What several rows download together: archive files, attachments, and a
// submission's attachments with its summary PDF (Download All).

/** Download Archive File on several rows: into one folder, each from its own connection (`sessionOf`) and checked against its recorded hash. */
export async function downloadArchiveFiles(deps: BulkDeps & { readonly archive: HashChecks }, nodes: readonly ArchiveNode[], sessionOf: (n: ArchiveNode) => DownloadSession): Promise<string[]> {
  const folder = await askDownloadFolder(deps.input.current, vscode.l10n.t('Folder for {0} archive files', nodes.length));
  if (!folder) return [];
  const items = nodes.map((n): DownloadItem => {
    const id = n.item.id;
    const session = sessionOf(n);
    const { client, stopped } = begun(session);
    // A row whose detail was not loaded yet has no ticket, size or hash: its detail is fetched in its turn.
    const file = (f: ArchiveFile): SavableFile => ({
      size: f.fullSize,
      save: (to, o) => client.downloadArchiveFile(f, to, o),
      check: async (saved, signal) => {
        const check = await checkDownload(deps.log, f, saved, signal);
        if (check) deps.archive.recordHashCheck(f.id, check, session.connection.id);
        return check?.matches !== false;
      },
    });
    return {
      name: n.detail?.name || n.item.name || `file-${id}`,
      what: `archive file ${id}`,
      file: n.detail ? file(n.detail) : async (signal) => file(await client.getArchiveFile(id, { signal })),
      stopped,
    };
  });
  return downloadMany(deps, vscode.l10n.t('Downloading {0} files…', items.length), () => ({ folder: folder.fsPath, items }));
}

/** Download Attachment on several rows (of one submission or several): into one folder, each from its own connection (`sessionOf`). */
export async function downloadAttachments(deps: BulkDeps, nodes: readonly AttachmentNode[], sessionOf: (n: AttachmentNode) => DownloadSession): Promise<string[]> {
  const folder = await askDownloadFolder(deps.input.current, vscode.l10n.t('Folder for {0} attachments', nodes.length));
  if (!folder) return [];
  const items = nodes.map((n) => attachmentItem(begun(sessionOf(n)), n.submission.item.id, n.attachment));
  return downloadMany(deps, vscode.l10n.t('Downloading {0} files…', items.length), () => ({ folder: folder.fsPath, items }));
}

function attachmentItem(from: Begun, submissionId: string, a: Attachment): DownloadItem {
  return {
    name: a.name || `attachment-${a.id}`,
    what: `attachment ${a.id} of submission ${submissionId}`,
    file: { save: (to, o) => from.client.downloadAttachment(submissionId, a, to, o) },
    stopped: from.stopped,
  };
}

/** A session as a bulk download uses it: its client, and why that client can no longer be used. */
type DownloadSession = Pick<Session, 'client' | 'connection' | 'stoppedMidway'>;

/** The client a download begins with, kept to its end, and why the download stops before its end. */
interface Begun {
  readonly client: ServiceClient;
  readonly stopped: () => Error | undefined;
}

function begun(session: Pick<Session, 'client' | 'stoppedMidway'>): Begun {
  const client = session.client;
  return { client, stopped: () => session.stoppedMidway(client, 'notDownloaded') };
}

/**
 * Download All: a submission's attachments and its summary PDF, into a new
 * folder named after its form reference inside the folder the user chooses;
 * from the submission's connection.
 */
export async function downloadAll(deps: BulkDeps & SubmissionAsking, row: SubmissionRow | undefined): Promise<string[]> {
  const ui = deps.input.current;
  const chosen = await submissionOf(deps, row, vscode.l10n.t('Submission whose files to download'), vscode.l10n.t('Download All'));
  if (!chosen) return [];
  const { session } = chosen;
  const parent = await askDownloadFolder(ui, vscode.l10n.t('Where the folder of {0} goes', describeSubmission(chosen, deps.submissions)));
  if (!parent) return [];
  const from = begun(session);
  const { client } = from;
  return downloadMany(deps, vscode.l10n.t('Downloading the files of {0}…', describeSubmission(chosen, deps.submissions)), async (signal) => {
    // The attachments as the service lists them now.
    const detail = await client.getSubmission(chosen.id, { signal });
    const summary: DownloadItem = {
      name: summaryFileName(detail, deps.submissions, vscode.l10n.t('summary')),
      what: `summary of submission ${detail.id}`,
      file: { save: (to, o) => client.downloadSummary(detail.id, to, o) },
      stopped: from.stopped,
    };
    return {
      folder: path.join(parent.fsPath, submissionFolderName(detail, deps.submissions)),
      items: [...detail.attachments.map((a) => attachmentItem(from, detail.id, a)), summary],
    };
  });
}
