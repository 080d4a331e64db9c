// Host-test helpers around the extension's own objects and the sandbox.
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import type { FromComposer } from '../../src/shared/composerProtocol';
import type { PanelTap } from '../../src/ui/panels/panelTap';
import { accountKey, secretKey, type SecretName } from '../../src/ui/session/secrets';
import type { Connection } from '../../src/core';
import { extension, sandbox, type SandboxInfo } from './helpers';
import { ScriptedInput, type Answer } from './scriptedInput';

/** The activated extension's test seam (returned in ExtensionMode.Test only). */
export async function api(): Promise<ExtensionApi> {
  const seam = (await extension().activate()) as ExtensionApi | undefined;
  if (!seam) throw new Error('the extension returned no test seam: it is not running in ExtensionMode.Test');
  return seam;
}

export function requireSandbox(): SandboxInfo {
  const sb = sandbox();
  if (!sb) throw new Error('no sandbox: run the host tests through npm run test:host');
  return sb;
}

/**
 * Runs `fn` with the prompts answered by `answers`; returns what was asked.
 * Fails when the script was not used up, so a test cannot silently skip a step.
 */
export async function withAnswers<T>(answers: Answer[], fn: () => Thenable<T> | Promise<T>): Promise<{ result: T; input: ScriptedInput }> {
  const input = new ScriptedInput(...answers);
  const restore = (await api()).setUserInput(input);
  try {
    const result = await fn();
    if (input.remaining) throw new Error(`${input.remaining} scripted answer(s) unused; asked: ${input.asked.map((a) => a.text).join(' / ')}`);
    return { result, input };
  } finally {
    restore();
    runRecord().shown.push(...input.asked.map((a) => [a.text, ...(a.items ?? [])].join('\n')));
  }
}

const RUN = Symbol.for('dsas.hostRunRecord');

/**
 * What the whole run showed the user (every question and message a scripted
 * input saw) and every secret it used, for the last suite's leak search.
 * Kept on globalThis: each suite file is bundled with its own copy of this module.
 */
export function runRecord(): RunRecord {
  const g = globalThis as { [RUN]?: RunRecord };
  return (g[RUN] ??= { shown: [], secrets: [], changedOnService: 0 });
}

interface RunRecord {
  shown: string[];
  secrets: string[];
  /** Credentials changed on the service, so refused while signed in: the leak search expects the log to say so. */
  changedOnService: number;
}

/** The connection of `sb`'s account, added to the user settings when there is none. */
export async function connectionOf(sb: SandboxInfo, name?: string): Promise<Connection> {
  const { deps } = await api();
  const account = accountKey({ baseUrl: sb.baseUrl, username: sb.user })!;
  return deps.connections.ofAccount(account) ?? deps.connections.add({ name: name ?? `${sb.user} @ ${new URL(sb.baseUrl).host}`, baseUrl: sb.baseUrl, userName: sb.user });
}

/**
 * Makes the sandbox's connection the workspace's and its only one (those a
 * test added for other services go; their secrets stay), and signs in
 * through the real command.
 */
export async function signIn(): Promise<void> {
  const { deps } = await api();
  const main = await connectionOf(requireSandbox());
  for (const c of deps.connections.list) if (c.id !== main.id) await deps.connections.remove(c.id);
  await useAccount(requireSandbox());
}

/**
 * The answer a command from the palette or the Explorer gets to "Which
 * connection?" when there are several: the first offered, the workspace's
 * (as Enter takes it); none when there is one and nothing is asked.
 */
export async function workspaceConnectionAnswer(): Promise<Answer[]> {
  return (await api()).deps.connections.list.length > 1 ? [(a) => a.items?.[0]] : [];
}

/** Makes `sb`'s connection the workspace's (adding it when there is none) and signs in (without asking when its secrets are stored). */
export async function useAccount(sb: SandboxInfo): Promise<void> {
  const { deps } = await api();
  const c = await connectionOf(sb);
  if (deps.session.connection?.id !== c.id) {
    await withAnswers([], async () => {
      await deps.session.switchTo(c.id);
      await deps.session.restore();
    });
  }
  if (deps.session.signedIn) return;
  const { input } = await withAnswers([sb.password, sb.key], () => vscode.commands.executeCommand('dsas.signIn'));
  if (!deps.session.signedIn) throw new Error(`not signed in to ${sb.baseUrl} as ${sb.user}; asked: ${input.asked.map((q) => `${q.method}: ${q.text}`).join(' / ')}`);
}

