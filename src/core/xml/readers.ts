import { ServiceError } from '../errors';
import type {
  ArchiveFile, ArchiveListItem, Attachment, Created, HistoryEvent, Recipient, RecipientAuth,
  SubmissionDetail, SubmissionHistory, SubmissionListItem, SubmissionStatus, SubmissionTotals, Tag,
} from '../models';
import { boundOnly, type Quote } from '../serviceText';
import type { NaiveTimeZone } from '../time';
import { parseResponse } from './document';
import { TreeFields, type Fields } from './fields';
import { ItemFields, ItemShape } from './itemFields';
import { ResponseParser } from './responseParser';
import { attr, child, children, type XmlValue } from './node';
import { FieldReader, toFlag, toInt } from './values';

type Sender = SubmissionListItem['sender'];

/** What a submission list's models read of each item. */
const SUBMISSION_ITEM = new ItemShape([
  'id', 'form_reference', 'sender/user_fullname', 'sender/user_email', 'silent', 'completed', 'md5_id', 'created',
  'primary_recipient', 'primary_recipient/name', 'primary_recipient/email', 'primary_recipient/recipient_auth', 'primary_recipient/recipient_auth_number',
]);
const S = SUBMISSION_ITEM.field;
const ARCHIVE_ITEM = new ItemShape(['id', 'name', 'title']);
const A = ARCHIVE_ITEM.field;
/** What a detail's recipient is read for through Fields (the rest from its tree). */
const RECIPIENT = new ItemShape(['recipient_auth', 'recipient_auth_number']).field;
/** Where a recipient's authentication is: in a detail's recipient, or in a list item's primary recipient. */
const RECIPIENT_AUTH = { method: RECIPIENT.recipient_auth, number: RECIPIENT.recipient_auth_number };
const PRIMARY_AUTH = { method: S['primary_recipient/recipient_auth'], number: S['primary_recipient/recipient_auth_number'] };

/**
 * Turns response bodies into models. Unknown extra elements are ignored and
 * missing optional ones give empty values; a missing container or identifier
 * the resource cannot exist without is a `badResponse`.
 */
export class ResponseReader {
  private readonly f: FieldReader;

  /** `quote` redacts and bounds the service's text that an error carries. */
  constructor(private readonly naive: NaiveTimeZone = 'utc', private readonly quote: Quote = boundOnly) {
    this.f = new FieldReader(naive);
  }

  submissionList(body: string): SubmissionListItem[] {
    return whole(this.submissionListReader(), body);
  }

  /** The list of submissions read as its text arrives: each item becomes a model as soon as it has ended. */
  submissionListReader(): ListReader<SubmissionListItem> {
    const op = 'GET /submissions';
    const sender = sameSender();
    return this.list(op, 'Submissions', 'submission', SUBMISSION_ITEM, (f) => this.submission(f, op, sender, f.isNode(S.primary_recipient)
      ? { name: f.shared(S['primary_recipient/name']), email: f.shared(S['primary_recipient/email']), auth: this.auth(f, PRIMARY_AUTH) }
      : undefined));
  }

  submissionDetail(body: string, op: string): SubmissionDetail {
    const s = required(parseResponse(body, op, this.quote), 'submission', op);
    const total = child(s, 'total');
    const totals: SubmissionTotals = {
      involved: this.f.int(total, 'involved'),
      signing: this.f.int(total, 'signing'),
      nonsigning: this.f.int(total, 'nonsigning'),
      accepted: this.f.int(total, 'accepted'),
      clarified: this.f.int(total, 'clarified'),
      rejected: this.f.int(total, 'rejected'),
    };
    return {
      ...withoutPrimary(this.submission(new TreeFields(s), op, sameSender(), undefined)),
      recipients: children(child(s, 'recipients'), 'recipient').map((r) => this.recipient(r)),
      attachments: children(child(s, 'attachments'), 'attachment').map((a): Attachment => ({
        id: this.f.str(a, 'id'),
        ticket: this.f.str(a, 'ticket'),
        name: this.f.str(a, 'name'),
      })),
      total: totals,
    };
  }

  history(body: string, op: string): SubmissionHistory {
    const h = required(parseResponse(body, op, this.quote), 'history', op);
    const summary = child(h, 'summary');
    const total = child(summary, 'total');
    return {
      submissionId: this.f.str(h, 'submission_id'),
      created: this.f.time(h, 'created'),
      events: children(child(h, 'events'), 'historyEvent').map((e): HistoryEvent => ({
        time: this.f.time(e, 'time'),
        description: this.f.cdata(e, 'description'),
      })),
      summary: {
        time: this.f.time(summary, 'time'),
        total: {
          involved: this.f.int(total, 'involved'),
          signing: this.f.int(total, 'signing'),
          nonsigning: this.f.int(total, 'nonsigning'),
          accepted: this.f.int(total, 'accepted'),
        },
      },
    };
  }

  status(body: string, op: string): SubmissionStatus {
    const s = required(parseResponse(body, op, this.quote), 'submission', op);
    return {
      type: toInt(attr(s, 'type')),
      broadcast: toFlag(attr(s, 'broadcast')),
      id: requiredText(this.f.str(s, 'id'), 'id', op),
      formReference: this.f.str(s, 'form_reference'),
      status: this.f.str(s, 'status'),
    };
  }

  /** Endpoint 4's answer: `submission status="created"` with the new id. */
  created(body: string, op: string): Created {
    const s = required(parseResponse(body, op, this.quote), 'submission', op);
    const state = attr(s, 'status');
    if (state !== undefined && state !== 'created') {
      throw new ServiceError('serviceError', `The service answered the new submission with status "${this.quote(state)}" instead of "created".`, { operation: op });
    }
    return { id: requiredText(this.f.str(s, 'id'), 'id', op) };
  }

