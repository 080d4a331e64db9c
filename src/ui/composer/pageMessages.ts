// What New Submission's page is told, made safe: an archive document's copy
// lies in a private temporary folder, which the page never learns (see
// composerPage.ts). Free of vscode, so that plain mocha tests it.
import * as os from 'node:os';
import * as path from 'node:path';
import type { ComposerDocument, ComposerProblems, ToComposer } from '../../shared/composerProtocol';
import { TEMPORARY_FOLDER_PREFIX } from '../transfers/temporaryFolder';

/** A path into one of the extension's temporary folders, as an error may quote it. */
const TEMPORARY_PATH = new RegExp(`${escaped(path.join(os.tmpdir(), TEMPORARY_FOLDER_PREFIX))}[^\\s'"]*`, 'g');

function escaped(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A text the extension wrote (a reason, a message), with any temporary path in it named as such. */
const withoutTemporaryPaths = (text: string): string => text.replace(TEMPORARY_PATH, 'a temporary file');

/** The documents as the page gets them: an archive document without its copy's path. */
export function pageDocuments(docs: readonly ComposerDocument[]): ComposerDocument[] {
  return docs.map((d) => {
    if (d.archiveId === undefined) return d;
    return { ...d, path: '', ...(d.unavailable ? { unavailable: { ...d.unavailable, reason: withoutTemporaryPaths(d.unavailable.reason) } } : {}) };
  });
}

/** Problems as the page shows them under its fields: a held-back document's reason is among them. */
function pageProblems(problems: ComposerProblems): ComposerProblems {
  return Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, withoutTemporaryPaths(v)]));
}

/** A message as the page gets it: its documents as pageDocuments gives them, and every text it shows without a temporary path. */
export function forPage(m: ToComposer): ToComposer {
  switch (m.type) {
    case 'form': return { ...m, form: { ...m.form, documents: pageDocuments(m.form.documents) }, problems: pageProblems(m.problems) };
    case 'documents': return { ...m, documents: pageDocuments(m.documents), problems: pageProblems(m.problems) };
    case 'problems':
    case 'account': return { ...m, problems: pageProblems(m.problems) };
    case 'phase': return m.message === undefined ? m : { ...m, message: withoutTemporaryPaths(m.message) };
    case 'announce': return { ...m, text: withoutTemporaryPaths(m.text) };
  }
}
