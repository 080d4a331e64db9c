import * as path from 'node:path';
import * as vscode from 'vscode';
import { invalidRequest, isServiceError, type Attachment, type SubmissionListItem } from '../../core';
import { safeFileName } from '../../core/fileNames';
import { registerCommand } from '../commandRunner';
import type { Deps } from '../deps';
import { askSaveTarget, offerOpen } from '../downloads';
import { formatBytes, formatTime, oneLine } from '../format';
import { confirmUploadInRestrictedMode, regularFiles, urisFromArgs, type LocalFile } from '../localFiles';
import { askSubmission, splitName, toNewRecipient, type SubmissionAnswers } from '../newSubmissionWizard';
import { pickSubmission } from '../pickers';
import { withCancellableProgress } from '../progress';
import { readSettings } from '../settings';
import type { AttachmentNode, HistoryNode, RecipientNode, SubmissionNode } from '../trees/nodes';
import { listedIds, reportUnknownOutcome, type ArrivalCheck } from '../unknownOutcome';
import { BACK } from '../userInput';
import type { PdfSource } from '../webviews/pdfPanels';

/** Rows that belong to a submission: the submission itself or one of its children. */
type SubmissionRow = SubmissionNode | HistoryNode | RecipientNode | AttachmentNode;

const MAX_PICKER_FILES = 500;

/**
 * New Submission, Check Status, Show History, Show Summary PDF, Download
 * Attachment and Copy Submission Id.
 */
export function registerSubmissionCommands(deps: Deps): void {
  const reg = (id: string, fn: (...args: unknown[]) => unknown) => registerCommand(deps.context, deps, id, fn);
  reg('dsas.newSubmission', (uri, uris) => newSubmission(deps, urisFromArgs(uri, uris)));
  reg('dsas.checkStatus', (node) => checkStatus(deps, asRow(node)));
  reg('dsas.showHistory', (node) => showHistory(deps, asRow(node)));
  reg('dsas.showSummary', (node) => showSummary(deps, asRow(node)));
  reg('dsas.downloadAttachment', (node) => downloadAttachment(deps, isKind<AttachmentNode>(node, 'attachment') ? node : undefined));
  reg('dsas.openAttachment', (node) => openAttachment(deps, isKind<AttachmentNode>(node, 'attachment') ? node : undefined));
  reg('dsas.savePdf', (source) => savePdf(deps, source as PdfSource));
  reg('dsas.copySubmissionId', async (node) => {
    const s = await submissionOf(deps, asRow(node), vscode.l10n.t('Submission whose id to copy'));
    if (!s) return;
    await vscode.env.clipboard.writeText(s.id);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Copied submission id {0}', s.id), 3000);
  });
}

function isKind<T extends { kind: string }>(v: unknown, kind: T['kind']): v is T {
  return typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === kind;
}

function asRow(v: unknown): SubmissionRow | undefined {
  if (isKind<SubmissionNode>(v, 'submission') || isKind<HistoryNode>(v, 'history') || isKind<RecipientNode>(v, 'recipient') || isKind<AttachmentNode>(v, 'attachment')) return v;
  return undefined;
}

/** The submission a row belongs to, or one the user picks when run from the palette. */
async function submissionOf(deps: Deps, row: SubmissionRow | undefined, placeHolder: string): Promise<{ id: string; formReference?: string } | undefined> {
  if (row) {
    const s = row.kind === 'submission' ? row : row.submission;
    return { id: s.item.id, formReference: s.item.formReference };
  }
  return pickSubmission(deps, placeHolder);
}

const label = (s: { id: string; formReference?: string }): string => (s.formReference ? `"${oneLine(s.formReference)}" (${s.id})` : s.id);

// ── New Submission ────────────────────────────────────────────────────────

