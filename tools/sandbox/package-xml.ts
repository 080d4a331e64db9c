// Parses and validates the submission creation package (spec 2.5). Every
// problem becomes a precise 400 message so a client author sees what is wrong.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { RecipientType } from './types';

export class PackageError extends Error {}

export interface PackageRecipient {
  type: RecipientType;
  firstName: string;
  lastName: string;
  email: string;
  recipientAuth?: string;
  recipientAuthNumber?: string;
}

export interface ParsedPackage {
  type: string;
  broadcast: boolean;
  formReference: string;
  transparency: string;
  confirmIntent: string;
  recipients: PackageRecipient[];
  coverNote: string;
  data: string;
  attachmentNames: string[];
}

// Options from the library pitfalls: keep attributes, never coerce values
// (ids like 007 or 0e123), keep CDATA apart (and untrimmed), arrays for the
// repeated elements, decode numeric character references.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  cdataPropName: '#cdata',
  htmlEntities: true,
  isArray: (name) => name === 'recipient' || name === 'attachment',
});

type Node = Record<string, unknown>;

function isNode(v: unknown): v is Node {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Text of an element. CDATA sections (adjacent ones are how `]]>` is
 * carried) are joined exactly; whitespace around them is layout. Without
 * CDATA the text is taken as is, or trimmed for `trim` fields.
 */
function textOf(v: unknown, field: string, trim: boolean): string {
  if (v === undefined) return '';
  if (typeof v === 'string') return trim ? v.trim() : v;
  if (isNode(v)) {
    const elementChildren = Object.keys(v).filter((k) => k !== '#text' && k !== '#cdata' && !k.startsWith('@_'));
    if (elementChildren.length) throw new PackageError(`${field} must hold text, found element <${elementChildren[0]}>`);
    const text = typeof v['#text'] === 'string' ? v['#text'] : '';
    const cdata = v['#cdata'];
    if (cdata === undefined) return trim ? text.trim() : text;
    if (text.trim() !== '') throw new PackageError(`${field} mixes plain text and CDATA; send it as CDATA only`);
    return Array.isArray(cdata) ? cdata.map(String).join('') : String(cdata);
  }
  throw new PackageError(`${field} appears more than once`);
}

function required(node: Node, name: string, where: string): unknown {
  if (!(name in node)) throw new PackageError(`${where}: missing <${name}>`);
  return node[name];
}

function listOf(container: unknown, child: string, where: string): unknown[] {
  if (container === undefined || container === '') return [];
  if (typeof container === 'string') {
    if (container.trim() === '') return [];
    throw new PackageError(`${where} must contain <${child}> elements, found text`);
  }
  if (!isNode(container)) throw new PackageError(`${where} appears more than once`);
  const items = container[child];
  return Array.isArray(items) ? items : [];
}

const recipientTypes: RecipientType[] = ['PRIMARY', 'REGULAR', 'COPIED'];

export function parsePackage(bytes: Buffer): ParsedPackage {
  let xml: string;
  try {
    xml = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new PackageError('package is not valid UTF-8');
  }
  if (xml.charCodeAt(0) === 0xfeff) xml = xml.slice(1);
  if (xml.trim() === '') throw new PackageError('package is empty');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new PackageError(`malformed package XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})`);
  }
  const doc = parser.parse(xml) as Node;
  const roots = Object.keys(doc).filter((k) => !k.startsWith('?') && k !== '#text' && !k.startsWith('#'));
  if (roots.length !== 1 || roots[0] !== 'submission') {
    throw new PackageError(`package root element must be <submission>, found ${roots.map((r) => `<${r}>`).join(', ') || 'none'}`);
  }
  const sub = doc.submission;
  if (!isNode(sub)) throw new PackageError('<submission> must have attributes type and broadcast and child elements');
  const type = sub['@_type'];
  if (typeof type !== 'string' || !/^\d+$/.test(type)) throw new PackageError('<submission> attribute type must be an integer (e.g. type="8")');
  const broadcast = sub['@_broadcast'];
  if (broadcast !== '0' && broadcast !== '1') throw new PackageError('<submission> attribute broadcast must be "0" or "1"');

  const formReference = textOf(required(sub, 'form_reference', 'submission'), 'form_reference', true);
  const transparency = textOf(required(sub, 'transparency', 'submission'), 'transparency', true);
  const confirmIntent = textOf(required(sub, 'confirm_intent', 'submission'), 'confirm_intent', true);

  const rawRecipients = listOf(required(sub, 'recipients', 'submission'), 'recipient', 'recipients');
  if (rawRecipients.length === 0) throw new PackageError('package names no recipient (recipients/recipient)');
  const recipients = rawRecipients.map((r, i): PackageRecipient => {
    const where = `recipient ${i + 1}`;
    if (!isNode(r)) throw new PackageError(`${where}: needs first_name, last_name and email_address`);
    const email = textOf(required(r, 'email_address', where), `${where} email_address`, true);
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new PackageError(`${where}: email_address "${email}" is not an e-mail address`);
    const rawType = typeof r['@_type'] === 'string' ? r['@_type'].toUpperCase() : '';
    const out: PackageRecipient = {
      type: (recipientTypes as string[]).includes(rawType) ? (rawType as RecipientType) : 'REGULAR',
      firstName: textOf(required(r, 'first_name', where), `${where} first_name`, true),
      lastName: textOf(required(r, 'last_name', where), `${where} last_name`, true),
      email,
    };
    if ('recipient_auth' in r) out.recipientAuth = textOf(r.recipient_auth, `${where} recipient_auth`, true);
    if ('recipient_auth_number' in r) out.recipientAuthNumber = textOf(r.recipient_auth_number, `${where} recipient_auth_number`, true);
    return out;
  });
  // Someone must be the primary recipient.
  if (!recipients.some((r) => r.type === 'PRIMARY')) recipients[0].type = 'PRIMARY';

  const coverNote = textOf(required(sub, 'cover_note', 'submission'), 'cover_note', false);
  const data = textOf(sub.data, 'data', false);

  const attachmentNames = listOf(sub.attachments, 'attachment', 'attachments').map((a, i) => {
    const name = isNode(a) ? a['@_name'] : undefined;
    if (typeof name !== 'string' || name === '') throw new PackageError(`attachment ${i + 1} has no name attribute`);
    return name;
  });
  const seen = new Set<string>();
  for (const n of attachmentNames) {
    if (seen.has(n)) throw new PackageError(`attachment "${n}" is named twice in the package`);
    seen.add(n);
  }

  return {
    type,
    broadcast: broadcast === '1',
    formReference,
    transparency,
    confirmIntent,
    recipients,
    coverNote,
    data,
    attachmentNames,
  };
}
