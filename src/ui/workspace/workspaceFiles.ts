import { stat } from 'node:fs/promises';
import * as vscode from 'vscode';
import { accountKey, accountOf, errorDetail, type HashAlgorithm, hashFile, hasResponded, type Logger } from '../../core';
import type { Connection } from '../../core';
import type { LocalFile } from '../transfers/localFiles';
import { connectionName } from '../session/connectionText';
import type { SessionInUse as Session } from '../session/sessionInUse';
import { knownOf, type Learned, type SubmissionUpdates } from '../submissions/submissionUpdates';
import { oneLine, safeText } from '../text/text';
import { Limiter } from '../lists/concurrency';
import { ArchiveDetails, type ArchiveRows } from './archiveDetails';
import { DigestCache, type Hasher } from './contentIndex';
import { FileRecords, recordArchived, type FileState } from './fileRecords';
import { decorationOf, lookUp, type FileFacts } from './lookup';
import { SentStates } from './sentStates';

export const DECORATE_SETTING = 'dsas.decorateWorkspaceFiles';
/** Context keys naming the decorated files, for the Explorer's Reveal in Archive / Reveal Submission. */
const ARCHIVED_PATHS = 'dsas.archivedPaths';
const SENT_PATHS = 'dsas.sentPaths';

/** How files are read; the host tests count the calls. */
export interface FileAccess {
  readonly stat: (path: string) => Promise<FileState & { isFile: boolean }>;
  readonly hash: Hasher;
}

const disk: FileAccess = {
  stat: async (p) => {
    const s = await stat(p);
    return { size: s.size, mtimeMs: s.mtimeMs, isFile: s.isFile() };
  },
  hash: (p, algorithm) => hashFile(p, algorithm),
};

export interface WorkspaceFilesOptions {
  readonly context: Pick<vscode.ExtensionContext, 'globalState'>;
  readonly log: Logger;
  readonly session: Pick<Session, 'signedIn' | 'client' | 'onDidChange' | 'connectionAccount' | 'connection'>;
  /** The connections, whose names the tooltips carry when there are several. */
  readonly connections: { readonly list: readonly Connection[] };
  readonly archive: ArchiveRows;
  readonly updates: Pick<SubmissionUpdates, 'onDidLearn'>;
  readonly files?: FileAccess;
}

/** What is known of a workspace file, and the connection it is known of. */
export type ConnectionFacts = FileFacts & { readonly connectionId: string };

/**
 * The Explorer's decorations of files archived or sent (records of this
 * machine, or same content as an archive file), and the records behind them.
 * They are those of the workspace's connection alone: another connection's
 * records and archive neither decorate nor reveal a file until the workspace
 * switches to it, and the tooltips name the connection when there are several.
 * Reads nothing until VS Code asks for a shown file's decoration: a file is
 * stat'ed only when it has a record or archive details are known, and hashed
 * only when an archive file has its size (or to tell a touched file from a
 * changed one); digests are cached per size and modification time.
 */
