// The submission a command is about — the row's, or one the user picks from
// the palette — with the session it acts with, and how it is named in
// questions, progress titles and messages.
import * as vscode from 'vscode';
import { pickSubmission } from '../input/pickers';
import type { Session } from '../session/session';
import { rowsOf, sessionFor, type ConnectionChoosing } from '../session/whichConnection';
import { submissionNodeOf } from '../lists/nodes';
import type { SubmissionRow } from '../lists/rowArgs';
import { formatTime } from '../text/format';
import { oneLine } from '../text/text';
import { asListed, namesakes, type ListedSubmissions, type NamedSubmission } from './submissionNames';
import type { SubmissionsTree } from './submissionsTree';

/** What asking for a submission uses: the connections and prompts, and the Submissions view's rows (offered first, and naming it). */
export interface SubmissionAsking extends ConnectionChoosing {
  readonly submissions: Pick<SubmissionsTree, 'loaded' | 'items'>;
}

/** A submission a command acts on, and the session of its connection, kept to the command's end. */
export interface SubmissionOf {
  readonly id: string;
  readonly formReference?: string;
  readonly session: Session;
}

/**
 * The submission a row belongs to (with its connection), or, from the
 * palette, one the user picks after the connection (`title`: the command's
 * name, for that question).
 */
export async function submissionOf(deps: SubmissionAsking, row: SubmissionRow | undefined, placeHolder: string, title: string): Promise<SubmissionOf | undefined> {
  const session = await sessionFor(deps, row, title);
  if (!session) return undefined;
  if (row) {
    const s = submissionNodeOf(row);
    return { id: s.item.id, formReference: s.item.formReference, session };
  }
  const picked = await pickSubmission(deps.input.current, session.client, rowsOf(deps.submissions, session, deps.session.current), placeHolder);
  return picked && { id: picked.id, formReference: picked.formReference, session };
}

/**
 * A submission in a question, a progress title or a message: its form
 * reference (`"BUDGET-2025"`), with when it was created when another listed
 * submission has the same one; its id only when it has no form reference,
 * as its row is labelled then.
 */
export function describeSubmission(s: NamedSubmission, listed: ListedSubmissions): string {
  const me = asListed(s, listed);
  if (!me.formReference?.trim()) return me.id;
  const name = `"${oneLine(me.formReference)}"`;
  return me.created?.ms !== undefined && namesakes(me, listed).length ? vscode.l10n.t('{0} (created {1})', name, formatTime(me.created)) : name;
}
