import { constants as fsConstants, promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Attachment, DownloadResult } from '../../core';
import { Cmd } from '../commands/commandIds';
import type { CommandRunner } from '../commands/commandRunner';
import { askSaveTarget } from './downloads';
import { AttachmentFileSystem, attachmentUri } from '../viewer/attachmentFileSystem';
import { pickAttachment } from './pickAttachment';
import type { SubmissionAsking } from '../submissions/whichSubmission';
import { withCancellableProgress } from '../input/progress';
import { summaryFileName } from '../submissions/submissionNames';
import { oneLine } from '../text/text';
import type { AttachmentNode } from '../lists/nodes';
import type { PdfSource } from '../viewer/pdfPanels';
import { anAttachment, aPdfSource, aSubmissionRow, selectedAttachments } from '../lists/rowArgs';
import { downloadAll, downloadAttachments } from './downloadSets';
import { offerOpenDownload, openInEditor, type OpenOffer, type PdfViewer } from './openFile';
import type { Session } from '../session/session';
import { connectionIdOf, sessionFor, sessionsFor, type ConnectionChoosing } from '../session/whichConnection';
import type { SubmissionsTree } from '../submissions/submissionsTree';

/** What a download asks and reports with, where it gets the client, the viewer its Open uses, and the rows that name a submission. */
export interface TransferDeps extends OpenOffer {
  readonly session: Pick<Session, 'client'>;
  readonly submissions: Pick<SubmissionsTree, 'loaded' | 'items'>;
}

/** An attachment and the submission it belongs to. */
interface AttachmentTarget {
  readonly submission: { readonly id: string };
  readonly attachment: Attachment;
}

/** What the attachment commands are built from. */
export interface AttachmentCommandParts extends TransferDeps, ConnectionChoosing {
  readonly context: Pick<vscode.ExtensionContext, 'subscriptions'>;
  readonly commands: CommandRunner;
  readonly session: TransferDeps['session'] & ConnectionChoosing['session'];
}

/** Download Attachment, Open Attachment and the PDF viewer's Save PDF…. */
export function registerAttachmentCommands(deps: AttachmentCommandParts): void {
  const { commands } = deps;
  deps.context.subscriptions.push(new AttachmentFileSystem(deps).register());
  commands.register(Cmd.downloadAttachment, selectedAttachments, async (nodes) => {
    const title = vscode.l10n.t('Download Attachment');
    // Rows selected under two connections' roots: each from its own.
    if (nodes.length > 1) {
      const sessionOf = await sessionsFor(deps, nodes, title);
      return sessionOf && downloadAttachments(deps, nodes, sessionOf);
    }
    // The row's connection, else the one asked for.
    const session = await sessionFor(deps, nodes[0], title);
    if (!session) return undefined;
    const target = nodes[0] ? targetOf(nodes[0]) : await pickAttachmentToDownload(deps, session);
    return target && downloadAttachment({ ...deps, session }, target);
  });
  commands.register(Cmd.downloadAll, aSubmissionRow, (row) => downloadAll(deps, row));
  commands.register(Cmd.openAttachment, anAttachment, (node) => node && openAttachment(deps, node));
  commands.register(Cmd.savePdf, aPdfSource, async (source) => source && savePdf(deps, source));
}

const targetOf = (node: AttachmentNode): AttachmentTarget => ({ submission: node.submission.item, attachment: node.attachment });

/** Read-only in an editor tab, as archive files open (see openInEditor). */
async function openAttachment(deps: { readonly pdfs: PdfViewer } & ConnectionChoosing, node: AttachmentNode): Promise<vscode.Uri> {
  const a = node.attachment;
  const submissionId = node.submission.item.id;
  const id = connectionIdOf(node);
  // The row's connection, with the account it was listed by: the tab reads from nowhere else.
  const uri = attachmentUri(submissionId, a, id === undefined ? undefined : { id, account: deps.sessions.get(id)?.connectionAccount });
  await openInEditor(deps.pdfs, { name: a.name, uri, pdf: { kind: 'attachment', submissionId, id: a.id, ticket: a.ticket, name: a.name, connectionId: connectionIdOf(node) } });
  return uri;
}

