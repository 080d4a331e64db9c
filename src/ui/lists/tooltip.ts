import * as vscode from 'vscode';
import { fieldsMarkdown, type Field } from '../text/text';

export type { Field };

/**
 * A tooltip listing fields: a MarkdownString that is not trusted, renders no
 * HTML and no theme icons, and in which every label and value is escaped, so
 * nothing in the data can become markup, a link or a command.
 */
export function fieldsTooltip(title: string, fields: readonly Field[], note?: string): vscode.MarkdownString {
  return untrustedMarkdown(fieldsMarkdown(title, fields, note));
}

export function untrustedMarkdown(markdown: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString('', false);
  md.isTrusted = false;
  md.supportHtml = false;
  md.supportThemeIcons = false;
  md.appendMarkdown(markdown);
  return md;
}
