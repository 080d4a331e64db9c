import * as vscode from 'vscode';
import type { InputHolder } from '../input/userInput';
import type { Session } from './session';

/** What Sign Out works with: the session, the prompts, and what is kept per account. */
export interface SignOutParts {
  readonly session: Pick<Session, 'signOutAccounts' | 'signOut'>;
  readonly input: InputHolder;
  /** New Submission's drafts, by account. */
  readonly drafts: {
    typedDrafts(accounts: readonly string[]): number;
    discardDrafts(accounts: readonly string[]): Promise<number>;
  };
  /** What each account was told of its submissions. */
  readonly announced: { forget(accounts: readonly string[]): Promise<void> };
}

/**
 * Sign Out: the account's secrets go, and with them its drafts of New
 * Submission (recipients' addresses, authentication numbers), said before
 * and after, and what it was told of its submissions. From VS Code's
 * Accounts menu (`askedAlready`), which has asked "Sign out of …?", the
 * question is asked again only when drafts would be discarded. `name`:
 * the connection's, which the question says when there are several.
 * Returns whether it signed out.
 */
export async function signOut(parts: SignOutParts, askedAlready = false, name?: string): Promise<boolean> {
  const t = vscode.l10n.t;
  const action = t('Sign Out');
  const accounts = parts.session.signOutAccounts();
  const drafts = parts.drafts.typedDrafts(accounts);
  const detail = drafts === 0 ? undefined : drafts === 1
    ? t('The 1 draft of New Submission kept for this account is discarded too.')
    : t('The {0} drafts of New Submission kept for this account are discarded too.', drafts);
  const ask = !askedAlready || drafts > 0;
  const question = name === undefined ? t('Sign out and remove the stored password and API key?') : t('Sign out of {0} and remove its stored password and API key?', name);
  if (ask && (await parts.input.current.confirm(question, detail, action)) !== action) return false;
  await parts.session.signOut();
  await parts.announced.forget(accounts);
  const discarded = await parts.drafts.discardDrafts(accounts);
  if (discarded) void parts.input.current.info(discarded === 1 ? t('Signed out. 1 draft of New Submission was discarded.') : t('Signed out. {0} drafts of New Submission were discarded.', discarded));
  return true;
}
