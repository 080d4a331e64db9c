// A scripted HTTP server that misbehaves on purpose, for the client's tests:
// each test gives it a script that answers every request as that test needs
// (a stale nonce forever, a gateway's Basic challenge, a password changed
// while calls are in flight, an error that echoes the credentials, …). It
// keeps a log of what reached it, with the Digest verdict of each request,
// so that a test can count requests that carried a refused password.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectedResponse, newNonce, parseAuthorization, userOf, type DigestParams } from './digest';

export const BASE_PATH = '/svc/v1.1';

/** What the server logged of one request. */
export interface HostileEntry {
  readonly n: number;
  readonly method: string;
  /** Path below the base path, e.g. `/submissions`. */
  readonly path: string;
  readonly digest?: DigestParams;
  /** Whether the Digest response matches the server's password: when the request arrived, and again when `standard` answers it. */
  passwordOk?: boolean;
  readonly key?: string;
  /** The request's headers as they arrived. */
  readonly headers: http.IncomingHttpHeaders;
  /** Body bytes received (filled in once the body was read). */
  bodyBytes: number;
  status?: number;
}

/** The account and Digest settings the server checks against; a script may change them at any time. */
export interface Account {
  user: string;
  password: string;
  key: string;
  realm: string;
  /** `qop` as offered in challenges; undefined offers none (RFC 2069). */
  qop?: string;
  algorithm?: string;
  /** Nonces older than this are stale. */
  nonceTtlMs: number;
  /** Send `Authentication-Info: nextnonce=…` on success. */
  nextnonce: boolean;
}

export interface Exchange {
  readonly req: http.IncomingMessage;
  readonly res: http.ServerResponse;
  readonly entry: HostileEntry;
  readonly server: HostileServer;
}

/** A script answers one request; it may delay, misbehave or call `server.standard(x)`. */
export type Script = (x: Exchange) => void | Promise<void>;

export class HostileServer {
  readonly log: HostileEntry[] = [];
  readonly account: Account = { user: 'alice', password: 'right-password', key: 'right-key', realm: 'hostile', qop: 'auth', nonceTtlMs: 60_000, nextnonce: false };
  private readonly nonces = new Map<string, number>();
  private readonly server: http.Server;
  baseUrl = '';

