import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { DEFAULT_PACKAGE } from '../../core';
import { isComposerState } from '../../shared/composerChecks';
import type { ComposerDocument, ComposerForm, FromComposer } from '../../shared/composerMessages';
import { accountInSettings } from '../account';
import { Cmd } from '../commandIds';
import { chooseDocuments } from '../commands/chooseDocuments';
import type { Deps } from '../deps';
import { affectsConnection, readSettings } from '../settings';
import type { Entry } from './composerEntry';
import { ArchiveCopies } from './archiveCopies';
import { ComposerPage, pageDocuments } from './composerPage';
import { chooseArchiveDocuments, markedFromArchive } from './archiveSource';
import type { Composer } from './composer';
import type { ComposerMemory } from './composerMemory';
import { addedText, asOnDisk, documentsOf, newDocuments, sendForm, wordedProblems } from './composerSend';
import { droppedUri, sameRemoteAs } from '../localFiles';
import { advancedOf, newForm } from './formSubmission';
import { accountProblem, sentToText, tellAccount } from './formAccount';
import { discardDraft, sayCutOff } from './keptDrafts';

const VIEW_TYPE = 'dsas.composer';

/**
 * New Submission's composers, one editor tab per draft. The page holds the
 * form; every change comes here, is checked with the client's rules and kept
 * as the draft (its own entry of the workspace state, with the account it
 * belongs to), so that it survives closing the tab (New Submission offers it
 * again) and a window reload (serializer). Sending goes through the review
 * step, then sendSubmission.
 */
export class ComposerPanels implements Composer, vscode.Disposable {
  private readonly open = new Map<string, Entry>();
  /** The composer shown last, where Add to New Submission adds. */
  private latest?: string;
  private readonly reported = new vscode.EventEmitter<{ draftId: string; message: FromComposer }>();
  /** What pages post, after it was handled: used by tests. */
  readonly onDidReport = this.reported.event;
  private readonly subs: vscode.Disposable[] = [this.reported];
  private watching = false;
  private readonly sendingIds = new Set<string>();

  /** `sessionStarted` settles once the session read its secrets: a draft's archive documents wait for it before they are fetched. */
  constructor(private readonly deps: () => Deps, readonly memory: ComposerMemory, private readonly sessionStarted: Promise<unknown> = Promise.resolve()) {
    this.subs.push(vscode.window.registerWebviewPanelSerializer(VIEW_TYPE, { deserializeWebviewPanel: async (panel, state: unknown) => this.restore(panel, state) }));
  }

  get sending(): ReadonlySet<string> {
    return this.sendingIds;
  }

  get drafts(): Composer['drafts'] {
    return new Map([...this.open].map(([id, e]) => [id, { form: e.form, panel: e.host.panel, phase: e.sending ? 'sending' : e.reviewed ? 'reviewing' : 'editing' }]));
  }

  async compose(uris: readonly vscode.Uri[], form?: ComposerForm, draftId: string = randomUUID()): Promise<string> {
    const deps = this.deps();
    const documents = await documentsOf(deps.input.current, uris);
    const kept = form && this.memory.stored(draftId);
    const start = form ? { ...form, documents: [...form.documents, ...documents] } : newForm(documents, advancedOf(DEFAULT_PACKAGE));
    this.open.get(draftId)?.host.panel.dispose();
    const meta = { account: kept ? kept.account : accountInSettings(), touched: kept?.touched ?? false, sendingSince: kept?.sendingSince };
    await this.memory.saveDraft(draftId, start, meta);
    const panel = vscode.window.createWebviewPanel(VIEW_TYPE, vscode.l10n.t('New Submission'), vscode.ViewColumn.Active, {
      enableFindWidget: true,
      // The form as typed lives in the page: kept while hidden.
      retainContextWhenHidden: true,
    });
    this.attach(panel, draftId, start, meta);
    return draftId;
  }

