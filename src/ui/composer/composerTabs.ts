import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { DEFAULT_PACKAGE } from '../../core';
import { isComposerState, type ComposerForm, type FromComposer } from '../../shared/composerProtocol';
import { Cmd } from '../commands/commandIds';
import { affectsConnection, readSettings } from '../session/settings';
import type { ComposerParts, Entry, FormOps, FormSession } from './composerEntry';
import { ArchiveCopies } from './archiveCopies';
import { ComposerPage } from './composerPage';
import { pageDocuments } from './pageMessages';
import { markedFromArchive } from './archiveSource';
import { PanelSet } from '../panels/panelSet';
import { COMPOSER_VIEW_TYPE, type ComposeFrom, type Composer, type FetchedFromArchive } from './composer';
import type { ComposerMemory } from './composerMemory';
import { documentsOf, wordedProblems } from './composerSend';
import { TabTitle, tabTitle } from './composerTitle';
import { addAsked, addDocuments } from './formDocuments';
import { reviewOrSend } from './formSending';
import { advancedOf, newForm } from './formSubmission';
import { sentToText, tellAccount } from './formAccount';
import { discardAccountDrafts, discardDraft, draftsOf, sayCutOff, sayKept } from './keptDrafts';

/**
 * New Submission's composers, one editor tab per draft (loaded apart, on
 * first use: see composerPanels.ts). The page holds the
 * form; every change comes here, is checked with the client's rules and kept
 * as the draft (its own entry of the workspace state, with the account it
 * belongs to), so that it survives closing the tab (New Submission offers it
 * again) and a window reload (serializer). Documents are added by
 * formDocuments.ts; sending goes through the review step (formSending.ts),
 * then sendSubmission. Each tab is titled by its form reference.
 */
export class ComposerTabs implements Composer, vscode.Disposable {
  // Brought back after a reload through ComposerPanels' serializer, registered at activation.
  private readonly open = new PanelSet<Entry>();
  /** The composer shown last, where Add to New Submission adds. */
  private latest?: string;
  private readonly subs: vscode.Disposable[] = [this.open];
  private watching = false;
  private readonly sendingIds = new Set<string>();
  /** Set while the extension shuts down: tabs closing then are not closed by the user. */
  private disposing = false;
  /** What adding documents and sending use of these panels. */
  private readonly ops: FormOps;

  /** `sessionStarted` settles once the session read its secrets: a draft's archive documents wait for it before they are fetched. */
  constructor(private readonly parts: ComposerParts, readonly memory: ComposerMemory, private readonly sessionStarted: Promise<unknown> = Promise.resolve()) {
    this.ops = {
      memory, sending: this.sendingIds, parts, partsFor: (e) => this.partsFor(e),
      changed: (e, form) => this.changed(e, form), post: (e) => this.post(e), documentsChanged: (e) => this.documentsChanged(e), problems: (e, form) => this.problems(e, form),
    };
  }

  /**
   * The session a form is sent with: its account's connection's, whatever
   * the workspace switches to; the workspace's for a form of no known
   * account, or whose connection is gone or now names another account
   * (then the form says it is not sent).
   */
  private sessionOf(account: string | undefined): FormSession {
    return (account === undefined ? undefined : this.parts.sessions.all.find((s) => s.connectionAccount === account)) ?? this.parts.session;
  }

  /** The parts with the form's session, read when used: the form's account is set once a document of an archive comes. */
  private partsFor(e: Pick<Entry, 'account'>): ComposerParts {
    const sessionOf = (a: string | undefined) => this.sessionOf(a);
    return { ...this.parts, get session() { return sessionOf(e.account); } };
  }

  get sending(): ReadonlySet<string> {
    return this.sendingIds;
  }

  get drafts(): Composer['drafts'] {
    return new Map([...this.open.entries()].map(([id, e]) => [id, { form: e.form, panel: e.host.panel, phase: e.sending ? 'sending' : e.reviewed ? 'reviewing' : 'editing' }]));
  }

  async compose(uris: readonly vscode.Uri[], form?: ComposerForm, draftId: string = randomUUID(), account?: string): Promise<string> {
    const documents = await documentsOf(this.parts.input.current, uris);
    const start = form ? { ...form, documents: [...form.documents, ...documents] } : newForm(documents, advancedOf(DEFAULT_PACKAGE));
    return this.show(start, draftId, form ? this.memory.stored(draftId) : undefined, { account });
  }

