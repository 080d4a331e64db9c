// The HTTP server: request flow is delay fault -> Digest auth (unless off) -> service key
// -> other faults -> route -> reply. Every request ends up in the access log.
import http from 'node:http';
import type { WriteStream } from 'node:fs';
import { RequestContext } from './request-context';
import { errorReply, HttpError, htmlPage, type Reply } from './replies';
import { sendReply } from './send-reply';
import { dispatch } from './routes';
import { controlReply, type ControlHooks } from './control-routes';
import type { DigestAuth } from './digest-auth';
import type { FaultController } from './faults';
import type { SandboxStore } from './store';
import type { AccessLogEntry } from './types';

export interface ServerConfig {
  store: SandboxStore;
  auth: DigestAuth;
  /** False when a server in front does the Digest check. */
  checkDigest: boolean;
  faults: FaultController;
  user: string;
  key: string;
  basePath: string;
  accessLog: AccessLogEntry[];
  accessLogFile: WriteStream;
  control: ControlHooks;
  maxUploadBytes?: number;
  log?: (line: string) => void;
}

function faultReply(ctx: RequestContext): Reply | undefined {
  const f = ctx.fault;
  if (f?.kind !== 'status') return undefined;
  const status = f.status ?? 503;
  const message = `injected fault: HTTP ${status}`;
  if (f.body === 'html') {
    return { kind: 'body', status, contentType: 'text/html; charset=utf-8', body: htmlPage(`${status} ${http.STATUS_CODES[status] ?? 'Error'}`, message) };
  }
  return errorReply(status, message);
}

/** Decides the reply for a request; never writes to the socket itself. */
async function decide(ctx: RequestContext, cfg: ServerConfig, expectationFailed: boolean): Promise<Reply | undefined> {
  const target = ctx.req.url ?? '/';
  const pathname = target.split('?')[0];
  if (expectationFailed) return errorReply(417, `unsupported Expect: ${ctx.req.headers.expect}`);

  if (pathname === '/__sandbox' || pathname.startsWith('/__sandbox/')) {
    return controlReply(ctx, cfg.control, pathname.slice('/__sandbox'.length));
  }
  if (pathname !== cfg.basePath && !pathname.startsWith(cfg.basePath + '/')) {
    return errorReply(404, `not found: the service lives under ${cfg.basePath}`);
  }
  ctx.subPath = pathname.slice(cfg.basePath.length);

  // A delay applies to every request, the 401 challenge included.
  const delay = cfg.faults.takeDelay(ctx.method, ctx.subPath);
  if (delay) {
    ctx.entry.fault = 'delay';
    await cfg.faults.delay(delay);
  }

  if (cfg.checkDigest) {
    const auth = cfg.auth.verify(ctx.req.headers.authorization, ctx.method, target);
    const p = auth.params;
    if (p) Object.assign(ctx.entry, { username: p.username, nonce: p.nonce, nc: p.nc, algorithm: p.algorithm ?? 'MD5' });
    if (!auth.ok) {
      ctx.entry.authFailure = auth.reason;
      if (auth.status === 400) return errorReply(400, auth.message);
      return errorReply(401, auth.message, { 'WWW-Authenticate': cfg.auth.challenge(auth.stale) });
    }
  }
  if (ctx.req.headers['x-service-key'] !== `key="${cfg.key}"`) {
    return errorReply(403, 'API key refused');
  }

  // Other faults only now: the Digest round trip never consumes one.
  ctx.fault = cfg.faults.takeFault(ctx.method, ctx.subPath);
  if (ctx.fault) {
    ctx.entry.fault = ctx.fault.kind;
    const r = faultReply(ctx);
    if (r) return r;
    if (ctx.fault.kind === 'hangUp') {
      // The whole request arrives, nothing is processed, and no answer ever comes.
      for await (const chunk of ctx.body()) void chunk;
      ctx.entry.aborted = true;
      ctx.req.socket.destroy();
      return undefined;
    }
    if (ctx.fault.kind === 'storedLate') {
      // The whole request arrives and the connection dies unanswered, and the
      // service stores it only `ms` later, as a slow back end would.
      const chunks: Buffer[] = [];
      for await (const chunk of ctx.body()) chunks.push(chunk as Buffer);
      ctx.entry.aborted = true;
      ctx.req.socket.destroy();
      ctx.replay(Buffer.concat(chunks));
      setTimeout(() => void dispatch(ctx, { store: cfg.store, user: cfg.user }).catch(() => undefined), ctx.fault.ms ?? 3000);
      return undefined;
    }
    if (ctx.fault.kind === 'drop' && ctx.fault.afterBytes === undefined) {
      ctx.entry.aborted = true;
      ctx.req.socket.destroy();
      return undefined;
    }
  }
  return dispatch(ctx, { store: cfg.store, user: cfg.user });
}