async function newSubmission(deps: Deps, given: vscode.Uri[]): Promise<void> {
  const client = deps.session.client; // fails early, before any question, when signed out
  const uris = given.length ? given : await chooseDocuments(deps);
  if (!uris?.length) return;
  const documents = await regularFiles(deps, uris);
  if (documents.length === 0) return;
  // Refused now rather than after all the questions.
  const problem = documentProblem(documents);
  if (problem) throw invalidRequest(problem);
  if (!(await confirmUploadInRestrictedMode(deps, documents))) return;

  const settings = readSettings();
  const first = documents[0].name;
  const answers = await askSubmission(deps.input.current, {
    defaultType: settings.defaultRecipientType,
    suggestedReference: first.includes('.') ? first.slice(0, first.lastIndexOf('.')) : first,
  });
  if (!answers) return;

  if (settings.confirmBeforeSending) {
    const send = vscode.l10n.t('Send');
    const choice = await deps.input.current.confirm(
      vscode.l10n.t('Send "{0}" to {1} recipient(s)?', answers.formReference, answers.recipients.length),
      summaryText(answers, documents),
      send,
    );
    if (choice !== send) return;
  }

  const total = documents.reduce((n, d) => n + d.size, 0);
  const arrival = submissionArrival(deps, answers.formReference);
  let before: ReadonlySet<string> | undefined;
  let created;
  try {
    created = await withCancellableProgress(vscode.l10n.t('Sending "{0}"…', answers.formReference), async (p, signal) => {
      // What is there already, so that after an unknown outcome a new arrival can be told from an old one.
      before = await listedIds(arrival, signal);
      return client.createSubmission({
        formReference: answers.formReference,
        recipients: answers.recipients.map(toNewRecipient),
        coverNote: answers.coverNote,
        data: answers.data,
        documents: documents.map((d) => ({ path: d.path })),
      }, { signal, onProgress: (sent, all) => p.bytes(sent, all || total) });
    });
  } catch (e) {
    if (isServiceError(e) && e.outcomeUnknown) return reportUnknownOutcome(deps, e, before, arrival);
    throw e;
  }
  deps.log.info(`Submission ${created.id} sent with ${documents.length} document(s), ${total} bytes.`);
  await deps.submissions.reveal(created.id); // fetches the list again: the new id is not in it yet
  void deps.input.current.info(vscode.l10n.t('Submission "{0}" was sent (id {1}).', answers.formReference, created.id));
}

/** Why these documents cannot be sent together, if they cannot: the service needs distinct, usable, non-empty files. */
function documentProblem(docs: readonly LocalFile[]): string | undefined {
  const empty = docs.filter((d) => d.size === 0).map((d) => d.name);
  if (empty.length) return vscode.l10n.t('Empty files cannot be sent: {0}.', empty.join(', '));
  const odd = docs.filter((d) => d.name !== safeFileName(d.name)).map((d) => d.name);
  if (odd.length) return vscode.l10n.t('These file names cannot be sent as attachment names; rename the files first: {0}.', odd.join(', '));
  if (docs.some((d) => d.name.toLowerCase() === 'package.xml')) return vscode.l10n.t('A document may not be named "package.xml": that name is the package\'s.');
  const seen = new Map<string, string>();
  for (const d of docs) {
    const key = d.name.toLowerCase();
    if (seen.has(key)) return vscode.l10n.t('Two documents are named "{0}"; each attachment needs its own name.', d.name);
    seen.set(key, d.name);
  }
  return undefined;
}

/** The confirmation's detail: recipients, documents with sizes, form reference. */
function summaryText(a: SubmissionAnswers, docs: readonly LocalFile[]): string {
  const t = vscode.l10n.t;
  const lines = [t('Form reference: {0}', a.formReference), '', t('Recipients:')];
  for (const r of a.recipients) {
    const { firstName, lastName } = splitName(r.name);
    const auth = r.authMethod ? ` · ${t('authentication: {0} {1}', r.authMethod, r.authNumber)}` : '';
    lines.push(`  ${[firstName, lastName].filter(Boolean).join(' ')} <${r.email}> · ${r.type}${auth}`);
  }
  const total = docs.reduce((n, d) => n + d.size, 0);
  lines.push('', t('Documents ({0}, {1}):', docs.length, formatBytes(total)));
  for (const d of docs) lines.push(`  ${d.name} · ${formatBytes(d.size)}`);
  if (a.coverNote) lines.push('', t('Cover note: {0}', a.coverNote.length > 200 ? `${a.coverNote.slice(0, 200)}…` : a.coverNote));
  if (a.data) lines.push(t('Data: {0}', a.data.length > 200 ? `${a.data.slice(0, 200)}…` : a.data));
  return lines.join('\n');
}

