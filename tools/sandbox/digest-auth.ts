// HTTP Digest authentication (RFC 7616), checked for real so clients meet
// the traps a real server sets: one challenge per offered algorithm, qop=auth
// only, nonce expiry (stale=true), replayed nonce counts refused, uri checked.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DigestAlgorithm } from './types';

export interface DigestOptions {
  realm: string;
  user: string;
  password: string;
  /** Offered in this order, one WWW-Authenticate header each. */
  algorithms: DigestAlgorithm[];
  nonceTtlMs: number;
}

export interface DigestParams {
  [key: string]: string | undefined;
}

export type DigestResult =
  | { ok: true; params: DigestParams; username: string; algorithm: string }
  | {
      ok: false;
      /** 401 asks for (new) credentials; 400 is a header the sandbox cannot use. */
      status: 400 | 401;
      reason: string;
      message: string;
      stale: boolean;
      params?: DigestParams;
    };

interface NonceState {
  issued: number;
  usedNc: Set<number>;
}

function hashHex(algorithm: DigestAlgorithm, text: string): string {
  return createHash(algorithm === 'MD5' ? 'md5' : 'sha256').update(text, 'utf8').digest('hex');
}

/** Parses `Digest k=v, k="quoted \" v"` into lower-cased keys. Returns undefined when malformed. */
export function parseDigestHeader(header: string): DigestParams | undefined {
  const m = /^\s*Digest\s+/i.exec(header);
  if (!m) return undefined;
  const params: DigestParams = {};
  let i = m[0].length;
  const s = header;
  while (i < s.length) {
    while (i < s.length && /[\s,]/.test(s[i])) i++;
    if (i >= s.length) break;
    const keyMatch = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+/.exec(s.slice(i));
    if (!keyMatch) return undefined;
    const key = keyMatch[0].toLowerCase();
    i += keyMatch[0].length;
    while (i < s.length && s[i] === ' ') i++;
    if (s[i] !== '=') return undefined;
    i++;
    while (i < s.length && s[i] === ' ') i++;
    let value = '';
    if (s[i] === '"') {
      i++;
      let closed = false;
      while (i < s.length) {
        const c = s[i];
        if (c === '\\' && i + 1 < s.length) {
          value += s[i + 1];
          i += 2;
        } else if (c === '"') {
          i++;
          closed = true;
          break;
        } else {
          value += c;
          i++;
        }
      }
      if (!closed) return undefined;
    } else {
      const tok = /^[^\s,]*/.exec(s.slice(i))![0];
      value = tok;
      i += tok.length;
    }
    if (key in params) return undefined; // duplicated parameter
    params[key] = value;
  }
  return params;
}

/** RFC 8187 `username*=UTF-8''…` (RFC 7616 section 3.4.4). */
function decodeExtValue(v: string): string | undefined {
  const m = /^UTF-8'[^']*'(.*)$/i.exec(v);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return undefined;
  }
}

/** Request target from the Digest `uri` parameter: absolute-form is reduced to path + query. */
function targetOf(uri: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(uri)) {
    try {
      const u = new URL(uri);
      return u.pathname + u.search;
    } catch {
      return uri;
    }
  }
  return uri;
}

function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase());
  const y = Buffer.from(b.toLowerCase());
  return x.length === y.length && timingSafeEqual(x, y);
}

export class DigestAuth {
  private readonly nonces = new Map<string, NonceState>();
  /** Constant for the realm so it survives a restart (a client's opaque stays valid). */
  readonly opaque: string;

  constructor(private readonly opts: DigestOptions) {
    if (opts.algorithms.length === 0) throw new Error('at least one digest algorithm must be offered');
    this.opaque = createHash('md5').update(`dsas-sandbox-opaque:${opts.realm}`).digest('hex');
  }

  /** One WWW-Authenticate value per offered algorithm, sharing one new nonce. */
  challenge(stale: boolean): string[] {
    this.prune();
    const nonce = randomBytes(18).toString('base64url');
    this.nonces.set(nonce, { issued: Date.now(), usedNc: new Set() });
    return this.opts.algorithms.map(
      (alg) =>
        `Digest realm="${this.opts.realm}", qop="auth", algorithm=${alg}, nonce="${nonce}", opaque="${this.opaque}"` +
        (stale ? ', stale=true' : ''),
    );
  }

  /** An administrator changes the password: requests signed with the old one are refused from now on. */
  setPassword(password: string): void {
    this.opts.password = password;
  }

