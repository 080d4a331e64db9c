import type * as vscode from 'vscode';
import type { ComposerForm, ComposerPhase } from '../../shared/composerProtocol';
import type { ArchiveDocuments } from './archiveDocuments';
import type { ComposerMemory } from './composerMemory';

/** The composers' webview panels (also their serializer's). */
export const COMPOSER_VIEW_TYPE = 'dsas.composer';

/** Archive files fetched as documents, with the id each came from (in the same order) and the account whose archive it is. */
export interface FetchedFromArchive extends ArchiveDocuments {
  readonly fileIds: readonly string[];
  readonly account?: string;
}

/** What a new composer is filled from besides its form (see `Composer.composeFrom`). */
export interface ComposeFrom {
  readonly archive?: FetchedFromArchive;
  readonly said?: string;
  readonly account?: string;
}

/** The composers as the commands (and tests) use them; ComposerPanels holds them, ComposerTabs shows them. */
export interface Composer {
  readonly memory: ComposerMemory;
  /** The drafts being sent, their tab open or closed meanwhile: not offered to continue until the send is over. */
  readonly sending: ReadonlySet<string>;
  /** The drafts open in a tab, by id. */
  readonly drafts: ReadonlyMap<string, { readonly form: ComposerForm; readonly panel: vscode.WebviewPanel; readonly phase: ComposerPhase }>;
  /**
   * Opens a composer with these documents, or with `form` (a draft kept, as
   * `draftId`, of its own account); a new one is of `account` (else the
   * workspace's connection's). Returns the draft's id.
   */
  compose(uris: readonly vscode.Uri[], form?: ComposerForm, draftId?: string, account?: string): Promise<string>;
  /**
   * Opens a new composer filled as `form`, whose documents may include
   * archive files already fetched (`archive`: their copies go with the tab);
   * `said`: a line under its documents about where they came from;
   * `account`: the account it belongs to, where what fills it came from
   * (else the one in the settings).
   */
  composeFrom(form: ComposerForm, o?: ComposeFrom): Promise<string>;
  /**
   * Adds documents to the composer used last (a new one when none is open),
   * leaving out those it has; returns its draft's id.
   */
  addToLatest(uris: readonly vscode.Uri[]): Promise<string>;
  /** The drafts kept for these accounts that the user typed something in (Sign Out says how many it discards). */
  typedDrafts(accounts: readonly string[]): number;
  /** Discards the drafts of these accounts, closing their tabs; returns how many were typed in. */
  discardDrafts(accounts: readonly string[]): Promise<number>;
}
