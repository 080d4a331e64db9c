import type { PanelTap } from './panelTap';
import type * as vscode from 'vscode';
import { isServiceError, type Connection, type Logger, type ServiceClient } from '../../core';
import { ConnectionGoneError, describeError } from '../text/errorText';

/** The session as panels use it. */
export interface PanelSession {
  readonly signedIn: boolean;
  readonly client: ServiceClient;
  readonly onDidChange: vscode.Event<void>;
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
 * The client of connection `connectionId` once the sessions have started
 * (`started` settles when they have read their stored secrets at
 * activation). A panel restored after a window reload is built before that:
 * it waits, or it would say "not signed in" to a user who is. Throws as
 * `session.client` does when signed out, and when the connection is gone.
 */
export async function panelClient(deps: Pick<PanelDeps, 'sessions' | 'sessionStarted'>, connectionId: string): Promise<ServiceClient> {
  await deps.sessionStarted.catch(() => undefined);
  const session = deps.sessions.get(connectionId);
  if (!session) throw new ConnectionGoneError();
  return session.client;
}

/**
 * Where a failed load is told: the page's `error` (nothing shown yet: why,
 * with a retry) or `stale` (content shown: kept, marked stale, with a retry,
 * as the trees do). Every page's protocol has both.
 */
export interface FailureView {
  post(message: { readonly type: 'error' | 'stale'; readonly message: string }, notice?: boolean): void;
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

  constructor(private readonly run: () => Promise<void>, private readonly view: FailureView) {}

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
      // A stale mark is a notice: a page that comes back is sent its content again.
      if (this.shown) this.view.post({ type: 'stale', message }, true);
      else this.view.post({ type: 'error', message });
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
 * loaded. A new panel of something the service does not know is closed
 * again and the error thrown, for the command to say so; other failures
 * stay in the panel, with a retry.
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
    if (!isServiceError(e, 'notFound')) return made.host;
    made.host.panel.dispose();
    throw e;
  }
  return made.host;
}

/** A panel whose last load failed (restored while signed out, say) loads again when its connection's session signs in. */
export function reloadFailedOnSignIn(deps: Pick<PanelDeps, 'sessions'>, connectionId: string, loader: PanelLoad): vscode.Disposable {
  const session = deps.sessions.get(connectionId);
  return session?.onDidChange(() => {
    if (session.signedIn && loader.failed) void loader.load().catch(() => undefined);
  }) ?? { dispose: () => undefined };
}