export function createSandboxServer(cfg: ServerConfig): http.Server {
  const connections = new WeakMap<object, number>();
  const connectionOf = (socket: object): number => {
    let n = connections.get(socket);
    if (n === undefined) connections.set(socket, (n = ++connectionCount));
    return n;
  };
  let connectionCount = 0;
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse, expectsContinue: boolean, expectationFailed = false) => {
    const entry: AccessLogEntry = {
      time: new Date().toISOString(),
      method: req.method ?? '',
      path: req.url ?? '',
      status: 0,
      durationMs: 0,
      bytesIn: 0,
      bytesOut: 0,
      connection: connectionOf(req.socket),
      hadAuthorization: req.headers.authorization !== undefined,
    };
    if (req.headers.authorization !== undefined) entry.authorization = req.headers.authorization;
    const ctx = new RequestContext(req, res, entry, expectsContinue);
    ctx.maxBodyBytes = cfg.maxUploadBytes;

    let logged = false;
    const finalize = () => {
      if (logged) return;
      logged = true;
      // 0 when the connection died before a status line went out.
      entry.status = res.headersSent || !ctx.gone ? res.statusCode : 0;
      if (ctx.gone && !res.writableFinished) entry.aborted = true;
      entry.durationMs = Date.now() - ctx.started;
      entry.bytesIn = ctx.bytesIn;
      entry.bytesOut = ctx.bytesOut;
      cfg.accessLog.push(entry);
      // The file never gets the raw Authorization header.
      const publicEntry: AccessLogEntry = { ...entry };
      delete publicEntry.authorization;
      cfg.accessLogFile.write(JSON.stringify(publicEntry) + '\n');
      cfg.log?.(`${entry.method} ${entry.path} ${entry.status}${entry.fault ? ` [fault ${entry.fault}]` : ''} ${entry.durationMs}ms`);
    };
    res.on('finish', () => {
      // A body nobody read (e.g. refused with 401) is drained by Node; count it.
      if (!ctx.bodyConsumed) req.on('data', (c: Buffer) => (ctx.bytesIn += c.length));
    });
    res.on('close', () => {
      if (req.readableEnded || req.destroyed || (req.complete && !ctx.hasRequestBody)) finalize();
      else {
        req.once('end', finalize);
        req.once('close', finalize);
        setTimeout(finalize, 5000).unref();
      }
    });

    let reply: Reply | undefined;
    try {
      reply = await decide(ctx, cfg, expectationFailed);
    } catch (e) {
      if (e instanceof HttpError) reply = errorReply(e.status, e.message, e.headers);
      else if (!ctx.gone) {
        cfg.log?.(`error on ${req.method} ${req.url}: ${(e as Error).stack ?? String(e)}`);
        reply = errorReply(500, `sandbox error: ${(e as Error).message}`);
      }
    }
    if (!reply || ctx.gone) return;
    // A body we started reading but did not finish (413, errors) cannot be
    // skipped on a kept-alive connection: close it after this response.
    if (ctx.bodyConsumed && !req.readableEnded) res.setHeader('Connection', 'close');
    try {
      await sendReply(ctx, reply);
    } catch (e) {
      cfg.log?.(`error sending ${req.method} ${req.url}: ${(e as Error).message}`);
      res.destroy();
    }
  };

  // requestTimeout 0: large uploads in benchmarks must not hit Node's 5 min default.
  const server = http.createServer({ requestTimeout: 0 }, (req, res) => void handle(req, res, false));
  // Our own 100-continue: sent only once auth passed (RequestContext.body()).
  server.on('checkContinue', (req, res) => void handle(req, res, true));
  // Node answers any Expect other than 100-continue with 417, including the
  // empty `Expect:` the spec's clients send; an empty one is a normal request.
  server.on('checkExpectation', (req, res) => {
    const expect = String(req.headers.expect ?? '').trim();
    void handle(req, res, false, expect !== '');
  });
  return server;
}
