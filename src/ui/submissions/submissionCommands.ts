import { submissionNodeOf } from '../lists/nodes';
import * as vscode from 'vscode';
import { Cmd } from '../commands/commandIds';
import type { Deps } from '../deps';
import { formatTime } from '../text/format';
import { asListed, namesakes, type ListedSubmissions, type NamedSubmission } from './submissionNames';
import { oneLine } from '../text/text';
import { pickSubmission } from '../input/pickers';
import { withCancellableProgress } from '../input/progress';
import { aSubmissionRow, explorerUris, type SubmissionRow } from '../commands/args';
import { startNewSubmission } from '../composer/newSubmissionStart';
import { sendAgain } from '../composer/sendAgain';

/** New Submission, Send Again With…, Check Status, Show History, Show Summary PDF and Copy Submission Id. */
export function registerSubmissionCommands(deps: Deps): void {
  const { commands } = deps;
  // With documents (the Explorer's selection) the form opens with them; else the first question asks how to start.
  commands.register(Cmd.newSubmission, explorerUris, async (uris) => (uris.length ? void (await deps.composer.compose(uris)) : startNewSubmission(deps)));
  commands.register(Cmd.addToSubmission, explorerUris, async (uris) => {
    // From the palette: the file of the active editor.
    const files = uris.length ? uris : [vscode.window.activeTextEditor?.document.uri].filter((u): u is vscode.Uri => u?.scheme === 'file');
    if (files.length) await deps.composer.addToLatest(files);
    else void deps.input.current.info(vscode.l10n.t('Select files in the Explorer, or open one in an editor, to add them to the submission.'));
  });
  commands.register(Cmd.sendAgain, aSubmissionRow, (row) => sendAgainWith(deps, row));
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
    const s = submissionNodeOf(row);
    return { id: s.item.id, formReference: s.item.formReference };
  }
  return pickSubmission(deps.input.current, deps.session.client, deps.submissions, placeHolder);
}

/**
 * A submission in a question, a progress title or a message: its form
 * reference (`"BUDGET-2025"`), with when it was created when another listed
 * submission has the same one; its id only when it has no form reference,
 * as its row is labelled then.
 */
export function describeSubmission(s: NamedSubmission, listed: ListedSubmissions): string {
  const me = asListed(s, listed);
  if (!me.formReference?.trim()) return me.id;
  const name = `"${oneLine(me.formReference)}"`;
  return me.created?.date && namesakes(me, listed).length ? vscode.l10n.t('{0} (created {1})', name, formatTime(me.created)) : name;
}

// ── Send Again With… ──────────────────────────────────────────────────────

async function sendAgainWith(deps: Deps, row: SubmissionRow | undefined): Promise<void> {
  const s = await submissionOf(deps, row, vscode.l10n.t('Submission whose recipients to send to again'));
  if (s) await sendAgain(deps, s, describeSubmission(s, deps.submissions));
}

// ── Check Status ──────────────────────────────────────────────────────────

async function checkStatus(deps: Deps, row: SubmissionRow | undefined): Promise<void> {
  const s = await submissionOf(deps, row, vscode.l10n.t('Submission whose status to check'));
  if (!s) return;
  const client = deps.session.client;
  const status = await withCancellableProgress(vscode.l10n.t('Checking the status of {0}…', describeSubmission(s, deps.submissions)), (_p, signal) => client.getStatus(s.id, { signal }));
  // Said where everything learned is said: the row, open panels and the Explorer's decorations follow (this account's only).
  if (deps.session.uses(client)) deps.updates.learned({ id: s.id, state: status.status });
  const name = describeSubmission({ id: s.id, formReference: status.formReference || s.formReference }, deps.submissions);
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
