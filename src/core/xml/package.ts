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

/**
 * Builds the XML package, UTF-8, as sent in the `application/xml` part.
 * Written directly rather than with an XML library: the document is small
 * and fixed, and xmlbuilder2 with its DOM made up two thirds of the
 * extension's bundle (see the README's Performance section).
 */
export function buildPackage(pkg: SubmissionPackage, defaults: PackageDefaults = DEFAULT_PACKAGE): string {
  const o = { ...defaults, ...pkg.options };
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  out.push(`<submission type="${escapeAttribute(o.submissionType)}" broadcast="${escapeAttribute(o.broadcast)}">`);
  leaf(out, 'form_reference', pkg.formReference);
  leaf(out, 'transparency', o.transparency);
  leaf(out, 'confirm_intent', o.confirmIntent);
  if (pkg.recipients.length === 0) out.push('<recipients/>');
  else {
    out.push('<recipients>');
    pkg.recipients.forEach((r, i) => {
      // Without a chosen type, the first recipient is the primary one and the others take the default.
      const type = r.type ?? (i === 0 ? 'PRIMARY' : o.recipientType);
      out.push(`<recipient type="${escapeAttribute(type)}">`);
      leaf(out, 'first_name', r.firstName);
      leaf(out, 'last_name', r.lastName);
      leaf(out, 'email_address', r.email);
      if (r.auth) {
        leaf(out, 'recipient_auth', r.auth.method);
        leaf(out, 'recipient_auth_number', r.auth.number);
      }
      out.push('</recipient>');
    });
    out.push('</recipients>');
  }
  const sections: CdataTarget = { dat: (content) => content !== '' && out.push(`<![CDATA[${content}]]>`) };
  out.push('<cover_note>');
  cdata(sections, pkg.coverNote);
  out.push('</cover_note><data>');
  cdata(sections, pkg.data);
  out.push('</data>');
  if (pkg.attachmentNames.length === 0) out.push('<attachments/>');
  else {
    out.push('<attachments>');
    for (const name of pkg.attachmentNames) out.push(`<attachment name="${escapeAttribute(name)}"/>`);
    out.push('</attachments>');
  }
  out.push('</submission>');
  return out.join('');
}

/** Where CDATA sections go: the package writer, or any builder with a `dat` method (xmlbuilder2's elements). */
export interface CdataTarget {
  dat(content: string): unknown;
}

/**
 * Writes text as CDATA. `]]>` cannot appear inside one section, so the text
 * is split there into adjacent sections (`…]]` + `>…`), which a parser joins.
 */
export function cdata(el: CdataTarget, value: string): void {
  const pieces = value.split(']]>');
  pieces.forEach((piece, i) => {
    const section = (i > 0 ? '>' : '') + piece + (i < pieces.length - 1 ? ']]' : '');
    if (section !== '' || pieces.length === 1) el.dat(section);
  });
}

function leaf(out: string[], name: string, value: string): void {
  out.push(`<${name}>${escapeText(value)}</${name}>`);
}

/** Character data: `&`, `<` and `>` as references (every `&`, also one that looks like a reference). */
function escapeText(s: string): string {
  return /[&<>]/.test(s) ? s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : s;
}

/** An attribute value in double quotes: also `"`. */
function escapeAttribute(s: string): string {
  return /[&<>"]/.test(s) ? escapeText(s).replace(/"/g, '&quot;') : s;
}
