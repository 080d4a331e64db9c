// Archive This Attachment and Archive Summary PDF: a document of a submission
// put in the archive in one step, titled from the submission.
//
// Restricted Mode: these send only what the service itself handed out (an
// attachment, a summary PDF), passed through a temporary file of the
// extension's, never a file of the workspace; so, unlike Archive This File,
// they ask no workspace confirmation (`confirmUploadInRestrictedMode`).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { safeFileName, type Attachment, type DownloadOptions, type DownloadResult, type Logger } from '../../core';
import { Cmd } from '../commands/commandIds';
import type { CommandRunner } from '../commands/commandRunner';
import { summaryFileName, type NamedSubmission } from '../submissions/submissionNames';
import { withCancellableProgress } from '../input/progress';
import { withTemporaryFolder } from '../transfers/temporaryFolder';
import { oneLine } from '../text/text';
import type { PdfSource } from '../viewer/pdfPanels';
import { anAttachment, aSubmissionRow, type SubmissionRow } from '../lists/rowArgs';
import { pickAttachment } from '../transfers/pickAttachment';
import { describeSubmission, submissionOf as whichSubmission, type SubmissionAsking } from '../submissions/whichSubmission';
import { sessionFor } from '../session/whichConnection';
import type { InputHolder } from '../input/userInput';
import type { Session } from '../session/session';
import { archiveTitleProblem, type ArchiveUploads } from './archiveUploads';

/** A submission as its documents are titled by: its id and form reference. */
type Titled = NamedSubmission & { readonly formReference: string };

/** What is archived: its name, what the questions call it, the default title, and how it is downloaded to a path. */
interface ServiceDocument {
  readonly name: string;
  /** `"offer.pdf"`, `the summary PDF of "BUDGET-2025"`. */
  readonly what: string;
  readonly title: string;
  download(to: string, o: DownloadOptions): Promise<DownloadResult>;
}

/** What archiving a document of a submission uses: the prompts, the log and the uploads. */
interface ArchivingDocument {
  readonly input: InputHolder;
  readonly log: Logger;
  readonly archiveUploads: Pick<ArchiveUploads, 'each'>;
}

/** What the two commands use: asking for a submission, the client, archiving, and where commands are registered. */
export interface ArchiveFromSubmissionDeps extends SubmissionAsking, ArchivingDocument {
  readonly commands: Pick<CommandRunner, 'register'>;
}

export function registerArchiveFromSubmission(deps: ArchiveFromSubmissionDeps): void {
  // Downloaded from the submission's connection and archived in that connection's archive.
  deps.commands.register(Cmd.archiveAttachment, anAttachment, async (node) => {
    const title = vscode.l10n.t('Archive This Attachment');
    const session = await sessionFor(deps, node, title);
    if (!session) return undefined;
    const target = node ? { submission: node.submission.item, attachment: node.attachment } : await pickAttachment(deps, session, {
      title,
      submission: vscode.l10n.t('Submission with the attachment to archive'),
      attachment: vscode.l10n.t('Attachment to archive'),
    });
    return target && archiveDocument(deps, session, attachmentDocument(session, target.submission, target.attachment));
  });
  deps.commands.register(Cmd.archiveSummary, aSubmissionRow, async (row) => {
    const s = await submissionOf(deps, row);
    return s && archiveDocument(deps, s.session, summaryDocument(deps, s.session, s));
  });
}

/** The PDF viewer's "Archive…": Archive Summary PDF or Archive This Attachment for what it shows. */
export function archiveFromViewer(source: PdfSource, formReference?: string): void {
  if (source.kind !== 'summary' && source.kind !== 'attachment') return;
  // With the account it was opened for: nothing is archived from another the connection points at since.
  const submission = { kind: 'submission', connectionId: source.connectionId, service: source.service, item: { id: source.submissionId, formReference } };
  void (source.kind === 'summary'
    ? vscode.commands.executeCommand(Cmd.archiveSummary, submission)
    : vscode.commands.executeCommand(Cmd.archiveAttachment, { kind: 'attachment', submission, attachment: { id: source.id, ticket: source.ticket, name: source.name } }));
}

function attachmentDocument(session: Pick<Session, 'client'>, s: Titled, a: Attachment): ServiceDocument {
  const name = safeFileName(a.name, `attachment-${a.id}`);
  return {
    name,
    what: `"${oneLine(name)}"`,
    title: `${defaultTitleOf(s)} – ${oneLine(a.name) || a.id}`,
    download: (to, o) => session.client.downloadAttachment(s.id, a, { path: to }, o),
  };
}

function summaryDocument(deps: Pick<SubmissionAsking, 'submissions'>, session: Pick<Session, 'client'>, s: Titled): ServiceDocument {
  return {
    name: summaryFileName(s, deps.submissions, vscode.l10n.t('summary')),
    what: vscode.l10n.t('the summary PDF of {0}', describeSubmission(s, deps.submissions)),
    title: `${defaultTitleOf(s)} – ${vscode.l10n.t('summary')}`,
    download: (to, o) => session.client.downloadSummary(s.id, { path: to }, o),
  };
}

const defaultTitleOf = (s: Titled): string => oneLine(s.formReference) || s.id;

/**
 * Asks the title (the default editable), then downloads the document into a
 * temporary folder and uploads it under one progress notification with
 * Cancel; the folder is removed whatever happens. The new file is revealed
 * and selected in the Archive view; its id, or undefined.
 */
async function archiveDocument(deps: ArchivingDocument, session: Session, doc: ServiceDocument): Promise<string | undefined> {
  const title = await askTitle(deps.input, doc);
  if (title === undefined) return undefined;
  const done = await withTemporaryFolder(deps.log, (folder) => deps.archiveUploads.each(session, [{
    title, name: doc.name,
    progress: vscode.l10n.t('Archiving {0}…', doc.what),
    source: async (p, signal) => {
      const saved = await doc.download(path.join(folder, doc.name), { signal, onProgress: (n, total) => p.bytes(n, total) });
      return { source: { path: saved.path }, size: saved.bytes };
    },
  }]));
  if (!done?.length) return undefined; // an unknown outcome, checked and reported
  // The new file is selected in the Archive view: its id, internal, need not be said.
  void deps.input.current.info(vscode.l10n.t('Archived "{0}".', title));
  return done[0];
}

async function askTitle(input: InputHolder, doc: ServiceDocument): Promise<string | undefined> {
  const title = await input.current.inputBox({
    title: vscode.l10n.t('Archive {0}', doc.what),
    prompt: vscode.l10n.t('Title in the archive'),
    value: doc.title,
    validate: archiveTitleProblem,
  });
  return typeof title === 'string' ? title.trim() : undefined;
}

/** The row's submission, or one picked from the palette, with its connection's session; its form reference fetched when only an id was entered. */
async function submissionOf(deps: SubmissionAsking, row: SubmissionRow | undefined): Promise<(Titled & { readonly session: Session }) | undefined> {
  const s = await whichSubmission(deps, row, vscode.l10n.t('Submission whose summary PDF to archive'), vscode.l10n.t('Archive Summary PDF'));
  if (!s) return undefined;
  if (s.formReference !== undefined) return { ...s, formReference: s.formReference };
  const client = s.session.client;
  // Only an id was entered: it is what the user knows it by.
  const detail = await withCancellableProgress(vscode.l10n.t('Loading {0}…', s.id), (_p, signal) => client.getSubmission(s.id, { signal }));
  return { ...detail, session: s.session };
}
