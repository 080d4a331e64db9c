import { parseServiceTime, type NaiveTimeZone, type ServiceTime } from '../time';
import type { Field, Fields } from './fields';
import { own } from './ownedText';
import type { ItemReceiver } from './responseParser';

interface PathNode {
  readonly id: number;
  readonly below: Map<string, PathNode>;
}

/**
 * The fields a list's models read from each item, as paths (see Field): only
 * these are kept while an item is read. `field` holds each path resolved to
 * its slot once, for the models to read every row by.
 */
export class ItemShape<P extends string = string> {
  readonly root: PathNode = { id: 0, below: new Map() };
  readonly field: Readonly<Record<P, Field>>;
  size = 1;

  constructor(paths: readonly P[]) {
    const field: Partial<Record<P, Field>> = {};
    for (const path of paths) {
      const names = path.split('/');
      let node = this.root;
      for (const name of names) {
        let next = node.below.get(name);
        if (next === undefined) {
          next = { id: this.size++, below: new Map() };
          node.below.set(name, next);
        }
        node = next;
      }
      field[path] = { names, slot: node.id, shape: this };
    }
    this.field = field as Record<P, Field>;
  }
}

const OPENED = 1;
/** Attributes or child elements seen. */
const NODE = 2;
/** The most distinct values `shared` remembers in one list, so that a list of unique names costs no more than one per row. */
const POOL_MAX = 4096;

/**
 * The fields of the item being read, straight from the parser's events: no
 * tree of the item is built, and only the texts of its shape's paths are
 * kept, each copied once when a model takes it (see `own`). One per list
 * read; `begin` starts each item.
 */
export class ItemFields implements Fields, ItemReceiver {
  private readonly texts: string[];
  private readonly marks: Uint8Array;
  /** The shape's node of each open element of the item, undefined for an element it does not read. */
  private readonly stack: (PathNode | undefined)[] = [];
  private attributes: Readonly<Record<string, string>> = {};
  private readonly pool = new Map<string, string>();
  /** The value `shared` gave for each path last: mostly the one the next row has too. */
  private readonly last: string[];

  constructor(private readonly shape: ItemShape) {
    this.texts = new Array<string>(shape.size).fill('');
    this.marks = new Uint8Array(shape.size);
    this.last = new Array<string>(shape.size).fill('');
  }

  begin(attributes: Readonly<Record<string, string>>): void {
    this.marks.fill(0);
    // Popped, not cut by `length = 0`, which V8 does in a slow call: the item before left its root alone here.
    while (this.stack.length > 0) this.stack.pop();
    this.stack.push(this.shape.root);
    this.attributes = attributes;
  }

  open(name: string, attributes: Readonly<Record<string, string>>): void {
    const parent = this.stack[this.stack.length - 1];
    let node: PathNode | undefined;
    if (parent !== undefined) {
      this.marks[parent.id] |= NODE;
      node = parent.below.get(name);
      // A second element of the same name is not read: the first one is the field.
      if (node !== undefined && this.marks[node.id] === 0) {
        this.marks[node.id] = hasAny(attributes) ? OPENED | NODE : OPENED;
        this.texts[node.id] = '';
      } else {
        node = undefined;
      }
    }
    this.stack.push(node);
  }

  text(run: string): void {
    const node = this.stack[this.stack.length - 1];
    if (node === undefined) return;
    const t = run.trim();
    if (t !== '') this.texts[node.id] += t;
  }

  cdata(section: string): void {
    const node = this.stack[this.stack.length - 1];
    if (node !== undefined) this.texts[node.id] += section;
  }

  close(): void {
    this.stack.pop();
  }

  str(field: Field): string {
    return own(this.found(field)?.trim() ?? '');
  }

  shared(field: Field): string {
    const id = this.slot(field);
    const s = this.marks[id] & OPENED ? this.texts[id].trim() : '';
    if (s === this.last[id]) return this.last[id];
    let known = this.pool.get(s);
    if (known === undefined) {
      known = own(s);
      if (this.pool.size < POOL_MAX) this.pool.set(known, known);
    }
    return (this.last[id] = known);
  }

  raw(field: Field): string | undefined {
    const s = this.found(field);
    return s === undefined ? undefined : own(s);
  }

  has(field: Field): boolean {
    return (this.marks[this.slot(field)] & OPENED) !== 0;
  }

  isNode(field: Field): boolean {
    return (this.marks[this.slot(field)] & NODE) !== 0;
  }

  attr(name: string): string | undefined {
    const v = this.attributes[name];
    return v === undefined ? undefined : own(v);
  }

  /** Its text copied only when the time keeps it: the usual form is written again from its number. */
  time(field: Field, naive: NaiveTimeZone): ServiceTime {
    return parseServiceTime(this.found(field) ?? '', naive, own);
  }

  private found(field: Field): string | undefined {
    const id = this.slot(field);
    return this.marks[id] & OPENED ? this.texts[id] : undefined;
  }

  /** The field's slot in these items; another shape's field would read whichever field has that slot here. */
  private slot(field: Field): number {
    if (field.shape !== this.shape) throw new Error(`The field ${field.names.join('/')} is of another shape than these items.`);
    return field.slot;
  }
}

function hasAny(attributes: Readonly<Record<string, string>>): boolean {
  for (const _ in attributes) return true;
  return false;
}