/** The viewer's "Save PDF…": the same document, downloaded where the user chooses (from its connection); a summary named after its submission (`formReference` as the viewer knows it). */
export async function savePdf(deps: TransferDeps & ConnectionChoosing, source: PdfSource, formReference?: string): Promise<void> {
  const name = source.kind === 'summary' ? summaryFileName({ id: source.submissionId, formReference }, deps.submissions, vscode.l10n.t('summary')) : source.name;
  const where = async () => {
    const target = await askSaveTarget(deps.input.current, name, vscode.l10n.t('Save PDF'), { PDF: ['pdf'] });
    return target && { path: target.uri.fsPath, overwrite: target.overwrite };
  };
  if (source.kind === 'file') {
    const to = await where();
    return to && offerOpenDownload(deps, await copyFile(source.path, to));
  }
  // Before asking where: a document whose connection points at another account than it was opened for is saved from nowhere.
  const session = await sessionFor(deps, source, vscode.l10n.t('Save PDF'));
  if (!session) return;
  const to = await where();
  if (!to) return;
  const client = session.client;
  const result = await withCancellableProgress(vscode.l10n.t('Saving {0}…', name), (p, signal) => {
    const o = { signal, onProgress: (n: number, total?: number) => p.bytes(n, total) };
    if (source.kind === 'summary') return client.downloadSummary(source.submissionId, to, o);
    if (source.kind === 'attachment') return client.downloadAttachment(source.submissionId, { id: source.id, ticket: source.ticket, name: source.name }, to, o);
    return client.downloadArchiveFile({ id: source.id, ticket: source.ticket, name: source.name }, to, o);
  });
  offerOpenDownload(deps, result);
}

/** A PDF on this computer (a download opened in the viewer) saved elsewhere: a copy, never over itself. */
async function copyFile(from: string, to: { path: string; overwrite: boolean }): Promise<DownloadResult> {
  if (path.resolve(from) !== path.resolve(to.path)) await fs.copyFile(from, to.path, to.overwrite ? 0 : fsConstants.COPYFILE_EXCL);
  return { path: to.path, bytes: (await fs.stat(to.path)).size };
}

/** The history panel's download button: the attachment of that id, as the panel's connection lists it now, while it points at the account the panel was opened for (`service`). */
export async function downloadListedAttachment(deps: TransferDeps & ConnectionChoosing, owner: { readonly connectionId: string; readonly service?: string }, submissionId: string, attachmentId: string): Promise<void> {
  const session = await sessionFor(deps, owner, vscode.l10n.t('Download Attachment'));
  if (!session) return;
  const detail = await session.client.getSubmission(submissionId);
  const attachment = detail.attachments.find((a) => a.id === attachmentId);
  if (attachment) await downloadAttachment({ ...deps, session }, { submission: detail, attachment });
}

async function downloadAttachment(deps: TransferDeps, { submission, attachment }: AttachmentTarget): Promise<vscode.Uri | undefined> {
  const name = attachment.name || `attachment-${attachment.id}`;
  const where = await askSaveTarget(deps.input.current, name, vscode.l10n.t('Download "{0}"', oneLine(name)));
  if (!where) return undefined;
  const client = deps.session.client;
  const result = await withCancellableProgress(vscode.l10n.t('Downloading "{0}"…', oneLine(name)), (p, signal) =>
    client.downloadAttachment(submission.id, attachment, { path: where.uri.fsPath, overwrite: where.overwrite }, { signal, onProgress: (n, total) => p.bytes(n, total) }));
  deps.log.info(`Attachment ${attachment.id} of submission ${submission.id} saved (${result.bytes} bytes).`);
  offerOpenDownload(deps, result);
  return vscode.Uri.file(result.path);
}

/** From the palette: a submission, then one of its attachments. */
async function pickAttachmentToDownload(deps: SubmissionAsking, session: Session): Promise<AttachmentTarget | undefined> {
  const l = vscode.l10n;
  const t = await pickAttachment(deps, session, { title: l.t('Download Attachment'), submission: l.t('Submission with the attachment to download'), attachment: l.t('Attachment to download') });
  return t && { submission: { id: t.submission.id }, attachment: t.attachment };
}
