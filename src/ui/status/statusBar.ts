import * as vscode from 'vscode';
import type { Logger } from '../../core';
import { Cmd } from '../commands/commandIds';
import { describeError } from '../text/errorText';
import type { Session } from '../session/session';
import { readSettings } from '../session/settings';
import type { SubmissionUpdates } from '../submissions/submissionUpdates';
import { stateOf, type SubmissionNode } from '../lists/nodes';
import { safeText } from '../text/text';
import type { SubmissionsTree } from '../submissions/submissionsTree';
import type { InputHolder } from '../input/userInput';
import type { TimelinePanels } from '../submissions/timelinePanels';
import type { AnnouncedStore } from './announcedStore';
import { Announcer } from './announcer';
import { DETAILS_AT_ONCE, Limiter } from '../lists/concurrency';
import { DETAILS_AT_START, DETAILS_PER_POLL } from './changes';

const isPending = (n: SubmissionNode) => stateOf(n).toUpperCase() === 'PENDING';

/** What the status bar reads and polls: the session, the Submissions view's rows, and where to tell and log. */
export interface PendingStatusDeps {
  readonly input: InputHolder;
  readonly log: Logger;
  readonly session: Pick<Session, 'signedIn' | 'onDidChange' | 'client' | 'account'>;
  readonly submissions: Pick<SubmissionsTree, 'items' | 'loaded' | 'stale' | 'refreshList' | 'outdated' | 'reveal' | 'onDidChangeTreeData' | 'view' | 'setUnseen' | 'showOnly'>;
  /** Showing a History panel looks at its submission's new responses. */
  readonly timelines: Pick<TimelinePanels, 'onDidShowHistory'>;
  /** Where polling says what it learned of a submission (its row, open panels, the Explorer's decorations and the notices follow). */
  readonly updates: Pick<SubmissionUpdates, 'learned' | 'onDidLearn' | 'onDidList'>;
  /** What each account was told, kept across sessions. */
  readonly announced: AnnouncedStore;
}

/** The status bar item of pending submissions (or Sign In). */
export function pendingItem(): vscode.StatusBarItem {
  const item = vscode.window.createStatusBarItem('dsas.pending', vscode.StatusBarAlignment.Left, 50);
  item.name = vscode.l10n.t('Document Submission: Pending Submissions');
  return item;
}

/**
 * The status bar item (pending submissions, or Sign In) and polling: at the
 * configured interval the submission list is fetched once, then the details
 * of a few pending submissions (see ChangeTracker.pick); what changed since
 * the last look (completed, responded, rejected) is announced once, and the
 * new responses are counted on the Submissions view's badge.
 */
export class PendingStatus implements vscode.Disposable {
  private readonly subs: vscode.Disposable[] = [];
  private timer?: ReturnType<typeof setTimeout>;
  private running?: Promise<void>;
  /** Tells what changed, once, whichever way it was learned; counts new responses on the view's badge. */
  private readonly announcer: Announcer;
  /** Counts sign-ins and sign-outs: a poll of an earlier session tells nothing. */
  private generation = 0;
  private disposed = false;

  /** `item`: the status bar item it draws on (pendingItem()); it is disposed with this. */
  constructor(private readonly deps: PendingStatusDeps, private readonly item: vscode.StatusBarItem) {
    this.announcer = new Announcer({ ...deps, store: deps.announced });
    this.subs.push(
      this.item,
      this.announcer,
      deps.submissions.onDidChangeTreeData(() => this.render()),
      deps.session.onDidChange(() => this.sessionChanged()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('dsas.pollingIntervalSeconds')) {
          this.schedule();
          this.render();
        }
      }),
    );
    this.render();
    this.item.show();
    if (deps.session.signedIn) this.sessionChanged();
  }

  /**
   * Fetches the submission list and a few details, and announces what
   * changed. A call while a poll runs waits for that poll. Failures are
   * logged and shown as stale data (tree, status bar), never as an error message.
   */
  pollNow(): Promise<void> {
    this.running ??= this.announcer.together(() => this.poll()).finally(() => (this.running = undefined));
    return this.running;
  }

  private async poll(): Promise<void> {
    const tree = this.deps.submissions;
    const generation = this.generation;
    const current = () => !this.disposed && this.deps.session.signedIn && generation === this.generation;
    if (!this.deps.session.signedIn) return;
    const ok = await tree.refreshList();
    if (!current()) return;
    if (!ok) {
      this.deps.log.info('Polling: the submission list could not be fetched; the view shows the earlier data.');
      this.render();
      return;
    }
    // The list went through the announcer (SubmissionUpdates); rows whose entry changed show an outdated detail until a poll fetches it.
    // The first poll of a session looks at more: what changed since the account's last look is told in one notice.
    const tracker = this.announcer.tracker;
    const ids = tracker.pick(tree.items.filter(isPending).map((n) => n.item.id), tree.outdated(), tracker.firstList ? DETAILS_AT_START : DETAILS_PER_POLL);
    const client = this.deps.session.client;
    const limiter = new Limiter(DETAILS_AT_ONCE);
    const details = await Promise.allSettled(ids.map((id) => limiter.run(() => client.getSubmission(id))));
    if (!current()) return;
    details.forEach((d, i) => {
      if (d.status === 'rejected') this.deps.log.info(`Polling: the detail of submission ${ids[i]} could not be fetched: ${describeError(d.reason)}`);
      else this.deps.updates.learned({ id: d.value.id, detail: d.value });
    });
    this.render();
  }

  private sessionChanged(): void {
    this.generation++;
    this.announcer.sessionChanged();
    this.render();
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

  private render(): void {
    const l = vscode.l10n;
    const item = this.item;
    if (!this.deps.session.signedIn) {
      item.text = `$(account) ${l.t('Sign In')}`;
      item.tooltip = l.t('Document Submission: not signed in. Click to sign in.');
      item.command = Cmd.signIn;
      item.accessibilityInformation = { label: l.t('Document Submission: not signed in') };
      return;
    }
    const tree = this.deps.submissions;
    const interval = readSettings().pollingIntervalMs;
    const polling = interval > 0 ? l.t('Checked every {0} seconds.', Math.round(interval / 1000)) : l.t('Automatic checking is off (setting "dsas.pollingIntervalSeconds").');
    const stale = tree.stale !== undefined;
    const problem = stale ? `\n${l.t('The last check failed: {0}', safeText(tree.stale))}` : '';
    item.command = 'dsas.submissions.focus';
    // A count that may be out of date says so: a warning icon and colour, and why in the tooltip.
    item.backgroundColor = stale ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    if (!tree.loaded) {
      item.text = stale ? '$(warning) ?' : '$(clock) …';
      item.tooltip = `${l.t('Document Submission: the number of pending submissions is not known yet.')}${problem}`;
      item.accessibilityInformation = { label: l.t('Document Submission: pending submissions not known yet') };
      return;
    }
    const count = tree.items.filter(isPending).length;
    item.text = stale ? l.t('$(warning) {0} pending', count) : l.t('$(clock) {0} pending', count);
    const summary = count === 1 ? l.t('1 submission is waiting for responses.') : l.t('{0} submissions are waiting for responses.', count);
    const outdated = stale ? ` ${l.t('This count may be out of date: the service could not be reached.')}` : '';
    item.tooltip = `${summary}${outdated} ${polling}${problem}\n${l.t('Click to show the Submissions view.')}`;
    item.accessibilityInformation = { label: `${l.t('Document Submission')}: ${summary}${outdated}` };
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.subs.forEach((d) => d.dispose());
  }
}
