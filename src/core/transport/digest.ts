import DigestClient from 'digest-fetch';
import { ServiceError } from '../errors';
import type { Challenge } from './challenge';

/** Algorithms digest-fetch computes, strongest first: the order we choose in. */
const PREFERENCE = ['SHA-512-256', 'SHA-512-256-sess', 'SHA-256', 'SHA-256-sess', 'MD5', 'MD5-sess'] as const;
type Algorithm = (typeof PREFERENCE)[number];

/**
 * digest-fetch's client with the challenge values we parsed ourselves: it
 * writes `realm` into the header unescaped and hashes the same string, so the
 * header gets the escaped form and the hash the real one.
 */
class Client extends DigestClient {
  constructor(user: string, password: string, algorithm: Algorithm, private readonly realm: string) {
    super(user, password, { algorithm });
  }

  override computeHash(user: string): string {
    return this.hashWithAlgorithm(`${user}:${this.realm}:${this.password}`) as string;
  }
}

interface DigestState {
  readonly client: Client;
  readonly nonce: string;
  readonly algorithm: Algorithm;
  /** The last nonce count used; the next request takes nc + 1. */
  nc: number;
}

/**
 * Digest authentication state for one account (RFC 7616). digest-fetch
 * computes the header; this class decides what it computes from: it reads the
 * server's `algorithm` (digest-fetch only takes it from its constructor),
 * chooses the strongest offered, and hands out nonce counts itself. Header
 * computation is synchronous, so each request gets its own strictly
 * increasing `nc` even when many run in parallel.
 */
export class DigestSession {
  private state?: DigestState;

  constructor(private readonly username: string, private readonly password: string) {
    // digest-fetch writes the user name into a quoted header value as it is.
     
    if (/[^\x20-\x7E]|["\\]/.test(username)) {
      throw new ServiceError('invalidRequest', 'The user name must be printable ASCII without quotes or backslashes.');
    }
  }

  get hasChallenge(): boolean {
    return this.state !== undefined;
  }

  get algorithm(): string | undefined {
    return this.state?.algorithm;
  }

  /**
   * Takes the challenges of a 401. Returns whether the server said the nonce
   * was stale (the credentials were right). Throws when no challenge is usable.
   */
  accept(challenges: readonly Challenge[]): { stale: boolean } {
    const usable = challenges
      .filter((c) => c.scheme.toLowerCase() === 'digest' && c.params.nonce && !/["\\]/.test(c.params.nonce))
      .filter((c) => qopUsable(c.params.qop))
      .map((c) => ({ c, algorithm: algorithmOf(c.params.algorithm) }))
      .filter((x): x is { c: Challenge; algorithm: Algorithm } => x.algorithm !== undefined)
      .sort((a, b) => PREFERENCE.indexOf(a.algorithm) - PREFERENCE.indexOf(b.algorithm));
    const best = usable[0];
    if (!best) {
      const offered = challenges.map((c) => `${c.scheme}${c.params.algorithm ? ` ${c.params.algorithm}` : ''}`).join(', ') || 'none';
      throw new ServiceError('unauthorized', `The service asks for an authentication this client does not support (offered: ${offered}).`);
    }
    const p = best.c.params;
    const client = new Client(this.username, this.password, best.algorithm, p.realm ?? '');
    client.parseAuth(best.c.raw);
    // digest-fetch's own parsing of the challenge is loose (quotes, spaces): use ours.
    client.digest.realm = quoted(p.realm ?? '');
    Object.assign(client.digest, { nonce: p.nonce, opaque: p.opaque === undefined ? null : quoted(p.opaque) });
    this.state = { client, nonce: best.c.params.nonce, algorithm: best.algorithm, nc: 0 };
    return { stale: (best.c.params.stale ?? '').toLowerCase() === 'true' };
  }

  /** The `Authorization` value for one request, or undefined before any challenge. */
  authorization(method: string, url: string): string | undefined {
    const s = this.state;
    if (!s) return undefined;
    s.nc += 1;
    // nc is a hexadecimal count (RFC 7616 3.4); digest-fetch pads whatever it is given to 8 characters.
    (s.client.digest as { nc: number | string }).nc = s.nc.toString(16);
    const options = s.client.addAuth(url, { method, headers: {} }) as { headers: { Authorization: string } };
    return options.headers.Authorization;
  }

  /** Forgets the challenge, e.g. after credentials were refused. */
  reset(): void {
    this.state = undefined;
  }
}

/** A value as it must appear inside a quoted-string. */
function quoted(v: string): string {
  return v.replace(/[\\"]/g, (c) => `\\${c}`);
}

function algorithmOf(value: string | undefined): Algorithm | undefined {
  const wanted = (value ?? 'MD5').toUpperCase();
  return PREFERENCE.find((a) => a.toUpperCase() === wanted);
}

/** `auth` must be offered when qop is given; no qop is RFC 2069 and still works. */
function qopUsable(qop: string | undefined): boolean {
  return qop === undefined || qop.split(',').map((q) => q.trim().toLowerCase()).includes('auth');
}
