import * as vscode from 'vscode';
import { invalidRequest, type ServiceClient } from '../../core';
import { Cmd } from '../commandIds';
import type { Deps } from '../deps';
import { formatBytes } from '../format';
import { oneLine } from '../text';
import { confirmUploadInRestrictedMode, regularFiles, type LocalFile } from '../localFiles';
import { askSubmission, splitName, toNewRecipient, type SubmissionAnswers } from '../newSubmissionWizard';
import { pickSubmission } from '../pickers';
import { problemText } from '../problemText';
import { withCancellableProgress } from '../progress';
import { sendSubmission } from '../sendSubmission';
import { readSettings } from '../settings';
import { aSubmissionRow, explorerUris, type SubmissionRow } from './args';
import { chooseDocuments } from './chooseDocuments';

/** New Submission, Check Status, Show History, Show Summary PDF and Copy Submission Id. */
export function registerSubmissionCommands(deps: Deps): void {
  const { commands } = deps;
  commands.register(Cmd.newSubmission, explorerUris, (uris) => newSubmission(deps, uris));
  commands.register(Cmd.checkStatus, aSubmissionRow, (row) => checkStatus(deps, row));
  commands.register(Cmd.showHistory, aSubmissionRow, (row) => showHistory(deps, row));
  commands.register(Cmd.showSummary, aSubmissionRow, (row) => showSummary(deps, row));
  commands.register(Cmd.copySubmissionId, aSubmissionRow, async (row) => {
    const s = await submissionOf(deps, row, vscode.l10n.t('Submission whose id to copy'));
    if (!s) return;
    await vscode.env.clipboard.writeText(s.id);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Copied submission id {0}', s.id), 3000);
  });
}

/** The submission a row belongs to, or one the user picks when run from the palette. */
async function submissionOf(deps: Deps, row: SubmissionRow | undefined, placeHolder: string): Promise<{ id: string; formReference?: string } | undefined> {
  if (row) {
    const s = row.kind === 'submission' ? row : row.submission;
    return { id: s.item.id, formReference: s.item.formReference };
  }
  return pickSubmission(deps.input.current, deps.session.client, deps.submissions, placeHolder);
}

/** A submission in a message: its form reference and id, or the id. */
export const describeSubmission = (s: { id: string; formReference?: string }): string => (s.formReference ? `"${oneLine(s.formReference)}" (${s.id})` : s.id);

// ── New Submission ────────────────────────────────────────────────────────

async function newSubmission(deps: Deps, given: vscode.Uri[]): Promise<void> {
  const client = deps.session.client; // fails early, before any question, when signed out
  const uris = given.length ? given : await chooseDocuments(deps.input.current, deps.log);
  if (!uris?.length) return;
  const documents = await regularFiles(deps.input.current, uris);
  if (documents.length === 0) return;
  // Refused now rather than after all the questions.
  const problem = documentProblem(client, documents);
  if (problem) throw invalidRequest(problem);
  if (!(await confirmUploadInRestrictedMode(deps.input.current, documents))) return;

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

  await sendSubmission(deps, {
    formReference: answers.formReference,
    recipients: answers.recipients.map(toNewRecipient),
    coverNote: answers.coverNote,
    data: answers.data,
    documents,
  });
}

/** Why these documents cannot be sent together, if they cannot: the client's own check, with its package name. */
function documentProblem(client: ServiceClient, docs: readonly LocalFile[]): string | undefined {
  const problem = client.documentsProblem(docs);
  return problem && problemText(problem);
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

// ── Check Status ──────────────────────────────────────────────────────────

async function checkStatus(deps: Deps, row: SubmissionRow | undefined): Promise<void> {
  const s = await submissionOf(deps, row, vscode.l10n.t('Submission whose status to check'));
  if (!s) return;
  const client = deps.session.client;
  const status = await withCancellableProgress(vscode.l10n.t('Checking the status of {0}…', describeSubmission(s)), (_p, signal) => client.getStatus(s.id, { signal }));
  deps.submissions.setStatus(s.id, status.status);
  deps.updates.learned({ id: s.id, state: status.status });
  const name = describeSubmission({ id: s.id, formReference: status.formReference || s.formReference });
  void deps.input.current.info(vscode.l10n.t('Submission {0} is {1}.', name, oneLine(status.status)));
}

// ── Show History, Show Summary PDF ────────────────────────────────────────

async function showHistory(deps: Deps, row: SubmissionRow | undefined): Promise<void> {
  const s = await submissionOf(deps, row, vscode.l10n.t('Submission whose history to show'));
  if (s) await deps.timelines.show(s.id, s.formReference);
}

async function showSummary(deps: Deps, row: SubmissionRow | undefined): Promise<void> {
  const s = await submissionOf(deps, row, vscode.l10n.t('Submission whose summary to show'));
  if (s) await deps.pdfs.show({ kind: 'summary', submissionId: s.id }, s.formReference);
}
