import type * as vscode from 'vscode';
import type { ComposerForm, ComposerPhase, FromComposer } from '../../shared/composerMessages';
import type { ComposerMemory } from './composerMemory';

/**
 * The composers as the commands (and tests) use them. Declared apart from
 * ComposerPanels, which sends through sendSubmission and so needs the
 * commands' Deps: Deps names only this.
 */
export interface Composer {
  readonly memory: ComposerMemory;
  /** The drafts being sent, their tab open or closed meanwhile: not offered to continue until the send is over. */
  readonly sending: ReadonlySet<string>;
  /** The drafts open in a tab, by id. */
  readonly drafts: ReadonlyMap<string, { readonly form: ComposerForm; readonly panel: vscode.WebviewPanel; readonly phase: ComposerPhase }>;
  /** What pages post, after it was handled. */
  readonly onDidReport: vscode.Event<{ draftId: string; message: FromComposer }>;
  /** Opens a composer with these documents, or with `form` (Send again with…, a draft kept). Returns the draft's id. */
  compose(uris: readonly vscode.Uri[], form?: ComposerForm, draftId?: string): Promise<string>;
  /**
   * Adds documents to the composer used last (a new one when none is open),
   * leaving out those it has; returns its draft's id.
   */
  addToLatest(uris: readonly vscode.Uri[]): Promise<string>;
  /** Handles a message of a composer page, as its controls post it. */
  deliver(draftId: string, m: FromComposer): Promise<void>;
}
