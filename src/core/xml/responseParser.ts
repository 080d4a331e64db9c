import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { ServiceError } from '../errors';
import type { Quote } from '../serviceText';
import { isNode, messageText, type XmlNode, type XmlValue } from './node';
import { TreeBuilder } from './tree';

/** What reads the elements of a list's item as the parser meets them (ItemFields): no tree is built for them. */
export interface ItemReceiver {
  /** A new item, with its attributes. */
  begin(attributes: Readonly<Record<string, string>>): void;
  open(name: string, attributes: Readonly<Record<string, string>>): void;
  text(run: string): void;
  cdata(section: string): void;
  close(): void;
}

/** A list read item by item: each `item` element inside the `container` child of `response` goes to `fields`, then `onItem` is called. */
export interface ItemStream {
  readonly container: string;
  readonly item: string;
  readonly fields: ItemReceiver;
  readonly onItem: () => void;
}

/** What the parser found wrong once the text is known to be well-formed, in the order these are told. */
type Refusal = 'doctype' | 'noResponse';

/** `response` checks a service answer's envelope; `any` reads any document (an error page). */
export type RootRule = 'response' | 'any';

/** How much of the body's start is kept for the excerpt an error carries. */
const EXCERPT_CHARS = 64 * 1024;
const DOCTYPE = /<!DOCTYPE/i;
/**
 * A named entity XML does not define (`&nbsp;`, or one a refused DOCTYPE
 * declared) is kept as written, never expanded: saxes reads no declarations.
 */
const UNDEFINED_ENTITY = 'undefined entity.';
/** What saxes reports of a document type declaration that is not first; it is refused once the rest is known to be well-formed. */
const DOCTYPE_PLACE = 'inappropriately located doctype declaration.';

/**
 * Reads a service response with saxes, a strict XML 1.0 parser, as its text
 * arrives: `write` each piece, then `end`. Checked in this order: the text is
 * not empty; it is well-formed XML (saxes reports the first fault and
 * nothing more is read); it has no document type declaration, anywhere, in
 * any letter case; its root is `response`, with `status="ok"`. Every
 * `badResponse` carries an excerpt of the body as `serviceMessage`; every
 * text of the service's goes through `quote`.
 */
export class ResponseParser {
  private readonly sax = new SaxesParser({ position: true, xmlns: false });
  private readonly tree = new TreeBuilder();
  /** Elements open, built or not. */
  private depth = 0;
  /** While set, elements at this depth or deeper are read but not built. */
  private skipFrom = Infinity;
  private root?: XmlValue;
  private refusal?: Refusal;
  private head = '';
  private started = false;
  private blank = true;
  /** The end of the text before this piece, where a `<!DOCTYPE` may have begun. */
  private tail = '';
  /** Whether items go to `onItem` as they close: a list whose answer is `ok`. */
  private streaming = false;
  private containerSeen = false;
  /** Whether the elements met go to the stream's `fields`: inside an item. */
  private inItem = false;

  constructor(
    private readonly operation: string | undefined,
    private readonly quote: Quote,
    private readonly items?: ItemStream,
    private readonly rootRule: RootRule = 'response',
  ) {
    this.sax.on('error', (e) => this.syntaxError(e));
    this.sax.on('opentag', (tag) => this.open(tag));
    this.sax.on('closetag', () => this.close());
    this.sax.on('text', (t) => {
      if (!this.building()) return;
      if (this.inItem) this.items?.fields.text(t);
      else this.tree.text(t);
    });
    this.sax.on('cdata', (t) => {
      if (!this.building()) return;
      if (this.inItem) this.items?.fields.cdata(t);
      else this.tree.cdata(t);
    });
  }

