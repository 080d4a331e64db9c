/** A parsed element: attributes under `@_name`, text and CDATA joined in document order under `#text`. */
export type XmlNode = { readonly [key: string]: XmlValue };
export type XmlValue = string | XmlNode | readonly XmlValue[];

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
export function messageText(node: XmlValue): string {
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
