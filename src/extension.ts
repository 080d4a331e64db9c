import * as vscode from 'vscode';
import { errorDetail, type Logger } from './core';
import { Cmd } from './ui/commands/commandIds';
import { CommandRunner } from './ui/commands/commandRunner';
import { ComposerMemory } from './ui/composer/composerMemory';
import type { Composer } from './ui/composer/composer';
import { ComposerPanels } from './ui/composer/composerPanels';
import { archiveFiles, registerArchiveCommands } from './ui/archive/archiveCommands';
import { archiveFromViewer, registerArchiveFromSubmission } from './ui/archive/archiveFromSubmission';
import { downloadListedAttachment, registerAttachmentCommands, savePdf } from './ui/transfers/attachmentCommands';
import { registerSessionCommands } from './ui/session/sessionCommands';
import { connectionEditing, registerConnectionCommands } from './ui/session/connectionPart';
import { Connections } from './ui/session/connections';
import { Sessions } from './ui/session/sessions';
import { SessionInUse } from './ui/session/sessionInUse';
import { registerSubmissionCommands } from './ui/submissions/submissionCommands';
import { registerComposerCommands } from './ui/composer/composerCommands';
import { registerViewCommands } from './ui/submissions/viewCommands';
import { createLog } from './ui/log';
import { Secrets } from './ui/session/secrets';
import { AccountsMenu } from './ui/session/accountsMenu';
import { ConnectionAccounts } from './ui/session/connectionAccounts';
import { signOut } from './ui/session/signOut';
import { moveRenamedSettings } from './ui/session/settingsRename';
import { removeLeftovers } from './ui/transfers/temporaryFolder';
import { AnnouncedStore } from './ui/status/announcedStore';
import { Poller } from './ui/status/poller';
import { PendingStatusBar } from './ui/status/statusBar';
import { ArchiveTree } from './ui/archive/archiveTree';
import { ArchiveUploads } from './ui/archive/archiveUploads';
import { SubmissionsTree } from './ui/submissions/submissionsTree';
import { SubmissionUpdates } from './ui/submissions/submissionUpdates';
import { InputHolder, type UserInput } from './ui/input/userInput';
import { PdfPanels } from './ui/viewer/pdfPanels';
import { registerPdfEditor } from './ui/viewer/pdfEditor';
import { PdfMemory } from './ui/viewer/pdfMemory';
import { TimelinePanels } from './ui/submissions/timelinePanels';
import { PanelTap } from './ui/panels/panelTap';
import { LateBound } from './ui/lateBound';
import { registerRevealCommands } from './ui/workspace/revealCommands';
import { WorkspaceFiles } from './ui/workspace/workspaceFiles';

/**
 * Everything the composition root made, handed to the register…Commands
 * functions (each of which names the few parts it takes, in a type of its
 * own) and to host tests through ExtensionApi.
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

/**
 * What activate() returns to host tests, and only to them (ExtensionMode.Test):
 * it holds the session and could replace the prompts, so an extension
 * installed the normal way gives other extensions nothing.
 */
export interface ExtensionApi {
  /** Replaces the prompts with a scripted UserInput; returns a function that restores them. */
  setUserInput(input: UserInput): () => void;
  readonly deps: Deps;
  readonly poller: Poller;
  /** What the panels' pages send, and a way to post as one of them. */
  readonly tap: PanelTap;
  /** The status bar item of pending submissions. */
  readonly statusBarItem: vscode.StatusBarItem;
}