  async composeFrom(form: ComposerForm, o: ComposeFrom = {}): Promise<string> {
    return this.show(form, randomUUID(), undefined, o);
  }

  /** A tab for `form` (a draft kept, or a new one: of `o.account` or else the account in the settings, untouched). */
  private async show(form: ComposerForm, draftId: string, kept: ReturnType<ComposerMemory['stored']>, o: ComposeFrom = {}): Promise<string> {
    const old = this.open.get(draftId);
    if (old) {
      // Shown again in a new tab: the old one's closing is not the user's.
      this.open.delete(draftId);
      old.host.panel.dispose();
    }
    const meta = { account: kept ? kept.account : o.account ?? this.parts.session.connectionAccount, touched: kept?.touched ?? false, sendingSince: kept?.sendingSince };
    await this.memory.saveDraft(draftId, form, meta);
    const panel = vscode.window.createWebviewPanel(COMPOSER_VIEW_TYPE, tabTitle(form), vscode.ViewColumn.Active, {
      enableFindWidget: true,
      // The form as typed lives in the page: kept while hidden.
      retainContextWhenHidden: true,
    });
    this.attach(panel, draftId, form, meta, o);
    return draftId;
  }

  typedDrafts(accounts: readonly string[]): number {
    return draftsOf(this.memory, accounts, true).length;
  }

  discardDrafts(accounts: readonly string[]): Promise<number> {
    return discardAccountDrafts(this, accounts);
  }

  async addToLatest(uris: readonly vscode.Uri[]): Promise<string> {
    const e = this.latest === undefined ? undefined : this.open.get(this.latest);
    if (!e) return this.compose(uris);
    const { input, log } = this.parts;
    await addDocuments(this.ops, e, await documentsOf(input.current, uris, { log }));
    e.host.panel.reveal();
    return e.draftId;
  }

  /** A composer VS Code brings back after a window reload, with its draft. */
  async restore(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const kept = isComposerState(state) ? this.memory.stored(state.draftId) : undefined;
    if (!isComposerState(state) || !kept) {
      panel.dispose();
      return;
    }
    this.attach(panel, state.draftId, kept.form, kept);
  }

  /** What the page's controls run. */
  private async deliver(draftId: string, m: FromComposer): Promise<void> {
    const e = this.open.get(draftId);
    if (!e) return;
    if (m.type === 'changed') await this.changed(e, m.form);
    else if (m.type === 'back') e.reviewed = undefined;
    else if (m.type === 'addDocuments' || m.type === 'dropped') await this.parts.commands.run(Cmd.newSubmission, () => addAsked(this.ops, e, m));
    else if (m.type === 'send' && !e.sending) await reviewOrSend(this.ops, e, m.form);
    else if (m.type === 'fetchAgain') e.copies.retry();
    else if (m.type === 'discard') await discardDraft(this, this.parts.input.current, draftId);
  }

  /**
   * Shows `form` in `panel`. Its archive documents have no copy here yet
   * (copies go with the tab that made them), but for those just fetched
   * (`o.archive`): they are fetched once the session is known, if their
   * account's is signed in.
   */
  private attach(panel: vscode.WebviewPanel, draftId: string, form: ComposerForm, { account, touched, sendingSince }: { account?: string; touched: boolean; sendingSince?: number },
    o: { archive?: FetchedFromArchive; said?: string } = {}): Entry {
    const { parts } = this;
    const host = new ComposerPage(panel, parts.extensionUri, vscode.l10n.t('New Submission'), { log: parts.log, tap: parts.tap && { tap: parts.tap, key: draftId } });
    const entry: Entry = {
      host, draftId, account, form, sending: false, touched, closed: false, title: new TabTitle(panel),
      copies: new ArchiveCopies(this.partsFor({ get account() { return entry.account; } }), { documents: () => entry.form.documents, changed: () => this.documentsChanged(entry) }),
    };
    // Its own connection's sign-in or sign-out, when that is not the workspace's (whose changes every form follows).
    const own = this.sessionOf(account);
    const ownChanged = own === parts.session ? undefined : own.onDidChange(() => {
      if (entry.closed) return;
      entry.copies.sessionChanged();
      tellAccount(own, entry, this.problems(entry));
    });
    if (o.archive) entry.copies.adopt(o.archive, markedFromArchive(o.archive));
    entry.form = { ...form, documents: entry.copies.documents(form.documents) };
    // A tab VS Code brings back shows the title it had; the draft's reference is the one.
    entry.title.follow(entry.form);
    this.open.add(draftId, entry, (mine) => {
      entry.closed = true;
      ownChanged?.dispose();
      if (this.latest === draftId) this.shown([...this.open.keys()].at(-1));
      host.dispose();
      entry.title.dispose();
      entry.copies.close();
      // Opened by mistake: nothing to keep. Kept (not while being sent, when it is not offered): said once, quietly.
      if (!entry.touched) void this.memory.removeDraft(draftId);
      else if (mine && !this.disposing && !entry.sending) sayKept(this.memory, draftId);
    });
    this.shown(draftId);
    this.watchSession();
    host.onMessage((m) => this.deliver(draftId, m));
    panel.onDidChangeViewState(() => { if (panel.active) this.shown(draftId); });
    this.post(entry);
    if (o.said) host.post({ type: 'announce', text: o.said }, true);
    if (sendingSince !== undefined) sayCutOff({ form, sendingSince }, host, parts.input.current);
    void this.sessionStarted.catch(() => undefined).then(() => entry.copies.refresh(true));
    return entry;
  }

