import * as vscode from 'vscode';
import type { ComposerForm } from '../../shared/composerProtocol';
import { COMPOSER_VIEW_TYPE, type ComposeFrom, type Composer } from './composer';
import type { ComposerParts } from './composerEntry';
import type { ComposerMemory } from './composerMemory';
import { composerHost } from './composerPart';
import type { ComposerTabs } from './composerTabs';

/**
 * New Submission's composers as the commands use them: activation registers
 * only the forms' serializer; ComposerTabs, bundled apart, is made on first use.
 */
export class ComposerPanels implements Composer, vscode.Disposable {
  private made?: ComposerTabs;
  private readonly serializer: vscode.Disposable;

  constructor(private readonly parts: ComposerParts, readonly memory: ComposerMemory, private readonly sessionStarted?: Promise<unknown>) {
    this.serializer = vscode.window.registerWebviewPanelSerializer(COMPOSER_VIEW_TYPE, { deserializeWebviewPanel: (panel, state: unknown) => this.tabs().restore(panel, state) });
  }

  private tabs(): ComposerTabs {
    return (this.made ??= new (composerHost().ComposerTabs)(this.parts, this.memory, this.sessionStarted));
  }

  /** None before a tab was made. */
  get sending(): Composer['sending'] {
    return this.made?.sending ?? new Set();
  }

  get drafts(): Composer['drafts'] {
    return this.made?.drafts ?? new Map();
  }

  compose(uris: readonly vscode.Uri[], form?: ComposerForm, draftId?: string, account?: string): Promise<string> {
    return this.tabs().compose(uris, form, draftId, account);
  }

  composeFrom(form: ComposerForm, o?: ComposeFrom): Promise<string> {
    return this.tabs().composeFrom(form, o);
  }

  addToLatest(uris: readonly vscode.Uri[]): Promise<string> {
    return this.tabs().addToLatest(uris);
  }

  typedDrafts(accounts: readonly string[]): number {
    return this.tabs().typedDrafts(accounts);
  }

  discardDrafts(accounts: readonly string[]): Promise<number> {
    return this.tabs().discardDrafts(accounts);
  }

  dispose(): void {
    this.serializer.dispose();
    this.made?.dispose();
  }
}
