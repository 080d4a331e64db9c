import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';

/** One recipient of a new submission (2.5). */
export interface NewRecipient {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  /** The package's `type` attribute; allowed values are not documented. Default: `PRIMARY` for the first recipient, `PackageDefaults.recipientType` for the others. */
  readonly type?: string;
  /** Recipient authentication; both parts are sent when given. */
  readonly auth?: { readonly method: string; readonly number: string };
}

/** The package content (2.5), without the files themselves. */
export interface SubmissionPackage {
  readonly formReference: string;
  readonly recipients: readonly NewRecipient[];
  readonly coverNote: string;
  readonly data: string;
  /** File names, with extension, as the parts will carry them. */
  readonly attachmentNames: readonly string[];
  /** Overrides of the defaults below for this one package. */
  readonly options?: Partial<PackageDefaults>;
}

/**
 * Values the spec names but whose allowed values it does not give. The
 * defaults are the ones the service is seen using (`type` 8) or the least
 * committing choice; every one can be changed per client or per package.
 */
export interface PackageDefaults {
  /** Root `type` attribute. Only 8 appears in the service's responses. */
  readonly submissionType: string;
  /** Root `broadcast` attribute, `0` or `1`. */
  readonly broadcast: string;
  readonly transparency: string;
  readonly confirmIntent: string;
  /** Recipient `type` attribute; the responses' `recp_type` vocabulary is PRIMARY, REGULAR, COPIED. */
  readonly recipientType: string;
}

export const DEFAULT_PACKAGE: PackageDefaults = {
  submissionType: '8',
  broadcast: '0',
  transparency: '0',
  confirmIntent: '0',
  recipientType: 'REGULAR',
};

/** Builds the XML package, UTF-8, as sent in the `application/xml` part. */
export function buildPackage(pkg: SubmissionPackage, defaults: PackageDefaults = DEFAULT_PACKAGE): string {
  const o = { ...defaults, ...pkg.options };
  const root = create({ version: '1.0', encoding: 'UTF-8' })
    .ele('submission', { type: literal(o.submissionType), broadcast: literal(o.broadcast) });
  root.ele('form_reference').txt(literal(pkg.formReference));
  root.ele('transparency').txt(literal(o.transparency));
  root.ele('confirm_intent').txt(literal(o.confirmIntent));
  const recipients = root.ele('recipients');
  pkg.recipients.forEach((r, i) => {
    // Without a chosen type, the first recipient is the primary one and the others take the default.
    const type = r.type ?? (i === 0 ? 'PRIMARY' : o.recipientType);
    const el = recipients.ele('recipient', { type: literal(type) });
    el.ele('first_name').txt(literal(r.firstName));
    el.ele('last_name').txt(literal(r.lastName));
    el.ele('email_address').txt(literal(r.email));
    if (r.auth) {
      el.ele('recipient_auth').txt(literal(r.auth.method));
      el.ele('recipient_auth_number').txt(literal(r.auth.number));
    }
  });
  cdata(root.ele('cover_note'), pkg.coverNote);
  cdata(root.ele('data'), pkg.data);
  const attachments = root.ele('attachments');
  for (const name of pkg.attachmentNames) attachments.ele('attachment', { name: literal(name) });
  return root.end({ prettyPrint: false });
}

/**
 * xmlbuilder2 leaves text that looks like a character or entity reference
 * (`&amp;`, `&#65;`, even `AT&T;`) as written and escapes only the rest, so
 * the service would read something other than what was typed. Escaping every
 * `&` first makes it write each one as `&amp;`: the text arrives as typed.
 */
function literal(text: string): string {
  return text.replace(/&/g, '&amp;');
}

/**
 * Writes text as CDATA. `]]>` cannot appear inside one section, so the text
 * is split there into adjacent sections (`…]]` + `>…`), which a parser joins.
 */
export function cdata(el: XMLBuilder, value: string): void {
  const pieces = value.split(']]>');
  pieces.forEach((piece, i) => {
    const section = (i > 0 ? '>' : '') + piece + (i < pieces.length - 1 ? ']]' : '');
    if (section !== '' || pieces.length === 1) el.dat(section);
  });
}
