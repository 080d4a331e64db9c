// Drives New Submission's composer from a host test as its page would: the
// messages the page posts (a change, Send, Back) go through the same handler.
// composer.test.ts fills the real page by keyboard; the other tests use this
// to reach what follows (sending, unknown outcomes, Restricted Mode).
import { existsSync } from 'node:fs';
import * as vscode from 'vscode';
import type { ComposerDocument, ComposerForm, ComposerRecipient } from '../../src/shared/composerProtocol';
import { closeAllEditors, waitFor, webviewsLoaded } from './fixtures';
import { log } from './helpers';
import type { ScriptedInput } from './scriptedInput';
import { api, deliver, pageMessages, withAnswers, workspaceConnectionAnswer } from './session';
import type { FromComposer } from '../../src/shared/composerProtocol';

/** One recipient row, by full name. */
export function recipient(name: string, email: string, type: ComposerRecipient['type'] = 'PRIMARY', auth?: [string, string]): ComposerRecipient {
  return { nameMode: 'full', name, firstName: '', lastName: '', email, type, authMethod: auth?.[0] ?? '', authNumber: auth?.[1] ?? '' };
}

/** The composers open now: their forms, by draft id. */
export async function openDrafts(): Promise<Map<string, ComposerForm>> {
  return new Map([...(await api()).deps.composer.drafts].map(([id, d]) => [id, d.form]));
}

/**
 * Runs `open` (a command that opens a composer) and returns the id of the
 * draft it opened.
 */
export async function composerOpenedBy(open: () => Thenable<unknown>): Promise<string> {
  const before = new Set((await openDrafts()).keys());
  await open();
  return waitFor('a composer opened', async () => [...(await openDrafts()).keys()].find((id) => !before.has(id)));
}

/** New Submission on these files, as the Explorer runs it (for the workspace's connection, should it ask which); the new draft's id. */
export async function compose(...uris: vscode.Uri[]): Promise<string> {
  const answers = await workspaceConnectionAnswer();
  const run = () => vscode.commands.executeCommand('dsas.newSubmission', uris[0], uris);
  // Asked nothing with one connection: the questions go to the caller's answers (a link outside the workspace, say).
  return composerOpenedBy(async () => (answers.length ? (await withAnswers(answers, run)).result : run()));
}

/** The form of an open draft, changed by `change`, posted as the page posts an edit. */
export async function edit(draftId: string, change: (f: ComposerForm) => ComposerForm): Promise<ComposerForm> {
  const composer = (await api()).deps.composer;
  const form = composer.drafts.get(draftId)?.form;
  if (!form) throw new Error(`no composer open with draft ${draftId}`);
  const next = change(form);
  await deliver(draftId, { type: 'changed', form: next });
  return next;
}

/** A one-recipient submission named `formReference`, with a two-paragraph cover note. */
export const filled = (formReference: string) => (f: ComposerForm): ComposerForm => ({
  ...f, formReference, recipients: [recipient('Solo Recipient', 'solo@example.org')], coverNote: 'A cover note.\n\nSecond paragraph.',
});

/** Send (the review step) then Send again (sending), as the page's two buttons do. Resolves once the extension is done. */
export async function sendReviewed(draftId: string, form: ComposerForm): Promise<void> {
  await deliver(draftId, { type: 'send', form });
  await deliver(draftId, { type: 'send', form });
}

/** Drafts closed earlier are forgotten, so that New Submission from the palette does not offer them. */
export async function forgetDrafts(): Promise<void> {
  const composer = (await api()).deps.composer;
  for (const id of composer.memory.draftIds()) if (!composer.drafts.has(id)) await composer.memory.removeDraft(id);
}

/** After a test that drives New Submission's questions: its quick input, composers and drafts gone (a quick input a failed test left open would take the next test's questions). */
export async function clearComposerWork(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  await closeAllEditors();
  await forgetDrafts();
}

/**
 * New Submission on these files, once its page has said it is ready: what a
 * test that reads or drives the page needs. The browser workbench of
 * code-server 1.100 sometimes leaves a new webview blank when it opens
 * shortly after another was closed (see webviews.test.ts): it is opened a
 * moment later, and once more should it stay blank.
 */
export async function composeShown(...uris: vscode.Uri[]): Promise<string> {
  const composer = (await api()).deps.composer;
  for (let attempt = 1; ; attempt++) {
    await new Promise((r) => setTimeout(r, 1500 * attempt));
    const ready = new Set<string>();
    const sub = pageMessages<FromComposer>('composer.js')((e) => void (e.message.type === 'ready' && ready.add(e.key)));
    try {
      const id = await compose(...uris);
      const shown = await waitFor('its page to be ready', () => ready.has(id), 10_000).catch(() => false);
      if (shown) return id;
      if (attempt === 3) throw new Error('the New Submission form stayed blank three times');
      log(`    (the New Submission form stayed blank: the workbench's service-worker stall; opening it again)`);
      composer.drafts.get(id)?.panel.dispose();
      await composer.memory.removeDraft(id);
    } finally {
      sub.dispose();
    }
  }
}

