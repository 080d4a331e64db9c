// From the composer's form to what is sent, and back from an earlier
// submission. VS Code-free, so that plain mocha tests it.
import type { NewRecipient, PackageDefaults, SubmissionDetail } from '../../core';
import { RECIPIENT_TYPES, type ComposerAdvanced, type ComposerDocument, type ComposerForm, type ComposerRecipient, type RecipientType } from '../../shared/composerProtocol';
import { emptyRecipient, splitName } from '../../shared/composerRecipients';
import type { SentTexts } from './composerMemory';

export function toNewRecipient(r: ComposerRecipient): NewRecipient {
  const method = r.authMethod.trim();
  const name = r.nameMode === 'full' ? splitName(r.name) : { firstName: r.firstName.trim(), lastName: r.lastName.trim() };
  return { ...name, email: r.email.trim(), type: r.type, auth: method ? { method, number: r.authNumber.trim() } : undefined };
}

/** The package values the form shows, from the client's defaults. */
export function advancedOf(d: Pick<PackageDefaults, 'broadcast' | 'transparency' | 'confirmIntent'>): ComposerAdvanced {
  return { broadcast: d.broadcast, transparency: d.transparency, confirmIntent: d.confirmIntent };
}

/** A new form: the documents, one empty primary recipient, the first document's name (without extension) as form reference. */
export function newForm(documents: readonly ComposerDocument[], advanced: ComposerAdvanced): ComposerForm {
  const first = documents[0]?.name ?? '';
  const dot = first.lastIndexOf('.');
  return { documents, recipients: [emptyRecipient('PRIMARY')], coverNote: '', data: '', formReference: dot > 0 ? first.slice(0, dot) : first, advanced };
}

/**
 * "Send again with…": the earlier submission's form reference and
 * recipients, as the service lists them (without their authentication), and
 * what this machine kept of it when it sent it (`kept`: its cover note, data
 * and Advanced values, which the service does not return); `broadcast` as
 * the service tells it, the other Advanced values otherwise as `defaults`.
 */
export function formFrom(detail: SubmissionDetail, kept: SentTexts | undefined, documents: readonly ComposerDocument[], defaults: ComposerAdvanced): ComposerForm {
  const recipients = detail.recipients.map((r): ComposerRecipient => ({
    ...emptyRecipient((RECIPIENT_TYPES as readonly string[]).includes(r.recpType) ? (r.recpType as RecipientType) : 'REGULAR'),
    name: r.name, email: r.email, authMethod: r.auth?.method ?? '', authNumber: r.auth?.number ?? '',
  }));
  const advanced = kept?.advanced ?? defaults;
  return {
    documents,
    recipients: recipients.length ? recipients : [emptyRecipient('PRIMARY')],
    coverNote: kept?.coverNote ?? '',
    data: kept?.data ?? '',
    formReference: detail.formReference,
    advanced: detail.broadcast === undefined ? advanced : { ...advanced, broadcast: detail.broadcast ? '1' : '0' },
  };
}
