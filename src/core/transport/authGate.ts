import { abortReason, type ServiceError } from '../errors';

/** How a pilot's request ended, for the requests that waited on it. */
export type PilotOutcome =
  /** The service accepted the credentials: everyone may send. */
  | { readonly kind: 'confirmed' }
  /** The service refused them for good: nobody sends again. */
  | { readonly kind: 'refused' }
  /** A failure the waiters would meet too (network, time-out, a refused certificate, an authentication this client cannot answer): they fail with it. */
  | { readonly kind: 'failed'; readonly error: ServiceError }
  /** It ended for a reason of its own (cancelled, a local file): the next waiter becomes the pilot. */
  | { readonly kind: 'abandoned' };

/** The right to send one request; a pilot must end its turn exactly once. */
export interface Turn {
  readonly pilot: boolean;
  end(outcome: PilotOutcome): void;
}

const FREE: Turn = { pilot: false, end() {} };

/**
 * Who may send with the account's credentials. Until the service has
 * accepted them (at first, and again after any refusal of a request sent
 * freely), one request at a time goes out, the pilot, and the others wait for
 * its outcome instead of each answering a challenge with the same password.
 * After a definitive refusal nothing is sent at all: a password changed on
 * the service is tried by one request, not by every request in flight, so a
 * lockout policy on the account is not set off.
 */
export class AuthGate {
  private confirmed = false;
  private pilot?: { readonly done: Promise<PilotOutcome>; readonly resolve: (o: PilotOutcome) => void };
  private refusal?: ServiceError;
  /** The Digest generation (nonces learned so far) when the credentials were last doubted. */
  private doubtedAt = 0;

  /** The definitive refusal, once there is one. */
  get refused(): ServiceError | undefined {
    return this.refusal;
  }

  get isConfirmed(): boolean {
    return this.confirmed;
  }

  /**
   * Whether a refusal of a request made with nonce generation `generation`
   * is definitive: the nonce was issued after the credentials were doubted,
   * so the service refused the credentials themselves, not an old nonce.
   */
  isFresh(generation: number): boolean {
    return generation > this.doubtedAt;
  }

  /** Waits for the right to send; throws the refusal, a shared failure, or a cancel. */
  async turn(signal?: AbortSignal): Promise<Turn> {
    for (;;) {
      if (this.refusal) throw this.refusal;
      if (this.confirmed) return FREE;
      if (!this.pilot) return this.becomePilot();
      const outcome = await abortable(this.pilot.done, signal);
      if (outcome.kind === 'failed') throw outcome.error;
    }
  }

  /**
   * A request sent freely was refused (not stale): the credentials may have
   * changed. Nothing more goes out freely until a pilot is accepted.
   * `generation` is the Digest generation before the refusal's challenge is taken.
   */
  doubt(generation: number): void {
    if (!this.confirmed) return; // already doubted: the pilot under way decides
    this.confirmed = false;
    this.doubtedAt = generation;
  }

  /** Records a definitive refusal; returns false when one was recorded before (tell the owner once). */
  refuse(error: ServiceError): boolean {
    if (this.refusal) return false;
    this.refusal = error;
    this.confirmed = false;
    return true;
  }

  private becomePilot(): Turn {
    let resolve!: (o: PilotOutcome) => void;
    const done = new Promise<PilotOutcome>((r) => (resolve = r));
    const pilot = { done, resolve };
    this.pilot = pilot;
    let ended = false;
    return {
      pilot: true,
      end: (outcome) => {
        if (ended) return;
        ended = true;
        if (outcome.kind === 'confirmed' && !this.refusal) this.confirmed = true;
        if (this.pilot === pilot) this.pilot = undefined;
        resolve(outcome);
      },
    };
  }
}

/** A promise that also settles (rejects) when the signal aborts. */
export function abortable<T>(p: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => { signal.removeEventListener('abort', onAbort); resolve(v); },
      (e: unknown) => { signal.removeEventListener('abort', onAbort); reject(e); },
    );
  });
}
