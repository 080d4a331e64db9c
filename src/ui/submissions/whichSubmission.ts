// The submission a command is about — the row's, or one the user picks from
// the palette — and how it is named in questions, progress titles and messages.
import * as vscode from 'vscode';
import { pickSubmission } from '../input/pickers';
import type { Session } from '../session/session';
import { submissionNodeOf } from '../lists/nodes';
import type { SubmissionRow } from '../lists/rowArgs';
import type { InputHolder } from '../input/userInput';
import { formatTime } from '../text/format';
import { oneLine } from '../text/text';
import { asListed, namesakes, type ListedSubmissions, type NamedSubmission } from './submissionNames';
import type { SubmissionsTree } from './submissionsTree';

/** What asking for a submission uses: the prompts, the client, and the Submissions view's rows (offered first, and naming it). */
export interface SubmissionAsking {
  readonly input: InputHolder;
  readonly session: Pick<Session, 'client'>;
  readonly submissions: Pick<SubmissionsTree, 'loaded' | 'items'>;
}

/** The submission a row belongs to, or one the user picks when run from the palette. */
export async function submissionOf(deps: SubmissionAsking, row: SubmissionRow | undefined, placeHolder: string): Promise<{ id: string; formReference?: string } | undefined> {
  if (row) {
    const s = submissionNodeOf(row);
    return { id: s.item.id, formReference: s.item.formReference };
  }
  return pickSubmission(deps.input.current, deps.session.client, deps.submissions, placeHolder);
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

