// The words for what is not sent of what the user chose: a short reason for
// the messages, and a line for the log that says where a link leads.
import * as vscode from 'vscode';
import type { LeftOut } from './collectFiles';
import { notificationText, safeText } from '../text/text';

/**
 * A path for the log: quoted and escaped as JSON, so that a file name with a
 * line break cannot write a line of its own, and bidi controls shown as
 * escapes, so that none reorders the line.
 */
export const logged = (p: string | undefined): string => safeText(JSON.stringify(p ?? ''), 10_000);

/** Something chosen, or found in a folder chosen, that is not sent. */
export interface Skipped {
  /** Its path below the folder chosen, or its name. */
  readonly name: string;
  /** Why, as the end of a sentence that starts with its name. */
  readonly why: string;
  /** The log's line: its whole path, why, and where it leads. */
  readonly log: string;
}

/** Why something was left out; `declined`: it leads outside its workspace folder, and the user left it out. */
export type SkippedItem = LeftOut | (Omit<LeftOut, 'reason'> & { readonly reason: 'declined' });

export function skippedText(l: SkippedItem): Skipped {
  const t = vscode.l10n.t;
  const said = (why: string, log: string): Skipped => ({ name: l.relative, why, log: `Skipped ${logged(l.path)}: ${log}.` });
  switch (l.reason) {
    case 'outside': return said(t('leads outside the chosen folder'), `it leads to ${logged(l.target)}, outside the chosen folder ${logged(l.folder)}`);
    case 'hidden': return said(t('leads to a hidden file of the chosen folder'), `it leads to ${logged(l.target)}, a hidden file of the chosen folder (or one in node_modules), which the folder does not give`);
    case 'declined': return said(t('leads outside its workspace folder'), `it leads to ${logged(l.target)}, outside its workspace folder, and was left out when asked`);
    case 'linkedFolder': return said(t('is a link to a folder, which is not followed'), `it is a link to the folder ${logged(l.target)}, which is not followed`);
    case 'brokenLink': return said(l.errno === 'ELOOP' ? t('is a link that loops') : t('is a link that leads nowhere'), `it is a link that leads nowhere (${l.errno ?? 'no target'})`);
    case 'special': return said(t('is not a regular file'), `it is not a regular file (a named pipe, a socket or a device${l.target ? `: ${logged(l.target)}` : ''}), so it was not opened`);
    case 'unreadable': return said(l.errno === 'ENOENT' ? t('does not exist') : t('cannot be read ({0})', l.errno ?? ''), `it cannot be read (${l.errno ?? 'unknown'})`);
    case 'changed': return said(t('changed while it was checked'), 'it was replaced (by a link or another file) while it was checked, so it was not read');
  }
}

/** One sentence naming what was skipped and why: the first five, and how many more the log names. */
export function skippedSentence(skipped: readonly Skipped[]): string {
  const shown = skipped.slice(0, 5).map((s) => `"${notificationText(s.name, 200)}" ${s.why}`).join('; ');
  return skipped.length > 5
    ? vscode.l10n.t('Skipped: {0}; and {1} more (the log names them).', shown, skipped.length - 5)
    : vscode.l10n.t('Skipped: {0}.', shown);
}
