import type * as vscode from 'vscode';
import type { Logger } from '../core';
import type { Session } from './session';
import type { ArchiveTree } from './trees/archiveTree';
import type { SubmissionsTree } from './trees/submissionsTree';
import type { InputHolder } from './userInput';
import type { PdfPanels } from './webviews/pdfPanels';
import type { TimelinePanels } from './webviews/timelinePanels';

/** What commands and views are built from; assembled once in extension.ts. */
export interface Deps {
  readonly context: vscode.ExtensionContext;
  readonly log: vscode.LogOutputChannel & Logger;
  readonly input: InputHolder;
  readonly session: Session;
  readonly submissions: SubmissionsTree;
  readonly archive: ArchiveTree;
  readonly timelines: TimelinePanels;
  readonly pdfs: PdfPanels;
}
