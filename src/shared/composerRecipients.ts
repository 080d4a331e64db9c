/**
 * Recipient rows, once for the page and the extension: an empty row, and how
 * a full name is split into the package's first and last name (the page
 * when a row switches to first + last name, the extension for what is sent).
 */
import type { ComposerRecipient, RecipientType } from './composerProtocol';

/** A new row: full name, nothing typed. */
export function emptyRecipient(type: RecipientType): ComposerRecipient {
  return { nameMode: 'full', name: '', firstName: '', lastName: '', email: '', type, authMethod: '', authNumber: '' };
}

/** "Ada Lovelace" → Ada / Lovelace; "Lovelace, Ada King" → Ada King / Lovelace; one word is a first name. */
export function splitName(full: string): { firstName: string; lastName: string } {
  const t = full.trim().replace(/\s+/g, ' ');
  const comma = t.indexOf(',');
  if (comma > 0) return { lastName: t.slice(0, comma).trim(), firstName: t.slice(comma + 1).trim() };
  const space = t.lastIndexOf(' ');
  return space < 0 ? { firstName: t, lastName: '' } : { firstName: t.slice(0, space), lastName: t.slice(space + 1) };
}
