import * as vscode from 'vscode';
import type { Logger } from '../../core';
import { Cmd } from '../commandIds';
import type { Session } from '../session';
import { readSettings } from '../settings';
import { stateOf, type SubmissionNode } from '../trees/nodes';
import { safeText } from '../text';
import { submissionLabel } from '../trees/submissionRows';
import type { SubmissionsTree } from '../trees/submissionsTree';
import type { InputHolder } from '../userInput';

/** More completions than this in one poll are announced in one message. */
const ANNOUNCE_ONE_BY_ONE = 3;

const isPending = (n: SubmissionNode) => stateOf(n).toUpperCase() === 'PENDING';
const isCompleted = (n: SubmissionNode) => stateOf(n).toUpperCase() === 'COMPLETED';

/** What the status bar reads and polls: the session, the Submissions view's rows, and where to tell and log. */
export interface PendingStatusDeps {
  readonly input: InputHolder;
  readonly log: Logger;
  readonly session: Pick<Session, 'signedIn' | 'onDidChange'>;
  readonly submissions: Pick<SubmissionsTree, 'items' | 'loaded' | 'stale' | 'refreshList' | 'reveal' | 'onDidChangeTreeData'>;
}

/**
 * The status bar item (pending submissions, or Sign In) and polling: at the
 * configured interval the submission list is fetched once, and a submission
 * that turned COMPLETED since the last look is announced, once.
 */
export class PendingStatus implements vscode.Disposable {
  /** The status bar item (read by host tests). */
  readonly item: vscode.StatusBarItem;
  private readonly subs: vscode.Disposable[] = [];
  private timer?: ReturnType<typeof setTimeout>;
  private running?: Promise<void>;
  private readonly announced = new Set<string>();
  private disposed = false;

  constructor(private readonly deps: PendingStatusDeps) {
    this.item = vscode.window.createStatusBarItem('dsas.pending', vscode.StatusBarAlignment.Left, 50);
    this.item.name = vscode.l10n.t('Document Submission: Pending Submissions');
    this.subs.push(
      this.item,
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
   * Fetches the submission list once and announces what turned COMPLETED.
   * A call while a poll runs waits for that poll. Failures are logged and
   * shown as stale data in the tree, never as an error message.
   */
  pollNow(): Promise<void> {
    this.running ??= this.poll().finally(() => (this.running = undefined));
    return this.running;
  }

  private async poll(): Promise<void> {
    const tree = this.deps.submissions;
    if (!this.deps.session.signedIn) return;
    const before = new Map(tree.items.map((n) => [n.item.id, isCompleted(n)]));
    const ok = await tree.refreshList();
    if (this.disposed || !this.deps.session.signedIn) return;
    if (!ok) {
      this.deps.log.info('Polling: the submission list could not be fetched; the view shows the earlier data.');
      this.render();
      return;
    }
    const completed = tree.items.filter((n) => before.get(n.item.id) === false && isCompleted(n) && !this.announced.has(n.item.id));
    for (const n of completed) this.announced.add(n.item.id);
    if (completed.length) this.announce(completed);
    this.render();
  }

  private announce(completed: readonly SubmissionNode[]): void {
    const ui = this.deps.input.current;
    const show = vscode.l10n.t('Show');
    this.deps.log.info(`Polling: completed since the last look: ${completed.map((n) => n.item.id).join(', ')}.`);
    const onShow = (id?: string) => (answer: string | undefined) => {
      if (answer !== show) return;
      const done = id ? this.deps.submissions.reveal(id) : vscode.commands.executeCommand('dsas.submissions.focus');
      void Promise.resolve(done).catch((e: unknown) => this.deps.log.warn(`Showing a completed submission failed: ${String(e)}`));
    };
    if (completed.length > ANNOUNCE_ONE_BY_ONE) {
      void ui.info(vscode.l10n.t('{0} submissions are completed: every recipient has responded.', completed.length), show).then(onShow());
      return;
    }
    for (const n of completed) {
      void ui.info(vscode.l10n.t('Submission "{0}" is completed: every recipient has responded.', safeText(submissionLabel(n.item), 100)), show).then(onShow(n.item.id));
    }
  }

  private sessionChanged(): void {
    this.announced.clear();
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
    const problem = tree.stale === undefined ? '' : `\n${l.t('The last check failed: {0}', safeText(tree.stale))}`;
    item.command = 'dsas.submissions.focus';
    if (!tree.loaded) {
      item.text = tree.stale === undefined ? '$(clock) …' : '$(clock) ?';
      item.tooltip = `${l.t('Document Submission: the number of pending submissions is not known yet.')}${problem}`;
      item.accessibilityInformation = { label: l.t('Document Submission: pending submissions not known yet') };
      return;
    }
    const count = tree.items.filter(isPending).length;
    item.text = l.t('$(clock) {0} pending', count);
    const summary = count === 1 ? l.t('1 submission is waiting for responses.') : l.t('{0} submissions are waiting for responses.', count);
    item.tooltip = `${summary} ${polling}${problem}\n${l.t('Click to show the Submissions view.')}`;
    item.accessibilityInformation = { label: `${l.t('Document Submission')}: ${summary}` };
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.subs.forEach((d) => d.dispose());
  }
}
