// What New Submission's page is told about its documents. An archive
// document's copy lies in a private temporary folder: the page shows the
// document by what it is in the archive (title, size, hash), so it is never
// given that path, nor a message that names it. Every form the page posts
// back passes through ArchiveCopies, which gives each archive document its
// copy again.
import * as os from 'node:os';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import type { Logger } from '../../core';
import { isFromComposer, type ComposerDocument, type FromComposer, type ToComposer } from '../../shared/composerProtocol';
import { TEMPORARY_FOLDER_PREFIX } from '../transfers/temporaryFolder';
import { PanelHost } from '../panels/panelHost';

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

/** A message as the page gets it (see pageDocuments). */
function forPage(m: ToComposer): ToComposer {
  if (m.type === 'form') return { ...m, form: { ...m.form, documents: pageDocuments(m.form.documents) } };
  if (m.type === 'documents') return { ...m, documents: pageDocuments(m.documents) };
  if (m.type === 'phase' && m.message !== undefined) return { ...m, message: withoutTemporaryPaths(m.message) };
  return m;
}

/** The composer's page in its panel: its script and style sheet, its protocol, and what it is told. */
export class ComposerPage extends PanelHost<ToComposer, FromComposer> {
  constructor(panel: vscode.WebviewPanel, extensionUri: vscode.Uri, title: string, log: Logger) {
    super(panel, extensionUri, { title, script: 'composer.js', styles: ['media/composer.css'] }, { accepts: isFromComposer, log });
  }

  override post(message: ToComposer, notice = false): void {
    super.post(forPage(message), notice);
  }
}
