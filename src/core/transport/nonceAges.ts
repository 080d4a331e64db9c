import type { Authorization } from './digest';

/**
 * Before a body, a nonce older than this is renewed even when no stale
 * answer has shown the service's lifetime: services are configured far
 * below Apache's default of 300 s (30 s and less).
 */
export const DEFAULT_NONCE_MAX_AGE_MS = 30_000;
/** A body this large costs far more to send twice than one body-less round trip (measured: see CONTRIBUTING, "Large bodies")… */
export const LARGE_BODY_BYTES = 4 * 1024 * 1024;
/** …so it goes out at once only on a nonce at most this old; a service whose nonces live less is learned from its stale answer. */
export const LARGE_BODY_NONCE_AGE_MS = 5_000;
/** A stale nonce younger than this says little about the service's nonce lifetime (a restart forgets nonces). */
const LIFETIME_EVIDENCE_MS = 2_000;

/**
 * What the client knows of how long the service's nonces live: the bound it
 * was given, the shortest lifetime a stale answer has shown, and whether the
 * `nextnonce`s the service hands out are good. It decides how old a nonce a
 * body may go out on.
 */
export class NonceAges {
  /** The nonce lifetime the service has shown (a stale answer), when shorter than the configured one. */
  private learnedLifetime = Number.POSITIVE_INFINITY;
  private lastAccepted?: { readonly nonce: string; readonly age: number };
  private lastNext?: string;
  private nextTrusted = true;

  constructor(private readonly configuredMs = DEFAULT_NONCE_MAX_AGE_MS) {}

  /** How old a nonce a body of `length` bytes may go out on: the shortest lifetime seen bounds it, and a large body waits for little. */
  maxAge(length: number | undefined): number {
    const limit = Math.min(this.configuredMs, this.learnedLifetime);
    return length === undefined || length >= LARGE_BODY_BYTES ? Math.min(limit, LARGE_BODY_NONCE_AGE_MS) : limit;
  }

  /**
   * A request made with `auth` was not refused: its nonce was good at that
   * age. Returns the `nextnonce` the answer offered when it is to be used.
   */
  accepted(auth: Authorization, nextnonce: string | undefined): string | undefined {
    this.lastAccepted = { nonce: auth.nonce, age: auth.nonceAge };
    if (!nextnonce || !this.nextTrusted) return undefined;
    this.lastNext = nextnonce;
    return nextnonce;
  }

  /**
   * A request made with `auth` was answered stale. A nextnonce refused
   * before it was ever accepted shows that the service's nextnonces are not
   * good (a cluster whose servers do not share them): only challenges count
   * from then on. A nonce refused at an age bounds the lifetime: below the
   * age it was last accepted at, or half the age it was refused at.
   */
  stale(auth: Authorization | undefined): void {
    if (!auth) return;
    if (auth.nonce === this.lastNext && this.lastAccepted?.nonce !== auth.nonce) this.nextTrusted = false;
    if (auth.nonceAge < LIFETIME_EVIDENCE_MS) return;
    const good = this.lastAccepted?.nonce === auth.nonce ? this.lastAccepted.age : auth.nonceAge / 2;
    this.learnedLifetime = Math.min(this.learnedLifetime, Math.max(1000, good));
  }
}
