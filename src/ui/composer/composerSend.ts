import { promises as fs } from 'node:fs';
import * as vscode from 'vscode';
import { mediaTypeFor, type Created, type Logger } from '../../core';
import type { ComposerDocument, ComposerForm, ComposerProblems } from '../../shared/composerProtocol';
import { formatBytes } from '../text/format';
import { confirmUploadInRestrictedMode, filesToSend, type LocalFile, type SameRemote } from '../transfers/localFiles';
import { inputProblemText, problemText } from '../text/problemText';
import { sendSubmission, type Sending } from './sendSubmission';
import { oneLine } from '../text/text';
import type { UserInput } from '../input/userInput';
import type { SessionInUse as Session } from '../session/sessionInUse';
import type { RecentRecipient } from './composerMemory';
import { accountProblem } from './formAccount';
import { formProblems } from './formChecks';
import { toNewRecipient } from './formSubmission';

/**
 * The files chosen (`uris`) as the form lists them, by the rule every way in
 * follows (`filesToSend`; what is skipped is said in one message): each at
 * its real path, under the name chosen.
 */
export async function documentsOf(ui: UserInput, uris: readonly vscode.Uri[], o: { log?: Logger; sameRemote?: SameRemote } = {}): Promise<ComposerDocument[]> {
  if (!uris.length) return [];
  return ((await filesToSend(ui, uris, o)) ?? []).map(documentOf);
}

/**
 * The documents as they are on disk now: a workspace document edited since it
 * was added is listed with its size now, so that the review shows what is
 * sent. (An archive document's copy is the extension's own.)
 */
export async function asOnDisk(docs: readonly ComposerDocument[]): Promise<ComposerDocument[]> {
  return Promise.all(docs.map(async (d) => {
    if (d.archiveId !== undefined || !d.path) return d;
    const st = await fs.stat(d.path).catch(() => undefined);
    return st?.isFile() && st.size !== d.size ? { ...d, size: st.size, sizeText: formatBytes(st.size) } : d;
  }));
}

/** A checked file as the form lists it: the name and size it is sent with, and where it is in the workspace. */
export function documentOf(f: LocalFile): ComposerDocument {
  return { path: f.path, name: f.name, size: f.size, sizeText: formatBytes(f.size), type: mediaTypeFor(f.name), location: vscode.workspace.asRelativePath(f.uri) };
}

/** Of `listed`, those the form does not have yet (each once), and those it has. */
export function newDocuments(have: readonly ComposerDocument[], listed: readonly ComposerDocument[]): { added: ComposerDocument[]; already: ComposerDocument[] } {
  const known = new Set(have.map((d) => d.path));
  const added: ComposerDocument[] = [];
  const already: ComposerDocument[] = [];
  for (const d of listed) {
    if (known.has(d.path)) already.push(d);
    else {
      known.add(d.path);
      added.push(d);
    }
  }
  return { added, already };
}

/** What became of documents added, read out by the page: "Added "a.txt". Already in the form: "b.csv"." */
export function addedText(added: readonly ComposerDocument[], already: readonly ComposerDocument[]): string {
  const t = vscode.l10n.t;
  const names = (docs: readonly ComposerDocument[]) => docs.map((d) => `"${d.name}"`).join(', ');
  const said = [added.length ? t('Added {0}.', names(added)) : '', already.length ? t('Already in the form: {0}.', names(already)) : ''];
  return said.filter(Boolean).join(' ');
}

/** The form's problems, worded: a hint under each field, a sentence for the documents, the recipients and the form's `account` (see formAccount.ts). */
export function wordedProblems(deps: { readonly session: Pick<Session, 'signedIn' | 'account' | 'connectionAccount' | 'client'> }, form: ComposerForm, account?: string): ComposerProblems {
  // Signed out, the names are still checked as a client would (the client only adds its package's name).
  const documentsProblem = (docs: ComposerForm['documents']) => (deps.session.signedIn ? deps.session.client.documentsProblem(docs) : undefined);
  const out: Record<string, string> = {};
  for (const [key, p] of formProblems(form, documentsProblem)) out[key] = 'code' in p ? inputProblemText(p) : problemText(p.problem);
  const missing = unavailableText(form.documents);
  if (missing) out.documents = missing;
  const elsewhere = accountProblem(deps.session, account);
  if (elsewhere) out.account = elsewhere;
  return out;
}

