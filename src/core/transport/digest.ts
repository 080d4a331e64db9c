import { createHash, randomBytes } from 'node:crypto';
import { checkText, HEADER_VALUE } from '../validate';
import type { Challenge } from './challenge';

/** Hash of each algorithm family (RFC 7616 3.2); node:crypto computes them all. */
const HASHES = { 'SHA-512-256': 'sha512-256', 'SHA-256': 'sha256', MD5: 'md5' } as const;
/** Strongest first: the order we choose in when a service offers several. */
const PREFERENCE = ['SHA-512-256', 'SHA-512-256-sess', 'SHA-256', 'SHA-256-sess', 'MD5', 'MD5-sess'] as const;
type Algorithm = (typeof PREFERENCE)[number];

interface NonceState {
  readonly realm: string;
  readonly nonce: string;
  readonly opaque?: string;
  readonly algorithm: Algorithm;
  /** `auth`, or undefined for a challenge without qop (RFC 2069). */
  readonly qop?: 'auth';
  /** One cnonce per nonce: the -sess algorithms compute HA1 from it once (RFC 7616 3.4.2). */
  readonly cnonce: string;
  readonly ha1: string;
  readonly learnedAt: number;
  /** Which nonce learned this is (1, 2, …): a refusal is judged by when its nonce came. */
  readonly generation: number;
  /** The last nonce count used; the next request takes nc + 1. */
  nc: number;
}

/** One request's `Authorization` value and the nonce it used. */
export interface Authorization {
  readonly header: string;
  readonly nonce: string;
  /** How long ago the nonce was learned, in ms. */
  readonly nonceAge: number;
  readonly generation: number;
}

/**
 * Digest authentication state for one account (RFC 7616, RFC 2617, RFC 2069).
 * It chooses the strongest usable challenge, writes the `Authorization`
 * header itself (user names outside ASCII go as `username*`, quoted values are
 * escaped, no `nc`/`cnonce` without qop) and hands out nonce counts: header
 * computation is synchronous, so each request gets its own strictly
 * increasing `nc` even when many run in parallel.
 */
export class DigestSession {
  private state?: NonceState;
  private learned = 0;

  constructor(private readonly username: string, private readonly password: string, private readonly now: () => number = Date.now) {
    // Any text can travel in username* (RFC 8187), but no control character belongs in a user name.
    checkText('userName', username, HEADER_VALUE);
  }

  get hasChallenge(): boolean {
    return this.state !== undefined;
  }

  /** Nonces learned so far (challenges and nextnonces). */
  get generation(): number {
    return this.learned;
  }

  get algorithm(): string | undefined {
    return this.state?.algorithm;
  }

  /** How long ago the nonce in use was learned, in ms; undefined without one. */
  get nonceAge(): number | undefined {
    return this.state && this.now() - this.state.learnedAt;
  }

  /**
   * Takes the challenges of a 401. Returns whether the server said the nonce
   * was stale (the credentials were right), or undefined when no challenge is
   * one this client can answer; the state is then left as it was.
   */
  accept(challenges: readonly Challenge[]): { stale: boolean } | undefined {
    const best = challenges
      .map((c) => ({ c, algorithm: usableAlgorithm(c) }))
      .filter((x): x is { c: Challenge; algorithm: Algorithm } => x.algorithm !== undefined)
      .sort((a, b) => PREFERENCE.indexOf(a.algorithm) - PREFERENCE.indexOf(b.algorithm))[0];
    if (!best) return undefined;
    const p = best.c.params;
    this.learn(p.realm ?? '', p.nonce, p.opaque, best.algorithm, qopsOf(p.qop).includes('auth') ? 'auth' : undefined);
    return { stale: (p.stale ?? '').toLowerCase() === 'true' };
  }

  /**
   * Takes a fresh nonce from the challenges that answered a request without
   * credentials, only from one of the protection space in use (its realm,
   * algorithm and qop): another one says nothing of this account's nonces.
   */
  renew(challenges: readonly Challenge[]): void {
    const s = this.state;
    const same = s && challenges.find((c) => usableAlgorithm(c) === s.algorithm && (c.params.realm ?? '') === s.realm
      && (qopsOf(c.params.qop).includes('auth') ? 'auth' : undefined) === s.qop);
    if (same) this.learn(s.realm, same.params.nonce, same.params.opaque, s.algorithm, s.qop);
  }

  /**
   * Takes the `nextnonce` of an `Authentication-Info` header (RFC 7616 3.5),
   * when it answers a request made with the nonce still in use: a response
   * that arrives late must not bring back an older one.
   */
  next(nextnonce: string, usedNonce: string): void {
    const s = this.state;
    if (!s || !nextnonce || usedNonce !== s.nonce || nextnonce === s.nonce) return;
    this.learn(s.realm, nextnonce, s.opaque, s.algorithm, s.qop);
  }

