import * as vscode from 'vscode';
import { errorDetail } from '../../core';
import { archiveDocumentKey, type ComposerDocument, type DocumentUnavailable } from '../../shared/composerProtocol';
import type { ArchiveDocuments } from './archiveDocuments';
import { withCancellableProgress } from '../input/progress';
import type { InputHolder } from '../input/userInput';
import type { SessionInUse as Session } from '../session/sessionInUse';
import { fetchArchiveCopy, isGone, type ArchiveFetching } from './archiveSource';
import { awaitingSignIn, failed, fetching, goneMessage, notFetchedText, notYet, otherAccount, unknownAccount } from './heldBack';

/** What the copies use: the session (which account's archive, and its client), the prompts, the log and the archive's hash checks. */
export interface ArchiveCopiesDeps extends ArchiveFetching {
  readonly input: InputHolder;
  readonly session: Pick<Session, 'signedIn' | 'account' | 'connectionAccount' | 'client' | 'sender'>;
}

/** Where one archive document of the form stands. */
type CopyState =
  /** A copy here: `doc` is the file fetched (its path, real name and size). */
  | { readonly kind: 'fetched'; readonly doc: ComposerDocument }
  | { readonly kind: 'fetching' }
  /** No copy, for `unavailable`'s reason; a failure is not tried again before the next `round`. */
  | { readonly kind: 'held'; readonly unavailable: DocumentUnavailable; readonly round?: number }
  /** Proved gone (not found, not what the archive recorded): out of the form. */
  | { readonly kind: 'gone' };

/** How one fetch ended. */
type Fetched = Extract<CopyState, { kind: 'fetched' | 'held' }> | { readonly kind: 'gone'; readonly error: unknown };

const keyOf = archiveDocumentKey;

/**
 * The archive documents of one open form and their temporary copies. A
 * document is fetched only from the archive of the account it came from,
 * and only while the session is signed in to that account; it is listed as
 * the file fetched (its name and size). Only a failure that proves it gone
 * takes it out of the form; any other failure, a sign-out or Cancel holds it
 * back, and it is fetched again at the next change of the session (a
 * sign-in) or with Fetch Again. The copies live until the tab closes, or,
 * when a send that uses them is under way then, until that send is over.
 */
export class ArchiveCopies {
  private readonly states = new Map<string, CopyState>();
  private readonly copies: ArchiveDocuments[] = [];
  /** Bumped by each change of the session and by Fetch Again: what failed in an earlier round is tried again. */
  private round = 0;
  /** The fetch under way: `stopped` by a change of the session or the tab closing (not by the user's Cancel). */
  private run?: { readonly account: string; readonly abort: AbortController; stopped: boolean };
  private holds = 0;
  private closed = false;

  /** `documents()` gives the form's documents now; `changed` is told when what `documents` returns may have changed. */
  constructor(private readonly deps: ArchiveCopiesDeps, private readonly host: { documents(): readonly ComposerDocument[]; changed(): void }) {}

  /**
   * The documents as they stand: each archive document as fetched, or held
   * back (no path, the reason in `unavailable`), gone ones left out. Every
   * form that comes in (a page's edit, Send, a draft reopened) passes here,
   * so a path the page or a draft holds is never sent for an archive
   * document: only a copy made here is.
   */
  documents(docs: readonly ComposerDocument[]): ComposerDocument[] {
    return docs.flatMap((d) => {
      if (d.archiveId === undefined) return [d];
      const s = this.states.get(keyOf(d));
      if (s?.kind === 'gone') return [];
      if (s?.kind === 'fetched') return [s.doc];
      return [{ ...d, path: '', unavailable: s?.kind === 'held' ? s.unavailable : s?.kind === 'fetching' ? fetching() : notYet() }];
    });
  }

  /** Whether `d` is an archive document this form has already (added again, it is left out). */
  has(d: ComposerDocument): boolean {
    return d.archiveId !== undefined && this.host.documents().some((x) => x.archiveId !== undefined && keyOf(x) === keyOf(d));
  }

  /** Copies fetched by Add from the Archive…, listed as `docs` (an archive document of the form held back gets its copy). */
  adopt(copy: ArchiveDocuments, docs: readonly ComposerDocument[]): void {
    if (this.closed) {
      void copy.dispose();
      return;
    }
    this.copies.push(copy);
    for (const d of docs) this.states.set(keyOf(d), { kind: 'fetched', doc: d });
  }

