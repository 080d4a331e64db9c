// Which account a form of New Submission is sent to: the one it belongs to
// (its draft's), never another one the user signed in to meanwhile. Its
// archive documents came from that account's archive, and its recipients
// and texts were meant for that service.
import * as vscode from 'vscode';
import type { ComposerForm, ComposerProblems, ToComposer } from '../../shared/composerProtocol';
import { accountText } from '../session/account';
import { connectionName } from '../session/connectionText';
import type { SessionInUse } from '../session/sessionInUse';

export type SessionState = Pick<SessionInUse, 'signedIn' | 'account' | 'connectionAccount'>;
/** A session as a form names it: with its connection. */
export type NamedSession = SessionState & Pick<SessionInUse, 'connection'>;

/** The account in use now: the session's, or else the workspace's connection's (undefined when there is none). */
export function accountInUse(session: SessionState): string | undefined {
  return (session.signedIn ? session.account : undefined) ?? session.connectionAccount;
}

/**
 * The account a form is sent to, as the form and its review name it: its
 * own, or (a form of no known account) the one in use; empty when neither is
 * known. The connection's name (marked when production) comes first when
 * `session` is that account's: `Test · "ann" at dsas.example.com`.
 */
export function sentToText(session: NamedSession, own: string | undefined): string {
  const to = own ?? accountInUse(session);
  if (to === undefined) return '';
  const c = session.connectionAccount === to ? session.connection : undefined;
  return c ? vscode.l10n.t('{0} · {1}', connectionName(c), accountText(to)) : accountText(to);
}

/** Why a form of account `own` cannot be sent with the account in use, if it cannot. */
export function accountProblem(session: SessionState, own: string | undefined): string | undefined {
  const inUse = accountInUse(session);
  if (own === undefined || inUse === undefined || own === inUse) return undefined;
  return vscode.l10n.t('This form belongs to {0}, and the account in use now is {1}: it is sent only to its own account. To send it, switch to the connection of {0} and sign in; to send to {1}, start a New Submission.',
    accountText(own), accountText(inUse));
}

/** What of an open form the account in use concerns. */
export interface FormOfAccount {
  readonly account?: string;
  /** The form the review step shows, if it does. */
  reviewed?: ComposerForm;
  readonly sending: boolean;
  readonly host: { post(m: ToComposer, notice?: boolean): void };
}

/**
 * Tells the page whom its form is sent to, and its problems (`problems`,
 * the account's among them); a form shown for review that cannot be sent
 * with the account in use goes back to editing, saying why.
 */
export function tellAccount(session: NamedSession, e: FormOfAccount, problems: ComposerProblems): void {
  e.host.post({ type: 'account', to: sentToText(session, e.account), problems }, true);
  if (problems.account && e.reviewed && !e.sending) {
    e.reviewed = undefined;
    e.host.post({ type: 'phase', phase: 'editing', message: problems.account }, true);
  }
}
