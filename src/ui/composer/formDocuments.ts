// Documents added to an open New Submission form: chosen in the workspace
// or the archive (its Add buttons), or dropped on its page.
import type { ComposerDocument, FromComposer } from '../../shared/composerProtocol';
import { chooseDocuments } from './chooseDocuments';
import { droppedUri, sameRemoteAs } from '../transfers/localFiles';
import { BACK } from '../input/userInput';
import { chooseArchiveDocuments, markedFromArchive } from './archiveSource';
import type { Entry, FormOps } from './composerEntry';
import { addedText, documentsOf, newDocuments } from './composerSend';
import { accountProblem, tellAccount } from './formAccount';
import type * as vscode from 'vscode';

/** What the page asked to add: the files of a drop, or those chosen with Add from the Workspace… or Add from the Archive…. */
export async function addAsked(ops: FormOps, e: Entry, m: Extract<FromComposer, { type: 'addDocuments' | 'dropped' }>): Promise<void> {
  const { parts } = ops;
  // What the page received in a drop is text, in the workbench's names for files (see droppedUri).
  await addDocuments(ops, e, m.type === 'dropped'
    ? await documentsOf(parts.input.current, m.uris.map(droppedUri).filter((u): u is vscode.Uri => u !== undefined), { log: parts.log, sameRemote: sameRemoteAs(e.host.panel.webview) })
    : await choose(ops, e, m.from));
}

/** Adds documents to the form, those it has (by real path) once, and says which. */
export async function addDocuments(ops: FormOps, e: Entry, listed: readonly ComposerDocument[] | undefined): Promise<void> {
  if (!listed?.length || e.closed) return;
  const { added, already } = newDocuments(e.form.documents, listed.filter((d) => !e.copies.has(d)));
  await ops.changed(e, { ...e.form, documents: [...e.form.documents, ...added] });
  ops.post(e);
  e.host.post({ type: 'announce', text: addedText(added, already) }, true);
}

/** Documents from the workspace picker, or archive files fetched as temporary documents (kept until the tab closes), marked as such. */
async function choose(ops: FormOps, e: Entry, from: 'workspace' | 'archive'): Promise<ComposerDocument[] | undefined> {
  // The archive offered is that of the form's own connection.
  const parts = ops.partsFor(e);
  if (from === 'workspace') {
    const uris = await chooseDocuments(parts.input.current, parts.log);
    return uris && uris !== BACK ? documentsOf(parts.input.current, uris) : undefined;
  }
  // Another account's archive documents would never be sent with this form.
  const problem = accountProblem(parts.session, e.account);
  if (problem) return void parts.input.current.warn(problem);
  const fetched = await chooseArchiveDocuments(parts);
  if (fetched === BACK || !fetched) return undefined;
  if (e.closed) return void fetched.dispose();
  if (e.account === undefined && fetched.account !== undefined) {
    // A form of no known account belongs, from its first archive document on, to that document's.
    e.account = fetched.account;
    await ops.memory.saveDraft(e.draftId, e.form, { account: e.account });
    tellAccount(parts.session, e, ops.problems(e));
  }
  const documents = markedFromArchive(fetched);
  // One the form has already is not listed twice; held back there, it now has this copy.
  const added = documents.filter((d) => !e.copies.has(d));
  e.copies.adopt(fetched, documents);
  ops.documentsChanged(e);
  return added;
}