  /**
   * A change of the session (sign-in, sign-out, another account) may let
   * archive documents be fetched, or stop a fetch; a change of the account
   * in use may let a form be sent, or stop it from being sent.
   */
  private watchSession(): void {
    if (this.watching) return;
    this.watching = true;
    this.subs.push(this.parts.session.onDidChange(() => {
      for (const e of this.open.values()) e.copies.sessionChanged();
      this.accountChanged();
    }), vscode.workspace.onDidChangeConfiguration((c) => void (affectsConnection(c) && this.accountChanged())));
  }

  private accountChanged(): void {
    for (const e of this.open.values()) if (!e.closed) tellAccount(this.sessionOf(e.account), e, this.problems(e));
  }

  /** The form's problems, worded, its account's among them. */
  private problems(e: Entry, form = e.form): ReturnType<typeof wordedProblems> {
    return wordedProblems(this.partsFor(e), form, e.account);
  }

  /** Remembers the composer shown last; the Explorer offers Add to New Submission while one is open. */
  private shown(draftId: string | undefined): void {
    this.latest = draftId;
    void vscode.commands.executeCommand('setContext', 'dsas.composerOpen', draftId !== undefined);
  }

  /** Sends the page the whole form (first, and after documents were added). */
  private post(e: Entry): void {
    e.host.post({
      type: 'form', draftId: e.draftId, form: e.form, problems: this.problems(e), to: sentToText(this.sessionOf(e.account), e.account),
      recentRecipients: this.memory.recentRecipients(), defaults: advancedOf(DEFAULT_PACKAGE), defaultType: readSettings().defaultRecipientType,
    });
  }

  /** An archive document was fetched, held back or taken out: the page's documents (the rest stays as typed) and the draft follow. */
  private documentsChanged(e: Entry): void {
    if (e.closed) return;
    const documents = e.copies.documents(e.form.documents);
    if (JSON.stringify(documents) === JSON.stringify(e.form.documents)) return;
    e.form = { ...e.form, documents };
    e.host.post({ type: 'documents', documents, problems: this.problems(e) }, true);
    void this.memory.saveDraft(e.draftId, e.form, { account: e.account });
  }

  private async changed(e: Entry, form: ComposerForm): Promise<void> {
    // Closed while documents were being added: what came is dropped, as the form was.
    if (e.sending || e.closed) return;
    const documents = e.copies.documents(form.documents);
    e.form = { ...form, documents };
    e.reviewed = undefined;
    e.touched = true;
    e.title.follow(e.form);
    const problems = this.problems(e);
    // The page's documents were outdated (one was fetched meanwhile): it gets them as they are, then its answer.
    if (JSON.stringify(pageDocuments(documents)) !== JSON.stringify(form.documents)) e.host.post({ type: 'documents', documents, problems }, true);
    e.host.post({ type: 'problems', problems }, true);
    // With its account: a draft Sign Out discarded while the form was being sent is kept again for that account alone.
    await this.memory.saveDraft(e.draftId, e.form, { touched: true, account: e.account, edited: Date.now() });
  }

  dispose(): void {
    this.disposing = true;
    this.subs.forEach((d) => d.dispose());
  }
}
