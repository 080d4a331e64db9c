// Generated service data of realistic size for cases 4 and 5: names with
// accents, e-mail addresses, form references, 32-hex md5 ids, times.
import { createHash } from 'node:crypto';
import type { ArchiveRecord, SubmissionRecord } from '../../tools/sandbox';

const FIRST = ['Ada', 'Zoë', 'Jürgen', 'María José', 'François', 'Ólafur', 'Siobhán', 'Łukasz', 'Chidinma', 'Hiroshi', 'Anne-Marie', 'Søren'];
const LAST = ['Lovelace', 'Müller-Lüdenscheidt', 'García Fernández', 'Ó Briain', 'Kowalczyk', 'Nakamura', 'van der Berg', 'Þórsdóttir', 'Okafor', 'Dubois'];
const FORMS = ['Service contract renewal', 'Annual compliance declaration', 'Purchase order approval', 'Non-disclosure agreement', 'Change request', 'Tenancy agreement addendum'];
const DOCS = ['Q3 financial statement', 'Signed scan of the contract', 'Architecture overview', 'Site survey photographs', 'Board minutes', 'Tender response'];
const EXT = ['pdf', 'docx', 'xlsx', 'png', 'zip', 'txt'];

/** A deterministic generator, so that every run parses the same text. */
function pick<T>(list: readonly T[], i: number, salt: number): T {
  return list[(i * 7 + salt * 13 + ((i * salt) % 5)) % list.length];
}

function email(first: string, last: string, i: number): string {
  const local = `${first}.${last}`.normalize('NFD').replace(/[^A-Za-z.]/g, '').toLowerCase();
  return `${local}${i % 97}@${pick(['example.com', 'example.org', 'mail.example.net', 'corp.example.co.uk'], i, 3)}`;
}

export function submissionRecords(n: number): SubmissionRecord[] {
  const base = Date.UTC(2025, 0, 1, 8, 0, 0);
  const out: SubmissionRecord[] = [];
  for (let i = 0; i < n; i++) {
    const first = pick(FIRST, i, 1);
    const last = pick(LAST, i, 2);
    const created = base + i * 3_731_000;
    const auth = i % 4 === 0;
    out.push({
      id: i % 50 === 0 ? `0${String(1000 + i).padStart(5, '0')}` : String(100000 + i),
      type: '8',
      broadcast: i % 9 === 0,
      silent: i % 11 === 0,
      formReference: `${pick(FORMS, i, 4)} ${2025 + (i % 2)}-${String(i).padStart(5, '0')}`,
      transparency: '0',
      confirmIntent: '0',
      sender: { fullname: 'Demo Sender', email: 'demo.sender@example.com' },
      recipients: [{
        firstName: first, lastName: last, email: email(first, last, i), recpType: 'PRIMARY',
        ...(auth ? { recipientAuth: 'SMS', recipientAuthNumber: `+49 151 ${String(10000000 + i * 37).slice(0, 8)}` } : {}),
        created, notificationViewed: true, submissionViewed: i % 3 !== 0, responseViewed: false, comment: '', endorsement: '',
      }],
      attachments: [],
      coverNote: '',
      data: '',
      md5Id: createHash('md5').update(String(i)).digest('hex'),
      created,
      completedAt: i % 3 === 0 ? created + 86_400_000 : undefined,
      history: [],
      packageBlob: '',
    });
  }
  return out;
}

export function archiveRecords(n: number): ArchiveRecord[] {
  const out: ArchiveRecord[] = [];
  for (let i = 0; i < n; i++) {
    const title = `${pick(DOCS, i, 5)} ${2020 + (i % 6)} – v${1 + (i % 4)}`;
    out.push({
      id: String(200 + i), ticket: createHash('sha1').update(`t${i}`).digest('hex'), title,
      name: `${title.replace(/[^A-Za-z0-9]+/g, '_').toLowerCase()}.${pick(EXT, i, 6)}`,
      fullSize: 1000 + i * 997, mimetype: 'application/octet-stream', hash: '', atime: 0, mtime: 0, ctime: 0,
      parentFolder: '0', tags: [], blob: '',
    });
  }
  return out;
}
