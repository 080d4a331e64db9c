import { invalidRequest } from './errors';

/**
 * Checks made before anything is sent, so that a bad request fails at once
 * with a message the user can act on, and nothing half-done reaches the service.
 */

/** A practical address check: one @, no spaces or controls, a dotted domain. */
const EMAIL = /^[^\s@<>()[\]\\,;:"\p{Cc}]+@[^\s@<>()[\]\\,;:"\p{Cc}_]+\.[^\s@<>()[\]\\,;:"\p{Cc}_.]{2,}$/u;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email) && !email.includes('..');
}

/** Characters XML 1.0 cannot carry at all (not even as references). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;

/** Rejects text XML cannot carry, naming the field. */
export function checkXmlText(field: string, value: string): void {
  if (NOT_XML.test(value)) {
    throw invalidRequest(`${field} contains a control character that cannot be sent.`);
  }
}

/** CR, LF, NUL and other controls are refused in single-line values (names, titles). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/u;

export function checkSingleLine(field: string, value: string): void {
  if (CONTROL.test(value)) {
    throw invalidRequest(`${field} must be a single line without control characters.`);
  }
}

export function checkNotBlank(field: string, value: string): void {
  if (value.trim() === '') throw invalidRequest(`${field} must not be empty.`);
}
