// The hostile server's own Digest arithmetic (RFC 7616, RFC 2617, RFC 2069),
// written from the RFCs with node:crypto and independent of the client: it
// decides whether a request carried the password the server holds.
import { createHash, randomBytes } from 'node:crypto';

export type DigestParams = Record<string, string>;

const HASH: Record<string, string> = { MD5: 'md5', 'SHA-256': 'sha256', 'SHA-512-256': 'sha512-256' };

/** Parses an `Authorization: Digest …` value strictly: every parameter once, nothing left over. */
export function parseAuthorization(header: string): { scheme: string; params: DigestParams } | undefined {
  const m = /^(\S+)\s+(.*)$/s.exec(header);
  if (!m) return undefined;
  const params: DigestParams = {};
  const re = /\s*([A-Za-z0-9_*-]+)=(?:"((?:[^"\\]|\\.)*)"|([^,]*))\s*(?:,|$)/gy;
  let p: RegExpExecArray | null;
  let end = 0;
  while ((p = re.exec(m[2])) !== null) {
    const name = p[1].toLowerCase();
    if (params[name] !== undefined) return undefined;
    params[name] = p[2] !== undefined ? p[2].replace(/\\(.)/g, '$1') : p[3];
    end = re.lastIndex;
    if (end >= m[2].length) break;
  }
  return end === m[2].length ? { scheme: m[1], params } : undefined;
}

/** The user name of a Digest header: `username`, or `username*` decoded (RFC 8187). */
export function userOf(p: DigestParams): string | undefined {
  if (p.username !== undefined) return p.username;
  const ext = /^UTF-8'[^']*'(.*)$/i.exec(p['username*'] ?? '');
  return ext ? decodeURIComponent(ext[1]) : undefined;
}

/** The response a client holding `password` must send for these parameters. */
export function expectedResponse(p: DigestParams, method: string, realm: string, password: string): string | undefined {
  const algorithm = (p.algorithm ?? 'MD5').toUpperCase();
  const sess = algorithm.endsWith('-SESS');
  const alg = HASH[sess ? algorithm.slice(0, -5) : algorithm];
  const user = userOf(p);
  if (!alg || user === undefined) return undefined;
  const H = (s: string) => createHash(alg).update(s, 'utf8').digest('hex');
  let ha1 = H(`${user}:${realm}:${password}`);
  if (sess) ha1 = H(`${ha1}:${p.nonce}:${p.cnonce}`);
  const ha2 = H(`${method}:${p.uri}`);
  return p.qop ? H(`${ha1}:${p.nonce}:${p.nc}:${p.cnonce}:${p.qop}:${ha2}`) : H(`${ha1}:${p.nonce}:${ha2}`);
}

export function newNonce(): string {
  return randomBytes(12).toString('base64url');
}