  /**
   * Decides, for each archive document without a copy, whether it can be
   * fetched now, and fetches those that can; the others are held back with
   * their reason. `opened`: the draft has just opened, so those that belong
   * to another account (or to none known) are said in one message.
   */
  refresh(opened = false): void {
    if (this.closed) return;
    const session = this.deps.session;
    const account = session.signedIn ? session.account : undefined;
    const inUse = account ?? session.connectionAccount;
    const toFetch: ComposerDocument[] = [];
    const foreign: ComposerDocument[] = [];
    const unknown: ComposerDocument[] = [];
    for (const d of this.host.documents()) {
      const s = this.states.get(keyOf(d));
      if (d.archiveId === undefined || (s && s.kind !== 'held') || (s?.kind === 'held' && s.round === this.round)) continue;
      if (d.account === undefined) unknown.push(d);
      else if (d.account === account) toFetch.push(d);
      else if (d.account !== inUse) foreign.push(d);
      else this.states.set(keyOf(d), { kind: 'held', unavailable: awaitingSignIn() });
    }
    for (const d of unknown) this.states.set(keyOf(d), { kind: 'held', unavailable: unknownAccount() });
    for (const d of foreign) this.states.set(keyOf(d), { kind: 'held', unavailable: otherAccount(d.account!) });
    const text = opened ? notFetchedText(foreign, unknown) : undefined;
    if (text) void this.deps.input.current.warn(text);
    if (account !== undefined && toFetch.length && !this.run) void this.fetch(toFetch, account);
    this.host.changed();
  }

  /** The session changed: a fetch for another account stops, and what failed is tried again. */
  sessionChanged(): void {
    this.round++;
    const session = this.deps.session;
    if (this.run && (!session.signedIn || session.account !== this.run.account)) this.stop(this.run);
    this.refresh();
  }

  /** Fetch Again. */
  retry(): void {
    this.round++;
    this.refresh();
  }

  /** Keeps the copies while a send that uses them is under way, even if the tab closes meanwhile; call the function returned once it is over. */
  hold(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.holds === 0 && this.closed) this.disposeCopies();
    };
  }

  /** The tab closed: a fetch under way stops; the copies go now, or once the send holding them is over. */
  close(): void {
    this.closed = true;
    if (this.run) this.stop(this.run);
    if (this.holds === 0) this.disposeCopies();
  }

  private stop(run: NonNullable<ArchiveCopies['run']>): void {
    run.stopped = true;
    run.abort.abort();
  }

  private disposeCopies(): void {
    for (const c of this.copies.splice(0)) void c.dispose();
  }

  /** Fetches `docs` from `account`'s archive, one by one, under one progress notification with Cancel. */
  private async fetch(docs: readonly ComposerDocument[], account: string): Promise<void> {
    const run = { account, abort: new AbortController(), stopped: false };
    this.run = run;
    for (const d of docs) this.states.set(keyOf(d), { kind: 'fetching' });
    this.host.changed();
    const gone: { doc: ComposerDocument; error: unknown }[] = [];
    try {
      const title = docs.length === 1 ? vscode.l10n.t('Fetching the draft\'s archive file again…') : vscode.l10n.t('Fetching the draft\'s {0} archive files again…', docs.length);
      await withCancellableProgress(title, async (p, cancel) => {
        // The notification's Cancel stops the run too, through the run's own controller.
        const onCancel = () => run.abort.abort();
        cancel.addEventListener('abort', onCancel);
        if (cancel.aborted) onCancel();
        try {
          for (const d of docs) {
            if (run.stopped) break;
            const state = await this.fetchOne(d, account, run.abort.signal, (done, total) => p.bytes(done, total, d.name));
            if (state.kind === 'gone') gone.push({ doc: d, error: state.error });
            this.states.set(keyOf(d), state.kind === 'gone' ? { kind: 'gone' } : state);
            this.host.changed();
          }
        } finally {
          cancel.removeEventListener('abort', onCancel);
        }
      });
    } finally {
      this.run = undefined;
      // Stopped by a sign-out, another account or the tab closing: what was not fetched is decided again.
      for (const d of docs) if (run.stopped && this.states.get(keyOf(d))?.kind !== 'fetched' && this.states.get(keyOf(d))?.kind !== 'gone') this.states.delete(keyOf(d));
    }
    if (gone.length) void this.deps.input.current.warn(goneMessage(gone));
    this.refresh();
  }

  private async fetchOne(d: ComposerDocument, account: string, signal: AbortSignal, progress: (done: number, total?: number) => void): Promise<Fetched> {
    try {
      // Never from another account's archive (a change of the session stops the run; this holds even before it does).
      if (this.deps.session.account !== account) return { kind: 'held', unavailable: notYet() };
      const { copy, doc } = await fetchArchiveCopy(this.deps, d, signal, progress);
      if (this.closed) {
        void copy.dispose();
        return { kind: 'held', unavailable: notYet() };
      }
      this.copies.push(copy);
      return { kind: 'fetched', doc };
    } catch (e) {
      this.deps.log.warn(`Fetching the draft's archive document ${d.archiveId} again failed: ${errorDetail(e)}`);
      return isGone(e) ? { kind: 'gone', error: e } : { kind: 'held', unavailable: failed(e), round: this.round };
    }
  }
}
