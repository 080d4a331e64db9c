// Drives New Submission's composer from a host test as its page would: the
// messages the page posts (a change, Send, Back) go through the same handler.
// composer.test.ts fills the real page by keyboard; the other tests use this
// to reach what follows (sending, unknown outcomes, Restricted Mode).
import * as vscode from 'vscode';
import type { ComposerForm, ComposerRecipient } from '../../src/shared/composerMessages';
import { waitFor } from './fixtures';
import { log } from './helpers';
import { api } from './session';

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

/** New Submission on these files, as the Explorer runs it; the new draft's id. */
export function compose(...uris: vscode.Uri[]): Promise<string> {
  return composerOpenedBy(() => vscode.commands.executeCommand('dsas.newSubmission', uris[0], uris));
}

/** The form of an open draft, changed by `change`, posted as the page posts an edit. */
export async function edit(draftId: string, change: (f: ComposerForm) => ComposerForm): Promise<ComposerForm> {
  const composer = (await api()).deps.composer;
  const form = composer.drafts.get(draftId)?.form;
  if (!form) throw new Error(`no composer open with draft ${draftId}`);
  const next = change(form);
  await composer.deliver(draftId, { type: 'changed', form: next });
  return next;
}

/** A one-recipient submission named `formReference`, with a two-paragraph cover note. */
export const filled = (formReference: string) => (f: ComposerForm): ComposerForm => ({
  ...f, formReference, recipients: [recipient('Solo Recipient', 'solo@example.org')], coverNote: 'A cover note.\n\nSecond paragraph.',
});

/** Send (the review step) then Send again (sending), as the page's two buttons do. Resolves once the extension is done. */
export async function sendReviewed(draftId: string, form: ComposerForm): Promise<void> {
  const composer = (await api()).deps.composer;
  await composer.deliver(draftId, { type: 'send', form });
  await composer.deliver(draftId, { type: 'send', form });
}

/** Drafts closed earlier are forgotten, so that New Submission from the palette does not offer them. */
export async function forgetDrafts(): Promise<void> {
  const composer = (await api()).deps.composer;
  for (const id of composer.memory.draftIds()) if (!composer.drafts.has(id)) await composer.memory.removeDraft(id);
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
  const sub = composer.onDidReport((r) => {
    if (r.message.type === 'ready') ready.add(r.draftId);
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
