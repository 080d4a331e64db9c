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
  // Walked with a stack of its own: a hostile body nests elements deeper than the call stack goes.
  const stack: XmlValue[] = [node];
  while (stack.length) {
    const v = stack.pop() as XmlValue;
    if (typeof v === 'string') {
      if (v.trim()) parts.push(v.trim());
      continue;
    }
    const next = Array.isArray(v) ? v : Object.entries(v as XmlNode).filter(([k]) => !k.startsWith('@_') && k !== '?xml').map(([, c]) => c);
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i]);
  }
  return parts.join(' ').replace(/\s+/g, ' ').slice(0, 1000);
}
