import * as vscode from 'vscode';
import { Cmd } from '../commands/commandIds';
import type { CommandRunner } from '../commands/commandRunner';
import type { Composer } from './composer';
import { aSubmissionRow, explorerUris, type SubmissionRow } from '../lists/rowArgs';
import { sessionFor } from '../session/whichConnection';
import { describeSubmission, submissionOf, type SubmissionAsking } from '../submissions/whichSubmission';
import { composerHost } from './composerPart';
import type { NewSubmissionStart } from './newSubmissionStart';

/** What the commands that open a form are built from. */
export type ComposerCommandParts = NewSubmissionStart & SubmissionAsking & {
  readonly commands: CommandRunner;
  readonly composer: Pick<Composer, 'compose' | 'addToLatest'>;
};

/** New Submission, Add to New Submission and Send Again With…: the commands that open a form. */
export function registerComposerCommands(deps: ComposerCommandParts): void {
  const { commands } = deps;
  // With documents (the Explorer's selection) the form opens with them; else the first question asks how to start.
  commands.register(Cmd.newSubmission, explorerUris, async (uris) => {
    // The form is of the connection asked for when there are several (the workspace's first); with none, of the account signed in to later.
    const session = deps.connections.list.length ? await sessionFor(deps, undefined, vscode.l10n.t('New Submission')) : undefined;
    if (deps.connections.list.length && !session) return;
    if (uris.length) await deps.composer.compose(uris, undefined, undefined, session?.connectionAccount);
    else await composerHost().startNewSubmission(session ? { ...deps, session } : deps);
  });
  commands.register(Cmd.addToSubmission, explorerUris, async (uris) => {
    // From the palette: the file of the active editor.
    const files = uris.length ? uris : [vscode.window.activeTextEditor?.document.uri].filter((u): u is vscode.Uri => u?.scheme === 'file');
    if (files.length) await deps.composer.addToLatest(files);
    else void deps.input.current.info(vscode.l10n.t('Select files in the Explorer, or open one in an editor, to add them to the submission.'));
  });
  commands.register(Cmd.sendAgain, aSubmissionRow, (row) => sendAgainWith(deps, row));
}

async function sendAgainWith(deps: ComposerCommandParts, row: SubmissionRow | undefined): Promise<void> {
  const s = await submissionOf(deps, row, vscode.l10n.t('Submission whose recipients to send to again'), vscode.l10n.t('Send Again With…'));
  // All of it from the submission's connection: its detail, its archive, and the form belongs to it.
  if (s) await composerHost().sendAgain({ ...deps, session: s.session }, s, describeSubmission(s, deps.submissions));
}
