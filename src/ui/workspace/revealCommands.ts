import * as vscode from 'vscode';
import { Cmd } from '../commands/commandIds';
import { explorerUris } from '../lists/rowArgs';
import type { CommandRunner } from '../commands/commandRunner';
import type { InputHolder } from '../input/userInput';
import type { WorkspaceFiles } from './workspaceFiles';

/** What the Reveal commands are built from. */
export interface RevealCommandParts {
  readonly commands: CommandRunner;
  readonly input: InputHolder;
  readonly workspaceFiles: Pick<WorkspaceFiles, 'factsOf'>;
  /** The two views, each showing the row of an id under its connection's root. */
  readonly archive: { reveal(id: string, connectionId?: string): Promise<void> };
  readonly submissions: { reveal(id: string, connectionId?: string): Promise<void> };
}

/** Reveal in Archive and Reveal Submission, for a decorated Explorer file or the active editor's. */
export function registerRevealCommands(deps: RevealCommandParts): void {
  deps.commands.register(Cmd.revealInArchive, explorerUris, async (uris) => {
    const uri = target(uris);
    const f = uri && (await deps.workspaceFiles.factsOf(uri, true));
    if (!f?.archived) return void deps.input.current.info(vscode.l10n.t('"{0}" is not known to be in the archive.', name(uri)));
    await deps.archive.reveal(f.archived.fileId, f.connectionId);
  });
  deps.commands.register(Cmd.revealSubmission, explorerUris, async (uris) => {
    const uri = target(uris);
    const f = uri && (await deps.workspaceFiles.factsOf(uri, true));
    if (!f?.sent) return void deps.input.current.info(vscode.l10n.t('"{0}" is not known to have been sent from here.', name(uri)));
    await deps.submissions.reveal(f.sent.submissionId, f.connectionId);
  });
}

/** The Explorer's file, else the active editor's. */
function target(uris: vscode.Uri[]): vscode.Uri | undefined {
  return uris[0] ?? vscode.window.activeTextEditor?.document.uri;
}

function name(uri: vscode.Uri | undefined): string {
  return uri ? uri.path.split('/').pop() ?? '' : vscode.l10n.t('No file');
}