/** Documents from the palette or the view: workspace files, or any file through Browse…. */
async function chooseDocuments(deps: Deps): Promise<vscode.Uri[] | undefined> {
  const ui = deps.input.current;
  const browse = async () => ui.openDialog({ canSelectMany: true, canSelectFiles: true, canSelectFolders: false, openLabel: vscode.l10n.t('Attach'), title: vscode.l10n.t('Documents to send') });
  if (!vscode.workspace.workspaceFolders?.length) return browse();
  const found = await workspaceFiles(deps);
  const browseItem = { label: vscode.l10n.t('$(folder-opened) Browse…'), description: vscode.l10n.t('choose files anywhere'), alwaysShow: true, uri: undefined as vscode.Uri | undefined };
  const items = [
    browseItem,
    ...found
      .map((uri) => ({ label: path.basename(uri.fsPath), description: path.dirname(vscode.workspace.asRelativePath(uri)).replace(/^\.$/, ''), uri: uri as vscode.Uri | undefined }))
      .sort((a, b) => `${a.description}/${a.label}`.localeCompare(`${b.description}/${b.label}`)),
  ];
  const picked = await ui.quickPickMany(items, {
    title: vscode.l10n.t('New Submission'),
    placeHolder: found.length >= MAX_PICKER_FILES
      ? vscode.l10n.t('Documents to send (the first {0} workspace files; Browse… for others)', MAX_PICKER_FILES)
      : vscode.l10n.t('Documents to send'),
  });
  if (!picked?.length) return undefined;
  const chosen = picked.flatMap((i) => (i.uri ? [i.uri] : []));
  if (picked.includes(browseItem)) {
    const more = await browse();
    if (!more) return undefined;
    chosen.push(...more);
  }
  return chosen;
}

const SKIPPED_FOLDERS = new Set(['node_modules', '.git']);

/**
 * Up to MAX_PICKER_FILES workspace files, without node_modules and .git.
 * Where file search is not available (it needs ripgrep, which some remote
 * and web hosts lack), the folders are walked instead.
 */