  /** Simulates a server restart: every nonce becomes unknown. */
  forgetNonces(): void {
    this.nonces.clear();
  }

  verify(authorization: string | undefined, method: string, requestTarget: string): DigestResult {
    const fail = (status: 400 | 401, reason: string, message: string, stale = false, params?: DigestParams): DigestResult => ({
      ok: false, status, reason, message, stale, params,
    });
    if (!authorization) return fail(401, 'missing', 'Digest authentication required');
    if (!/^\s*Digest\s/i.test(authorization)) return fail(401, 'scheme', 'only the Digest authentication scheme is accepted');
    const p = parseDigestHeader(authorization);
    if (!p) return fail(400, 'malformed', 'malformed Digest Authorization header');

    const algParam = (p.algorithm ?? 'MD5').toUpperCase(); // RFC 7616: absent means MD5
    const sess = algParam.endsWith('-SESS');
    const base = (sess ? algParam.slice(0, -5) : algParam) as DigestAlgorithm;
    if (!this.opts.algorithms.includes(base)) {
      return fail(401, 'algorithm', `digest algorithm ${p.algorithm ?? 'MD5 (default)'} is not offered; offered: ${this.opts.algorithms.join(', ')}`, false, p);
    }
    if (p.qop === undefined) return fail(401, 'qop', 'qop=auth is required', false, p);
    if (p.qop !== 'auth') return fail(401, 'qop', `qop=${p.qop} is not supported; use qop=auth`, false, p);
    for (const k of ['realm', 'nonce', 'uri', 'response', 'nc', 'cnonce']) {
      if (!p[k]) return fail(400, 'malformed', `Digest parameter ${k} is missing`, false, p);
    }
    if (!/^[0-9a-f]{8}$/i.test(p.nc!)) return fail(400, 'malformed', `Digest nc must be 8 hex digits, got ${p.nc}`, false, p);
    if (p.realm !== this.opts.realm) return fail(401, 'realm', `wrong realm ${p.realm}`, false, p);
    if (targetOf(p.uri!) !== requestTarget) {
      return fail(400, 'uri', `Digest uri "${p.uri}" does not match the request target "${requestTarget}"`, false, p);
    }

    let username = p.username;
    if (username === undefined && p['username*'] !== undefined) username = decodeExtValue(p['username*']);
    if (username === undefined) return fail(400, 'malformed', 'Digest parameter username is missing', false, p);
    const userOk = p.userhash === 'true'
      ? safeEqualHex(username, hashHex(base, `${this.opts.user}:${this.opts.realm}`))
      : username === this.opts.user;
    if (!userOk) {
      return fail(401, 'credentials', 'wrong user name or password', false, p);
    }

    const nonce = p.nonce!;
    let ha1 = hashHex(base, `${this.opts.user}:${this.opts.realm}:${this.opts.password}`);
    if (sess) ha1 = hashHex(base, `${ha1}:${nonce}:${p.cnonce}`);
    const ha2 = hashHex(base, `${method}:${p.uri}`);
    const expected = hashHex(base, `${ha1}:${nonce}:${p.nc}:${p.cnonce}:${p.qop}:${ha2}`);
    if (!safeEqualHex(expected, p.response!)) return fail(401, 'credentials', 'wrong user name or password', false, p);
    if (p.opaque !== undefined && p.opaque !== this.opaque) return fail(401, 'opaque', 'opaque does not match the challenge', false, p);

    // The digest is right: only now do nonce problems earn stale=true.
    const state = this.nonces.get(nonce);
    if (!state) return fail(401, 'stale', 'unknown nonce (expired or issued before a restart)', true, p);
    if (Date.now() - state.issued > this.opts.nonceTtlMs) {
      this.nonces.delete(nonce);
      return fail(401, 'stale', 'nonce expired', true, p);
    }
    const nc = parseInt(p.nc!, 16);
    // Any unused nc is fine: parallel requests may arrive out of order.
    if (state.usedNc.has(nc)) return fail(401, 'replay', `nonce count ${p.nc} was already used with this nonce`, false, p);
    state.usedNc.add(nc);
    return { ok: true, params: p, username, algorithm: p.algorithm ?? 'MD5' };
  }

  private prune(): void {
    const now = Date.now();
    for (const [nonce, st] of this.nonces) {
      if (now - st.issued > this.opts.nonceTtlMs) this.nonces.delete(nonce);
    }
  }
}
