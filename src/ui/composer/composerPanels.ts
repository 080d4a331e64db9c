import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { DEFAULT_PACKAGE } from '../../core';
import { isComposerState, isFromComposer } from '../../shared/composerChecks';
import type { ComposerDocument, ComposerForm, FromComposer, ToComposer } from '../../shared/composerMessages';
import { Cmd } from '../commandIds';
import { chooseDocuments } from '../commands/chooseDocuments';
import type { Deps } from '../deps';
import { readSettings } from '../settings';
import { PanelHost } from '../webviews/panelHost';
import type { Composer } from './composer';
import type { ComposerMemory } from './composerMemory';
import { chooseArchiveDocuments, markedFromArchive, refetchArchiveDocuments } from './archiveSource';
import { addedText, documentsOf, newDocuments, sendForm, wordedProblems } from './composerSend';
import { advancedOf, newForm } from './formSubmission';

const VIEW_TYPE = 'dsas.composer';

interface Entry {
  readonly host: PanelHost<ToComposer, FromComposer>;
  readonly draftId: string;
  form: ComposerForm;
  /** The form the review step showed: only that one is sent. */
  reviewed?: ComposerForm;
  sending: boolean;
  /** Archive files fetched as documents: removed when the tab closes. */
  readonly temporary: { dispose(): Promise<void> }[];
}

/**
 * New Submission's composers, one editor tab per draft. The page holds the
 * form; every change comes here, is checked with the client's rules and kept
 * as the draft (workspace state), so that it survives closing the tab (New
 * Submission offers it again) and a window reload (serializer). Sending goes
 * through the review step, then sendSubmission.
 */
export class ComposerPanels implements Composer, vscode.Disposable {
  private readonly open = new Map<string, Entry>();
  /** The composer shown last, where Add to New Submission adds. */
  private latest?: string;
  private readonly reported = new vscode.EventEmitter<{ draftId: string; message: FromComposer }>();
  /** What pages post, after it was handled: used by tests. */
  readonly onDidReport = this.reported.event;
  private readonly subs: vscode.Disposable[] = [this.reported];

  /** `sessionStarted` settles once the session read its secrets: a draft restored after a reload waits for it before fetching. */
  constructor(private readonly deps: () => Deps, readonly memory: ComposerMemory, private readonly sessionStarted: Promise<unknown> = Promise.resolve()) {
    this.subs.push(vscode.window.registerWebviewPanelSerializer(VIEW_TYPE, { deserializeWebviewPanel: async (panel, state: unknown) => this.restore(panel, state) }));
  }

  get drafts(): Composer['drafts'] {
    return new Map([...this.open].map(([id, e]) => [id, { form: e.form, panel: e.host.panel, phase: e.sending ? 'sending' : e.reviewed ? 'reviewing' : 'editing' }]));
  }

  async compose(uris: readonly vscode.Uri[], form?: ComposerForm, draftId: string = randomUUID()): Promise<string> {
    const deps = this.deps();
    const documents = await documentsOf(deps.input.current, uris);
    const { form: start, temporary } = form
      ? await this.reopened({ ...form, documents: [...form.documents, ...documents] })
      : { form: newForm(documents, advancedOf(DEFAULT_PACKAGE)), temporary: [] };
    await this.memory.saveDraft(draftId, start);
    const existing = this.open.get(draftId);
    if (existing) existing.host.panel.dispose();
    const panel = vscode.window.createWebviewPanel(VIEW_TYPE, vscode.l10n.t('New Submission'), vscode.ViewColumn.Active, {
      enableFindWidget: true,
      // The form as typed lives in the page: kept while hidden.
      retainContextWhenHidden: true,
    });
    this.attach(panel, draftId, start, temporary);
    return draftId;
  }

  async addToLatest(uris: readonly vscode.Uri[]): Promise<string> {
    const e = this.latest === undefined ? undefined : this.open.get(this.latest);
    if (!e) return this.compose(uris);
    await this.add(e, { type: 'dropped', uris: uris.map((u) => u.toString()) });
    e.host.panel.reveal();
    return e.draftId;
  }

  /** A composer VS Code brings back after a window reload, with its draft. */
  async restore(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const form = isComposerState(state) ? this.memory.draft(state.draftId) : undefined;
    if (!isComposerState(state) || !form) {
      panel.dispose();
      return;
    }
    let closed = false;
    const sub = panel.onDidDispose(() => (closed = true));
    const { form: reopened, temporary } = await this.reopened(form);
    sub.dispose();
    if (closed) {
      for (const t of temporary) void t.dispose();
      return;
    }
    await this.memory.saveDraft(state.draftId, reopened);
    this.attach(panel, state.draftId, reopened, temporary);
  }