  async addToLatest(uris: readonly vscode.Uri[]): Promise<string> {
    const e = this.latest === undefined ? undefined : this.open.get(this.latest);
    if (!e) return this.compose(uris);
    const deps = this.deps();
    await this.added(e, await documentsOf(deps.input.current, uris, { log: deps.log }));
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

  /** What the page's controls run; tests post the page's messages here too. */
  async deliver(draftId: string, m: FromComposer): Promise<void> {
    const e = this.open.get(draftId);
    if (!e) return;
    const deps = this.deps();
    try {
      if (m.type === 'changed') await this.changed(e, m.form);
      else if (m.type === 'back') e.reviewed = undefined;
      else if (m.type === 'addDocuments' || m.type === 'dropped') await deps.commands.run(Cmd.newSubmission, () => this.add(e, m));
      else if (m.type === 'send' && !e.sending) await this.send(e, m.form);
      else if (m.type === 'fetchAgain') e.copies.retry();
      else if (m.type === 'discard') await discardDraft(this, deps.input.current, draftId);
    } finally {
      this.reported.fire({ draftId, message: m });
    }
  }

  /**
   * Shows `form` in `panel`. Its archive documents have no copy here yet
   * (copies go with the tab that made them): they are fetched once the
   * session is known, if their account's is signed in.
   */
  private attach(panel: vscode.WebviewPanel, draftId: string, form: ComposerForm, { account, touched, sendingSince }: { account?: string; touched: boolean; sendingSince?: number }): Entry {
    const deps = this.deps();
    const host = new ComposerPage(panel, deps.context.extensionUri, vscode.l10n.t('New Submission'), deps.log);
    const entry: Entry = {
      host, draftId, account, form, sending: false, touched, closed: false,
      copies: new ArchiveCopies(deps, { documents: () => entry.form.documents, changed: () => this.documentsChanged(entry) }),
    };
    entry.form = { ...form, documents: entry.copies.documents(form.documents) };
    this.open.set(draftId, entry);
    this.shown(draftId);
    this.watchSession();
    host.onMessage((m) => void this.deliver(draftId, m));
    panel.onDidChangeViewState(() => { if (panel.active) this.shown(draftId); });
    panel.onDidDispose(() => {
      entry.closed = true;
      if (this.open.get(draftId) === entry) this.open.delete(draftId);
      if (this.latest === draftId) this.shown([...this.open.keys()].at(-1));
      host.dispose();
      entry.copies.close();
      // Opened by mistake: nothing to keep.
      if (!entry.touched) void this.memory.removeDraft(draftId);
    });
    this.post(entry);
    if (sendingSince !== undefined) sayCutOff({ form, sendingSince }, host, deps.input.current);
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
    this.subs.push(this.deps().session.onDidChange(() => {
      for (const e of this.open.values()) e.copies.sessionChanged();
      this.accountChanged();
    }), vscode.workspace.onDidChangeConfiguration((c) => void (affectsConnection(c) && this.accountChanged())));
  }

  private accountChanged(): void {
    for (const e of this.open.values()) if (!e.closed) tellAccount(this.deps().session, e, this.problems(e));
  }

  /** The form's problems, worded, its account's among them. */
  private problems(e: Entry, form = e.form): ReturnType<typeof wordedProblems> {
    return wordedProblems(this.deps(), form, e.account);
  }

  /** Remembers the composer shown last; the Explorer offers Add to New Submission while one is open. */
  private shown(draftId: string | undefined): void {
    this.latest = draftId;
    void vscode.commands.executeCommand('setContext', 'dsas.composerOpen', draftId !== undefined);
  }

  /** Sends the page the whole form (first, and after documents were added). */
  private post(e: Entry): void {
    const deps = this.deps();
    e.host.post({
      type: 'form', draftId: e.draftId, form: e.form, problems: this.problems(e), to: sentToText(deps.session, e.account),
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
    const problems = this.problems(e);
    // The page's documents were outdated (one was fetched meanwhile): it gets them as they are, then its answer.
    if (JSON.stringify(pageDocuments(documents)) !== JSON.stringify(form.documents)) e.host.post({ type: 'documents', documents, problems }, true);
    e.host.post({ type: 'problems', problems }, true);
    // With its account: a draft Sign Out discarded while the form was being sent is kept again for that account alone.
    await this.memory.saveDraft(e.draftId, e.form, { touched: true, account: e.account });
  }

  private async add(e: Entry, m: Extract<FromComposer, { type: 'addDocuments' | 'dropped' }>): Promise<void> {
    const deps = this.deps();
    // What the page received in a drop is text, in the workbench's names for files (see droppedUri).
    await this.added(e, m.type === 'dropped'
      ? await documentsOf(deps.input.current, m.uris.map(droppedUri).filter((u): u is vscode.Uri => u !== undefined), { log: deps.log, sameRemote: sameRemoteAs(e.host.panel.webview) })
      : await this.choose(e, m.from));
  }

  /** Adds documents to the form, those it has (by real path) once. */
  private async added(e: Entry, listed: readonly ComposerDocument[] | undefined): Promise<void> {
    if (!listed?.length || e.closed) return;
    const { added, already } = newDocuments(e.form.documents, listed.filter((d) => !e.copies.has(d)));
    await this.changed(e, { ...e.form, documents: [...e.form.documents, ...added] });
    this.post(e);
    e.host.post({ type: 'announce', text: addedText(added, already) }, true);
  }

  /** Documents from the workspace picker, or archive files fetched as temporary documents (kept until the tab closes), marked as such. */
  private async choose(e: Entry, from: 'workspace' | 'archive'): Promise<ComposerDocument[] | undefined> {
    const deps = this.deps();
    if (from === 'workspace') return documentsOf(deps.input.current, (await chooseDocuments(deps.input.current, deps.log)) ?? []);
    // Another account's archive documents would never be sent with this form.
    const problem = accountProblem(deps.session, e.account);
    if (problem) return void deps.input.current.warn(problem);
    const fetched = await chooseArchiveDocuments(deps);
    if (!fetched || e.closed) return void fetched?.dispose();
    if (e.account === undefined && fetched.account !== undefined) {
      // A form of no known account belongs, from its first archive document on, to that document's.
      e.account = fetched.account;
      await this.memory.saveDraft(e.draftId, e.form, { account: e.account });
      tellAccount(deps.session, e, this.problems(e));
    }
    const documents = markedFromArchive(fetched);
    // One the form has already is not listed twice; held back there, it now has this copy.
    const added = documents.filter((d) => !e.copies.has(d));
    e.copies.adopt(fetched, documents);
    this.documentsChanged(e);
    return added;
  }

  /** The review step first (unless the user switched it off), then sending the form reviewed; the draft goes once sent. */
  private async send(e: Entry, posted: ComposerForm): Promise<void> {
    const deps = this.deps();
    const listed = e.copies.documents(posted.documents);
    const form = { ...posted, documents: await asOnDisk(listed) };
    // A form other than the one reviewed is an edit (a file edited since too: the page is shown its size): kept, and reviewed again.
    if (JSON.stringify(form) !== JSON.stringify(e.form)) await this.changed(e, form);
    if (JSON.stringify(form.documents) !== JSON.stringify(listed)) this.post(e);
    const problems = this.problems(e, form);
    // The page may not know yet that the account in use changed: it is told.
    if (Object.keys(problems).length) return tellAccount(deps.session, e, problems);
    const confirm = readSettings().confirmBeforeSending;
    if (confirm && JSON.stringify(e.reviewed) !== JSON.stringify(form)) {
      e.reviewed = form;
      e.host.post({ type: 'phase', phase: 'reviewing' }, true);
      return;
    }
    // Sent as it opened (Send Again With…) it is kept too: should the send fail after the tab closed, or the window close first, the draft stays, marked.
    e.touched = true;
    await this.memory.saveDraft(e.draftId, e.form, { touched: true, sendingSince: Date.now() });
    e.sending = true;
    this.sendingIds.add(e.draftId);
    e.host.post({ type: 'phase', phase: 'sending' }, true);
    // The copies stay until the send is over, even if the tab closes meanwhile.
    const release = e.copies.hold();
    let message: string | undefined;
    try {
      const outcome = await deps.commands.run(Cmd.newSubmission, () => sendForm(deps, form, e.account));
      if (outcome?.sent) {
        await this.memory.sent(outcome.sent.id, outcome.recipients, form.coverNote);
        await this.memory.removeDraft(e.draftId);
        if (!e.closed) e.host.panel.dispose();
        return;
      }
      message = outcome?.message ?? vscode.l10n.t('Not sent.');
    } finally {
      e.sending = false;
      this.sendingIds.delete(e.draftId);
      e.reviewed = undefined;
      release();
      // Over, its outcome said: no longer cut off (a draft discarded meanwhile, by Sign Out, stays discarded).
      if (this.memory.stored(e.draftId)) await this.memory.saveDraft(e.draftId, e.form, { sendingSince: undefined });
    }
    // Closed meanwhile: the failure was said by the send; the draft stays, offered again.
    if (!e.closed) e.host.post({ type: 'phase', phase: 'editing', message }, true);
  }

  dispose(): void {
    for (const e of this.open.values()) e.host.panel.dispose();
    this.subs.forEach((d) => d.dispose());
  }
}