/** Add from the Archive… in an open composer, ticking the file titled `title`. */
export async function addFromArchive(draftId: string, title: string): Promise<void> {
  await withAnswers([title], async () => deliver(draftId, { type: 'addDocuments', from: 'archive' }));
}

/** Closes an open composer's tab, as the user does (once no webview shown is loading its page), and waits until it is gone. */
export async function closeComposer(draftId: string): Promise<void> {
  await webviewsLoaded();
  (await api()).deps.composer.drafts.get(draftId)?.panel.dispose();
  await waitFor('the composer closed', async () => !(await openDrafts()).has(draftId));
}

/**
 * New Submission from the palette, answered with "Continue the draft" of
 * `formReference`; then `until` (what the opened form does next, whose
 * messages count too). The draft's id and what was asked.
 */
export async function continueDraft(formReference: string, until?: (draftId: string) => Promise<unknown>): Promise<{ id: string; input: ScriptedInput }> {
  const { result, input } = await withAnswers([`Continue the draft "${formReference}"`], async () => {
    const id = await composerOpenedBy(() => vscode.commands.executeCommand('dsas.newSubmission'));
    await until?.(id);
    return id;
  });
  return { id: result, input };
}

/** Waits until the first archive document of an open composer is held back for a reason matching `reason`; that document. */
export async function heldBack(draftId: string, reason: RegExp, ms = 20_000): Promise<ComposerDocument> {
  let seen: ComposerDocument | undefined;
  return waitFor(`the archive document held back (${reason.source})`, async () => {
    [seen] = await archiveDocuments(draftId);
    return seen?.unavailable && reason.test(seen.unavailable.reason) && seen;
  }, ms).catch((e: Error) => {
    throw new Error(`${e.message}; it is ${JSON.stringify(seen)}`);
  });
}

/** The archive documents of an open composer's form, as the extension holds it now. */
export async function archiveDocuments(draftId: string): Promise<ComposerDocument[]> {
  return ((await openDrafts()).get(draftId)?.documents ?? []).filter((d) => d.archiveId !== undefined);
}

/** Waits until every archive document of an open composer has its copy here (fetched, nothing in its way). */
export async function archiveDocumentsFetched(draftId: string, ms = 20_000): Promise<ComposerDocument[]> {
  return waitFor('the archive documents fetched', async () => {
    const docs = await archiveDocuments(draftId);
    return docs.length > 0 && docs.every((d) => !d.unavailable && d.path && existsSync(d.path)) && docs;
  }, ms);
}

/**
 * Runs `read` on an open composer's page (reading it, typing into it). The
 * browser workbench of code-server 1.100 can leave a webview opened right
 * after another closed blank (see webviews.test.ts); the composer is then
 * closed and opened again with its draft (typed in, so kept), once.
 */
export async function onComposerPage<T>(draftId: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    log(`    (the composer's page could not be read: ${(e as Error).message.split('\n')[0].slice(0, 120)}; opening it again)`);
    const composer = (await api()).deps.composer;
    await closeComposer(draftId);
    await new Promise((r) => setTimeout(r, 1500));
    await composer.compose([], composer.memory.draft(draftId), draftId);
    return read();
  }
}

/**
 * Runs `open` (which opens a composer and returns its draft's id) and waits
 * until its page says it is ready. The browser workbench of code-server 1.100
 * sometimes leaves a new webview blank right after another was closed (see
 * webviews.test.ts): the draft is then shown once more, in a new tab.
 */
export async function composerShown(open: () => Promise<string>): Promise<string> {
  const composer = (await api()).deps.composer;
  const ready = new Set<string>();
  const sub = pageMessages<FromComposer>('composer.js')((r) => {
    if (r.message.type === 'ready') ready.add(r.key);
  });
  try {
    const id = await open();
    if (await waitFor('the composer\'s page ready', () => ready.has(id), 10_000).then(() => true, () => false)) return id;
    const form = composer.drafts.get(id)?.form;
    if (!form) throw new Error(`no composer open with draft ${id}`);
    log(`    (the composer of ${id} stayed blank: the workbench's service-worker stall; showing it again)`);
    composer.drafts.get(id)?.panel.dispose();
    await new Promise((r) => setTimeout(r, 1500));
    await composer.compose([], form, id);
    await waitFor('the composer\'s page ready', () => ready.has(id), 20_000);
    return id;
  } finally {
    sub.dispose();
  }
}
