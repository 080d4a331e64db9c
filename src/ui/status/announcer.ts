import * as vscode from 'vscode';
import { errorDetail, type Logger, type SubmissionDetail, type SubmissionListItem, unseenCount, unseenIds } from '../../core';
import type { Session } from '../session/session';
import type { SubmissionUpdates } from '../submissions/submissionUpdates';
import type { SubmissionsTree } from '../submissions/submissionsTree';
import type { InputHolder } from '../input/userInput';
import type { AnnouncedStore } from './announcedStore';
import { Cmd } from '../commands/commandIds';
import { accountDigest } from '../session/accountOwner';
import { connectionName } from '../session/connectionText';
import { notify } from '../commands/notify';
import { ChangeTracker, responsesIn, type Change, type ChangedSubmission } from './changes';
import { awayNotice } from './awayNotice';
import { noticesFor, type Notice, type NoticeAction } from './notices';
import type { UnseenBadge } from './unseenBadge';

/** A notice's button. */
const actionLabel = (a: NoticeAction): string =>
  a === 'history' ? vscode.l10n.t('Show History') : a === 'summary' ? vscode.l10n.t('Open Summary') : vscode.l10n.t('Show');

/** How long changes learned outside a poll wait for more before they are told together. */
const GATHER_MS = 300;

export interface AnnouncerDeps {
  readonly input: InputHolder;
  readonly log: Logger;
  /** The session of the connection whose submissions it tells. */
  readonly session: Pick<Session, 'account' | 'connection'>;
  /** Whether there are several connections: then each notice names its connection. */
  readonly several: () => boolean;
  readonly submissions: Pick<SubmissionsTree, 'reveal' | 'setUnseen' | 'showOnly'>;
  /** The badge of every connection's unseen responses (which also says which rows are expanded). */
  readonly badge: Pick<UnseenBadge, 'show' | 'isOpen' | 'reset'>;
  /** Every list and detail the extension learns, whichever way (the view, Refresh, Check Status, polls, panels), of every connection. */
  readonly updates: Pick<SubmissionUpdates, 'onDidLearnAny' | 'onDidListAny'>;
  readonly store: AnnouncedStore;
}

/**
 * Tells the user what changed in one connection's submissions, once: every
 * list and detail the extension learns of that connection goes through its
 * account's ChangeTracker, whose memory is kept in global state (read again
 * before each comparison, written after), so that neither a reload nor a
 * second window tells a response again. New responses are counted on the
 * view's badge until looked at.
 */
export class Announcer implements vscode.Disposable {
  readonly tracker = new ChangeTracker();
  private readonly badge: AnnouncerDeps['badge'];
  private readonly subs: vscode.Disposable[];
  private batch: Change[] = [];
  private holds = 0;
  private timer?: ReturnType<typeof setTimeout>;
  private account?: string;
  /** The account's last look before this session, until the first poll of the session has told what changed since, in one notice. */
  private away?: number;

  constructor(private readonly deps: AnnouncerDeps) {
    this.badge = deps.badge;
    const mine = (connectionId: string) => connectionId === this.connectionId;
    this.subs = [
      deps.updates.onDidListAny((l) => mine(l.connectionId) && this.listed(l.items)),
      deps.updates.onDidLearnAny((l) => mine(l.connectionId) && l.detail && this.detailed(l.detail)),
    ];
  }

  private get connectionId(): string {
    return this.deps.session.connection.id;
  }

  /** The user looked at a submission (expanded its row, showed its History): its responses are seen. */
  lookedAt(id: string): void {
    this.step(() => (this.tracker.lookedAt(id, Date.now()) ? [] : undefined));
  }

  /** A sign-in or sign-out: the account's memory (none when signed out) is followed from here. */
  sessionChanged(): void {
    this.account = this.deps.session.account;
    this.batch = [];
    this.tracker.reset(this.account === undefined ? undefined : this.deps.store.read(this.account));
    this.away = this.tracker.lastLook;
    this.badge.reset(this.connectionId);
    this.showUnseen();
  }

