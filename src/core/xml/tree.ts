import type { XmlNode, XmlValue } from './node';
import { own } from './ownedText';

/** Every element the spec says may repeat: always an array, even with one child. */
const REPEATED = new Set(['submission', 'recipient', 'attachment', 'historyEvent', 'file', 'tag']);

interface Frame {
  readonly name: string;
  /** Attributes (`@_name`) and child elements; undefined while it has neither. */
  node?: Record<string, XmlValue | XmlValue[]>;
  text: string;
}

/**
 * Builds elements from a parser's events, in one shape for every reader: an
 * element with neither attributes nor children is its text; any other is an
 * object with attributes under `@_name`, children under their names (an array
 * for a repeated name) and its text, if any, under `#text`. Text is each run
 * between markup trimmed, with CDATA sections untouched, joined in document
 * order (formatting whitespace is no part of a value, CDATA always is).
 */
export class TreeBuilder {
  private readonly stack: Frame[] = [];

  open(name: string, attributes: Readonly<Record<string, string>>): void {
    const frame: Frame = { name, text: '' };
    for (const key in attributes) {
      frame.node ??= {};
      frame.node[`@_${key}`] = own(attributes[key]);
    }
    this.stack.push(frame);
  }

  text(run: string): void {
    const t = run.trim();
    if (t !== '' && this.stack.length) this.stack[this.stack.length - 1].text += t;
  }

  cdata(section: string): void {
    if (this.stack.length) this.stack[this.stack.length - 1].text += section;
  }

  /** Ends the innermost element, adds it to its parent and gives its value. */
  close(): XmlValue {
    const frame = this.stack.pop();
    if (!frame) throw new Error('close without open');
    const text = own(frame.text);
    let value: XmlValue;
    if (frame.node === undefined) value = text;
    else {
      if (text !== '') frame.node['#text'] = text;
      value = frame.node as XmlNode;
    }
    const parent = this.stack[this.stack.length - 1];
    if (parent) add(parent, frame.name, value);
    return value;
  }
}

function add(parent: Frame, name: string, value: XmlValue): void {
  parent.node ??= {};
  const there = parent.node[name];
  if (Array.isArray(there)) there.push(value);
  else if (there !== undefined) parent.node[name] = [there as XmlValue, value];
  else parent.node[name] = REPEATED.has(name) ? [value] : value;
}
