// Small helpers shared by the command suites: workspace files, hashes, polling, colours.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ArchiveNode, SubmissionNode } from '../../src/ui/lists/nodes';
import { systemDialogs } from '../../src/ui/transfers/folderPrompt';
import type { Answer } from './scriptedInput';
import { api } from './session';

export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function sha256File(p: string): string {
  return sha256(readFileSync(p));
}

/** The test workspace folder (the runner opens one). */
export function workspaceDir(): string {
  const f = vscode.workspace.workspaceFolders?.[0];
  if (!f) throw new Error('the host tests need a workspace folder');
  return f.uri.fsPath;
}

/** Removes a folder of the test workspace (`relative` to it) and what it holds; nothing when it is not there. */
export async function removeWorkspaceFolder(relative: string): Promise<void> {
  const p = path.join(workspaceDir(), relative);
  if (existsSync(p)) await vscode.workspace.fs.delete(vscode.Uri.file(p), { recursive: true }).then(undefined, () => undefined);
}

/**
 * This window's remote authority. `vscode.env.remoteAuthority` is a proposed
 * API: VS Code lets extensions under development (these tests) read it, not
 * the extension as users install it.
 */
export const remoteAuthority = (): string | undefined => (vscode.env as { remoteAuthority?: string }).remoteAuthority;

/** A file of the extension host as the workbench of this (remote) window names it in a drag: `vscode-remote://<authority>/…`. */
export function windowUri(file: vscode.Uri): string {
  const authority = remoteAuthority();
  return authority ? `vscode-remote://${authority}${file.path}` : file.toString();
}

/** Writes a file under the workspace folder and returns its Uri. */
export function workspaceFile(relative: string, content: Buffer | string): vscode.Uri {
  const p = path.join(workspaceDir(), relative);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, content);
  return vscode.Uri.file(p);
}

/**
 * The answers that choose `dir` in a folder question: the system's dialog
 * where VS Code shows it (desktop), else the extension's folder list, whose
 * Other Folder… opens VS Code's own dialog.
 */
export function chooseFolder(dir: string): Answer[] {
  return systemDialogs() ? [vscode.Uri.file(dir)] : ['Other Folder…', vscode.Uri.file(dir)];
}

/** A fresh folder outside the workspace, for downloads. */
export function tempDir(prefix = 'dsas-host-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Deterministic bytes that are not text, so that any corruption shows in the hash. */
export function binaryBytes(size: number, seed = 7): Buffer {
  const b = Buffer.alloc(size);
  let x = seed;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    b[i] = x >>> 24;
  }
  return b;
}

/** Polls until `check` returns a value other than undefined/false, or fails after `ms`. */
export async function waitFor<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The Uri shown in the active editor tab, whatever kind of editor it is. */
export function activeTabUri(): vscode.Uri | undefined {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  if (input instanceof vscode.TabInputText || input instanceof vscode.TabInputCustom) return input.uri;
  return undefined;
}

/** Runs `fn` with the user setting `dsas.<key>` at `value`, then puts back what the user had. */
export async function withUserSetting<T>(key: string, value: unknown, fn: () => Promise<T>): Promise<T> {
  const config = () => vscode.workspace.getConfiguration('dsas');
  const had = config().inspect(key)?.globalValue;
  await config().update(key, value, vscode.ConfigurationTarget.Global);
  try {
    return await fn();
  } finally {
    await config().update(key, had, vscode.ConfigurationTarget.Global);
  }
}

/**
 * In the offline runner, waits (at most 10 s) until no webview shown is
 * loading its page: a page closed while its files are on their way leaves the
 * browser workbench's service worker waiting 30 s, and every webview opened
 * meanwhile blank.
 */
export async function webviewsLoaded(): Promise<void> {
  const base = process.env.DSAS_WORKBENCH_URL;
  if (base) await fetch(`${base}/webviews-loaded`, { method: 'POST' }).then((r) => r.text(), () => undefined);
}

/** Closes every editor (once no webview shown is loading its page) and waits until the tabs (and their panels) are gone. */
export async function closeAllEditors(): Promise<void> {
  await webviewsLoaded();
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await waitFor('all tabs closed', () => vscode.window.tabGroups.all.every((g) => g.tabs.length === 0));
  await new Promise((r) => setTimeout(r, 300)); // the panels' dispose events follow the tabs
}

/** A Submissions-tree node for a sandbox submission, as the view would pass it to a command. */
export async function submissionNode(id: string): Promise<SubmissionNode> {
  const list = await (await api()).deps.session.client.listSubmissions();
  const item = list.find((s) => s.id === id);
  if (!item) throw new Error(`no submission ${id} in the sandbox`);
  return { kind: 'submission', item };
}

/** Archive rows as the view hands them to a command (no detail loaded). */
export async function archiveNodes(...ids: string[]): Promise<ArchiveNode[]> {
  const files = await (await api()).deps.session.client.listArchive();
  return ids.map((id) => {
    const item = files.find((f) => f.id === id);
    if (!item) throw new Error(`no archive file ${id} in the sandbox`);
    return { kind: 'archiveFile', item };
  });
}

/** Resolves with the first event that passes `pred`; subscribe before triggering it. */
export function nextEvent<T>(event: vscode.Event<T>, pred: (e: T) => boolean, what: string, ms = 20_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`timed out after ${ms} ms waiting for ${what}`));
    }, ms);
    const sub = event((e) => {
      if (!pred(e)) return;
      clearTimeout(timer);
      sub.dispose();
      resolve(e);
    });
  });
}

/** The relative luminance (WCAG 2) of a CSS `rgb()`/`rgba()` colour. */
export function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((c) => Number(c) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  assert.ok([r, g, b].every((c) => Number.isFinite(c)), `a colour the browser computed: ${css}`);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two luminances (4.5 is the minimum for body text). */
export function contrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** What the extension's log holds so far (its files under the extension's log folder). */
export async function extensionLog(): Promise<string> {
  const read = async (dir: vscode.Uri): Promise<string[]> => {
    const entries = await Promise.resolve(vscode.workspace.fs.readDirectory(dir)).catch(() => [] as [string, vscode.FileType][]);
    const texts = await Promise.all(entries.map(async ([name, type]) => {
      const uri = vscode.Uri.joinPath(dir, name);
      return type === vscode.FileType.Directory ? (await read(uri)).join('\n') : Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8');
    }));
    return texts;
  };
  return (await read((await api()).deps.context.logUri)).join('\n');
}