  /**
   * A draft opened again, before its page shows it: its archive documents
   * are fetched again (their copies went with the tab that had them), so
   * that the page never holds a path that is gone.
   */
  private async reopened(form: ComposerForm): Promise<{ form: ComposerForm; temporary: Entry['temporary'] }> {
    if (!form.documents.some((d) => d.archiveId !== undefined)) return { form, temporary: [] };
    await this.sessionStarted.catch(() => undefined);
    return refetchArchiveDocuments(this.deps(), form);
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
    } finally {
      this.reported.fire({ draftId, message: m });
    }
  }

  /** Shows `form` in `panel`; `temporary` holds copies of its archive documents, removed with the tab. */
  private attach(panel: vscode.WebviewPanel, draftId: string, form: ComposerForm, temporary: Entry['temporary']): Entry {
    const deps = this.deps();
    const host = new PanelHost<ToComposer, FromComposer>(panel, deps.context.extensionUri,
      { title: vscode.l10n.t('New Submission'), script: 'composer.js', styles: ['media/composer.css'] }, { accepts: isFromComposer, log: deps.log });
    const entry: Entry = { host, draftId, form, sending: false, temporary: [...temporary] };
    this.open.set(draftId, entry);
    this.shown(draftId);
    host.onMessage((m) => void this.deliver(draftId, m));
    panel.onDidChangeViewState(() => { if (panel.active) this.shown(draftId); });
    panel.onDidDispose(() => {
      if (this.open.get(draftId) === entry) this.open.delete(draftId);
      if (this.latest === draftId) this.shown([...this.open.keys()].at(-1));
      host.dispose();
      for (const t of entry.temporary.splice(0)) void t.dispose();
    });
    this.post(entry);
    return entry;
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
      type: 'form', draftId: e.draftId, form: e.form, problems: wordedProblems(deps, e.form),
      recentRecipients: this.memory.recentRecipients(), defaults: advancedOf(DEFAULT_PACKAGE), defaultType: readSettings().defaultRecipientType,
    });
  }

  private async changed(e: Entry, form: ComposerForm): Promise<void> {
    if (e.sending) return;
    e.form = form;
    e.reviewed = undefined;
    e.host.post({ type: 'problems', problems: wordedProblems(this.deps(), form) }, true);
    await this.memory.saveDraft(e.draftId, form);
  }

  private async add(e: Entry, m: Extract<FromComposer, { type: 'addDocuments' | 'dropped' }>): Promise<void> {
    const deps = this.deps();
    const listed = m.type === 'dropped'
      ? await documentsOf(deps.input.current, m.uris.map(toUri).filter((u): u is vscode.Uri => u !== undefined))
      : await this.choose(e, m.from);
    if (!listed?.length) return;
    const { added, already } = newDocuments(e.form.documents, listed);
    await this.changed(e, { ...e.form, documents: [...e.form.documents, ...added] });
    this.post(e);
    e.host.post({ type: 'announce', text: addedText(added, already) }, true);
  }

  /** Documents from the workspace picker, or archive files fetched as temporary documents (kept until the tab closes), marked as such. */
  private async choose(e: Entry, from: 'workspace' | 'archive'): Promise<ComposerDocument[] | undefined> {
    const deps = this.deps();
    if (from === 'workspace') return documentsOf(deps.input.current, (await chooseDocuments(deps.input.current, deps.log)) ?? []);
    const fetched = await chooseArchiveDocuments(deps);
    if (!fetched) return undefined;
    e.temporary.push(fetched);
    return markedFromArchive(await documentsOf(deps.input.current, fetched.documents.map((d) => d.uri)), fetched);
  }

  /** The review step first (unless the user switched it off), then sending the form reviewed; the draft goes once sent. */
  private async send(e: Entry, form: ComposerForm): Promise<void> {
    const deps = this.deps();
    // A form other than the one reviewed is an edit: it is kept, and reviewed again.
    if (JSON.stringify(form) !== JSON.stringify(e.form)) await this.changed(e, form);
    if (Object.keys(wordedProblems(deps, form)).length) return;
    const confirm = readSettings().confirmBeforeSending;
    if (confirm && JSON.stringify(e.reviewed) !== JSON.stringify(form)) {
      e.reviewed = form;
      e.host.post({ type: 'phase', phase: 'reviewing' }, true);
      return;
    }
    e.sending = true;
    e.host.post({ type: 'phase', phase: 'sending' }, true);
    let message: string | undefined;
    try {
      const outcome = await deps.commands.run(Cmd.newSubmission, () => sendForm(deps, form));
      if (outcome?.sent) {
        await this.memory.sent(outcome.sent.id, outcome.recipients, form.coverNote);
        await this.memory.removeDraft(e.draftId);
        e.host.panel.dispose();
        return;
      }
      message = outcome?.message ?? vscode.l10n.t('Not sent.');
    } finally {
      e.sending = false;
      e.reviewed = undefined;
    }
    e.host.post({ type: 'phase', phase: 'editing', message }, true);
  }

  dispose(): void {
    for (const e of this.open.values()) e.host.panel.dispose();
    this.subs.forEach((d) => d.dispose());
  }
}

/** A dropped item: a URI (from VS Code's Explorer, a file manager) or a plain path. */
function toUri(s: string): vscode.Uri | undefined {
  const t = s.trim();
  if (!t || t.startsWith('#')) return undefined;
  try {
    return /^[a-z][a-z0-9+.-]+:/i.test(t) && !/^[a-z]:[\\/]/i.test(t) ? vscode.Uri.parse(t, true) : vscode.Uri.file(t);
  } catch {
    return undefined;
  }
}


