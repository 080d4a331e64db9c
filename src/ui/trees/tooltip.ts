import * as vscode from 'vscode';
import { markdownText } from './safeText';

/** A label and the value the service sent (unescaped; empty or undefined lines are left out). */
export type Field = readonly [label: string, value: string | number | undefined];

/**
 * A tooltip listing fields: a MarkdownString that is not trusted, renders no
 * HTML and no theme icons, and in which every label and value is escaped, so
 * nothing in the data can become markup, a link or a command.
 */
export function fieldsTooltip(title: string, fields: readonly Field[], note?: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString('', false);
  md.isTrusted = false;
  md.supportHtml = false;
  md.supportThemeIcons = false;
  const lines = [`**${markdownText(title)}**`];
  for (const [label, value] of fields) {
    const text = value === undefined ? '' : String(value);
    if (text.trim() === '') continue;
    lines.push(`${markdownText(label)}: ${markdownText(text)}`);
  }
  md.appendMarkdown(lines.join('  \n'));
  if (note) md.appendMarkdown(`\n\n*${markdownText(note)}*`);
  return md;
}
