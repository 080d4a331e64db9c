import * as vscode from 'vscode';
import type { Session } from '../session/session';
import { ConnectionPoller, type PollerDeps } from './connectionPoller';
import { UnseenBadge } from './unseenBadge';

export type { PollerDeps };

/**
 * Polling, one ConnectionPoller per connection, each on its own timer with
 * its own session, so that one refused, slow or unreachable service never
 * delays or stops another's polls and notices; the badge adds up their
 * unseen responses.
 */
export class Poller implements vscode.Disposable {
  private readonly subs: vscode.Disposable[] = [];
  private readonly polled = new vscode.EventEmitter<void>();
  /** A poll of a connection ended (whether it reached the service or not): the status bar draws again. */
  readonly onDidPoll = this.polled.event;
  private readonly pollers = new Map<Session, ConnectionPoller>();
  private readonly badge: UnseenBadge;
  private running?: Promise<void>;

  constructor(private readonly deps: PollerDeps) {
    this.badge = new UnseenBadge({
      view: deps.submissions.view,
      onDidShowHistory: deps.timelines.onDidShowHistory,
      lookedAt: (connectionId, id) => [...this.pollers.values()].find((p) => p.connectionId === connectionId)?.lookedAt(id),
    });
    this.subs.push(this.polled, this.badge, deps.sessions.onDidChange(() => this.sync()));
    this.sync();
  }

  /**
   * Polls every signed-in connection now, each on its own; settles when all
   * have. A call while a round runs waits for that round.
   */
  pollNow(): Promise<void> {
    this.running ??= Promise.allSettled([...this.pollers.values()].map((p) => p.pollNow())).then(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** A poller for each session, made and disposed as they are. */
  private sync(): void {
    const sessions = this.deps.sessions.all;
    for (const [session, poller] of [...this.pollers]) {
      if (sessions.includes(session)) continue;
      this.pollers.delete(session);
      poller.dispose();
    }
    for (const session of sessions) {
      if (this.pollers.has(session)) continue;
      this.pollers.set(session, new ConnectionPoller({
        ...this.deps, session, badge: this.badge,
        several: () => this.deps.sessions.all.length > 1,
        polled: () => this.polled.fire(),
      }));
    }
  }

  dispose(): void {
    this.subs.forEach((d) => d.dispose());
    this.pollers.forEach((p) => p.dispose());
    this.pollers.clear();
  }
}