/** A secret the extension keeps for the sandbox account, read from SecretStorage under the key the extension uses. */
export async function storedSecret(name: SecretName): Promise<string | undefined> {
  const sb = requireSandbox();
  const key = secretKey({ baseUrl: sb.baseUrl, username: sb.user }, name);
  return key === undefined ? undefined : (await api()).deps.context.secrets.get(key);
}

/** Signs out without asking. */
export async function signOut(): Promise<void> {
  await (await api()).deps.session.signOut();
}

/** The sandbox's stored data, read over its loopback control endpoint. */
export interface SandboxState {
  submissions: {
    id: string; formReference: string; coverNote: string; data: string; packageXml: string; completedAt?: number;
    recipients: { firstName: string; lastName: string; email: string; recpType: string; recipientAuth?: string; recipientAuthNumber?: string }[];
    attachments: { id: string; ticket: string; name: string; size: number; sha256: string; mimetype: string }[];
  }[];
  archives: { id: string; ticket: string; title: string; name: string; fullSize: number; hash: string; tags: { id: string; text: string }[] }[];
}

export async function control<T = unknown>(route: string, method = 'GET', body?: unknown): Promise<T> {
  const origin = new URL(requireSandbox().baseUrl).origin;
  const res = await fetch(`${origin}/__sandbox${route}`, {
    method, headers: body === undefined ? undefined : { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`sandbox control ${method} ${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export const sandboxState = (): Promise<SandboxState> => control<SandboxState>('/state');

export interface LoggedRequest {
  method: string;
  /** Path with the service's base path, e.g. /dsas/v1.1/submissions. */
  path: string;
  status: number;
  /** The user name the request's Authorization header gave, if any. */
  username?: string;
}

/** How many requests the sandbox has logged so far: a mark for serviceRequests(). */
export async function logMark(): Promise<number> {
  return (await control<unknown[]>('/log')).length;
}

/**
 * Waits until the extension has sent nothing to the service for `ms` (at most
 * 10 s): what a sign-in or a refresh set off (e.g. the archive's details for
 * the rows on screen) must not be counted as what a test does next.
 */
export async function quiet(ms = 700): Promise<void> {
  const until = Date.now() + 10_000;
  let seen = (await serviceRequests()).length;
  for (let still = Date.now(); Date.now() < until;) {
    await new Promise((r) => setTimeout(r, 100));
    const now = (await serviceRequests()).length;
    if (now !== seen) {
      seen = now;
      still = Date.now();
    } else if (Date.now() - still >= ms) return;
  }
  throw new Error('the extension kept sending requests to the service for 10 s');
}

/** The requests to the service (not to the sandbox's control endpoints) logged since `mark`. */
export async function serviceRequests(mark = 0): Promise<LoggedRequest[]> {
  return (await control<LoggedRequest[]>('/log')).slice(mark).filter((e) => !e.path.startsWith('/__sandbox'));
}

/** The panels' pages as the tests see them, once the extension is active (ExtensionApi.tap). */
function tap(): PanelTap {
  const seam = extension().exports as ExtensionApi | undefined;
  if (!seam) throw new Error('the extension is not active, or returned no test seam');
  return seam.tap;
}

/** The messages pages of one kind sent (after their host handled each), with the key of the panel. */
export function pageMessages<M extends { type: string }>(script: 'timeline.js' | 'pdfViewer.js' | 'composer.js'): vscode.Event<{ key: string; message: M }> {
  return (listener, thisArgs?, disposables?) => tap().onDidSee((m) => m.kind === script && listener.call(thisArgs, { key: m.key, message: m.message as M }), undefined, disposables);
}

/** Posts a message as the composer page of draft `draftId` would, and waits until it was handled. */
export function deliver(draftId: string, m: FromComposer): Promise<void> {
  return tap().post('composer.js', draftId, m);
}

/** The id of the workspace's connection (History panels are shown for a connection's submission). */
export async function connectionInUse(): Promise<string> {
  const id = (await api()).deps.session.connection?.id;
  if (id === undefined) throw new Error('no connection in use');
  return id;
}
