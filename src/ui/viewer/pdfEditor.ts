import * as path from 'node:path';
import * as vscode from 'vscode';
import type { PdfPanels } from './pdfPanels';

/** The custom editor's view type (package.json `customEditors`): offered by Open With… for any `*.pdf`, never the default. */
export const PDF_EDITOR_VIEW_TYPE = 'dsas.pdfFile';

/**
 * Any PDF on disk (a workspace file, a download) in the extension's viewer,
 * read-only: the same viewer as summaries and attachments, with its place
 * remembered by the file's path. VS Code brings it back after a reload.
 */
export function registerPdfEditor(pdfs: PdfPanels): vscode.Disposable {
  const provider: vscode.CustomReadonlyEditorProvider = {
    openCustomDocument: (uri) => ({ uri, dispose: () => undefined }),
    resolveCustomEditor: async (document, panel) => {
      const { uri } = document;
      if (uri.scheme !== 'file') {
        panel.webview.html = '';
        panel.dispose();
        void vscode.window.showWarningMessage(vscode.l10n.t('The PDF viewer opens files on this computer only; {0} is not one.', uri.toString()));
        return;
      }
      await pdfs.adopt(panel, { kind: 'file', path: uri.fsPath, name: path.basename(uri.fsPath) });
    },
  };
  return vscode.window.registerCustomEditorProvider(PDF_EDITOR_VIEW_TYPE, provider, {
    // Keeps the drawn pages and the reader's place while the tab is hidden.
    webviewOptions: { retainContextWhenHidden: true },
    supportsMultipleEditorsPerDocument: false,
  });
}
