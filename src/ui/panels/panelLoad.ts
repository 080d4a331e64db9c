import type { PanelTap } from './panelTap';
import type * as vscode from 'vscode';
import { isServiceError, type Connection, type Logger, type ServiceClient } from '../../core';
import { AccountMovedError, describeError } from '../text/errorText';
import { ownSession } from '../session/whichConnection';
import { ownership } from '../session/accountOwner';

/** The session as panels use it. */
export interface PanelSession {
  readonly signedIn: boolean;
  readonly client: ServiceClient;
  readonly onDidChange: vscode.Event<void>;
  /** The account (`accountKey`) its connection points at now. */
  readonly connectionAccount?: string;
  /** The account (`accountKey`) of the client it holds; undefined when signed out. */
  readonly account?: string;
}

/** The connection a panel's document is of, and the account (its digest, see accountOwner.ts) it was opened for; none: kept by an earlier version, which did not note it. */
export interface PanelOwner {
  readonly connectionId: string;
  readonly service?: string;
}

/** What every kind of panel needs from the extension. */
export interface PanelDeps {
  readonly extensionUri: vscode.Uri;
  readonly log: Logger;
  /** The workspace's session: what the views show. What a panel learns is told them only when it came with this session's client. */
  readonly session: PanelSession & { readonly connection?: Pick<Connection, 'id'> };
  /** Each connection's session: a panel fetches with its own connection's only. */
  readonly sessions: { get(id: string): PanelSession | undefined };
  /** The connections, whose names a panel's title carries when there are several. */
  readonly connections: { readonly list: readonly Connection[]; readonly onDidChange: vscode.Event<void> };
  /** Settles once the session has started (activation): restored panels wait for it. */
  readonly sessionStarted: Promise<unknown>;
  /** Host tests' view of the pages (ExtensionMode.Test only). */
  readonly tap?: PanelTap;
}

/** Whether `client` is still the session's: what it fetched is then this account's news. */
export function stillCurrent(session: PanelSession, client: ServiceClient): boolean {
  return session.signedIn && session.client === client;
}

/**
 * The client of the owner's connection once the sessions have started
 * (`started` settles when they have read their stored secrets at
 * activation). A panel restored after a window reload is built before that:
 * it waits, or it would say "not signed in" to a user who is. Throws as
 * `session.client` does when signed out, when the connection is gone, and
 * while it points at another account than the panel was opened for (see
 * ownSession): nothing is asked of that one.
 */
export async function panelClient(deps: Pick<PanelDeps, 'sessions' | 'sessionStarted'>, owner: PanelOwner): Promise<ServiceClient> {
  await deps.sessionStarted.catch(() => undefined);
  return ownSession(deps.sessions, owner.connectionId, owner.service).client;
}

/** Whether the owner's connection still points at the account the panel was opened for. */
export function ownedNow(deps: Pick<PanelDeps, 'sessions'>, owner: PanelOwner): boolean {
  return ownership(owner.service, deps.sessions.get(owner.connectionId)?.connectionAccount) === 'own';
}

/**
 * Where a failed load is told: the page's `error` (nothing shown yet: why,
 * with a retry) or `stale` (content shown: kept, marked stale, with a retry,
 * as the trees do). Every page's protocol has both. `final`: no retry can
 * help (its connection points at another account now): none is offered.
 */
export interface FailureView {
  post(message: { readonly type: 'error' | 'stale'; readonly message: string; readonly final?: boolean }, notice?: boolean): void;
}

/**
 * One panel's loads: one at a time (a second request joins the running
 * one), a failure reported as an error or as stale content, and whether the
 * last one failed (Show History and a sign-in load such a panel again).
 */
export class PanelLoad {
  private running?: Promise<void>;
  private shown = false;
  failed = false;
  /** Whether its connection pointed at the panel's account when last looked at. */
  private owned: boolean;

  /** `owns`: whether the panel's connection points at the account it was opened for now (a file on disk always does). */
  constructor(private readonly run: () => Promise<void>, private readonly view: FailureView, private readonly owns: () => boolean = () => true) {
    this.owned = owns();
  }

  /** Whether a load may fetch anything: its connection points at the account the panel was opened for. */
  get mine(): boolean {
    return this.owns();
  }

  /**
   * Its connection changed: a panel that is no longer its connection's
   * account's says so at once (a load that fetches nothing), one whose
   * connection points back loads again. Nothing else happens.
   */
  followOwner(): void {
    const now = this.owns();
    if (now === this.owned) return;
    this.owned = now;
    const again = () => void this.load().catch(() => undefined);
    if (this.running) void this.running.then(again, again);
    else again();
  }

  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Loads (or joins the load under way); rejects with the failure after the page was told. */
  load(): Promise<void> {
    this.running ??= this.attempt().finally(() => (this.running = undefined));
    return this.running;
  }

  private async attempt(): Promise<void> {
    try {
      await this.run();
      this.shown = true;
      this.failed = false;
    } catch (e) {
      this.failed = true;
      const message = describeError(e);
      const final = e instanceof AccountMovedError ? { final: true } : {};
      // A stale mark is a notice: a page that comes back is sent its content again.
      if (this.shown) this.view.post({ type: 'stale', message, ...final }, true);
      else this.view.post({ type: 'error', message, ...final });
      throw e;
    }
  }
}

/** A panel as `revealOrOpen` handles it. */
interface LoadedPanel<H> {
  readonly host: H;
  readonly loader: PanelLoad;
}

/**
 * What Show History and the viewers share: an open panel is revealed (and
 * loaded again if its last load failed); a new one is made by `create` and
 * loaded. A new panel of something the service does not know, or opened
 * for an account its connection no longer points at (a History's link), is
 * closed again and the error thrown, for the command to say so; other
 * failures stay in the panel, with a retry.
 */
export async function revealOrOpen<H extends { readonly panel: vscode.WebviewPanel }>(existing: LoadedPanel<H> | undefined, create: () => LoadedPanel<H>): Promise<H> {
  if (existing) {
    existing.host.panel.reveal();
    if (existing.loader.failed) await existing.loader.load().catch(() => undefined);
    return existing.host;
  }
  const made = create();
  try {
    await made.loader.load();
  } catch (e) {
    if (!isServiceError(e, 'notFound') && !(e instanceof AccountMovedError)) return made.host;
    made.host.panel.dispose();
    throw e;
  }
  return made.host;
}

/** A panel whose last load failed (restored while signed out, say) loads again when its connection's session signs in, unless it is another account's. */
export function reloadFailedOnSignIn(deps: Pick<PanelDeps, 'sessions'>, connectionId: string, loader: PanelLoad): vscode.Disposable {
  const session = deps.sessions.get(connectionId);
  return session?.onDidChange(() => {
    if (session.signedIn && loader.failed && loader.mine) void loader.load().catch(() => undefined);
  }) ?? { dispose: () => undefined };
}
