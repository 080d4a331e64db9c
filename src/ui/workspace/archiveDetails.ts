import type * as vscode from 'vscode';
import { type ArchiveFile, errorDetail, type Logger } from '../../core';
import type { Session } from '../session/session';
import { Limiter } from '../lists/concurrency';
import type { ArchiveNode } from '../lists/nodes';
import { ArchiveIndex } from './contentIndex';

/** What is read of the Archive view: the workspace's connection's rows (with the details it loaded) and when its list is fetched again. */
export interface ArchiveRows {
  readonly items: readonly ArchiveNode[];
  readonly loaded: boolean;
  readonly onDidChangeTreeData: vscode.Event<unknown>;
  /** One list request of the workspace's connection (no other's, which may be slow to answer). */
  refreshList(): Promise<unknown>;
}

/** Details fetched at once, as the view fetches them for the rows on screen. */
const AT_ONCE = 3;
/**
 * Above this many listed files no detail is fetched for matching (only those
 * the Archive view loaded match): a refresh would otherwise cost a request per file.
 */
export const MAX_FETCHED = 500;
/** The decorations are asked again after this many details, so that matches show while the rest arrive. */
const REDRAW_EVERY = 100;

/**
 * The sizes and hashes of the archive's files, for matching by content. The
 * list has neither, so the detail of every listed file is fetched, a few at
 * a time, once a decoration is first asked for (never at activation), and
 * kept; a detail the Archive view already loaded is taken from its row. An
 * archive file's size and hash never change: when the view fetches its list
 * again (Refresh, an upload) the details of the files still listed are kept
 * and only new files' are fetched, so an upload costs one request, not one
 * per file. Another session (signing in or out, another account, whose ids
 * name other files) forgets them all.
 */
export class ArchiveDetails implements vscode.Disposable {
  readonly index = new ArchiveIndex();
  private generation = 0;
  private filling?: Promise<void>;
  /** The view's list being loaded for the first fill. */
  private listing?: Promise<void>;
  /** Whether a decoration was ever asked for: only then does a new list matter. */
  private wanted = false;
  private seen: readonly ArchiveNode[];
  private readonly limiter = new Limiter(AT_ONCE);
  private readonly subs: vscode.Disposable[];

  constructor(
    private readonly rows: ArchiveRows,
    private readonly session: Pick<Session, 'signedIn' | 'client' | 'onDidChange'>,
    private readonly log: Logger,
    /** The index changed: decorations are asked again. */
    private readonly changed: () => void,
  ) {
    this.seen = rows.items;
    this.subs = [
      rows.onDidChangeTreeData(() => {
        if (rows.items === this.seen) return; // only a new list (each fetch makes a new array) matters
        this.seen = rows.items;
        this.restart(() => this.index.keepOnly(new Set(rows.items.map((r) => r.item.id))));
      }),
      session.onDidChange(() => this.restart(() => this.index.clear())),
    ];
  }

  /** A new list or session: what is under way is dropped, `forget` trims the index, and the decorations are asked again (which fetches what is missing). */
  private restart(forget: () => void): void {
    this.generation++;
    this.filling = undefined;
    forget();
    if (this.wanted) this.changed();
  }

  /** Starts fetching the details unless done or under way for the current list; settles when they are in. */
  ensure(): Promise<void> {
    this.wanted = true;
    if (!this.session.signedIn) return Promise.resolve();
    if (!this.rows.loaded) {
      // The list the view shows, loaded here if the view was never opened (one request); then its details.
      this.listing ??= this.rows.refreshList().then(() => undefined).finally(() => (this.listing = undefined));
      return this.listing.then(() => (this.rows.loaded ? this.ensure() : undefined));
    }
    this.filling ??= this.fill(this.generation);
    return this.filling;
  }

  private async fill(generation: number): Promise<void> {
    const client = this.session.client;
    const fetch = this.rows.items.length <= MAX_FETCHED;
    if (!fetch) this.log.info(`Workspace decorations: the archive lists ${this.rows.items.length} files, more than ${MAX_FETCHED}; only the details the Archive view loaded are matched.`);
    let added = 0;
    const add = (d: ArchiveFile) => {
      if (generation !== this.generation) return;
      this.index.add(d);
      if (++added % REDRAW_EVERY === 0) this.changed();
    };
    await Promise.all(this.rows.items.map((row) => row.detail ? add(row.detail) : !fetch ? undefined : this.limiter.run(async () => {
      if (generation !== this.generation || this.index.has(row.item.id)) return;
      try {
        add(await client.getArchiveFile(row.item.id));
      } catch (e) {
        this.log.debug(`Workspace decorations: no detail of archive file ${row.item.id}: ${errorDetail(e)}`);
      }
    })));
    if (generation === this.generation) {
      this.log.info(`Workspace decorations: ${this.index.size} archive file detail(s) known.`);
      this.changed();
    }
  }

  dispose(): void {
    this.generation++;
    this.subs.forEach((d) => d.dispose());
  }
}
