// The words for an archive document of a draft that has no copy here to
// send: under it in the form, and the one message said when a draft opens.
import * as vscode from 'vscode';
import type { ComposerDocument, DocumentUnavailable } from '../../shared/composerProtocol';
import { accountText } from '../session/account';
import { describeError, isCancellation } from '../text/errorText';
import { oneLine } from '../text/text';
import { goneText } from './archiveSource';

const t = vscode.l10n.t;
const names = (docs: readonly ComposerDocument[]) => docs.map((d) => `"${oneLine(d.name)}"`).join(', ');
const sentence = (s: string) => (/[.!?…]$/.test(s) ? s : `${s}.`);

export const fetching = (): DocumentUnavailable => ({ reason: t('Being fetched from the archive…'), retry: false });

/** Before the session is known. */
export const notYet = (): DocumentUnavailable => ({ reason: t('Not available yet.'), retry: false });

export const awaitingSignIn = (): DocumentUnavailable => ({ reason: t('Not available yet: it is fetched from the archive once you sign in.'), retry: false });

/** Its account is not the one in use: it is never fetched from this one. */
export const otherAccount = (account: string): DocumentUnavailable => ({
  reason: t('From the archive of {0}, not of the account in use now: it is not fetched from this one. Sign in to that account to send it, or remove it.', accountText(account)),
  retry: false,
});

/** No account recorded (a draft of an earlier version): whose archive it is cannot be told, so it is never fetched. */
export const unknownAccount = (): DocumentUnavailable => ({
  reason: t('Kept by an earlier version, which did not record which account\'s archive it came from: it is not fetched, so that no other account\'s file is sent in its place. Remove it, and add it again from the archive.'),
  retry: false,
});

/** A failure that may pass (unreachable, a time-out, Cancel): it stays, and is fetched again. */
export function failed(e: unknown): DocumentUnavailable {
  if (isCancellation(e)) return { reason: t('Not available yet: fetching it was cancelled. Fetch Again fetches it.'), retry: true };
  return { reason: t('Not available yet: {0} It is fetched again when you sign in, or with Fetch Again.', sentence(describeError(e))), retry: true };
}

/** The one message for documents of a draft just opened that are not fetched: another account's, or of no known account. */
export function notFetchedText(foreign: readonly ComposerDocument[], unknown: readonly ComposerDocument[]): string | undefined {
  const parts: string[] = [];
  if (foreign.length) {
    const accounts = [...new Set(foreign.map((d) => accountText(d.account!)))].join(', ');
    parts.push(foreign.length === 1
      ? t('The draft\'s archive document {0} belongs to the archive of {1}, not to the account in use now, so it was not fetched: sign in to that account to send it, or remove it.', names(foreign), accounts)
      : t('The draft\'s archive documents {0} belong to the archive of {1}, not to the account in use now, so they were not fetched: sign in to that account to send them, or remove them.', names(foreign), accounts));
  }
  if (unknown.length) {
    parts.push(unknown.length === 1
      ? t('The draft\'s archive document {0} was kept by an earlier version, which did not record which account\'s archive it came from, so it was not fetched: remove it, and add it again from the archive.', names(unknown))
      : t('The draft\'s archive documents {0} were kept by an earlier version, which did not record which account\'s archive they came from, so they were not fetched: remove them, and add them again from the archive.', names(unknown)));
  }
  return parts.length ? parts.join(' ') : undefined;
}

/** The one message for documents taken out of a draft because they are gone (`isGone`). */
export function goneMessage(gone: readonly { doc: ComposerDocument; error: unknown }[]): string {
  const docs = gone.map((g) => g.doc);
  const why = gone.map((g) => goneText(g.doc.name, g.error)).join('; ');
  return docs.length === 1
    ? t('The draft\'s archive document {0} was taken out of the draft: {1}.', names(docs), why)
    : t('The draft\'s archive documents {0} were taken out of the draft: {1}.', names(docs), why);
}
