import { boundOnly, type Quote } from '../serviceText';
import { messageText, type XmlNode } from './node';
import { excerpt, ResponseParser } from './responseParser';

/**
 * Parses a whole service response and checks its envelope (see
 * ResponseParser). Returns the `response` element. Throws `badResponse` for
 * anything that is not well-formed XML with a `response` root, and
 * `serviceError` when `status` is not `ok`. Every text of the body that an
 * error carries goes through `quote`.
 */
export function parseResponse(body: string, operation?: string, quote: Quote = boundOnly): XmlNode {
  const parser = new ResponseParser(operation, quote);
  parser.write(body);
  return parser.end();
}

/** Text found in a response body that is an error, XML or not, quoted. */
export function messageFromBody(body: string, quote: Quote): string {
  const parser = new ResponseParser(undefined, quote, undefined, 'any');
  try {
    parser.write(body);
    return quote(messageText(parser.end()));
  } catch {
    return excerpt(body, quote);
  }
}
