import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ServiceError } from '../errors';
import { boundOnly, type Quote } from '../serviceText';

/** A parsed element: attributes under `@_name`, text and CDATA joined in document order under `#text`. */
export type XmlNode = { readonly [key: string]: XmlValue };
export type XmlValue = string | XmlNode | readonly XmlValue[];

/** Every element the spec says may repeat: always an array, even with one child. */
const REPEATED = new Set(['submission', 'recipient', 'attachment', 'historyEvent', 'file', 'tag']);

const parser = new XMLParser({
  ignoreAttributes: false, // status="ok", type, broadcast, tag id/text live in attributes
  attributeNamePrefix: '@_',
  parseTagValue: false, // keep `007`, `0e123`, 22-digit ids exactly as sent
  parseAttributeValue: false,
  // Trims each run of text between markup; CDATA sections join the text untrimmed, in document order
  // (no cdataPropName: that keeps CDATA apart, and the order of text and CDATA is lost).
  trimValues: true,
  processEntities: true,
  htmlEntities: true, // also decodes numeric character references (&#233;), which 5.x ties to this flag
  isArray: (name) => REPEATED.has(name),
});

/**
 * Parses a service response and checks its envelope. Returns the `response`
 * element. Throws `badResponse` for anything that is not well-formed XML with
 * a `response` root, and `serviceError` when `status` is not `ok`. Every text
 * of the body that an error carries goes through `quote`.
 */
export function parseResponse(body: string, operation?: string, quote: Quote = boundOnly): XmlNode {
  const text = body.replace(/^\uFEFF/, '');
  if (text.trim() === '') {
    throw new ServiceError('badResponse', 'The service sent an empty response.', { operation });
  }
  // The validator only checks syntax (it expands nothing), and tells an HTML page for what it is.
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new ServiceError('badResponse', `The service sent a response that is not well-formed XML (${quote(valid.err.msg)}, line ${valid.err.line}).`, {
      operation,
      serviceMessage: excerpt(text, quote),
    });
  }
  if (hasDoctype(text)) {
    throw new ServiceError('badResponse', 'The service sent XML with a document type declaration (DOCTYPE), which is not accepted.', { operation, serviceMessage: excerpt(text, quote) });
  }
  let doc: unknown;
  try {
    doc = parser.parse(text);
  } catch (e) {
    throw new ServiceError('badResponse', 'The service sent XML that could not be read.', { operation, cause: e });
  }
  const response = isNode(doc) ? doc.response : undefined;
  if (!isNode(response)) {
    throw new ServiceError('badResponse', 'The service sent XML without a `response` element.', { operation, serviceMessage: excerpt(text, quote) });
  }
  const status = attr(response, 'status');
  if (status !== 'ok') {
    const message = quote(messageText(response));
    throw new ServiceError('serviceError', `The service reported status "${status === undefined ? '(none)' : quote(status)}"${message ? `: ${message}` : '.'}`, {
      operation,
      serviceMessage: message || undefined,
    });
  }
  return response;
}

/** Text found in a response body that is an error, XML or not, quoted. */
export function messageFromBody(body: string, quote: Quote): string {
  const text = body.replace(/^\uFEFF/, '');
  if (!hasDoctype(text) && XMLValidator.validate(text) === true) {
    try {
      const doc: unknown = parser.parse(text);
      if (isNode(doc)) return quote(messageText(doc));
    } catch {
      // fall through to the plain-text excerpt
    }
  }
  return excerpt(text, quote);
}

/**
 * The text of a document that was not read as XML, without its markup.
 * Redacted before the tags go (a password such as `a<b>c` would otherwise
 * lose its middle and no longer be found) and after (a secret a tag split).
 */
function excerpt(text: string, quote: Quote): string {
  return quote(stripMarkup(quote.redact(text)));
}

export function isNode(v: unknown): v is XmlNode {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The child element, or undefined; for a repeated child, its first occurrence. */
export function child(node: XmlValue | undefined, name: string): XmlValue | undefined {
  if (!isNode(node)) return undefined;
  const v = node[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Every occurrence of a child element; an empty or missing container gives []. */
export function children(node: XmlValue | undefined, name: string): XmlValue[] {
  if (!isNode(node)) return [];
  const v = node[name];
  if (v === undefined) return [];
  return Array.isArray(v) ? [...v] : [v];
}

/** Element text: plain text and CDATA sections as the parser joined them, CDATA untouched. */
export function text(node: XmlValue | undefined): string {
  if (node === undefined) return '';
  if (typeof node === 'string') return node;
  if (Array.isArray(node)) return node.map(text).join('');
  return text((node as XmlNode)['#text']);
}

export function attr(node: XmlValue | undefined, name: string): string | undefined {
  if (!isNode(node)) return undefined;
  const v = node[`@_${name}`];
  return typeof v === 'string' ? v : undefined;
}

/** Every text and CDATA in the tree, in document order, as one line. */
function messageText(node: XmlValue): string {
  const parts: string[] = [];
  const walk = (v: XmlValue): void => {
    if (typeof v === 'string') {
      if (v.trim()) parts.push(v.trim());
    } else if (Array.isArray(v)) {
      v.forEach(walk);
    } else {
      for (const [k, c] of Object.entries(v as XmlNode)) if (!k.startsWith('@_') && k !== '?xml') walk(c);
    }
  };
  walk(node);
  return parts.join(' ').replace(/\s+/g, ' ').slice(0, 1000);
}

/**
 * A document type declaration anywhere, in any letter case, even as text in
 * a CDATA section or comment. Entities can only be declared inside one, so
 * refusing it rules out expansion attacks. Telling a declaration from text
 * would need a tokenizer that agrees exactly with the parser's: a comment that
 * looks like CDATA is enough to fool a simpler one.
 */
function hasDoctype(s: string): boolean {
  return /<!DOCTYPE/i.test(s);
}

function stripMarkup(s: string): string {
  return s.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/gi, ' ').replace(/<[^>]*>/g, ' ');
}
