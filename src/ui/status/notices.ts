import * as vscode from 'vscode';
import type { Person } from '../../core';
import { safeText } from '../text/text';
import { bySubmission, type Change } from './changes';

/** Submissions with changes in one poll told one by one; more are told in one notice. */
export const ONE_BY_ONE = 3;
/** Names listed in one clause before "and N more". */
const NAMES_SHOWN = 3;

/** A notice: its words, whether it needs attention (a rejection), and the submission Show reveals (none: the view). */
export interface Notice {
  readonly text: string;
  readonly warning: boolean;
  readonly submissionId?: string;
}

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

/** One submission's changes in one sentence. */
function aboutOne(changes: readonly Change[]): Notice {
  const form = formText(changes[0]);
  const rejections = changes.flatMap((c) => (c.kind === 'rejected' ? [rejection(c)] : []));
  const responded = changes.flatMap((c) => (c.kind === 'responded' ? [c.recipient] : []));
  const completed = changes.some((c) => c.kind === 'completed');
  const clauses = [...rejections];
  if (responded.length) clauses.push(l.t('{0} responded', names(responded)));
  const submissionId = changes[0].submission.id;
  const warning = rejections.length > 0;
  if (!clauses.length) return { text: l.t('Submission "{0}" is completed: every recipient has responded.', form), warning, submissionId };
  if (completed) clauses.push(l.t('it is completed'));
  return { text: l.t('Submission "{0}": {1}.', form, clauses.join('; ')), warning, submissionId };
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
  return { text, warning: rejected.length > 0 };
}

/** The notices for one poll's changes: one per submission, or one for all when more than ONE_BY_ONE submissions changed. */
export function noticesFor(changes: readonly Change[]): Notice[] {
  const groups = [...bySubmission(changes).values()];
  if (groups.length > ONE_BY_ONE) return [aboutMany(groups)];
  return groups.map(aboutOne);
}
