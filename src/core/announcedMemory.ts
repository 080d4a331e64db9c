// What the user was told about one account's submissions, as plain data that
// survives a window reload and a restart (the extension keeps it in global
// state): which responses, rejections and completions were announced, and
// the responses not looked at yet. Bounded: see REMEMBERED_SUBMISSIONS.

/** What was told of one submission. */
export interface SubmissionRecord {
  /** 0: seen pending; 1: its completion told, or found from before. Absent: seen completed, not known since when (its first detail decides). */
  c?: 0 | 1;
  /** The recipients (see `recipientKey`) whose response was told or found from before; absent until a detail was read. */
  r?: string[];
  /** Rejections told or found from before (the service's counter); set with `r`. */
  j?: number;
  /** Responses not looked at yet (the Submissions view's badge). */
  u?: number;
  /** When `u` last changed (ms since the epoch): of two copies, the later one says it. */
  ua?: number;
  /** When it was last listed or read (ms since the epoch): the bound drops the least recent first. */
  t: number;
}

/** What was told of one account's submissions. */
export interface AccountMemory {
  readonly v: 1;
  /**
   * Responses at or after this moment (ms since the epoch) are news for a
   * submission whose responses were never read: the first look of this
   * account, moved later only when the bound dropped a pending submission.
   */
  since: number;
  /** When a list of submissions last arrived (ms since the epoch). */
  look: number;
  readonly subs: Record<string, SubmissionRecord>;
}

/** Submissions remembered per account; beyond it, completed ones looked at go first, then the least recently listed. */
export const REMEMBERED_SUBMISSIONS = 1000;

/** Submissions by id, without a prototype: an id such as `__proto__` or `constructor` (the service chooses them) is a key like any other. */
const table = (from: Record<string, SubmissionRecord> = {}): Record<string, SubmissionRecord> =>
  Object.assign(Object.create(null) as Record<string, SubmissionRecord>, from);

/** The memory of an account looked at for the first time, now. */
export function freshMemory(now: number): AccountMemory {
  return { v: 1, since: now, look: now, subs: table() };
}

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;

function readRecord(v: unknown, now: number): SubmissionRecord | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as Record<string, unknown>;
  if (typeof o.t !== 'number' || !Number.isFinite(o.t)) return undefined;
  if (o.c !== undefined && o.c !== 0 && o.c !== 1) return undefined;
  if (o.r !== undefined && !(Array.isArray(o.r) && o.r.every((k) => typeof k === 'string'))) return undefined;
  if ([o.j, o.u, o.ua].some((n) => n !== undefined && !isCount(n))) return undefined;
  const rec: SubmissionRecord = { t: Math.min(o.t, now) };
  if (o.c !== undefined) rec.c = o.c as 0 | 1;
  if (o.r !== undefined) rec.r = [...(o.r as string[])];
  if (o.j !== undefined) rec.j = o.j as number;
  if (o.u !== undefined) rec.u = o.u as number;
  if (o.ua !== undefined) rec.ua = o.ua as number;
  return rec;
}

const isTime = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/**
 * A memory as stored (another version, or edited by hand, reads as none:
 * nothing is then told twice, only from `since` on). A time after `now` (a
 * clock that was ahead, an edit) reads as `now`: else every response until
 * then would pass for old, and go untold.
 */
export function readMemory(v: unknown, now = Infinity): AccountMemory | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as Record<string, unknown>;
  if (o.v !== 1 || !isTime(o.since) || !isTime(o.look) || typeof o.subs !== 'object' || o.subs === null) return undefined;
  const subs = table();
  for (const [id, r] of Object.entries(o.subs as Record<string, unknown>)) {
    const rec = readRecord(r, now);
    if (rec) subs[id] = rec;
  }
  return { v: 1, since: Math.min(o.since, now), look: Math.min(o.look, now), subs };
}

/**
 * Keeps at most `max` submissions: first dropped are the completed ones with
 * nothing unseen (their list entry says completed, so they are never told
 * again), then those whose responses were never read (nothing of them was
 * told), then the least recently listed; dropping one whose responses were
 * read moves `since` to when it was last read, so that they are not told again.
 */
export function bound(m: AccountMemory, max = REMEMBERED_SUBMISSIONS): AccountMemory {
  const ids = Object.keys(m.subs);
  if (ids.length <= max) return m;
  const done = (id: string) => m.subs[id].c === 1 && !m.subs[id].u;
  const unread = (id: string) => m.subs[id].r === undefined && !m.subs[id].u;
  const order = ids.sort((a, b) => Number(done(b)) - Number(done(a)) || Number(unread(b)) - Number(unread(a)) || m.subs[a].t - m.subs[b].t);
  const subs = table(m.subs);
  let since = m.since;
  for (const id of order.slice(0, ids.length - max)) {
    if (!done(id) && !unread(id)) since = Math.max(since, subs[id].t);
    delete subs[id];
  }
  return { ...m, since, subs };
}

/** Responses not looked at yet, over all submissions. */
export function unseenCount(m: AccountMemory | undefined): number {
  return m ? Object.values(m.subs).reduce((n, r) => n + (r.u ?? 0), 0) : 0;
}

/** The submissions with responses not looked at yet. */
export function unseenIds(m: AccountMemory | undefined): Set<string> {
  return new Set(m ? Object.keys(m.subs).filter((id) => m.subs[id].u) : []);
}

/**
 * What two copies of one account's memory say together (this window's and
 * the one stored, which another window may have written, or which may still
 * be an older write of this one): nothing told in either is told again.
 */
export function merged(mine: AccountMemory, stored: AccountMemory): AccountMemory {
  const subs = table(stored.subs);
  for (const [id, a] of Object.entries(mine.subs)) {
    const b = subs[id];
    if (!b) {
      subs[id] = a;
      continue;
    }
    const r = a.r === undefined && b.r === undefined ? undefined : [...new Set([...(a.r ?? []), ...(b.r ?? [])])];
    const c = a.c === 1 || b.c === 1 ? 1 : a.c === 0 || b.c === 0 ? 0 : undefined;
    const rec: SubmissionRecord = { t: Math.max(a.t, b.t) };
    if (c !== undefined) rec.c = c;
    if (r !== undefined) rec.r = r;
    if (a.j !== undefined || b.j !== undefined) rec.j = Math.max(a.j ?? 0, b.j ?? 0);
    const unseen = (a.ua ?? 0) >= (b.ua ?? 0) ? a : b;
    if (unseen.u) rec.u = unseen.u;
    if (unseen.ua !== undefined) rec.ua = unseen.ua;
    subs[id] = rec;
  }
  return { v: 1, since: Math.max(mine.since, stored.since), look: Math.max(mine.look, stored.look), subs };
}
