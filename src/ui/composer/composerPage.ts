// What New Submission's page is told about its documents. An archive
// document's copy lies in a private temporary folder: the page shows the
// document by what it is in the archive (title, size, hash), so it is never
// given that path, nor a message that names it. Every form the page posts
// back passes through ArchiveCopies, which gives each archive document its
// copy again.
import type * as vscode from 'vscode';
import { isFromComposer } from '../../shared/composerProtocol';
import type { FromComposer, ToComposer } from '../../shared/composerProtocol';
import { PanelHost, type PageProtocol } from '../panels/panelHost';
import { forPage } from './pageMessages';

/** The composer's page in its panel: its script and style sheet, its protocol, and what it is told. */
export class ComposerPage extends PanelHost<ToComposer, FromComposer> {
  constructor(panel: vscode.WebviewPanel, extensionUri: vscode.Uri, title: string, protocol: Omit<PageProtocol<FromComposer>, 'accepts'>) {
    super(panel, extensionUri, { title, script: 'composer.js', styles: ['media/composer.css'] }, { ...protocol, accepts: isFromComposer });
  }

  override post(message: ToComposer, notice = false): void {
    super.post(forPage(message), notice);
  }
}
