import type * as vscode from 'vscode';
import type { ComposerForm, ComposerProblems, FromComposer, ToComposer } from '../../shared/composerProtocol';
import type { CommandRunner } from '../commands/commandRunner';
import type { PanelHost } from '../panels/panelHost';
import type { PanelTap } from '../panels/panelTap';
import type { SessionInUse as Session } from '../session/sessionInUse';
import type { ArchiveCopies, ArchiveCopiesDeps } from './archiveCopies';
import type { ArchiveChoosing } from './archiveSource';
import type { Sending } from './sendSubmission';
import type { ComposerMemory } from './composerMemory';
import type { TabTitle } from './composerTitle';

/** An open New Submission form: its tab, its draft, and where it stands. */
export interface Entry {
  readonly host: PanelHost<ToComposer, FromComposer>;
  readonly draftId: string;
  /** The account it belongs to (its draft's): it is sent to that one only. Undefined for a draft of no known account, until an archive document is added. */
  account?: string;
  form: ComposerForm;
  /** The form the review step showed: only that one is sent. */
  reviewed?: ComposerForm;
  sending: boolean;
  /** Changed by the user since it opened: an untouched form leaves no draft when it closes. */
  touched: boolean;
  closed: boolean;
  /** Its archive documents' copies, and fetching them. */
  readonly copies: ArchiveCopies;
  /** Its tab's title, following the form reference. */
  readonly title: TabTitle;
}

/**
 * What the composers use of the extension: where the page's files are, the
 * host tests' tap (ExtensionMode.Test only), the commands' error handler,
 * and what fetching archive documents, adding documents and sending use.
 */
export interface ComposerParts extends Sending, ArchiveChoosing, ArchiveCopiesDeps {
  readonly extensionUri: vscode.Uri;
  readonly tap?: PanelTap;
  readonly commands: Pick<CommandRunner, 'run'>;
  /** The workspace's session; a form of a connection's account uses that connection's instead (`FormOps.partsFor`). */
  readonly session: FormSession;
  /** Each connection's session: a form is sent with that of its own account. */
  readonly sessions: { readonly all: readonly FormSession[] };
}

/** A session as a form uses it. */
export type FormSession = Pick<Session, 'sender' | 'uses' | 'stoppedMidway' | 'signedIn' | 'account' | 'connectionAccount' | 'connection' | 'client' | 'onDidChange'>;

/** What the parts of an open form (adding documents, sending) use of the panels that hold it. */
export interface FormOps {
  readonly memory: ComposerMemory;
  /** The drafts being sent, their tab open or closed meanwhile. */
  readonly sending: Set<string>;
  readonly parts: ComposerParts;
  /** The parts a form uses: with the session of its own account's connection, whatever the workspace uses. */
  partsFor(e: Pick<Entry, 'account'>): ComposerParts;
  /** A form that came from the page (or an edit of the extension's): checked, kept as the draft, its problems posted. */
  changed(e: Entry, form: ComposerForm): Promise<void>;
  /** Sends the page the whole form. */
  post(e: Entry): void;
  /** An archive document was fetched, held back or taken out. */
  documentsChanged(e: Entry): void;
  /** The form's problems, worded, its account's among them. */
  problems(e: Entry, form?: ComposerForm): ComposerProblems;
}
