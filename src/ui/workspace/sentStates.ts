// What the Explorer's decorations know of the submissions that files were
// sent in: the newest state the extension learned (from the list, a detail,
// Check Status, a poll) and the responses of the newest detail, unless a
// later change of state made them out of date. Plain data (no `vscode`):
// unit tests run it.

/** Responded of involved, as far as the extension knows. */
export interface Responses {
  readonly responded: number;
  readonly involved: number;
}

/** What is known of a submission: its state (upper case), and its responses unless a later state made them out of date. */
export interface SentNews {
  readonly state?: string;
  readonly responses?: Responses;
}

/** The state a record implies: a file just sent is in a pending submission (with none of its recipients responded). */
export const AS_SENT = 'PENDING';

const sameResponses = (a?: Responses, b?: Responses): boolean => a?.responded === b?.responded && a?.involved === b?.involved;

/** What was learned of each submission in this session (ids are the account's: forgotten at sign-in and sign-out). */
export class SentStates {
  private readonly known = new Map<string, SentNews>();

  /**
   * What the extension learned of submission `id`: its state (upper case;
   * undefined when it said none) and, from a detail, its responses. Another
   * state without a detail leaves the responses unknown: they are of before
   * it. True when what is known changed.
   */
  learn(id: string, state: string | undefined, responses: Responses | undefined): boolean {
    const before = this.known.get(id);
    const was = before ? before.state : AS_SENT;
    let next: SentNews;
    if (responses) next = { state: state ?? before?.state, responses };
    else if (state === undefined || state === was) return false;
    else next = { state };
    if (before && before.state === next.state && sameResponses(before.responses, next.responses)) return false;
    this.known.set(id, next);
    return true;
  }

  /** What is known of `id`; undefined: nothing since it was sent (as its record says). */
  of(id: string): SentNews | undefined {
    return this.known.get(id);
  }

  clear(): void {
    this.known.clear();
  }
}
