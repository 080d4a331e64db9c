import { ServiceError } from '../errors';
import type { Logger } from '../logger';
import type { Quote } from '../serviceText';
import { abortable, AuthGate, type PilotOutcome, type Turn } from './authGate';
import { parseAuthParams, parseChallenges, type Challenge } from './challenge';
import { Deadline } from './deadline';
import { describeOffered, DigestSession, type Authorization } from './digest';
import { CONNECTIONS_PER_HOST, failedBefore, type RawResponse } from './http';
import { NonceAges } from './nonceAges';
import { Slots } from './slots';
import type { ServiceRequest } from './request';
import { discard } from './unread';

/** Stale answers in a row one call accepts before it reports a service error (never a refusal). */
export const MAX_STALE = 3;
/** Non-stale 401s one call answers; the pilot's second is definitive well before this. */
const MAX_ROUNDS = 3;
/** Where a 403 is confirmed as a refusal of the key: the list sign-in checks too. */
const KEY_CHECK = { method: 'GET', path: '/submissions' } as const;
/** After the key was accepted, a 403 within this time is taken as "not allowed" without asking again. */
const KEY_ACCEPTED_MS = 30_000;
export interface AuthenticatorOptions {
  readonly username: string;
  readonly password: string;
  readonly url: (req: ServiceRequest) => URL;
  /** Sends one request with the given Authorization value (none before a challenge). */
  readonly exchange: (req: ServiceRequest, authorization?: string) => Promise<RawResponse>;
  /** Turns a 403 into its error, reading what the service said. */
  readonly forbidden: (res: RawResponse, req: ServiceRequest) => Promise<ServiceError>;
  readonly quote: Quote;
  readonly log: Logger;
  readonly nonceMaxAgeMs?: number;
  /** The response deadline of a request made on behalf of others (the check of the key after a 403). */
  readonly responseDeadlineMs: number;
  readonly onRefused?: (error: ServiceError) => void;
}

/**
 * The authentication handshake of every request: Digest (RFC 7616) with the
 * challenge and nonce handling servers actually need, and the refusals told
 * apart. A refusal of the password or key is definitive only when it is
 * proven (a fresh challenge answered and refused; a 403 on the list of
 * submissions); it is then reported once and nothing more is sent. A stale
 * nonce, a challenge this client cannot answer and a 403 on one resource are
 * errors of their own and never make the owner forget a secret.
 */
export class Authenticator {
  private readonly digest: DigestSession;
  private readonly gate = new AuthGate();
  private readonly slots = new Slots(CONNECTIONS_PER_HOST);
  private keyCheck?: Promise<ServiceError | undefined>;
  private keyAcceptedAt = Number.NEGATIVE_INFINITY;
  private readonly ages: NonceAges;

  constructor(private readonly o: AuthenticatorOptions) {
    this.digest = new DigestSession(o.username, o.password);
    this.ages = new NonceAges(o.nonceMaxAgeMs);
  }