  constructor(private script: Script) {
    this.server = http.createServer((req, res) => this.handle(req, res));
    // Node answers an Expect it does not know with 417 by itself; here the script decides.
    this.server.on('checkExpectation', (req, res) => this.handle(req, res));
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${BASE_PATH}`;
    return this;
  }

  /** Replaces the script for the requests that arrive from now on. */
  setScript(script: Script): void {
    this.script = script;
  }

  /** Requests that carried a Digest response computed with a password other than the one the server held. */
  get refusedPasswordRequests(): HostileEntry[] {
    return this.log.filter((e) => e.digest && e.passwordOk === false);
  }

  /** A `WWW-Authenticate` Digest challenge with a new nonce. */
  challenge(opts: { stale?: boolean; realm?: string; qop?: string | null; algorithm?: string } = {}): string {
    const nonce = newNonce();
    this.nonces.set(nonce, Date.now());
    const a = this.account;
    const qop = opts.qop === null ? undefined : opts.qop ?? a.qop;
    const algorithm = opts.algorithm ?? a.algorithm;
    return `Digest realm="${(opts.realm ?? a.realm).replace(/["\\]/g, '\\$&')}", nonce="${nonce}"` +
      (qop !== undefined ? `, qop="${qop}"` : '') + (algorithm ? `, algorithm=${algorithm}` : '') + (opts.stale ? ', stale=true' : '');
  }

  /** Whether the request's nonce is one this server issued and still honours. */
  nonceFresh(entry: HostileEntry): boolean {
    const issued = entry.digest && this.nonces.get(entry.digest.nonce);
    return issued !== undefined && Date.now() - issued <= this.account.nonceTtlMs;
  }

  /**
   * Answers as a well-behaved Digest server would: 401 with a challenge when
   * the credentials are missing or wrong, stale=true when only the nonce is
   * old, 403 for a wrong key, else `ok(x)` (by default a small XML list).
   */
  async standard(x: Exchange, ok: (x: Exchange) => void | Promise<void> = sendOk): Promise<void> {
    const { entry, res } = x;
    entry.passwordOk = this.verify(x.req, entry.digest); // the password may have changed while the request waited
    if (entry.passwordOk !== true) return void this.reply(x, 401, 'unauthorized', { 'WWW-Authenticate': this.challenge() });
    if (!this.nonceFresh(entry)) return void this.reply(x, 401, 'stale', { 'WWW-Authenticate': this.challenge({ stale: true }) });
    if (entry.key !== `key="${this.account.key}"`) return void this.reply(x, 403, 'key refused');
    if (this.account.nextnonce) {
      const next = newNonce();
      this.nonces.set(next, Date.now());
      res.setHeader('Authentication-Info', `nextnonce="${next}", qop=auth`);
    }
    await ok(x);
  }

  /** Sends a status with a small XML error body (the request body is read first, so keep-alive holds). */
  reply(x: Exchange, status: number, message: string, headers: Record<string, string | string[]> = {}): void {
    x.entry.status = status;
    x.res.writeHead(status, { 'Content-Type': 'application/xml', ...headers });
    x.res.end(`<?xml version="1.0"?><response status="error"><message>${message}</message></response>`);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private verify(req: http.IncomingMessage, digest: DigestParams | undefined): boolean | undefined {
    const a = this.account;
    if (!digest) return undefined;
    // As strict as RFC 7616 servers are: qop=auth with nc and cnonce when auth was offered, none of them without qop (RFC 2069).
    const offered = a.qop !== undefined;
    const qopOk = offered ? digest.qop?.toLowerCase() === 'auth' && !!digest.nc && !!digest.cnonce : !('qop' in digest || 'nc' in digest || 'cnonce' in digest);
    return qopOk && userOf(digest) === a.user && digest.realm === a.realm && digest.response === expectedResponse(digest, req.method ?? '', a.realm, a.password);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://x');
    const auth = typeof req.headers.authorization === 'string' ? parseAuthorization(req.headers.authorization) : undefined;
    const digest = auth && auth.scheme.toLowerCase() === 'digest' ? auth.params : undefined;
    const passwordOk = this.verify(req, digest);
    const entry: HostileEntry = {
      n: this.log.length + 1, method: req.method ?? '', path: url.pathname.replace(BASE_PATH, '') + url.search,
      digest, passwordOk, key: req.headers['x-service-key'] as string | undefined, headers: req.headers, bodyBytes: 0,
    };
    this.log.push(entry);
    req.on('data', (c: Buffer) => { entry.bodyBytes += c.length; });
    res.on('finish', () => { entry.status ??= res.statusCode; });
    Promise.resolve(this.script({ req, res, entry, server: this })).catch((e: Error) => {
      if (!res.headersSent) res.writeHead(500).end(String(e.message));
    });
  }
}

export async function startHostile(script: Script): Promise<HostileServer> {
  return new HostileServer(script).listen();
}

/** A small valid answer: an empty list of submissions or of archive files, or the new item's id for a PUT or POST. */
export function sendOk(x: Exchange): void {
  const done = (): void => {
    x.res.writeHead(200, { 'Content-Type': 'application/xml' });
    const { method, path } = x.entry;
    x.res.end(`<?xml version="1.0"?><response status="ok">${
      method === 'PUT' ? '<file><id>77</id></file>'
        : method === 'POST' ? '<submission status="created"><id>88</id></submission>'
          : path.startsWith('/archives') ? '<Files></Files>' : '<Submissions></Submissions>'
    }</response>`);
  };
  // Answer once the body is in, as a service that stores it would.
  if (x.req.readableEnded) done();
  else x.req.on('end', done).resume();
}