  write(piece: string): void {
    let text = piece;
    if (!this.started && text !== '') {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (this.head.length < EXCERPT_CHARS) this.head += text.slice(0, EXCERPT_CHARS - this.head.length);
    if (this.blank && text.trim() !== '') this.blank = false;
    // A declaration is looked for in the text, not among saxes' events: also as text in CDATA or a comment.
    // The piece is searched as it is and its start after the end of the text before (the keyword may
    // straddle them): the two joined would be copied whole to be searched.
    // A piece without a `!` holds no declaration of its own, and `includes` finds one far faster than the
    // letter-case-blind expression searches the piece.
    const joint = this.tail + text.slice(0, 8);
    if (this.refusal === undefined && (DOCTYPE.test(joint) || (text.includes('!') && DOCTYPE.test(text)))) this.refuse('doctype');
    // From the text so far, not this piece alone: a piece may be shorter than the keyword.
    this.tail = text.length >= 8 ? text.slice(-8) : joint.slice(-8);
    this.sax.write(text);
  }

  /** The checked `response` element; for a list, without its items. */
  end(): XmlNode {
    const root = this.endDocument();
    if (this.refusal === 'noResponse' || !isNode(root)) throw this.refused('The service sent XML without a `response` element.');
    const status = root['@_status'];
    if (status !== 'ok') {
      const message = this.quote(messageText(root));
      throw new ServiceError('serviceError', `The service reported status "${typeof status === 'string' ? this.quote(status) : '(none)'}"${message ? `: ${message}` : '.'}`, {
        operation: this.operation,
        serviceMessage: message || undefined,
      });
    }
    return root;
  }

  /** The root element of a well-formed document without a DOCTYPE, whatever its name. */
  endDocument(): XmlValue | undefined {
    if (this.blank) throw new ServiceError('badResponse', 'The service sent an empty response.', { operation: this.operation });
    this.sax.close();
    if (this.refusal === 'doctype') throw this.refused('The service sent XML with a document type declaration (DOCTYPE), which is not accepted.');
    return this.root;
  }

  private open(tag: SaxesTagPlain): void {
    const depth = this.depth++;
    if (this.refusal !== undefined || depth >= this.skipFrom) return;
    if (this.inItem) return this.items?.fields.open(tag.name, tag.attributes);
    if (depth === 0) {
      if (tag.name !== 'response' && this.rootRule === 'response') return this.refuse('noResponse');
      // An answer that is not `ok` is read whole: its text is the message.
      this.streaming = this.items !== undefined && tag.attributes.status === 'ok';
    } else if (this.streaming && depth === 1) {
      // Only the first container is the list, as for a reader of the whole tree; the other children are not read.
      if (tag.name !== this.items?.container || this.containerSeen) return this.skip(depth);
      this.containerSeen = true;
    } else if (this.streaming && depth === 2 && this.items) {
      if (tag.name !== this.items.item) return this.skip(depth);
      this.inItem = true;
      return this.items.fields.begin(tag.attributes);
    }
    this.tree.open(tag.name, tag.attributes);
  }

  private close(): void {
    const depth = --this.depth;
    if (this.refusal !== undefined) return;
    if (depth >= this.skipFrom) {
      if (depth === this.skipFrom) this.skipFrom = Infinity;
      return;
    }
    if (this.inItem) {
      if (depth > 2) return this.items?.fields.close();
      this.inItem = false;
      return this.items?.onItem();
    }
    const value = this.tree.close();
    if (depth === 0) this.root = value;
  }

  /** Whether the innermost open element is being built. */
  private building(): boolean {
    return this.refusal === undefined && this.depth <= this.skipFrom;
  }

  private skip(depth: number): void {
    this.skipFrom = depth;
  }

  private refuse(why: Refusal): void {
    this.refusal ??= why;
  }

  private syntaxError(e: Error): void {
    const what = e.message.replace(/^\d+:\d+: /, '');
    if (what === UNDEFINED_ENTITY || (what === DOCTYPE_PLACE && this.refusal === 'doctype')) return;
    throw this.refused(`The service sent a response that is not well-formed XML (${this.quote(what)}, line ${this.sax.line}).`);
  }

  private refused(message: string): ServiceError {
    return new ServiceError('badResponse', message, { operation: this.operation, serviceMessage: excerpt(this.head, this.quote) });
  }
}

/**
 * The text of a document that was not read as XML, without its markup.
 * Redacted before the tags go (a password such as `a<b>c` would otherwise
 * lose its middle and no longer be found) and after (a secret a tag split).
 */
export function excerpt(text: string, quote: Quote): string {
  return quote(stripMarkup(quote.redact(text)));
}

function stripMarkup(s: string): string {
  return s.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/gi, ' ').replace(/<[^>]*>/g, ' ');
}