export class WorkspaceFiles implements vscode.FileDecorationProvider, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.Uri | vscode.Uri[] | undefined>();
  readonly onDidChangeFileDecorations = this.emitter.event;
  /** Records are kept in global state, per account and file URI (see the README). */
  readonly records: FileRecords;
  private readonly files: FileAccess;
  private readonly digests: DigestCache;
  private readonly details: ArchiveDetails;
  private readonly hashing = new Limiter(2);
  private readonly hashesUnderWay = new Set<string>();
  /** What was learned of the submissions files were sent in, this session. */
  private readonly sentStates = new SentStates();
  /** Submissions learned about whose sent files are to be redrawn (a list brings many at once). */
  private readonly learnedIds = new Set<string>();
  private learnedTimer?: ReturnType<typeof setTimeout>;
  /** Decorated files (fsPath → archive file id / submission id), for the context keys and Reveal. */
  private readonly archivedPaths = new Map<string, string>();
  private readonly sentPaths = new Map<string, string>();
  private keysTimer?: ReturnType<typeof setTimeout>;
  /** The accounts of the connections, worked out once per list (a batch records thousands of files). */
  private accounts?: { readonly of: readonly Connection[]; readonly keys: ReadonlySet<string> };
  private readonly subs: vscode.Disposable[] = [];

  constructor(private readonly o: WorkspaceFilesOptions) {
    this.files = o.files ?? disk;
    // The workspace's connection's account, signed in or not.
    this.records = new FileRecords(o.context.globalState, () => o.session.connectionAccount, (a) => this.connected(a));
    this.digests = new DigestCache((p, a) => this.files.hash(p, a));
    this.details = new ArchiveDetails(o.archive, o.session, o.log, () => this.emitter.fire(undefined));
    this.records.onDidChange((uris) => this.emitter.fire(uris.map((u) => vscode.Uri.parse(u))));
    let connectionId = o.session.connection?.id;
    this.subs.push(this.emitter, this.details, o.updates.onDidLearn((l) => this.learned(l)), o.session.onDidChange(() => {
      // Another session: submission ids may be another account's.
      this.sentStates.clear();
      // Another connection: the Explorer's entries (Reveal in Archive, Reveal Submission) offer none of the other's records, not
      // even until VS Code asks for the decorations again (it asks for the files it shows, and none while the Explorer is hidden).
      if (o.session.connection?.id !== connectionId) this.forgetDecorated();
      connectionId = o.session.connection?.id;
      this.emitter.fire(undefined);
    }));
  }

  /** Registers the provider, and follows the setting and changes to decorated files. Nothing is read here. */
  register(): vscode.Disposable {
    const watcher = vscode.workspace.createFileSystemWatcher('**/*', true, false, false);
    const changed = (uri: vscode.Uri) => {
      if (this.archivedPaths.has(uri.fsPath) || this.sentPaths.has(uri.fsPath) || this.records.of(uri.toString())) this.emitter.fire(uri);
    };
    return vscode.Disposable.from(
      vscode.window.registerFileDecorationProvider(this),
      watcher, watcher.onDidChange(changed), watcher.onDidDelete(changed),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration(DECORATE_SETTING)) return;
        this.forgetDecorated();
        this.emitter.fire(undefined);
      }),
    );
  }

  async provideFileDecoration(uri: vscode.Uri): Promise<vscode.FileDecoration | undefined> {
    const facts = await this.factsOf(uri, false);
    this.noteDecorated(uri, facts);
    const d = facts && decorationOf(facts, vscode.l10n.t, (s) => safeText(oneLine(s)), this.nameOf(facts.connectionId));
    if (!d) return undefined;
    return { badge: d.badge, tooltip: d.tooltip, color: d.changed ? new vscode.ThemeColor('list.warningForeground') : undefined };
  }

  /**
   * What is known of a workspace file. `complete`: waits for the archive's
   * details and the digests it needs (Reveal); else answers with what is
   * known now and computes the rest, asking VS Code again once it is in.
   * None when the workspace switched connection meanwhile (VS Code is then
   * told to ask again): one connection's record is never shown as another's.
   */
  async factsOf(uri: vscode.Uri, complete: boolean): Promise<ConnectionFacts | undefined> {
    const connectionId = this.o.session.connection?.id;
    if (uri.scheme !== 'file' || !enabled() || connectionId === undefined) return undefined;
    const facts = await this.factsNow(uri, complete);
    return facts && this.o.session.connection?.id === connectionId ? { ...facts, connectionId } : undefined;
  }

  private async factsNow(uri: vscode.Uri, complete: boolean): Promise<FileFacts | undefined> {
    const record = this.records.of(uri.toString());
    const indexed = this.details.ensure();
    if (complete) await indexed;
    if (!record && this.details.index.size === 0) return undefined; // nothing to compare with: not even a stat
    const st = await this.files.stat(uri.fsPath).catch(() => undefined);
    if (!st?.isFile) return undefined;
    const sources = { digests: this.digests, archive: this.details.index, submission: (id: string) => this.sentStates.of(id) };
    let facts = lookUp(sources, uri.fsPath, st, record);
    if (complete) {
      await Promise.all(facts.pending.map((a) => this.digests.get(uri.fsPath, st, a).catch(() => undefined)));
      facts = lookUp(sources, uri.fsPath, st, record);
    } else {
      for (const a of facts.pending) this.hashLater(uri, st, a);
    }
    return facts;
  }

  /** Whether a connection has `account` (records of a removed one are not made again). */
  private connected(account: string): boolean {
    const { list } = this.o.connections;
    const known = this.accounts?.of === list ? this.accounts : { of: list, keys: new Set(list.map((c) => accountKey(accountOf(c)) ?? '')) };
    this.accounts = known;
    return known.keys.has(account);
  }

  /** The connection's name for the tooltips, when there are several. */
  private nameOf(connectionId: string): string | undefined {
    const { list } = this.o.connections;
    const c = list.length > 1 ? list.find((x) => x.id === connectionId) : undefined;
    return c && connectionName(c);
  }

  /** A submission was sent from here (to `account`): its documents are recorded with their size and time as checked before sending. */
  sent(submissionId: string, s: { formReference: string; recipients: readonly unknown[]; documents: readonly (LocalFile | object)[] }, account?: string): void {
    // Only workspace files are recorded (a document taken from the archive has no file here).
    const local = s.documents.filter((d): d is LocalFile => 'uri' in d && d.uri instanceof vscode.Uri && 'file' in d);
    this.records.sent(local.map((d) => ({ uri: d.uri.toString(), state: d.file })), { submissionId, formReference: s.formReference, recipients: s.recipients.length, at: Date.now() }, account);
    // One submission is one change: written now, as the archive uploads write theirs once over.
    void this.flush();
  }

  /** A file was archived from here (to `account`'s archive): recorded at once, then again with its digest (unless it changed meanwhile). */
  archived(fileId: string, title: string, file: LocalFile, account?: string): Promise<void> {
    return recordArchived(this.records, this.files, { uri: file.uri.toString(), path: file.path, size: file.file.size, mtimeMs: file.file.mtimeMs }, { fileId, title, at: Date.now() }, account);
  }

  /** A submission's state or responses learned (list, detail, status, poll): its sent files are redrawn, those of a whole list at once. */
  private learned(l: Learned): void {
    const d = l.detail;
    const responses = d && { responded: d.recipients.filter(hasResponded).length, involved: d.total.involved ?? d.recipients.length };
    if (!this.sentStates.learn(l.id, knownOf(l).state, responses)) return;
    this.learnedIds.add(l.id);
    this.learnedTimer ??= setTimeout(() => {
      this.learnedTimer = undefined;
      const uris = this.records.sentIn(new Set(this.learnedIds));
      this.learnedIds.clear();
      if (uris.length) this.emitter.fire(uris.map((u) => vscode.Uri.parse(u)));
    }, 0);
  }

  private hashLater(uri: vscode.Uri, st: FileState, algorithm: HashAlgorithm): void {
    const key = `${algorithm}\0${st.size}\0${st.mtimeMs}\0${uri.fsPath}`;
    if (this.hashesUnderWay.has(key)) return;
    this.hashesUnderWay.add(key);
    void this.hashing.run(() => this.digests.get(uri.fsPath, st, algorithm)).then(
      () => this.emitter.fire(uri),
      (e: unknown) => this.o.log.debug(`Workspace decorations: could not hash ${uri.fsPath}: ${errorDetail(e)}`),
    ).finally(() => this.hashesUnderWay.delete(key));
  }

  private noteDecorated(uri: vscode.Uri, f: FileFacts | undefined): void {
    const before = [this.archivedPaths.get(uri.fsPath), this.sentPaths.get(uri.fsPath)].join('\0');
    setOrDelete(this.archivedPaths, uri.fsPath, f?.archived?.fileId);
    setOrDelete(this.sentPaths, uri.fsPath, f?.sent?.submissionId);
    if ([this.archivedPaths.get(uri.fsPath), this.sentPaths.get(uri.fsPath)].join('\0') !== before) this.setKeysSoon();
  }

  private forgetDecorated(): void {
    this.archivedPaths.clear();
    this.sentPaths.clear();
    this.setKeysSoon();
  }

  /** The context keys change once for many decorations. */
  private setKeysSoon(): void {
    if (this.keysTimer) return;
    this.keysTimer = setTimeout(() => {
      this.keysTimer = undefined;
      void vscode.commands.executeCommand('setContext', ARCHIVED_PATHS, [...this.archivedPaths.keys()]);
      void vscode.commands.executeCommand('setContext', SENT_PATHS, [...this.sentPaths.keys()]);
    }, 50);
  }

  /** Writes the records not written yet (the extension is deactivated: the window closes or reloads). */
  flush(): Promise<void> {
    return this.records.flush().catch((e: unknown) => this.o.log.warn(`Writing the Explorer's records failed: ${errorDetail(e)}`));
  }

  dispose(): void {
    if (this.keysTimer) clearTimeout(this.keysTimer);
    if (this.learnedTimer) clearTimeout(this.learnedTimer);
    this.subs.forEach((d) => d.dispose());
  }
}

function enabled(): boolean {
  return vscode.workspace.getConfiguration().get<boolean>(DECORATE_SETTING, true);
}

function setOrDelete(m: Map<string, string>, k: string, v: string | undefined): void {
  if (v === undefined) m.delete(k);
  else m.set(k, v);
}