/** Why Send waits for archive documents that have no copy here yet, if any do. */
function unavailableText(documents: readonly ComposerDocument[]): string | undefined {
  const held = documents.filter((d) => d.unavailable);
  if (!held.length) return undefined;
  const t = vscode.l10n.t;
  if (held.length === 1) return t('Send waits for "{0}". {1}', oneLine(held[0].name), held[0].unavailable!.reason);
  return t('Send waits for {0} documents ({1}): see the note under each.', held.length, held.map((d) => `"${oneLine(d.name)}"`).join(', '));
}

export interface SendOutcome {
  /** What the service created; absent when the user declined or the outcome was unknown (then `message` says so). */
  readonly sent?: Created;
  /** The account it was sent to. */
  readonly account?: string;
  readonly recipients: readonly RecentRecipient[];
  readonly message?: string;
}

/**
 * Sends a checked and reviewed form: the documents are checked again (they
 * may have changed since they were added), Restricted Mode asks before a
 * workspace file leaves, then sendSubmission (progress, Cancel, the
 * unknown-outcome check, the new row revealed).
 */
export async function sendForm(deps: Sending & { readonly session: Pick<Session, 'signedIn' | 'account' | 'connectionAccount'> }, form: ComposerForm, account?: string): Promise<SendOutcome> {
  const t = vscode.l10n.t;
  const recipients = form.recipients.map(toNewRecipient);
  const recent = recipients.map((r) => ({ name: [r.firstName, r.lastName].filter(Boolean).join(' '), email: r.email }));
  const chosen = await filesToSend(deps.input.current, form.documents.map((d) => vscode.Uri.file(d.path)), { log: deps.log });
  if (!chosen) return { recipients: recent, message: t('Not sent.') };
  // Each document is the file found at its own path, sent under the name the form shows (a link's own). A workspace
  // document's path is the real path it was added at: a link there now, or a folder, took the file's place.
  const at = new Map(chosen.map((f) => [f.uri.fsPath, f]));
  const found = form.documents.map((d) => {
    const f = at.get(vscode.Uri.file(d.path).fsPath);
    return f && (d.archiveId !== undefined || !f.linked) ? { ...f, name: d.name } : undefined;
  });
  const lost = form.documents.filter((_, i) => !found[i]).map((d) => `"${oneLine(d.name)}"`);
  if (lost.length) {
    return { recipients: recent, message: lost.length === 1
      ? t('Not sent: {0} is no longer the file added (it cannot be read, or a folder or a link took its place): remove it, or add it again.', lost[0])
      : t('Not sent: {0} are no longer the files added (they cannot be read, or folders or links took their place): remove them, or add them again.', lost.join(', ')) };
  }
  const documents = found.filter((f) => f !== undefined);
  // Edited between the review and now: the review showed another file.
  const changed = documents.filter((f, i) => form.documents[i].archiveId === undefined && f.size !== form.documents[i].size);
  if (changed.length) return { recipients: recent, message: t('Not sent: {0} changed after the review. Send again to review it as it is now.', changed.map((f) => `"${oneLine(f.name)}"`).join(', ')) };
  if (!(await confirmUploadInRestrictedMode(deps.input.current, documents))) return { recipients: recent, message: t('Not sent: the upload from this Restricted Mode workspace was declined.') };
  // The account in use may have changed while a question was open; sendSubmission takes the client at once, after this check.
  const elsewhere = accountProblem(deps.session, account);
  if (elsewhere) return { recipients: recent, message: elsewhere };
  // Taken in the same step as sendSubmission takes its client.
  const to = deps.session.account;
  const sent = await sendSubmission(deps, {
    formReference: form.formReference.trim(),
    recipients,
    coverNote: form.coverNote,
    data: form.data,
    documents,
    options: { broadcast: form.advanced.broadcast.trim(), transparency: form.advanced.transparency.trim(), confirmIntent: form.advanced.confirmIntent.trim() },
  });
  return sent ? { sent, recipients: recent, account: to } : { recipients: recent, message: t('The outcome of sending is not known; the message says what the list shows. Check it before sending again.') };
}
