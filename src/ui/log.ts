import * as vscode from 'vscode';
import type { Logger } from '../core';

/** The extension's log channel, also the client's Logger. Nothing secret is ever passed to it. */
export function createLog(): vscode.LogOutputChannel & Logger {
  return vscode.window.createOutputChannel(vscode.l10n.t('Document Submission'), { log: true });
}
