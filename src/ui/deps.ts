import type * as vscode from 'vscode';
import type { Logger } from '../core';
import type { CommandRunner } from './commands/commandRunner';
import type { Composer } from './composer/composer';
import type { Secrets } from './session/secrets';
import type { AnnouncedStore } from './status/announcedStore';
import type { SessionInUse } from './session/sessionInUse';
import type { Sessions } from './session/sessions';
import type { Connections } from './session/connections';
import type { ArchiveTree } from './archive/archiveTree';
import type { ArchiveUploads } from './archive/archiveUploads';
import type { SubmissionsTree } from './submissions/submissionsTree';
import type { SubmissionUpdates } from './submissions/submissionUpdates';
import type { InputHolder } from './input/userInput';
import type { PdfPanels } from './viewer/pdfPanels';
import type { WorkspaceFiles } from './workspace/workspaceFiles';
import type { TimelinePanels } from './submissions/timelinePanels';
import type { PanelTap } from './panels/panelTap';

/**
 * What the commands are built from; assembled once in extension.ts and
 * taken by the register…Commands functions only. Everything below them
 * takes the few things it uses (a Pick, or a small interface of its own):
 * the linter keeps this file out of every other file of src/ui.
 */
export interface Deps {
  readonly context: vscode.ExtensionContext;
  readonly log: vscode.LogOutputChannel & Logger;
  readonly input: InputHolder;
  readonly secrets: Secrets;
  /** The user's connections (user settings). */
  readonly connections: Connections;
  /** One session per connection. */
  readonly sessions: Sessions;
  /** The session of the workspace's connection, following a switch: what the views and commands use. */
  readonly session: SessionInUse;
  readonly commands: CommandRunner;
  readonly submissions: SubmissionsTree;
  readonly archive: ArchiveTree;
  /** The one way files go into the archive, with what follows an upload. */
  readonly archiveUploads: ArchiveUploads;
  readonly timelines: TimelinePanels;
  readonly pdfs: PdfPanels;
  /** New Submission's forms. */
  readonly composer: Composer;
  /** Where what is learned about a submission is said, for the open panels. */
  readonly updates: SubmissionUpdates;
  /** What each account was told about its submissions (notices, the badge), kept across sessions. */
  readonly announced: AnnouncedStore;
  /** The Explorer's decorations of files sent or archived, and the records behind them. */
  readonly workspaceFiles: WorkspaceFiles;
  /** Host tests' view of the panels' pages (ExtensionMode.Test only). */
  readonly tap?: PanelTap;
}