  archiveList(body: string): ArchiveListItem[] {
    return whole(this.archiveListReader(), body);
  }

  /** The archive's list read as its text arrives. */
  archiveListReader(): ListReader<ArchiveListItem> {
    return this.list('GET /archives', 'Files', 'file', ARCHIVE_ITEM, (f) => ({
      id: f.str(A.id),
      name: f.str(A.name),
      title: f.str(A.title),
    }));
  }

  archiveFile(body: string, op: string): ArchiveFile {
    const files = required(parseResponse(body, op, this.quote), 'Files', op);
    const file = children(files, 'file')[0];
    if (file === undefined) throw shapeError('file', op);
    return {
      id: requiredText(this.f.str(file, 'id'), 'id', op),
      name: this.f.str(file, 'name'),
      title: this.f.str(file, 'title'),
      ticket: this.f.str(file, 'ticket'),
      fullSize: this.f.int(file, 'full_size'),
      mimetype: this.f.str(file, 'mimetype'),
      hash: this.f.str(file, 'hash'),
      atime: this.f.time(file, 'atime'),
      mtime: this.f.time(file, 'mtime'),
      ctime: this.f.time(file, 'ctime'),
      parentFolder: this.f.int(file, 'parent_folder'),
      tags: children(file, 'tag').map((t): Tag => ({ id: toInt(attr(t, 'id')), text: attr(t, 'text') ?? '' })),
    };
  }

  /** Endpoint 11's answer: `file` with the new id. */
  uploaded(body: string, op: string): Created {
    const r = parseResponse(body, op, this.quote);
    const file = child(r, 'file') ?? child(child(r, 'Files'), 'file');
    if (file === undefined) throw shapeError('file', op);
    return { id: requiredText(this.f.str(file, 'id'), 'id', op) };
  }

  /** A list whose items become models one by one, the items themselves never held as a tree. */
  private list<T>(op: string, container: string, item: string, shape: ItemShape, model: (f: Fields) => T): ListReader<T> {
    const items: T[] = [];
    const fields = new ItemFields(shape);
    const parser = new ResponseParser(op, this.quote, { container, item, fields, onItem: () => items.push(model(fields)) });
    return {
      write: (text) => parser.write(text),
      end: () => {
        required(parser.end(), container, op);
        return items;
      },
    };
  }

  /** A submission's fields in one literal, the primary recipient's place included: an object of one shape, none added later. */
  private submission(f: Fields, op: string, sender: (fullName: string, email: string) => Sender, primaryRecipient: SubmissionListItem['primaryRecipient']): SubmissionListItem {
    return {
      type: toInt(f.attr('type')),
      broadcast: toFlag(f.attr('broadcast')),
      id: requiredText(f.str(S.id), 'id', op),
      formReference: f.str(S.form_reference),
      sender: sender(f.shared(S['sender/user_fullname']), f.shared(S['sender/user_email'])),
      silent: toFlag(f.str(S.silent)),
      completed: toFlag(f.str(S.completed)),
      md5Id: f.str(S.md5_id),
      created: f.time(S.created, this.naive),
      primaryRecipient,
    };
  }

  private recipient(r: XmlValue): Recipient {
    return {
      name: this.f.str(r, 'name'),
      email: this.f.str(r, 'email'),
      recpType: this.f.str(r, 'recp_type'),
      submissionViewed: this.f.flag(r, 'submission_viewed'),
      timeViewed: this.f.time(r, 'time_viewed'),
      responseStatus: this.f.str(r, 'response_status'),
      responseViewed: this.f.flag(r, 'response_viewed'),
      responded: this.f.time(r, 'responded'),
      comment: this.f.cdata(r, 'comment'),
      endorsement: this.f.cdata(r, 'endorsement'),
      created: this.f.time(r, 'created'),
      notificationViewed: this.f.flag(r, 'notification_viewed'),
      auth: this.auth(new TreeFields(r), RECIPIENT_AUTH),
    };
  }

  private auth(f: Fields, at: typeof RECIPIENT_AUTH): RecipientAuth | undefined {
    if (!f.has(at.method) && !f.has(at.number)) return undefined;
    return { method: f.shared(at.method), number: f.str(at.number) };
  }
}

/** A list read piece by piece: `write` each piece of its text as it arrives, then `end` for its items. */
export interface ListReader<T> {
  write(text: string): void;
  end(): T[];
}

/** The sender of each row, the object of the row before when it is the same (it mostly is: the account's own user). */
function sameSender(): (fullName: string, email: string) => Sender {
  let last: Sender | undefined;
  return (fullName, email) => (last?.fullName === fullName && last.email === email ? last : (last = { fullName, email }));
}

/** A submission's fields but the primary recipient of the list's kind: a detail names its recipients instead. */
function withoutPrimary({ primaryRecipient: _primary, ...base }: SubmissionListItem): Omit<SubmissionListItem, 'primaryRecipient'> {
  return base;
}

function whole<T>(reader: ListReader<T>, body: string): T[] {
  reader.write(body);
  return reader.end();
}

/** A container element that must be present (it may be empty). */
function required(parent: XmlValue, name: string, op: string): XmlValue {
  const v = child(parent, name);
  if (v === undefined) throw shapeError(name, op);
  return v;
}

function requiredText(v: string, name: string, op: string): string {
  if (v === '') throw shapeError(name, op);
  return v;
}

function shapeError(name: string, op: string): ServiceError {
  return new ServiceError('badResponse', `The service's response has no \`${name}\` element.`, { operation: op });
}
