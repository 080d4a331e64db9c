import * as vscode from 'vscode';
import { errorDetail, type Logger } from '../../core';
import type { Session } from '../session/session';
import type { SubmissionUpdates } from '../submissions/submissionUpdates';
import type { SubmissionsTree } from '../submissions/submissionsTree';
import type { InputHolder } from '../input/userInput';
import type { TimelinePanels } from '../submissions/timelinePanels';
import type { AnnouncedStore } from './announcedStore';
import { readSettings } from '../session/settings';
import { Announcer, type AnnouncerDeps } from './announcer';
import { DETAILS_AT_ONCE, Limiter } from '../lists/concurrency';
import { DETAILS_AT_START, DETAILS_PER_POLL } from './changes';
import { isPending } from './pending';
import { byCreated } from '../submissions/submissionOutcome';

/** What polling reads and where it tells: the sessions, the Submissions view's rows, the notices. */
export interface PollerDeps {
  readonly input: InputHolder;
  readonly log: Logger;
  /** One session per connection. */
  readonly sessions: { readonly all: readonly Session[]; readonly onDidChange: vscode.Event<void> };
  readonly submissions: Pick<SubmissionsTree, 'listOf' | 'refreshList' | 'outdated' | 'reveal' | 'view' | 'setUnseen' | 'showOnly'>;
  /** Showing a History panel looks at its submission's new responses. */
  readonly timelines: Pick<TimelinePanels, 'onDidShowHistory'>;
  /** Where polling says what it learned of a submission (its row, open panels, the Explorer's decorations and the notices follow). */
  readonly updates: Pick<SubmissionUpdates, 'learned' | 'onDidLearnAny' | 'onDidListAny'>;
  /** What each account was told, kept across sessions. */
  readonly announced: AnnouncedStore;
}


/** What one connection's polling works with: the Poller's, its session, the shared badge, and where it says a poll ended. */
export interface ConnectionPollerDeps extends Omit<PollerDeps, 'sessions' | 'timelines'> {
  readonly session: Session;
  readonly several: () => boolean;
  readonly badge: AnnouncerDeps['badge'];
  /** A poll ended (whether it reached the service or not). */
  polled(): void;
}

/**
 * One connection's polling, on its own: at the configured interval its
 * submission list is fetched once, then the details of a few pending
 * submissions (see ChangeTracker.pick), with its own session's client; what
 * changed since the account's last look is announced once (its Announcer).
 * Its sign-in, sign-out, failures and timer are its own: a connection
 * refused or unreachable never delays or stops another's.
 */
export class ConnectionPoller implements vscode.Disposable {
  private readonly subs: vscode.Disposable[] = [];
  private timer?: ReturnType<typeof setTimeout>;
  private running?: Promise<void>;
  private readonly announcer: Announcer;
  /** Counts sign-ins and sign-outs: a poll of an earlier session tells nothing. */
  private generation = 0;
  private disposed = false;

  constructor(private readonly deps: ConnectionPollerDeps) {
    this.announcer = new Announcer({ ...deps, store: deps.announced });
    this.subs.push(
      this.announcer,
      deps.session.onDidChange(() => this.sessionChanged()),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('dsas.pollingIntervalSeconds') && this.schedule()),
    );
    if (deps.session.signedIn) this.sessionChanged();
  }

  get connectionId(): string {
    return this.deps.session.connection.id;
  }

  /** The user looked at a submission of this connection. */
  lookedAt(id: string): void {
    this.announcer.lookedAt(id);
  }

  /** Polls now; a call while a poll runs waits for that poll. Failures are logged and shown as stale data, never as an error message. */
  pollNow(): Promise<void> {
    this.running ??= this.announcer.together(() => this.poll()).catch((e: unknown) => {
      this.deps.log.warn(`Polling "${this.deps.session.connection.name}" failed: ${errorDetail(e)}`);
    }).finally(() => {
      this.running = undefined;
      if (!this.disposed) this.deps.polled();
    });
    return this.running;
  }

  private async poll(): Promise<void> {
    const { submissions: tree, session } = this.deps;
    const generation = this.generation;
    const current = () => !this.disposed && session.signedIn && generation === this.generation;
    if (!session.signedIn) return;
    const ok = await tree.refreshList(this.connectionId);
    if (!current()) return;
    if (!ok) {
      this.deps.log.info(`Polling${this.deps.several() ? ` "${session.connection.name}"` : ''}: the submission list could not be fetched; the view shows the earlier data.`);
      return;
    }
    // The list went through the announcer (SubmissionUpdates); rows whose entry changed show an outdated detail until a poll fetches it.
    // The first poll of a session looks at more: what changed since the account's last look is told in one notice.
    const tracker = this.announcer.tracker;
    const rows = tree.listOf(this.connectionId)?.all ?? [];
    // Newest first, whatever order the view shows: at a session's start the newest are the likeliest to have news, and the first poll's notice sums up those it fetched.
    const ids = tracker.pick(rows.filter(isPending).sort(byCreated).map((n) => n.item.id), tree.outdated(this.connectionId), tracker.firstList ? DETAILS_AT_START : DETAILS_PER_POLL);
    const client = session.client;
    const limiter = new Limiter(DETAILS_AT_ONCE);
    const details = await Promise.allSettled(ids.map((id) => limiter.run(() => client.getSubmission(id))));
    if (!current()) return;
    details.forEach((d, i) => {
      if (d.status === 'rejected') this.deps.log.info(`Polling: the detail of submission ${ids[i]} could not be fetched: ${errorDetail(d.reason)}`);
      else this.deps.updates.learned({ id: d.value.id, detail: d.value, connectionId: this.connectionId });
    });
  }

  private sessionChanged(): void {
    this.generation++;
    this.announcer.sessionChanged();
    // The first count, whether polling is on or not (after a poll of the previous session, if one is still running).
    if (this.deps.session.signedIn) void Promise.resolve(this.running).then(() => this.pollNow());
    this.schedule();
  }

  /** (Re)starts the countdown to the next poll; none when signed out or polling is off. */
  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const interval = readSettings().pollingIntervalMs;
    if (this.disposed || !this.deps.session.signedIn || interval <= 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.pollNow().finally(() => this.schedule());
    }, interval);
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.subs.forEach((d) => d.dispose());
    this.deps.badge.show(this.connectionId, 0);
  }
}
