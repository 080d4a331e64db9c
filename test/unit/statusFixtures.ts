// Submissions, details and a tracker as the status tests build them.
import type { Recipient, SubmissionDetail, SubmissionListItem } from '../../src/core/models';
import { parseServiceTime } from '../../src/core/time';
import { ChangeTracker, type Change } from '../../src/ui/status/changes';

export const time = (raw: string) => parseServiceTime(raw);
export const at = (raw: string) => Date.parse(`${raw.replace(' ', 'T')}Z`);
/** When the account first looks, and when the recipients respond in these tests. */
export const LOOK = at('2025-01-02 08:00:00');
export const RESPONDED = '2025-01-02 09:00:00';
export const LATER = at('2025-01-02 10:00:00');

export function item(id: string, completed = false, created = '2025-01-01 08:00:00'): SubmissionListItem {
  return { id, formReference: `Form ${id}`, sender: { fullName: 'S', email: 's@example.com' }, md5Id: 'x', created: time(created), completed };
}

export function recipient(name: string, responded?: string): Recipient {
  return {
    name, email: `${name.toLowerCase()}@example.com`, recpType: 'REGULAR', timeViewed: time(''), responded: time(responded ?? ''),
    comment: '', endorsement: '', created: time('2025-01-01 08:00:00'), responseStatus: '',
  };
}

export function detail(id: string, responded: readonly string[], rejected = 0, names = ['Ann', 'Ben', 'Cid'], when = RESPONDED): SubmissionDetail {
  const recipients = names.map((n) => recipient(n, responded.includes(n) ? when : undefined));
  return {
    ...item(id, responded.length === names.length), recipients, attachments: [],
    total: { involved: names.length, accepted: responded.length - rejected, clarified: 0, rejected },
  };
}

export const kinds = (changes: readonly Change[]) => changes.map((c) => {
  if (c.kind === 'responded') return `${c.submission.id} responded ${c.recipient.name}`;
  if (c.kind === 'rejected') return `${c.submission.id} rejected ${c.count} ${c.exact ? 'by' : 'among'} ${c.recipients.map((r) => r.name).join(',')}`;
  return `${c.submission.id} completed`;
});

/** A tracker that looked at the list first at `look`. */
export function looked(items: readonly SubmissionListItem[], look = LOOK): ChangeTracker {
  const t = new ChangeTracker();
  t.list(items, look);
  return t;
}