  /** The `Authorization` for one request, or undefined before any challenge. */
  authorization(method: string, url: string): Authorization | undefined {
    const s = this.state;
    if (!s) return undefined;
    s.nc += 1;
    // nc is the hexadecimal count of requests with this nonce (RFC 7616 3.4).
    const nc = s.nc.toString(16).padStart(8, '0');
    const u = new URL(url);
    const uri = u.pathname + u.search;
    const h = (text: string) => hash(s.algorithm, text);
    const ha2 = h(`${method}:${uri}`);
    const response = s.qop ? h(`${s.ha1}:${s.nonce}:${nc}:${s.cnonce}:${s.qop}:${ha2}`) : h(`${s.ha1}:${s.nonce}:${ha2}`);
    const parts = [
      userParam(this.username), `realm=${quoted(s.realm)}`, `nonce=${quoted(s.nonce)}`, `uri=${quoted(uri)}`,
      `algorithm=${s.algorithm}`, `response=${quoted(response)}`,
    ];
    if (s.opaque !== undefined) parts.push(`opaque=${quoted(s.opaque)}`);
    if (s.qop) parts.push(`qop=${s.qop}`, `nc=${nc}`, `cnonce=${quoted(s.cnonce)}`);
    return { header: `Digest ${parts.join(', ')}`, nonce: s.nonce, nonceAge: this.now() - s.learnedAt, generation: s.generation };
  }

  /** Forgets the challenge, e.g. after credentials were refused. */
  reset(): void {
    this.state = undefined;
  }

  private learn(realm: string, nonce: string, opaque: string | undefined, algorithm: Algorithm, qop: 'auth' | undefined): void {
    const cnonce = randomBytes(16).toString('hex');
    let ha1 = hash(algorithm, `${this.username}:${realm}:${this.password}`);
    if (algorithm.endsWith('-sess')) ha1 = hash(algorithm, `${ha1}:${nonce}:${cnonce}`);
    this.state = { realm, nonce, opaque, algorithm, qop, cnonce, ha1, learnedAt: this.now(), generation: ++this.learned, nc: 0 };
  }
}

/**
 * What the service offered, for a message when nothing could be answered:
 * `Basic (realm "x")`, `Digest (algorithm SHA-1)`, `Digest (qop auth-int)`.
 */
export function describeOffered(challenges: readonly Challenge[]): string {
  if (challenges.length === 0) return 'no challenge at all';
  return challenges.map((c) => {
    const p = c.params;
    const details = [
      p.realm !== undefined ? `realm "${p.realm}"` : '',
      p.algorithm !== undefined ? `algorithm ${p.algorithm}` : '',
      p.qop !== undefined ? `qop ${p.qop}` : '',
      c.scheme.toLowerCase() === 'digest' && !p.nonce ? 'no nonce' : '',
    ].filter(Boolean);
    return details.length ? `${c.scheme} (${details.join(', ')})` : c.scheme;
  }).join(', ');
}

/** The algorithm a challenge can be answered with, or undefined when it cannot. */
function usableAlgorithm(c: Challenge): Algorithm | undefined {
  const p = c.params;
  if (c.scheme.toLowerCase() !== 'digest' || !p.nonce) return undefined;
  const wanted = (p.algorithm ?? 'MD5').toUpperCase();
  const algorithm = PREFERENCE.find((a) => a.toUpperCase() === wanted);
  if (!algorithm) return undefined;
  // With qop, `auth` must be offered (auth-int is not done); without, RFC 2069 still works, but -sess needs a cnonce, which only qop carries.
  if (p.qop === undefined) return algorithm.endsWith('-sess') ? undefined : algorithm;
  return qopsOf(p.qop).includes('auth') ? algorithm : undefined;
}

function qopsOf(qop: string | undefined): string[] {
  return (qop ?? '').split(',').map((q) => q.trim().toLowerCase()).filter(Boolean);
}

function hash(algorithm: Algorithm, text: string): string {
  return createHash(HASHES[algorithm.replace(/-sess$/, '') as keyof typeof HASHES]).update(text, 'utf8').digest('hex');
}

/** A value as a quoted-string (RFC 9110 5.6.4). */
function quoted(v: string): string {
  return `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** `username="…"` for printable ASCII, else `username*=UTF-8''…` (RFC 7616 3.4.4, RFC 8187). */
function userParam(user: string): string {
  if (/^[\x20-\x7E]*$/.test(user)) return `username=${quoted(user)}`;
  const encoded = Array.from(Buffer.from(user, 'utf8'), (b) => {
    const c = String.fromCharCode(b);
    return /[A-Za-z0-9!#$&+\-.^_`|~]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
  return `username*=UTF-8''${encoded}`;
}
