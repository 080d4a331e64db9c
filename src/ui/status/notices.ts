import * as vscode from 'vscode';
import type { Person } from '../../core';
import { oneLine, safeText } from '../text/text';
import { bySubmission, type Change, type ChangedSubmission } from './changes';

/** Submissions with changes in one poll told one by one; more are told in one notice. */
export const ONE_BY_ONE = 3;
/** Names listed in one clause before "and N more". */
const NAMES_SHOWN = 3;

/** What a notice offers to do next: open the submission's History or Summary, show its row (the view, for many), or the submissions with unseen responses. */
export type NoticeAction = 'history' | 'summary' | 'show' | 'unseen';

/** A notice: its words, whether it needs attention (a rejection), its submission (none: many), and what it offers, first the likeliest. */
export interface Notice {
  readonly text: string;
  readonly warning: boolean;
  readonly submission?: ChangedSubmission;
  readonly actions: readonly NoticeAction[];
}

/** Longest comment of a recipient quoted in a notice, in characters (the History shows it whole). */
const COMMENT_SHOWN = 200;

const l = vscode.l10n;
const personText = (p: Person) => safeText(p.name.trim() || p.email, 80);
const formText = (c: Change) => safeText(c.submission.formReference.trim() || c.submission.id, 100);

function names(people: readonly Person[]): string {
  const shown = people.slice(0, NAMES_SHOWN).map(personText).join(', ');
  return people.length > NAMES_SHOWN ? l.t('{0} and {1} more', shown, people.length - NAMES_SHOWN) : shown;
}

/** What a rejection says of who rejected. */
function rejection(c: Extract<Change, { kind: 'rejected' }>): string {
  if (c.exact) return l.t('rejected by {0}', names(c.recipients));
  const count = c.count === 1 ? l.t('1 rejection') : l.t('{0} rejections', c.count);
  return c.recipients.length ? l.t('{0} among the responses of {1}', count, names(c.recipients)) : count;
}

/** What the recipients who rejected wrote, quoted inert, on one line each and bounded. */
function comments(changes: readonly Change[]): string {
  const said = changes.flatMap((c) => (c.kind === 'rejected' ? c.comments : []));
  return said.map((c) => ` ${l.t('{0} commented: "{1}"', personText(c.by), safeText(oneLine(c.text), COMMENT_SHOWN))}`).join('');
}

/** One submission's changes in one sentence, then what the recipients who rejected commented. */
function aboutOne(changes: readonly Change[]): Notice {
  const form = formText(changes[0]);
  const rejections = changes.flatMap((c) => (c.kind === 'rejected' ? [rejection(c)] : []));
  const responded = changes.flatMap((c) => (c.kind === 'responded' ? [c.recipient] : []));
  const completed = changes.some((c) => c.kind === 'completed');
  const clauses = [...rejections];
  if (responded.length) clauses.push(l.t('{0} responded', names(responded)));
  const submission = changes[0].submission;
  const warning = rejections.length > 0;
  // Its History says who responded how; once it is completed, its Summary is final.
  const actions: NoticeAction[] = completed ? ['history', 'summary', 'show'] : ['history', 'show'];
  if (!clauses.length) return { text: l.t('Submission "{0}" is completed: every recipient has responded.', form), warning, submission, actions };
  if (completed) clauses.push(l.t('it is completed'));
  return { text: l.t('Submission "{0}": {1}.', form, clauses.join('; ')) + comments(changes), warning, submission, actions };
}

/** Many submissions' changes in one notice: counts, and which were rejected by whom. */
function aboutMany(groups: readonly (readonly Change[])[]): Notice {
  const all = groups.flat();
  const completed = all.filter((c) => c.kind === 'completed').length;
  const responses = all.filter((c) => c.kind === 'responded').length + all.reduce((n, c) => n + (c.kind === 'rejected' && c.exact ? c.recipients.length : 0), 0);
  const rejected = all.filter((c): c is Extract<Change, { kind: 'rejected' }> => c.kind === 'rejected');
  const parts: string[] = [];
  if (completed) parts.push(completed === 1 ? l.t('1 completed') : l.t('{0} completed', completed));
  if (responses) parts.push(responses === 1 ? l.t('1 new response') : l.t('{0} new responses', responses));
  let text = l.t('{0} submissions changed: {1}.', groups.length, parts.join(', '));
  if (rejected.length) {
    const which = rejected.slice(0, NAMES_SHOWN).map((c) => `"${formText(c)}" (${rejection(c)})`).join(', ');
    const more = rejected.length > NAMES_SHOWN ? ` ${l.t('and {0} more', rejected.length - NAMES_SHOWN)}` : '';
    text += ` ${l.t('Rejections: {0}.', which + more)}`;
  }
  return { text, warning: rejected.length > 0, actions: ['show'] };
}

/** The notices for one poll's changes: one per submission, or one for all when more than ONE_BY_ONE submissions changed. */
export function noticesFor(changes: readonly Change[]): Notice[] {
  const groups = [...bySubmission(changes).values()];
  if (groups.length > ONE_BY_ONE) return [aboutMany(groups)];
  return groups.map(aboutOne);
}
