// The one rule by which what the user chose (files, folders and links, in any
// mix) becomes the files to send: each file once, by its real path, and what
// was left out and why. Every way in uses it, through `chosenFiles` in
// localFiles.ts. Free of `vscode`, so that unit tests run it on a real disk.
import { promises as fs, type Dirent } from 'node:fs';
import * as path from 'node:path';
import { checkFile, isProblem, type CheckedFile } from '../../core';

/**
 * Not offered and not taken from a folder: node_modules, and anything hidden
 * (a name starting with a dot: .git, .vscode and the like, their contents,
 * dotfiles).
 */
export const isSkippedName = (name: string): boolean => name === 'node_modules' || name.startsWith('.');

/** A file or folder the user chose, on this machine. */
export interface Choice {
  /** As chosen: a link stays the link. */
  readonly path: string;
  /** The workspace folder it is in, if any: a choice whose real path lies outside it is marked (see `Collected.outside`). */
  readonly root?: string;
}

export type LeftOutReason =
  /** A link below a folder chosen that leads out of it (to a file, a folder, a device). */
  | 'outside'
  /** A link below a folder chosen to one of its files that the folder does not give: hidden (`.env`, `.git/config`) or in node_modules. */
  | 'hidden'
  /** A link to a folder inside the folder chosen: not followed (links may loop). */
  | 'linkedFolder'
  /** A link that leads nowhere: its target is missing, or the links loop (`errno`). */
  | 'brokenLink'
  /** A named pipe, a socket or a device: never opened. */
  | 'special'
  | 'unreadable'
  /** Replaced (by a link, another file) while it was checked. */
  | 'changed';

export interface LeftOut {
  /** As found: below the folder chosen, through the path chosen. */
  readonly path: string;
  /** Below the folder chosen, or the name of what was chosen directly. */
  readonly relative: string;
  readonly reason: LeftOutReason;
  /** The real path a link leads to, when it leads somewhere. */
  readonly target?: string;
  /** The folder it was judged against (real path), for 'outside'. */
  readonly folder?: string;
  readonly errno?: string;
}

/** What was chosen directly and whose real path lies outside its workspace folder. */
export interface Outside {
  /** The file or folder as chosen. */
  readonly chosen: string;
  /** Its real path. */
  readonly target: string;
  /** The workspace folder it was chosen in. */
  readonly root: string;
}

export interface Collected {
  /** As found or chosen: a link keeps its own path, and the file its name. */
  readonly path: string;
  /** Below the folder chosen (the system's separator), or the name of a file chosen directly. */
  readonly relative: string;
  /** The file as checked, at its real path: what is read and sent. */
  readonly file: CheckedFile;
  /** Reached through a link below the folder it was chosen in (or its workspace folder): its real path says more than its path. */
  readonly linked: boolean;
  /** Set when it lies outside the workspace folder it was chosen in: to be sent only if the user agrees. */
  readonly outside?: Outside;
}

export interface Collection {
  readonly files: readonly Collected[];
  readonly leftOut: readonly LeftOut[];
  /** Whether a folder was among the choices. */
  readonly folders: boolean;
}

/** A file to check: `real` is its real path. */
interface Candidate {
  path: string;
  relative: string;
  real: string;
  /** Reached through a link: the file itself, found too, takes its place. */
  linked: boolean;
  outside?: Outside;
}

/** Files checked at once: enough to keep the disk busy, few enough to stay far from the open-files limit. */
const CHECKS_AT_ONCE = 16;

const errnoOf = (e: unknown): string => (e as NodeJS.ErrnoException).code ?? String(e);
const depth = (p: string): number => p.split(path.sep).length;

