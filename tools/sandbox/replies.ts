// What a route handler returns. Handlers never write to the response
// themselves, so one place (send-reply.ts) can apply faults, HEAD, byte
// counting and streaming uniformly.
import { errorXml } from './xml-replies';

export type Headers = Record<string, string | string[]>;

export type Reply =
  | { kind: 'body'; status: number; contentType: string; body: Buffer; headers?: Headers; isXml?: boolean }
  | { kind: 'file'; status: number; contentType: string; path: string; size: number; filename: string; headers?: Headers };

/** Thrown by handlers; becomes the sandbox's XML error response. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers?: Headers,
  ) {
    super(message);
  }
}

export const XML_TYPE = 'application/xml; charset=UTF-8';

export function xmlReply(xml: string, status = 200, headers?: Headers): Reply {
  return { kind: 'body', status, contentType: XML_TYPE, body: Buffer.from(xml, 'utf8'), headers, isXml: true };
}

export function errorReply(status: number, message: string, headers?: Headers): Reply {
  return xmlReply(errorXml(status, message), status, headers);
}

export function jsonReply(value: unknown, status = 200): Reply {
  return { kind: 'body', status, contentType: 'application/json; charset=utf-8', body: Buffer.from(JSON.stringify(value, null, 1) + '\n', 'utf8') };
}

export function htmlPage(title: string, text: string): Buffer {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return Buffer.from(
    `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>${esc(title)}</title></head>` +
      `<body><h1>${esc(title)}</h1><p>${esc(text)}</p><hr><address>nginx (sandbox imitation)</address></body></html>\n`,
    'utf8',
  );
}
