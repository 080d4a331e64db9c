import { parseServiceTime, type NaiveTimeZone, type ServiceTime } from '../time';
import { attr, child, isNode, text, type XmlValue } from './node';

/**
 * The fields of one element (an item of a list, or a resource of a detail),
 * found by path: element names below it joined by `/`, the first element of
 * each name taken, as the service sends one. A field's text is its own text
 * runs, each without its formatting whitespace, and its CDATA untouched, in
 * document order; the text of elements inside it is not part of it.
 */
export interface Fields {
  /** The text, trimmed; '' when the element is missing. */
  str(path: string): string;
  /** The same text, shared with the equal values read before it (senders and recipients repeat from row to row). */
  shared(path: string): string;
  /** The text as it came (only its runs' formatting whitespace gone); undefined when the element is missing. */
  raw(path: string): string | undefined;
  has(path: string): boolean;
  /** Whether the element has attributes or child elements. */
  isNode(path: string): boolean;
  /** An attribute of the element itself. */
  attr(name: string): string | undefined;
  /** The text as it came, read as a time (see parseServiceTime). */
  time(path: string, naive: NaiveTimeZone): ServiceTime;
}

/** Fields of an element already parsed into a tree (a detail: one resource, read whole). */
export class TreeFields implements Fields {
  constructor(private readonly node: XmlValue | undefined) {}

  str(path: string): string {
    return text(this.at(path)).trim();
  }

  shared(path: string): string {
    return this.str(path);
  }

  raw(path: string): string | undefined {
    const v = this.at(path);
    return v === undefined ? undefined : text(v);
  }

  has(path: string): boolean {
    return this.at(path) !== undefined;
  }

  isNode(path: string): boolean {
    return isNode(this.at(path));
  }

  attr(name: string): string | undefined {
    return attr(this.node, name);
  }

  time(path: string, naive: NaiveTimeZone): ServiceTime {
    return parseServiceTime(this.raw(path) ?? '', naive);
  }

  private at(path: string): XmlValue | undefined {
    let v = this.node;
    for (const name of path.split('/')) v = child(v, name);
    return v;
  }
}
