import { invalidInput } from './errors';
import { safeFileName } from './fileNames';
import type { Problem, ProblemField } from './problems';

/**
 * The rules for what the user types, written once: the client checks them
 * before anything is sent (so nothing half-done reaches the service), and
 * the extension's prompts call the same predicates, so a prompt never
 * accepts what the client would refuse.
 */

/** A practical address check: one @, no spaces or controls, a dotted domain. */
const EMAIL = /^[^\s@<>()[\]\\,;:"\p{Cc}]+@[^\s@<>()[\]\\,;:"\p{Cc}_]+\.[^\s@<>()[\]\\,;:"\p{Cc}_.]{2,}$/u;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email) && !email.includes('..');
}

/** Characters XML 1.0 cannot carry at all (not even as references). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;

/** CR, LF, NUL and other controls are refused in single-line values (names, titles). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/u;

/*
 * The client's size limits. The service states none (its interface leaves
 * limits "not shown"), so these are the client's own: generous for what a
 * person types or pastes, and a bound on what the form, its draft and the
 * package hold. Lengths count UTF-16 code units, as JavaScript strings do
 * (a character outside the BMP, such as an emoji, counts two).
 */
/** Values of the package written on one line: the form reference, names, authentication, the package's open values. */
export const MAX_LINE_LENGTH = 1000;
/** The cover note and the data. */
export const MAX_TEXT_LENGTH = 10_000_000;
/** Recipients of one submission. */
export const MAX_RECIPIENTS = 10_000;

export interface TextRule {
  /** Blank (or only spaces) is refused. */
  readonly required?: boolean;
  /** Longer is refused. */
  readonly maxLength?: number;
  /** No line break or other control character. */
  readonly singleLine?: boolean;
  /** Only characters XML 1.0 can carry. */
  readonly xml?: boolean;
}

/** Values of the package written on one line: names, form reference, recipient type and authentication. */
export const PACKAGE_LINE: TextRule = { singleLine: true, xml: true, maxLength: MAX_LINE_LENGTH };
/** Cover note and data: any text XML can carry, line breaks included. */
export const PACKAGE_TEXT: TextRule = { xml: true, maxLength: MAX_TEXT_LENGTH };
/** Header values (archive title, file name) and user names: not blank, one line. */
export const HEADER_VALUE: TextRule = { required: true, singleLine: true };

export type TextProblemCode = 'empty' | 'tooLong' | 'controlCharacter' | 'notXml';

/** The first rule `value` breaks, in the order too long (so that a huge value is not searched), blank, control character, not XML. */
export function textProblem(value: string, rule: TextRule): TextProblemCode | undefined {
  if (rule.maxLength !== undefined && value.length > rule.maxLength) return 'tooLong';
  if (rule.required && value.trim() === '') return 'empty';
  if (rule.singleLine && CONTROL.test(value)) return 'controlCharacter';
  if (rule.xml && NOT_XML.test(value)) return 'notXml';
  return undefined;
}

/** Throws the problem of `value` in `field` as an `invalidRequest` error; `values` name the field further (a package value's name). */
export function checkText(field: ProblemField, value: string, rule: TextRule, recipient?: number, values?: readonly string[]): void {
  const code = textProblem(value, rule);
  if (!code) return;
  const named = values ? { values } : {};
  throw invalidInput(code === 'tooLong' ? { code, field, recipient, ...named, limit: rule.maxLength, count: value.length } : { code, field, recipient, ...named });
}

/** Why a submission cannot have `count` recipients: none, or more than the client sends. */
export function recipientsProblem(count: number): Problem | undefined {
  if (count === 0) return { code: 'noRecipients', field: 'recipients' };
  if (count > MAX_RECIPIENTS) return { code: 'tooMany', field: 'recipients', limit: MAX_RECIPIENTS, count };
  return undefined;
}

/**
 * Why documents with these names cannot go in one submission whose package
 * part is named `packageFileName`: a blank or multi-line name, names that
 * are not plain file names, a name taken twice (ignoring case) or the
 * package's own.
 */
export function documentNamesProblem(names: readonly string[], packageFileName: string): Problem | undefined {
  if (names.length === 0) return { code: 'noDocuments', field: 'documents' };
  for (const name of names) {
    const code = textProblem(name, HEADER_VALUE);
    if (code) return { code, field: 'documentName', values: code === 'empty' ? [] : [name] };
  }
  const odd = names.filter((n) => n !== safeFileName(n));
  if (odd.length) return { code: 'notFileName', field: 'documentName', values: odd };
  if (names.some((n) => n.toLowerCase() === packageFileName.toLowerCase())) return { code: 'reservedName', field: 'documentName', values: [packageFileName] };
  const seen = new Set<string>();
  for (const name of names) {
    const key = name.toLowerCase();
    if (seen.has(key)) return { code: 'duplicateName', field: 'documentName', values: [name] };
    seen.add(key);
  }
  return undefined;
}

/** Files that cannot be sent because they are empty. */
export function emptyFilesProblem(files: readonly { readonly name: string; readonly size: number }[]): Problem | undefined {
  const empty = files.filter((f) => f.size === 0).map((f) => f.name);
  return empty.length ? { code: 'emptyFile', field: 'documents', values: empty } : undefined;
}