async function workspaceFiles(deps: Deps): Promise<vscode.Uri[]> {
  try {
    const found = await vscode.workspace.findFiles('**/*', `{${[...SKIPPED_FOLDERS].map((f) => `**/${f}/**`).join(',')}}`, MAX_PICKER_FILES);
    if (found.length) return found;
  } catch (e) {
    deps.log.warn(`Searching the workspace files failed (${e instanceof Error ? e.message : String(e)}); walking the folders instead.`);
  }
  const out: vscode.Uri[] = [];
  const queue = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri);
  while (queue.length && out.length < MAX_PICKER_FILES) {
    const dir = queue.shift()!;
    const entries = await vscode.workspace.fs.readDirectory(dir).then((e) => e, () => [] as [string, vscode.FileType][]);
    for (const [name, type] of entries.sort(([a], [b]) => a.localeCompare(b))) {
      if (type & vscode.FileType.Directory) {
        // Linked folders are not followed: they may loop.
        if (!SKIPPED_FOLDERS.has(name) && !(type & vscode.FileType.SymbolicLink)) queue.push(vscode.Uri.joinPath(dir, name));
      } else if (type & vscode.FileType.File && out.length < MAX_PICKER_FILES) {
        out.push(vscode.Uri.joinPath(dir, name));
      }
    }
  }
  return out;
}

/** How a new submission is recognised in the list after an unknown outcome: by its form reference. */
function submissionArrival(deps: Deps, formReference: string): ArrivalCheck<SubmissionListItem> {
  const t = vscode.l10n.t;
  const ref = oneLine(formReference);
  return {
    list: (signal) => deps.session.client.listSubmissions({ signal }),
    id: (s) => s.id,
    matches: (s) => s.formReference === formReference,
    newestFirst: (l) => [...l].sort((a, b) => (b.created.date?.getTime() ?? 0) - (a.created.date?.getTime() ?? 0)),
    reveal: (id) => deps.submissions.reveal(id),
    text: {
      arrived: (s) => t('The service received "{0}": it is submission {1}, created {2}. Do not send it again.', ref, s.id, formatTime(s.created)),
      absent: () => t('The service did not receive "{0}": no new submission of that name is in the list. You can send it again.', ref),
      uncertain: (s, n) => t('The list has {0} submission(s) named "{1}"; the newest is {2}, created {3}. The list from before sending could not be read, so it is not known whether that one is the one just sent: compare its time before sending again.', n, ref, s.id, formatTime(s.created)),
      unchecked: () => t('The list of submissions could not be read either: check it before sending "{0}" again.', ref),
    },
  };
}

// ── Check Status ──────────────────────────────────────────────────────────

async function checkStatus(deps: Deps, row: SubmissionRow | undefined): Promise<void> {
  const s = await submissionOf(deps, row, vscode.l10n.t('Submission whose status to check'));
  if (!s) return;
  const client = deps.session.client;
  const status = await withCancellableProgress(vscode.l10n.t('Checking the status of {0}…', label(s)), (_p, signal) => client.getStatus(s.id, { signal }));
  deps.submissions.setStatus(s.id, status.status);
  const name = label({ id: s.id, formReference: status.formReference || s.formReference });
  void deps.input.current.info(vscode.l10n.t('Submission {0} is {1}.', name, oneLine(status.status)));
}

// ── Show History, Show Summary PDF, Save PDF ──────────────────────────────

async function showHistory(deps: Deps, row: SubmissionRow | undefined): Promise<void> {
  const s = await submissionOf(deps, row, vscode.l10n.t('Submission whose history to show'));
  if (s) deps.timelines.show(s.id);
}

async function showSummary(deps: Deps, row: SubmissionRow | undefined): Promise<void> {
  const s = await submissionOf(deps, row, vscode.l10n.t('Submission whose summary to show'));
  if (s) deps.pdfs.show({ kind: 'summary', submissionId: s.id });
}

/** The viewer's "Save PDF…": the same document, downloaded where the user chooses. */
async function savePdf(deps: Deps, source: PdfSource): Promise<void> {
  const name = source.kind === 'summary' ? `summary-${source.submissionId}.pdf` : source.name;
  const target = await askSaveTarget(deps, name, vscode.l10n.t('Save PDF'), { PDF: ['pdf'] });
  if (!target) return;
  const client = deps.session.client;
  const to = { path: target.uri.fsPath, overwrite: target.overwrite };
  const result = await withCancellableProgress(vscode.l10n.t('Saving {0}…', name), (p, signal) => {
    const o = { signal, onProgress: (n: number, total?: number) => p.bytes(n, total) };
    if (source.kind === 'summary') return client.downloadSummary(source.submissionId, to, o);
    if (source.kind === 'attachment') return client.downloadAttachment(source.submissionId, { id: source.id, ticket: source.ticket, name: source.name }, to, o);
    return client.downloadArchiveFile({ id: source.id, ticket: source.ticket, name: source.name }, to, o);
  });
  offerOpen(deps, result);
}

/** PDF attachments open in the viewer; anything else is downloaded. */
async function openAttachment(deps: Deps, node: AttachmentNode | undefined): Promise<void> {
  if (!node) return;
  const a = node.attachment;
  if (/\.pdf$/i.test(a.name)) deps.pdfs.show({ kind: 'attachment', submissionId: node.submission.item.id, id: a.id, ticket: a.ticket, name: a.name });
  else await downloadAttachment(deps, node);
}

// ── Download Attachment ───────────────────────────────────────────────────

async function downloadAttachment(deps: Deps, node: AttachmentNode | undefined): Promise<vscode.Uri | undefined> {
  const target = node ? { submission: node.submission.item as Pick<SubmissionListItem, 'id' | 'formReference'>, attachment: node.attachment } : await pickAttachment(deps);
  if (!target) return undefined;
  const { submission, attachment } = target;
  const name = attachment.name || `attachment-${attachment.id}`;
  const where = await askSaveTarget(deps, name, vscode.l10n.t('Download "{0}"', oneLine(name)));
  if (!where) return undefined;
  const client = deps.session.client;
  const result = await withCancellableProgress(vscode.l10n.t('Downloading "{0}"…', oneLine(name)), (p, signal) =>
    client.downloadAttachment(submission.id, attachment, { path: where.uri.fsPath, overwrite: where.overwrite }, { signal, onProgress: (n, total) => p.bytes(n, total) }));
  deps.log.info(`Attachment ${attachment.id} of submission ${submission.id} saved (${result.bytes} bytes).`);
  offerOpen(deps, result);
  return vscode.Uri.file(result.path);
}

/** From the palette: a submission, then one of its attachments. */
async function pickAttachment(deps: Deps): Promise<{ submission: { id: string }; attachment: Attachment } | undefined> {
  const s = await pickSubmission(deps, vscode.l10n.t('Submission with the attachment to download'));
  if (!s) return undefined;
  const client = deps.session.client;
  const detail = await withCancellableProgress(vscode.l10n.t('Loading {0}…', label(s)), (_p, signal) => client.getSubmission(s.id, { signal }));
  if (detail.attachments.length === 0) {
    void deps.input.current.info(vscode.l10n.t('Submission {0} has no attachments.', label(s)));
    return undefined;
  }
  const picked = await deps.input.current.quickPick(
    detail.attachments.map((a) => ({ label: oneLine(a.name) || a.id, description: a.id, attachment: a })),
    { title: vscode.l10n.t('Download Attachment'), placeHolder: vscode.l10n.t('Attachment to download') },
  );
  if (picked === undefined || picked === BACK) return undefined;
  return { submission: { id: s.id }, attachment: picked.attachment };
}