  /** The badge, and the rows the "unseen" quick filter keeps, from the memory. */
  private showUnseen(): void {
    const m = this.tracker.memory;
    this.badge.show(this.connectionId, unseenCount(m));
    this.deps.submissions.setUnseen(this.connectionId, unseenIds(m));
  }

  /** Runs `run` with the notices held back, so that what it learns (a poll's list and details) is told together. */
  async together<T>(run: () => Promise<T>): Promise<T> {
    this.holds++;
    try {
      return await run();
    } finally {
      this.holds--;
      this.flush(true);
    }
  }

  private listed(items: readonly SubmissionListItem[]): void {
    this.step(() => this.tracker.list(items, Date.now()));
  }

  private detailed(d: SubmissionDetail): void {
    this.step(() => {
      const now = Date.now();
      const { changes, quiet } = this.tracker.detail(d, now);
      // A row expanded shows the responses as they come: they are seen.
      if (!this.badge.isOpen(this.connectionId, d.id)) this.tracker.addUnseen(d.id, changes.reduce((n, c) => n + responsesIn(c), quiet), now);
      return changes;
    });
  }

  /** One comparison against the memory as stored now (another window may have told some), then kept; undefined: nothing changed. */
  private step(compare: () => Change[] | undefined): void {
    const account = this.account;
    if (account === undefined || account !== this.deps.session.account) return;
    this.tracker.sync(this.deps.store.read(account));
    const changes = compare();
    if (changes === undefined) return;
    const m = this.tracker.memory;
    if (m) void Promise.resolve(this.deps.store.write(account, m)).then(undefined, (e: unknown) => this.deps.log.warn(`Keeping what was announced failed: ${errorDetail(e)}`));
    this.showUnseen();
    if (!changes.length) return;
    this.batch.push(...changes);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), GATHER_MS);
  }

  /** Tells what was gathered; until the session's first poll has ended (`polled`), what changed since the last look waits to be told together. */
  private flush(polled = false): void {
    const away = this.away;
    if (this.holds > 0 || (away !== undefined && !polled)) return;
    if (polled && this.deps.session.account === this.account) this.away = undefined;
    if (!this.batch.length) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const changes = this.batch;
    this.batch = [];
    this.deps.log.info(`Changed since the last look: ${changes.map((c) => `${c.submission.id} ${c.kind}`).join(', ')}.`);
    // Since the last look: one notice of counts when several submissions changed (one alone says it better by itself).
    const several = new Set(changes.map((c) => c.submission.id)).size > 1;
    const notices = away !== undefined && several ? [awayNotice(changes, away)] : noticesFor(changes);
    for (const notice of notices) this.tell(notice);
  }

  /** Shows a notice, naming its connection when there are several. */
  private tell(notice: Notice): void {
    // Its buttons act for the account told about: nothing is opened once the connection points at another.
    const service = this.account === undefined ? undefined : accountDigest(this.account);
    const actions = notice.actions.map((a) => ({ label: actionLabel(a), run: () => this.act(a, notice.submission, service) }));
    const text = this.deps.several() ? `${connectionName(this.deps.session.connection)}: ${notice.text}` : notice.text;
    void notify(this.deps.input.current, this.deps.log, notice.warning ? 'warn' : 'info', text, actions);
  }

  /** What a notice's button does: through the commands (their checks and error handling), or the view. */
  private async act(action: NoticeAction, s: ChangedSubmission | undefined, service: string | undefined): Promise<unknown> {
    if (action === 'unseen') this.deps.submissions.showOnly('unseen');
    if (!s) return vscode.commands.executeCommand('dsas.submissions.focus');
    if (action === 'show') return this.deps.submissions.reveal(s.id, this.connectionId);
    const row = { kind: 'submission', connectionId: this.connectionId, service, item: { id: s.id, formReference: s.formReference } };
    return vscode.commands.executeCommand(action === 'history' ? Cmd.showHistory : Cmd.showSummary, row);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.subs.forEach((d) => d.dispose());
  }
}