/** Composition root: builds the objects, registers them, nothing else. */
export function activate(context: vscode.ExtensionContext): ExtensionApi | undefined {
  const started = Date.now();
  const log = createLog();
  const input = new InputHolder();
  const secrets = new Secrets(context.secrets);
  // The connections (an address and user name of the earlier settings already among them), one session each, and the workspace's.
  const connections = new Connections(log);
  const sessions = new Sessions(connections, { secrets, input, log });
  const session = new SessionInUse(sessions, connections, context.workspaceState, { input, log });
  // Started here so that restored panels can wait for it; it reads the secrets
  // asynchronously, so everything below is built before it changes anything.
  const sessionStarted = session.start();
  // What the trees, Check Status and polling learn about a submission, for the open panels.
  const updates = new SubmissionUpdates(() => session.connection?.id);
  // Host tests' view of the panels' pages: none in the product.
  const tap = context.extensionMode === vscode.ExtensionMode.Test ? new PanelTap() : undefined;
  const commands = new CommandRunner({ log, input, session }, context.subscriptions);
  const { extensionUri } = context;

  // Each object is built from those built before it. Panel buttons and drops run their action directly, under the commands' error handler.
  // Both views show every connection's rows (a root each when there are several), each fetched with its own session.
  const treeSessions = { sessions, connections, inUse: session, state: context.workspaceState };
  const submissions = new SubmissionsTree(treeSessions, log, updates);
  // The Archive view and the uploads need each other: a drop on the view archives the files, and the uploads reveal what arrived in it.
  const archiveDrop = new LateBound<[vscode.Uri[], unknown], Promise<unknown>>('the Archive view\'s drop');
  const archive = new ArchiveTree(treeSessions, log, archiveDrop.call, (text) => void input.current.warn(text));
  // The Explorer's decorations of files sent or archived: reads nothing until a decoration is asked for.
  const workspaceFiles = new WorkspaceFiles({ context, log, session, connections, archive, updates });
  const archiveUploads = new ArchiveUploads({ session, input, log, view: archive, records: workspaceFiles });
  // Which connection a command acts with (routed by whichConnection.ts): a row's, else asked when there are several.
  const choosing = { input, connections, sessions, session };
  archiveDrop.bind((uris, onto) => commands.run(Cmd.archiveFile, () => archiveFiles({ ...choosing, log, archiveUploads }, uris, onto)));
  // The viewer and the downloads need each other: its Save PDF… is a download, and a download offers Open, which shows a PDF in this viewer.
  const openPdf = new LateBound<Parameters<PdfPanels['show']>, ReturnType<PdfPanels['show']>>('the PDF viewer\'s Open');
  const transfers = { ...choosing, log, pdfs: { show: openPdf.call }, submissions };
  const pdfs = new PdfPanels({ extensionUri, log, session, sessions, connections, sessionStarted, updates, tap, memory: new PdfMemory(context.globalState), save: (source, formReference) => void commands.run(Cmd.savePdf, () => savePdf(transfers, source, formReference)), archive: archiveFromViewer });
  openPdf.bind((source, formReference) => pdfs.show(source, formReference));
  const timelines = new TimelinePanels({
    extensionUri, log, session, sessions, connections, sessionStarted, updates, tap,
    // A History's links are of its connection and account: nothing is fetched once the connection points elsewhere.
    openSummary: (owner, submissionId, formReference) => void commands.run(Cmd.showSummary, () => pdfs.show({ kind: 'summary', submissionId, ...owner }, formReference)),
    downloadAttachment: (owner, submissionId, attachmentId) => void commands.run(Cmd.downloadAttachment, () => downloadListedAttachment(transfers, owner, submissionId, attachmentId)),
  });
  const composer = new ComposerPanels({ extensionUri, log, tap, input, session, sessions, commands, submissions, archive, workspaceFiles }, new ComposerMemory(context.workspaceState, context.globalState), sessionStarted);
  const announced = new AnnouncedStore(context.globalState);
  const poller = new Poller({ input, log, sessions, submissions, timelines, updates, announced });
  // What the commands are built from.
  const deps: Deps = { context, log, input, secrets, connections, sessions, session, commands, submissions, archive, archiveUploads, timelines, pdfs, updates, composer, workspaceFiles, announced, tap };
  const statusBarItem = vscode.window.createStatusBarItem('dsas.pending', vscode.StatusBarAlignment.Left, 50);
  const statusBar = new PendingStatusBar(statusBarItem, { sessions, session, submissions, poller });
  // VS Code's Accounts menu: signs in and out as the commands do, under their error handler.
  const accounts = new ConnectionAccounts(connections, sessions, () => session.connection, {
    signIn: (c) => commands.run(Cmd.signIn, () => (c ? connectionEditing().signInTo(deps, c) : connectionEditing().addConnection(deps))),
    signOut: (one) => commands.run(Cmd.signOut, () => signOut({ session: one, input, drafts: composer, announced }, true)),
  });
  const accountsMenu = new AccountsMenu(accounts);
  context.subscriptions.push(...(tap ? [tap] : []), log, secrets, connections, sessions, session, updates, submissions, archive, pdfs, timelines, composer, poller, statusBar, accounts, accountsMenu, workspaceFiles, registerPdfEditor(pdfs));
  // What the views' first paint does not need waits for the next turn, after VS Code has the views.
  const later = setImmediate(() => {
    // Settings read the old keys meanwhile, and the connections hold the earlier address and user name already, so nothing waits for this.
    void moveRenamedSettings('dsas', log).catch((e: unknown) => log.warn(`Moving renamed settings failed: ${errorDetail(e)}`));
    if (connections.legacyPending()) void connections.migrate();
    // Copies of archive documents a reloaded, closed or crashed window left behind.
    context.subscriptions.push({ dispose: removeLeftovers(log) }, workspaceFiles.register());
  });
  context.subscriptions.push({ dispose: () => clearImmediate(later) });

  beforeExit = () => workspaceFiles.flush();

  registerSessionCommands(deps);
  registerConnectionCommands(deps);
  registerSubmissionCommands(deps);
  registerComposerCommands(deps);
  registerAttachmentCommands(deps);
  registerArchiveCommands(deps);
  registerArchiveFromSubmission(deps);
  registerViewCommands(deps);
  registerRevealCommands(deps);

  log.info(`Activated in ${Date.now() - started} ms.`);
  if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined; // no test seam in the product
  return {
    deps,
    poller,
    statusBarItem,
    tap: tap!,
    setUserInput(u: UserInput) {
      const previous = input.raw;
      input.current = u;
      return () => (input.current = previous);
    },
  };
}

/** What must be done before the extension host goes, which VS Code waits for: set by activate(). */
let beforeExit: (() => Promise<void>) | undefined;

/**
 * The Explorer's records are written together: those not written yet go when
 * the extension is deactivated (desktop VS Code waits for it; the browser's
 * workbench may be gone already).
 */
export function deactivate(): Promise<void> | undefined {
  return beforeExit?.();
}
