import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { DEFAULT_PACKAGE, type PackageDefaults, type SubmissionPackage } from './packageFields';

// Loaded only when a submission is sent (the extension ships it as a bundle of
// its own, dist/packageWriter.js): xmlbuilder2 is half of the extension's code.

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