  /**
   * Sends the request with its authentication. Resolves with any response
   * but a 401 or 403, which become the errors described above. A body goes
   * out only once what went before it on its connection has shown that it
   * will not be refused (see `beforeBody`).
   */
  async send(req: ServiceRequest): Promise<RawResponse> {
    const url = this.o.url(req).toString();
    let turn = await this.gate.turn(req.signal);
    let stale = 0;
    let rounds = 0;
    const body: BodyState = { mustProve: false, proved: false, renewed: false };
    /** The connection this call takes next, ahead of those queued: it has waited its turn already. */
    let next: Promise<() => void> | undefined;
    const keepPlace = (): void => {
      // Asked for before this answer's connection is given back, so that it comes to this call.
      next = this.slots.acquire(req.signal, true);
      next.catch(() => undefined);
    };
    try {
      for (;;) {
        const slot = await (next ?? this.slots.acquire(req.signal));
        next = undefined;
        // The call's deadline runs from here: waiting for a connection is the client's own time.
        const stopClock = req.deadline?.run();
        const release = (): void => {
          stopClock?.();
          slot();
        };
        // What happened while this request waited for a connection decides whether it may still go.
        if (this.gate.refused || (!turn.pilot && !this.gate.isConfirmed)) {
          release();
          turn = await this.gate.turn(req.signal);
          continue;
        }
        const before = this.beforeBody(req, body);
        const sending = before ? { method: 'GET' as const, path: req.path, operation: `GET ${req.path} (${before === 'prove' ? 'before sending' : 'a new nonce before sending'} ${req.operation})`, signal: req.signal } : req;
        // The request for a new nonce goes without credentials: nothing of the account in it, and its 401 refuses nothing.
        const auth = before === 'renew' ? undefined : this.digest.authorization(sending.method, url);
        let res: RawResponse;
        try {
          res = await this.o.exchange(sending, auth?.header);
        } catch (e) {
          release();
          // Nothing of the request itself went out: the service cannot have had it.
          throw before ? failedBefore(e) : e;
        }
        releaseWhenRead(res, release);
        if (before === 'renew') {
          // A fresh challenge of the account's realm; else (none, another realm, a gateway let it through) the nonce stays, accepted a moment ago.
          if (res.status === 401) this.digest.renew(challengesOf(res));
          discard(res.body);
          body.renewed = true;
          keepPlace();
          continue;
        }
        if (res.status === 401) {
          const challenges = challengesOf(res);
          discard(res.body);
          const generation = this.digest.generation;
          const accepted = this.digest.accept(challenges);
          if (!accepted) throw this.unsupported(req, challenges);
          if (accepted.stale) {
            // The digest was right; only the nonce was old. Never a refusal, but not forever either.
            this.ages.stale(auth);
            if (++stale > MAX_STALE) throw this.staleLoop(req);
            // Refused after its body went: that body goes again only once a body-less request is accepted.
            if (req.body !== undefined && !before) body.mustProve = true;
            if (req.body !== undefined) keepPlace();
            if (before && auth && turn.pilot) {
              turn.end({ kind: 'confirmed' });
              turn = await this.gate.turn(req.signal);
            }
            this.o.log.debug(`${sending.operation}: stale nonce, retrying (${this.digest.algorithm})`);
            continue;
          }
          if (auth && turn.pilot && this.gate.isFresh(auth.generation)) throw this.refuse(unauthorized(sending));
          if (++rounds > MAX_ROUNDS) throw this.noEnd(req);
          if (!turn.pilot) {
            this.o.log.debug(`${sending.operation}: credentials refused once; waiting for one request to try the new challenge`);
            this.gate.doubt(generation);
            turn = await this.gate.turn(req.signal);
          }
          continue;
        }
        if (auth) this.accepted(res, auth);
        if (res.status === 403) throw await this.refusedHere(sending, res, turn);
        turn.end({ kind: 'confirmed' });
        if (!before) return res;
        discard(res.body);
        Object.assign(body, { mustProve: false, proved: true });
        keepPlace();
        turn = await this.gate.turn(req.signal);
      }
    } catch (e) {
      turn.end(this.outcomeOf(e));
      void next?.then((r) => r(), () => undefined);
      throw e;
    }
  }

  /**
   * A body must not go out only to be refused, nor to a nonce that may have
   * expired; this is judged when it can go, since time queued ages the nonce.
   * Unless the credentials were accepted and the nonce is young enough for
   * its size, a body-less GET of the same path goes first on the connection
   * (`prove`): when it is refused, the body is never sent; answered stale,
   * it brings a fresh nonce. Answered with the old nonce still accepted (a
   * service that sends no nextnonce), it says nothing of how long that nonce
   * lives on, so a GET without credentials fetches a fresh one (`renew`).
   * After the body itself was answered stale, a body-less request must be
   * accepted before it goes again: a service that calls its nonces stale
   * gets it once.
   */
  private beforeBody(req: ServiceRequest, s: BodyState): 'prove' | 'renew' | undefined {
    if (req.body === undefined) return undefined;
    if (s.mustProve || !this.gate.isConfirmed) return 'prove';
    if ((this.digest.nonceAge ?? Infinity) <= this.ages.maxAge(req.body.length) || s.renewed) return undefined;
    return s.proved ? 'renew' : 'prove';
  }

  /** After a response that did not refuse the credentials: note the nonce's good age, take a nextnonce. */
  private accepted(res: RawResponse, auth: Authorization): void {
    const info = res.headers['authentication-info'];
    const next = this.ages.accepted(auth, typeof info === 'string' ? parseAuthParams(info).nextnonce : undefined);
    if (next) this.digest.next(next, auth.nonce);
  }

