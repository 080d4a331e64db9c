import * as vscode from 'vscode';
import { Cmd } from '../commands/commandIds';
import type { Session } from '../session/session';
import { readSettings } from '../session/settings';
import { safeText } from '../text/text';
import type { SubmissionsTree } from '../submissions/submissionsTree';
import type { Poller } from './poller';
import { isPending } from './pending';
import { connectionLine, type Counted } from './statusLines';

/** What the status bar reads: the sessions, the Submissions view's rows, and when polls end. */
export interface StatusBarDeps {
  /** One session per connection, in the connections' order. */
  readonly sessions: { readonly all: readonly Session[]; readonly onDidChange: vscode.Event<void> };
  /** The workspace's connection's session: a switch or its sign-in. */
  readonly session: { readonly connection?: { readonly id: string }; readonly onDidChange: vscode.Event<void> };
  readonly submissions: Pick<SubmissionsTree, 'listOf' | 'onDidChangeTreeData'>;
  readonly poller: Pick<Poller, 'onDidPoll'>;
}

/**
 * The status bar item: the number of pending submissions over every
 * signed-in connection (a warning when a last check failed, and how often
 * they are checked), its tooltip a line per connection when there are
 * several (the workspace's marked), clicking it Switch Connection… then;
 * with one, Sign In or the Submissions view. A rename redraws it with the
 * Submissions view's roots.
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
      deps.sessions.onDidChange(() => this.render()),
      deps.poller.onDidPoll(() => this.render()),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('dsas.pollingIntervalSeconds') && this.render()),
    ];
    this.render();
    this.item.show();
  }

  /** A session's count: its pending rows, whether its list arrived, and why its last check failed. */
  private counted(session: Session): Counted {
    const list = this.deps.submissions.listOf(session.connection.id);
    return { session, loaded: list?.loaded ?? false, stale: list?.stale ?? list?.failure, count: list?.all.filter(isPending).length ?? 0 };
  }

  private render(): void {
    const l = vscode.l10n;
    const item = this.item;
    const all = this.deps.sessions.all;
    const several = all.length > 1;
    const signedIn = all.filter((s) => s.signedIn).map((s) => this.counted(s));
    // With several connections, a line each and a click that switches the workspace's; with one, as it always was.
    const inUse = this.deps.session.connection?.id;
    const lines = several ? `\n${all.map((s) => connectionLine({ ...(s.signedIn ? this.counted(s) : { session: s }), inUse: s.connection.id === inUse })).join('\n')}` : '';
    const click = several ? `\n${l.t('Click to switch the connection this workspace uses.')}` : '';
    item.command = several ? Cmd.switchConnection : signedIn.length ? 'dsas.submissions.focus' : Cmd.signIn;
    if (signedIn.length === 0) {
      item.text = `$(account) ${l.t('Sign In')}`;
      item.tooltip = several ? `${l.t('Document Submission: not signed in.')}${lines}${click}` : l.t('Document Submission: not signed in. Click to sign in.');
      item.accessibilityInformation = { label: l.t('Document Submission: not signed in') };
      item.backgroundColor = undefined;
      return;
    }
    const interval = readSettings().pollingIntervalMs;
    const polling = interval > 0 ? l.t('Checked every {0} seconds.', Math.round(interval / 1000)) : l.t('Automatic checking is off (setting "dsas.pollingIntervalSeconds").');
    const staleOne = signedIn.find((c) => c.stale !== undefined);
    const stale = staleOne !== undefined;
    // With one connection its problem is said here; with several, on its own line.
    const problem = stale && !several ? `\n${l.t('The last check failed: {0}', safeText(staleOne.stale))}` : '';
    // A count that may be out of date says so: a warning icon and colour, and why in the tooltip.
    item.backgroundColor = stale ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    if (!signedIn.some((c) => c.loaded)) {
      item.text = stale ? '$(warning) ?' : '$(clock) …';
      item.tooltip = `${l.t('Document Submission: the number of pending submissions is not known yet.')}${problem}${lines}${click}`;
      item.accessibilityInformation = { label: l.t('Document Submission: pending submissions not known yet') };
      return;
    }
    const count = signedIn.reduce((n, c) => n + (c.count ?? 0), 0);
    item.text = stale ? l.t('$(warning) {0} pending', count) : l.t('$(clock) {0} pending', count);
    const summary = count === 1 ? l.t('1 submission is waiting for responses.') : l.t('{0} submissions are waiting for responses.', count);
    const outdated = stale ? ` ${l.t('This count may be out of date: the service could not be reached.')}` : '';
    item.tooltip = `${summary}${outdated} ${polling}${problem}${lines}${click || `\n${l.t('Click to show the Submissions view.')}`}`;
    item.accessibilityInformation = { label: `${l.t('Document Submission')}: ${summary}${outdated}` };
  }

  dispose(): void {
    this.subs.forEach((d) => d.dispose());
  }
}
