import { parseServiceTime, type NaiveTimeZone, type ServiceTime } from '../time';
import { attr, child, isNode, text, type XmlValue } from './node';

/**
 * A field of an element: its path (element names below it, the first element
 * of each name taken, as the service sends one) resolved once, with its slot
 * in the shape of a list's items (ItemShape), so that no row looks it up.
 */
export interface Field {
  readonly names: readonly string[];
  readonly slot: number;
  /** The shape whose slot it is: a slot means nothing in another shape's items. */
  readonly shape: object;
}

/**
 * The fields of one element (an item of a list, or a resource of a detail),
 * each named by a Field of the reader's shape. A field's text is its own
 * text runs, each without its formatting whitespace, and its CDATA
 * untouched, in document order; the text of elements inside it is not part
 * of it.
 */
export interface Fields {
  /** The text, trimmed; '' when the element is missing. */
  str(field: Field): string;
  /** The same text, shared with the equal values read before it (senders and recipients repeat from row to row). */
  shared(field: Field): string;
  /** The text as it came (only its runs' formatting whitespace gone); undefined when the element is missing. */
  raw(field: Field): string | undefined;
  has(field: Field): boolean;
  /** Whether the element has attributes or child elements. */
  isNode(field: Field): boolean;
  /** An attribute of the element itself. */
  attr(name: string): string | undefined;
  /** The text as it came, read as a time (see parseServiceTime). */
  time(field: Field, naive: NaiveTimeZone): ServiceTime;
}

/** Fields of an element already parsed into a tree (a detail: one resource, read whole). */
export class TreeFields implements Fields {
  constructor(private readonly node: XmlValue | undefined) {}

  str(field: Field): string {
    return text(this.at(field)).trim();
  }

  shared(field: Field): string {
    return this.str(field);
  }

  raw(field: Field): string | undefined {
    const v = this.at(field);
    return v === undefined ? undefined : text(v);
  }

  has(field: Field): boolean {
    return this.at(field) !== undefined;
  }

  isNode(field: Field): boolean {
    return isNode(this.at(field));
  }

  attr(name: string): string | undefined {
    return attr(this.node, name);
  }

  time(field: Field, naive: NaiveTimeZone): ServiceTime {
    return parseServiceTime(this.raw(field) ?? '', naive);
  }

  private at(field: Field): XmlValue | undefined {
    let v = this.node;
    for (const name of field.names) v = child(v, name);
    return v;
  }
}