/** Whether `p` is `dir` or lies below it (both real paths). */
export function within(p: string, dir: string): boolean {
  const rel = path.relative(dir, p);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/**
 * The files to send for `choices`. A folder gives the files below it (not
 * hidden ones, not node_modules), each judged by its real path: a link that
 * leads out of the folder chosen, or to a file of it the folder does not give
 * (a hidden one), is left out, so is a link to a folder (not followed), and
 * so are special files. A file chosen directly is kept, and
 * marked when its real path lies outside its workspace folder. Each file is
 * kept once (by real path), with its path below the outermost folder chosen
 * and, when a link and the file itself are both found, the file's own name.
 * Folders come first, then files in the order chosen.
 */
export async function collectFiles(choices: readonly Choice[]): Promise<Collection> {
  const c = new Collector();
  const resolved = await Promise.all(choices.map((choice) => c.resolve(choice)));
  const folders = resolved.filter((r) => r?.kind === 'folder').sort((a, b) => depth(a.real) - depth(b.real));
  for (const f of folders) await c.walk(f.real, f.choice.path, '', f.real, f.outside);
  for (const r of resolved) if (r?.kind === 'file') c.candidate(r.candidate);
  return { files: await c.checked(), leftOut: c.leftOut, folders: folders.length > 0 };
}

type Resolved =
  | { kind: 'folder'; choice: Choice; real: string; outside?: Outside }
  | { kind: 'file'; candidate: Candidate }
  | undefined;

class Collector {
  readonly leftOut: LeftOut[] = [];
  private readonly candidates: Candidate[] = [];
  private readonly byReal = new Map<string, Candidate>();
  private readonly roots = new Map<string, Promise<string>>();

  /** A choice as what it really is; undefined once left out. */
  async resolve(choice: Choice): Promise<Resolved> {
    const name = path.basename(choice.path);
    const leave = (reason: LeftOutReason, more: Partial<LeftOut> = {}) => void this.leftOut.push({ path: choice.path, relative: name, reason, ...more });
    const isLink = await fs.lstat(choice.path).then((s) => s.isSymbolicLink(), () => false);
    let real: string;
    try {
      real = await fs.realpath(choice.path);
    } catch (e) {
      return leave(isLink ? 'brokenLink' : 'unreadable', { errno: errnoOf(e) });
    }
    const st = await fs.stat(real).catch((e: unknown) => e as NodeJS.ErrnoException);
    if (st instanceof Error) return leave('unreadable', { errno: errnoOf(st) });
    const root = choice.root === undefined ? undefined : await this.realRoot(choice.root);
    const outside = root !== undefined && !within(real, root) ? { chosen: choice.path, target: real, root: choice.root! } : undefined;
    // Below its workspace folder, a link on the way makes the real path differ from the path chosen there.
    const linked = root !== undefined && !outside ? path.relative(choice.root!, choice.path) !== path.relative(root, real) : real !== path.resolve(choice.path);
    if (st.isDirectory()) return { kind: 'folder', choice, real, outside };
    if (!st.isFile()) return leave('special', linked || outside ? { target: real } : {});
    return { kind: 'file', candidate: { path: choice.path, relative: name, real, linked, outside } };
  }

  private realRoot(root: string): Promise<string> {
    let r = this.roots.get(root);
    if (!r) this.roots.set(root, (r = fs.realpath(root).catch(() => path.resolve(root))));
    return r;
  }

  /** The files below `dir` (a real path below the folder chosen, `top`), shown below `shown`. */
  async walk(dir: string, shown: string, relative: string, top: string, outside: Outside | undefined): Promise<void> {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (e) {
      return void this.leftOut.push({ path: shown, relative: relative || path.basename(shown), reason: 'unreadable', errno: errnoOf(e) });
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (isSkippedName(e.name)) continue;
      const at = { path: path.join(shown, e.name), relative: relative ? path.join(relative, e.name) : e.name };
      const real = path.join(dir, e.name);
      if (e.isDirectory()) await this.walk(real, at.path, at.relative, top, outside);
      else if (e.isFile()) this.candidate({ ...at, real, linked: false, outside });
      else if (e.isSymbolicLink()) await this.link(at, real, top, outside);
      else this.leftOut.push({ ...at, reason: 'special' });
    }
  }

  /** A link found below the folder chosen (`top`): kept only when it leads to a file the folder gives (inside it, not hidden). */
  private async link(at: { path: string; relative: string }, real: string, top: string, outside: Outside | undefined): Promise<void> {
    let target: string;
    try {
      target = await fs.realpath(real);
    } catch (e) {
      return void this.leftOut.push({ ...at, reason: 'brokenLink', errno: errnoOf(e) });
    }
    if (!within(target, top)) return void this.leftOut.push({ ...at, reason: 'outside', target, folder: top });
    const st = await fs.stat(target).catch(() => undefined);
    if (st?.isDirectory()) this.leftOut.push({ ...at, reason: 'linkedFolder', target });
    else if (st?.isFile() && path.relative(top, target).split(path.sep).some(isSkippedName)) this.leftOut.push({ ...at, reason: 'hidden', target });
    else if (st?.isFile()) this.candidate({ ...at, real: target, linked: true, outside });
    else this.leftOut.push({ ...at, reason: st ? 'special' : 'brokenLink', target });
  }

  /** Keeps a file once by its real path; the file itself takes the place of a link to it found earlier. */
  candidate(c: Candidate): void {
    const earlier = this.byReal.get(c.real);
    if (!earlier) {
      this.byReal.set(c.real, c);
      this.candidates.push(c);
    } else if (earlier.linked && !c.linked) {
      Object.assign(earlier, { path: c.path, relative: c.relative, linked: false });
    }
  }

  /** The candidates that are regular files now, each checked as the very file found, in order. */
  async checked(): Promise<Collected[]> {
    const out: (Collected | undefined)[] = new Array(this.candidates.length);
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < this.candidates.length; i = next++) out[i] = await this.check(this.candidates[i]);
    };
    await Promise.all(Array.from({ length: Math.min(CHECKS_AT_ONCE, this.candidates.length) }, worker));
    return out.filter((f): f is Collected => f !== undefined);
  }

  /**
   * Opens the file at its real path (checkFile), then makes sure that what
   * was opened is still the file at that path, with no link on the way: a
   * file swapped for a link after the walk saw it is left out, not read.
   */
  private async check(c: Candidate): Promise<Collected | undefined> {
    const leave = (reason: LeftOutReason, errno?: string) => void this.leftOut.push({ path: c.path, relative: c.relative, reason, errno });
    const file = await checkFile(c.real, path.basename(c.path));
    if (isProblem(file)) return leave(file.code === 'fileUnreadable' ? 'unreadable' : file.code === 'notAFile' ? 'special' : 'changed', file.errno);
    const [again, now] = await Promise.all([fs.realpath(c.real).catch(() => ''), fs.stat(c.real).catch(() => undefined)]);
    if (again !== c.real || now?.dev !== file.dev || now?.ino !== file.ino) return leave('changed');
    return { path: c.path, relative: c.relative, file, linked: c.linked, outside: c.outside };
  }
}