  /** A 403: on the list of submissions, the key is refused; elsewhere, the list is asked before saying so. */
  private async refusedHere(req: ServiceRequest, res: RawResponse, turn: Turn): Promise<ServiceError> {
    const error = await this.o.forbidden(res, req);
    if (req.method === KEY_CHECK.method && req.path === KEY_CHECK.path) {
      const detail = error.serviceMessage ? `: ${error.serviceMessage}` : '.';
      return this.refuse(new ServiceError('keyRefused', `The service refused the API key${detail}`, {
        status: 403, operation: req.operation, serviceMessage: error.serviceMessage,
      }));
    }
    turn.end({ kind: 'confirmed' }); // the Digest credentials were accepted
    return (await this.confirmKey(req.signal)) ?? error;
  }

  /** Asks the list of submissions once for all the 403s that arrive together; returns the key's refusal, if it is one. */
  private async confirmKey(signal?: AbortSignal): Promise<ServiceError | undefined> {
    if (this.gate.refused) return this.gate.refused;
    if (Date.now() - this.keyAcceptedAt < KEY_ACCEPTED_MS) return undefined;
    this.keyCheck ??= (async () => {
      // A deadline of its own: the calls that wait for it are not on the wire, so their clocks are stopped.
      const limit = new Deadline(this.o.responseDeadlineMs, undefined);
      try {
        const res = await this.send({ ...KEY_CHECK, operation: `${KEY_CHECK.method} ${KEY_CHECK.path} (to check the API key after a 403)`, signal: limit.signal, deadline: limit });
        discard(res.body);
        this.keyAcceptedAt = Date.now();
        return undefined;
      } catch (e) {
        // Not confirmed (the list failed for another reason): the 403 stays "not allowed".
        return e === this.gate.refused ? (e as ServiceError) : undefined;
      } finally {
        limit.dispose();
        this.keyCheck = undefined;
      }
    })();
    return abortable(this.keyCheck, signal);
  }

  /** Records a definitive refusal, tells the owner the first time, and returns the one error every caller gets. */
  private refuse(error: ServiceError): ServiceError {
    if (this.gate.refuse(error)) {
      this.digest.reset();
      this.o.log.warn(`${error.operation}: ${error.kind === 'keyRefused' ? 'the API key' : 'the user name or password'} refused; nothing more is sent with them.`);
      try {
        this.o.onRefused?.(error);
      } catch {
        // the owner's problem must not hide the refusal
      }
    }
    return this.gate.refused ?? error;
  }

  private outcomeOf(e: unknown): PilotOutcome {
    if (e === this.gate.refused) return { kind: 'refused' };
    if (e instanceof ServiceError && (e.kind === 'network' || e.kind === 'timeout' || e.kind === 'untrusted' || e.kind === 'authUnsupported' || (e.kind === 'serviceError' && e.status === 401))) {
      return { kind: 'failed', error: e };
    }
    return { kind: 'abandoned' };
  }

  private unsupported(req: ServiceRequest, challenges: readonly Challenge[]): ServiceError {
    const message = challenges.length === 0
      ? 'The service answered "not authenticated" (HTTP 401) without a Digest challenge; a gateway or proxy in front of it may be asking for something else.'
      : `The service asks for an authentication this client does not support: ${this.o.quote(describeOffered(challenges))}.`;
    return new ServiceError('authUnsupported', message, { status: 401, operation: req.operation });
  }

  private staleLoop(req: ServiceRequest): ServiceError {
    return new ServiceError('serviceError', `The service called its own new nonce stale ${MAX_STALE + 1} times in a row; the password was not refused.`, {
      status: 401, operation: req.operation,
    });
  }

  private noEnd(req: ServiceRequest): ServiceError {
    return new ServiceError('serviceError', `The service kept asking for authentication (${MAX_ROUNDS + 1} times) without refusing the password outright.`, {
      status: 401, operation: req.operation,
    });
  }
}

/** What a body waits for in one call: a body-less request accepted after the body was answered stale; one that proved an old nonce still good; a new nonce fetched. */
interface BodyState {
  mustProve: boolean;
  proved: boolean;
  renewed: boolean;
}

function unauthorized(req: ServiceRequest): ServiceError {
  return new ServiceError('unauthorized', 'The service refused the user name or password.', { status: 401, operation: req.operation });
}

/** A connection is the agent's until its response body is read or dropped: its slot is given back then. */
function releaseWhenRead(res: RawResponse, release: () => void): void {
  if (res.body.closed) release();
  else res.body.once('close', release);
}

function challengesOf(res: RawResponse): Challenge[] {
  const values: string[] = [];
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
    if (res.rawHeaders[i].toLowerCase() === 'www-authenticate') values.push(res.rawHeaders[i + 1]);
  }
  return parseChallenges(values);
}
