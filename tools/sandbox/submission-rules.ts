// The sandbox's reading of what the spec leaves open about submissions:
// - involved = all recipients; signing = PRIMARY + REGULAR; nonsigning = COPIED.
// - accepted/clarified/rejected count responses by outcome.
// - A submission is COMPLETED (completed=1) once every recipient, COPIED
//   included, has responded; otherwise PENDING.
import type { Outcome, RecipientRecord, SubmissionRecord } from './types';

/** Submissions are sent by the sandbox's one account. */
export function accountSender(user: string): { fullname: string; email: string } {
  return { fullname: `Sandbox User (${user})`, email: `${user}@sandbox.example` };
}

export interface Counters {
  involved: number;
  signing: number;
  nonsigning: number;
  accepted: number;
  clarified: number;
  rejected: number;
}

export function counters(s: SubmissionRecord): Counters {
  const count = (pred: (r: RecipientRecord) => boolean) => s.recipients.filter(pred).length;
  return {
    involved: s.recipients.length,
    signing: count((r) => r.recpType !== 'COPIED'),
    nonsigning: count((r) => r.recpType === 'COPIED'),
    accepted: count((r) => r.outcome === 'accept'),
    clarified: count((r) => r.outcome === 'clarify'),
    rejected: count((r) => r.outcome === 'reject'),
  };
}

export function completionStatus(s: SubmissionRecord): 'PENDING' | 'COMPLETED' {
  return s.completedAt !== undefined ? 'COMPLETED' : 'PENDING';
}

const outcomeVerb: Record<Outcome, string> = {
  accept: 'Accepted',
  reject: 'Rejected',
  clarify: 'Clarification requested',
};

function who(r: RecipientRecord): string {
  return `${r.firstName} ${r.lastName} <${r.email}>`;
}

export interface ResponseInput {
  email?: string;
  outcome?: Outcome;
  comment?: string;
  endorsement?: string;
}

/**
 * A recipient views (if not yet) and responds. Without an e-mail the first
 * recipient who has not responded is used. Throws on an unknown or
 * already-responded recipient so test mistakes are loud.
 */
export function applyResponse(s: SubmissionRecord, input: ResponseInput, now: number): RecipientRecord {
  if (s.completedAt !== undefined) throw new Error(`submission ${s.id} is already completed`);
  const r = input.email !== undefined
    ? s.recipients.find((x) => x.email.toLowerCase() === input.email!.toLowerCase())
    : s.recipients.find((x) => x.responded === undefined);
  if (!r) throw new Error(input.email !== undefined ? `no recipient ${input.email} on submission ${s.id}` : `every recipient of ${s.id} has responded`);
  if (r.responded !== undefined) throw new Error(`${r.email} has already responded to ${s.id}`);
  assertXmlText('comment', input.comment ?? '');
  assertXmlText('endorsement', input.endorsement ?? '');
  const outcome = input.outcome ?? 'accept';
  if (!(outcome in outcomeVerb)) throw new Error(`unknown outcome ${String(outcome)}`);
  if (!r.submissionViewed) {
    r.notificationViewed = true;
    r.submissionViewed = true;
    r.timeViewed = now;
    s.history.push({ time: now, description: `Viewed by ${who(r)}` });
  }
  r.responded = now;
  r.responseViewed = true;
  r.outcome = outcome;
  r.comment = input.comment ?? '';
  r.endorsement = input.endorsement ?? '';
  const note = r.comment ? `: ${r.comment}` : '';
  s.history.push({ time: now, description: `${outcomeVerb[outcome]} by ${who(r)}${note}` });
  if (s.recipients.every((x) => x.responded !== undefined)) {
    s.completedAt = now;
    s.history.push({ time: now, description: 'Submission completed: every recipient has responded' });
  }
  return r;
}

/** Text that XML 1.0 cannot carry would make every later response invalid: refuse it. */
function assertXmlText(field: string, text: string): void {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const isHigh = c >= 0xd800 && c <= 0xdbff;
    const isLow = c >= 0xdc00 && c <= 0xdfff;
    const nextLow = i + 1 < text.length && text.charCodeAt(i + 1) >= 0xdc00 && text.charCodeAt(i + 1) <= 0xdfff;
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffe || c === 0xffff || (isHigh && !nextLow) || isLow) {
      throw new Error(`${field} contains a character XML cannot carry (U+${c.toString(16).padStart(4, '0')})`);
    }
    if (isHigh) i++;
  }
}

/** History written when a submission is created (also used by the seed). */
export function creationEvents(s: SubmissionRecord, now: number): void {
  s.history.push({ time: now, description: `Submission "${s.formReference}" created by ${s.sender.fullname}` });
  for (const r of s.recipients) {
    s.history.push({ time: now, description: `Notification sent to ${who(r)} (${r.recpType})` });
  }
}
