import * as vscode from 'vscode';
import { Cmd } from '../commands/commandIds';
import type { CommandRunner } from '../commands/commandRunner';
import type { PdfSource } from '../../shared/pdfProtocol';
import { oneLine } from '../text/text';
import { withCancellableProgress } from '../input/progress';
import { aSubmissionRow, type SubmissionRow } from '../lists/rowArgs';
import { describeSubmission, submissionOf, type SubmissionAsking } from './whichSubmission';
import type { SubmissionUpdates } from './submissionUpdates';
import type { TimelinePanels } from './timelinePanels';

/** What the submission commands are built from. */
export interface SubmissionCommandParts extends SubmissionAsking {
  readonly commands: CommandRunner;
  readonly session: SubmissionAsking['session'];
  readonly updates: Pick<SubmissionUpdates, 'learned'>;
  readonly timelines: Pick<TimelinePanels, 'show'>;
  /** The PDF viewer. */
  readonly pdfs: { show(source: PdfSource, formReference?: string): Promise<unknown> };
}

/** Check Status, Show History, Show Summary PDF and Copy Submission Id. */
export function registerSubmissionCommands(deps: SubmissionCommandParts): void {
  const { commands } = deps;
  commands.register(Cmd.checkStatus, aSubmissionRow, (row) => checkStatus(deps, row));
  commands.register(Cmd.showHistory, aSubmissionRow, (row) => showHistory(deps, row));
  commands.register(Cmd.showSummary, aSubmissionRow, (row) => showSummary(deps, row));
  commands.register(Cmd.copySubmissionId, aSubmissionRow, async (row) => {
    const s = await submissionOf(deps, row, vscode.l10n.t('Submission whose id to copy'), vscode.l10n.t('Copy Submission Id'));
    if (!s) return;
    await vscode.env.clipboard.writeText(s.id);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Copied submission id {0}', s.id), 3000);
  });
}

// ── Check Status ──────────────────────────────────────────────────────────

async function checkStatus(deps: SubmissionCommandParts, row: SubmissionRow | undefined): Promise<void> {
  const s = await submissionOf(deps, row, vscode.l10n.t('Submission whose status to check'), vscode.l10n.t('Check Status'));
  if (!s) return;
  const client = s.session.client;
  const status = await withCancellableProgress(vscode.l10n.t('Checking the status of {0}…', describeSubmission(s, deps.submissions)), (_p, signal) => client.getStatus(s.id, { signal }));
  // Said where everything learned is said, for its connection: its row and open panels follow (the Explorer's decorations, the workspace's connection's only).
  if (s.session.uses(client)) deps.updates.learned({ id: s.id, state: status.status, connectionId: s.session.connection.id });
  const name = describeSubmission({ id: s.id, formReference: status.formReference || s.formReference }, deps.submissions);
  void deps.input.current.info(vscode.l10n.t('Submission {0} is {1}.', name, oneLine(status.status)));
}

// ── Show History, Show Summary PDF ────────────────────────────────────────

async function showHistory(deps: SubmissionAsking & Pick<SubmissionCommandParts, 'timelines'>, row: SubmissionRow | undefined): Promise<void> {
  const s = await submissionOf(deps, row, vscode.l10n.t('Submission whose history to show'), vscode.l10n.t('Show History'));
  if (s) await deps.timelines.show(s.session.connection.id, s.id, s.formReference);
}

async function showSummary(deps: SubmissionAsking & Pick<SubmissionCommandParts, 'pdfs'>, row: SubmissionRow | undefined): Promise<void> {
  const s = await submissionOf(deps, row, vscode.l10n.t('Submission whose summary to show'), vscode.l10n.t('Show Summary PDF'));
  if (s) await deps.pdfs.show({ kind: 'summary', submissionId: s.id, connectionId: s.session.connection.id }, s.formReference);
}
