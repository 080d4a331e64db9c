// Send Again With…: a new form that repeats an earlier submission. It opens
// calm (the page shows a problem only once the user acts), with what the
// service tells of the submission (form reference, recipients, broadcast),
// what this machine kept of it when it sent it (cover note, data, Advanced
// values), and its documents where the archive has them.
import * as vscode from 'vscode';
import { DEFAULT_PACKAGE } from '../../core';
import { fetchArchiveDocuments, markedFromArchive, unfetchedArchiveDocuments, type ArchiveChoosing } from './archiveSource';
import { findInArchive, type EarlierDocuments } from './earlierDocuments';
import { advancedOf, formFrom } from './formSubmission';
import type { Composer } from './composer';
import { describeError, errorDetail, isCancellation } from '../text/errorText';
import { withCancellableProgress } from '../input/progress';
import { oneLine } from '../text/text';

/**
 * Opens the form repeating submission `s` (its detail read, its documents
 * looked for in the archive, under one progress notification with Cancel).
 * All of it comes from the account in use when it starts, and the form
 * belongs to that account: should another be in use before the form opens,
 * nothing is fetched from its archive (the same id is another file there),
 * no form opens, and the user is told.
 */
export async function sendAgain(deps: ArchiveChoosing & { readonly composer: Pick<Composer, 'memory' | 'composeFrom'> }, s: { id: string; formReference?: string }, described: string): Promise<void> {
  const t = vscode.l10n.t;
  const sender = deps.session.sender;
  const { client } = sender;
  const changed = () => {
    const stopped = deps.session.stoppedMidway(client, 'noForm');
    if (!stopped) return false;
    const name = s.formReference ? `"${oneLine(s.formReference)}"` : s.id;
    void deps.input.current.warn(deps.session.signedIn
      ? t('The account in use changed while Send Again With… read {0}: no form was opened, and nothing was fetched from the other account\'s archive. Run it on a submission of the account in use.', name)
      : describeError(stopped));
    return true;
  };
  const read = await withCancellableProgress(t('Reading {0}…', described), async (p, signal) => {
    const detail = await client.getSubmission(s.id, { signal });
    let earlier: EarlierDocuments | string;
    try {
      earlier = await findInArchive(client, s.id, detail.attachments, signal, (name) => p.message(t('Looking for "{0}" in the archive…', oneLine(name))));
    } catch (e) {
      // The form opens all the same; the line under its documents says why they are not there.
      if (isCancellation(e)) throw e;
      deps.log.warn(`Looking for the documents of submission ${s.id} in the archive failed: ${errorDetail(e)}`);
      earlier = describeError(e);
    }
    if (changed()) return undefined;
    const found = typeof earlier === 'string' ? [] : earlier.found;
    if (!found.length) return { detail, earlier, documents: [] };
    try {
      const fetched = await fetchArchiveDocuments(deps, sender, found, signal, p);
      return { detail, earlier, fetched, documents: markedFromArchive(fetched) };
    } catch (e) {
      // The form opens all the same, with the documents found: it fetches them again, or says why not, with Fetch Again.
      if (isCancellation(e)) throw e;
      deps.log.warn(`Fetching the documents of submission ${s.id} found in the archive failed: ${errorDetail(e)}`);
      return { detail, earlier, documents: unfetchedArchiveDocuments(found, sender.account) };
    }
  });
  if (!read) return;
  const { detail, earlier, fetched, documents } = read;
  if (changed()) {
    void fetched?.dispose();
    return;
  }
  const form = formFrom(detail, deps.composer.memory.sentTexts(sender.account, s.id), documents, advancedOf(DEFAULT_PACKAGE));
  await deps.composer.composeFrom(form, { archive: fetched, said: earlierText(detail.attachments.length, earlier), account: sender.account });
}

/** The line under the form's documents: which earlier documents came from the archive, which it does not have. */
function earlierText(count: number, earlier: EarlierDocuments | string): string | undefined {
  const t = vscode.l10n.t;
  if (typeof earlier === 'string') return t('The earlier documents could not be looked for in the archive: {0}', earlier);
  if (!count) return undefined;
  const names = (list: readonly string[]) => list.map((n) => `"${oneLine(n)}"`).join(', ');
  const found = earlier.found.map((f) => f.name);
  if (!earlier.missing.length) return t('The earlier documents, from the archive: {0}.', names(found));
  if (!found.length) return t('The earlier documents are not in the archive with the same name, size and content: {0}.', names(earlier.missing));
  return t('The earlier documents, from the archive: {0}. Not in the archive with the same name, size and content: {1}.', names(found), names(earlier.missing));
}
