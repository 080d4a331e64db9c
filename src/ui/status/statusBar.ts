import * as vscode from 'vscode';
import { Cmd } from '../commands/commandIds';
import type { Session } from '../session/session';
import { readSettings } from '../session/settings';
import { safeText } from '../text/text';
import type { SubmissionsTree } from '../submissions/submissionsTree';
import type { Poller } from './poller';
import { isPending } from './pending';

/** What the status bar reads: the session, the Submissions view's rows, and when polls end. */
export interface StatusBarDeps {
  readonly session: Pick<Session, 'signedIn' | 'onDidChange'>;
  readonly submissions: Pick<SubmissionsTree, 'items' | 'loaded' | 'stale' | 'onDidChangeTreeData'>;
  readonly poller: Pick<Poller, 'onDidPoll'>;
}

/**
 * The status bar item: the number of pending submissions (a warning when
 * the last check failed, and how often they are checked), or Sign In.
 */
export class PendingStatusBar implements vscode.Disposable {
  private readonly subs: vscode.Disposable[];

  /** `item`: the status bar item it draws (made by the caller, which the host tests read it from), disposed with it. */
  constructor(private readonly item: vscode.StatusBarItem, private readonly deps: StatusBarDeps) {
    this.item.name = vscode.l10n.t('Document Submission: Pending Submissions');
    this.subs = [
      this.item,
      deps.submissions.onDidChangeTreeData(() => this.render()),
      deps.session.onDidChange(() => this.render()),
      deps.poller.onDidPoll(() => this.render()),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('dsas.pollingIntervalSeconds') && this.render()),
    ];
    this.render();
    this.item.show();
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
    this.subs.forEach((d) => d.dispose());
  }
}
