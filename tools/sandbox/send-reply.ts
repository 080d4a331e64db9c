// Writes a Reply to the socket, applying the response-side faults. Files are
// streamed from disk with backpressure; bytes written are counted for the log.
import { createReadStream } from 'node:fs';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { RequestContext } from './request-context';
import { htmlPage, XML_TYPE, type Reply } from './replies';
import { errorXml } from './xml-replies';
import { contentDisposition } from './header-values';

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Resolves when the socket can take more, or when it is gone. */
function drained(ctx: RequestContext): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      ctx.res.off('drain', done);
      ctx.res.off('close', done);
      resolve();
    };
    ctx.res.on('drain', done);
    ctx.res.on('close', done);
  });
}

/** The body a response-replacing fault sends instead of the real one. */
function replaceForFault(ctx: RequestContext, reply: Reply): Reply {
  const kind = ctx.fault?.kind;
  if (kind === 'malformed') {
    // A truncated copy of the real XML (an unclosed root), or a generic broken document.
    let body: Buffer;
    if (reply.kind === 'body' && reply.isXml && reply.body.length > 60) {
      body = reply.body.subarray(0, Math.floor(reply.body.length * 0.6));
    } else {
      body = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><response status="ok"><Submissions><submission type="8"><id>12</id><form_ref');
    }
    return { kind: 'body', status: 200, contentType: XML_TYPE, body };
  }
  if (kind === 'notXml') {
    return { kind: 'body', status: 200, contentType: 'text/html; charset=utf-8', body: htmlPage('Service temporarily unavailable', 'The gateway could not reach the service. Please try again later.') };
  }
  if (kind === 'statusNotOk') {
    return { kind: 'body', status: 200, contentType: XML_TYPE, body: Buffer.from(errorXml(500, 'Internal service error (injected fault)')), isXml: true };
  }
  if (kind === 'padded' && reply.kind === 'body' && reply.isXml) {
    // Comments after the root element are well-formed XML: the same answer, `bytes` larger.
    const pad = Math.max(0, (ctx.fault?.bytes ?? 0) - '<!---->'.length);
    return { ...reply, body: Buffer.concat([reply.body, Buffer.from(`<!--${' '.repeat(pad)}-->`)]) };
  }
  if (kind === 'empty') {
    return { kind: 'body', status: 200, contentType: XML_TYPE, body: Buffer.alloc(0) };
  }
  return reply;
}

export async function sendReply(ctx: RequestContext, original: Reply): Promise<void> {
  const { res } = ctx;
  if (ctx.gone) return;
  const fault = ctx.fault;
  // A request whose body was read completely before a request-side drop
  // could trigger: it was processed, and the client never hears back.
  if (fault?.kind === 'drop' && ctx.bodyConsumed) {
    ctx.entry.aborted = true;
    ctx.req.socket.destroy();
    return;
  }
  const reply = replaceForFault(ctx, original);
  const size = reply.kind === 'body' ? reply.body.length : reply.size;
  res.statusCode = reply.status;
  res.setHeader('Content-Type', reply.contentType);
  res.setHeader('Content-Length', String(size));
  if (reply.kind === 'file') res.setHeader('Content-Disposition', fault?.kind === 'disposition' && fault.value !== undefined ? fault.value : contentDisposition(reply.filename));
  for (const [k, v] of Object.entries(reply.headers ?? {})) res.setHeader(k, v);

  if (ctx.method === 'HEAD' || size === 0) {
    res.end();
    return;
  }

  const cutAt = fault?.kind === 'drop' ? fault.afterBytes : undefined;
  const slow = fault?.kind === 'slowBody' ? { chunk: fault.chunkBytes ?? 16, ms: fault.ms ?? 50 } : undefined;

  if (reply.kind === 'file' && cutAt === undefined && !slow) {
    // The common path: stream from disk with backpressure.
    const source = createReadStream(reply.path);
    source.on('data', (c) => {
      ctx.bytesOut += (c as Buffer).length;
    });
    source.on('error', () => res.destroy());
    res.on('close', () => source.destroy());
    source.pipe(res);
    await once(source, 'close');
    return;
  }

  const source: Readable | Buffer[] = reply.kind === 'file' ? createReadStream(reply.path) : [reply.body];
  try {
    for await (const raw of source) {
      let chunk = raw as Buffer;
      if (cutAt !== undefined && ctx.bytesOut + chunk.length >= cutAt) {
        chunk = chunk.subarray(0, cutAt - ctx.bytesOut);
        if (chunk.length) res.write(chunk);
        ctx.bytesOut += chunk.length;
        // Let the partial body leave before the cut, then kill the connection.
        await new Promise<void>((r) => res.write('', () => r()));
        ctx.entry.aborted = true;
        ctx.req.socket.destroy();
        return;
      }
      const pieces: Buffer[] = [];
      if (slow) for (let i = 0; i < chunk.length; i += slow.chunk) pieces.push(chunk.subarray(i, i + slow.chunk));
      else pieces.push(chunk);
      for (const piece of pieces) {
        if (ctx.gone) return;
        ctx.bytesOut += piece.length;
        if (!res.write(piece)) await drained(ctx);
        if (slow) await sleep(slow.ms);
      }
    }
  } finally {
    if (!Array.isArray(source)) source.destroy();
  }
  if (!ctx.gone) res.end();
}
