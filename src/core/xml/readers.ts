import { ServiceError } from '../errors';
import type {
  ArchiveFile, ArchiveListItem, Attachment, Created, HistoryEvent, Recipient, RecipientAuth,
  SubmissionDetail, SubmissionHistory, SubmissionListItem, SubmissionStatus, SubmissionTotals, Tag,
} from '../models';
import { boundOnly, type Quote } from '../serviceText';
import type { NaiveTimeZone } from '../time';
import { parseResponse } from './document';
import { ResponseParser } from './responseParser';
import { attr, child, children, isNode, type XmlValue } from './node';
import { FieldReader, toFlag, toInt } from './values';

/**
 * Turns response bodies into models. Unknown extra elements are ignored and
 * missing optional ones give empty values; a missing container or identifier
 * the resource cannot exist without is a `badResponse`.
 */
export class ResponseReader {
  private readonly f: FieldReader;

  /** `quote` redacts and bounds the service's text that an error carries. */
  constructor(naive: NaiveTimeZone = 'utc', private readonly quote: Quote = boundOnly) {
    this.f = new FieldReader(naive);
  }

  submissionList(body: string): SubmissionListItem[] {
    return whole(this.submissionListReader(), body);
  }

  /** The list of submissions read as its text arrives: each item becomes a model as soon as it has ended. */
  submissionListReader(): ListReader<SubmissionListItem> {
    return this.list('GET /submissions', 'Submissions', 'submission', (s) => {
      const primary = child(s, 'primary_recipient');
      // Extended in place rather than spread into a copy: lists have thousands of items.
      const item: Omit<SubmissionListItem, 'primaryRecipient'> & { primaryRecipient?: SubmissionListItem['primaryRecipient'] } = this.submissionBase(s, 'GET /submissions');
      item.primaryRecipient = isNode(primary)
        ? { name: this.f.str(primary, 'name'), email: this.f.str(primary, 'email'), auth: this.auth(primary) }
        : undefined;
      return item;
    });
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
      ...this.submissionBase(s, op),
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
      throw new ServiceError('serviceError', `The service answered the new submission with status "${state}" instead of "created".`, { operation: op });
    }
    return { id: requiredText(this.f.str(s, 'id'), 'id', op) };
  }

  archiveList(body: string): ArchiveListItem[] {
    return whole(this.archiveListReader(), body);
  }

  /** The archive's list read as its text arrives. */
  archiveListReader(): ListReader<ArchiveListItem> {
    return this.list('GET /archives', 'Files', 'file', (file) => ({
      id: this.f.str(file, 'id'),
      name: this.f.str(file, 'name'),
      title: this.f.str(file, 'title'),
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
  private list<T>(op: string, container: string, item: string, model: (node: XmlValue) => T): ListReader<T> {
    const items: T[] = [];
    const parser = new ResponseParser(op, this.quote, { container, item, onItem: (node) => items.push(model(node)) });
    return {
      write: (text) => parser.write(text),
      end: () => {
        required(parser.end(), container, op);
        return items;
      },
    };
  }

  private submissionBase(s: XmlValue, op: string): Omit<SubmissionListItem, 'primaryRecipient'> {
    const sender = child(s, 'sender');
    return {
      type: toInt(attr(s, 'type')),
      broadcast: toFlag(attr(s, 'broadcast')),
      id: requiredText(this.f.str(s, 'id'), 'id', op),
      formReference: this.f.str(s, 'form_reference'),
      sender: { fullName: this.f.str(sender, 'user_fullname'), email: this.f.str(sender, 'user_email') },
      silent: this.f.flag(s, 'silent'),
      completed: this.f.flag(s, 'completed'),
      md5Id: this.f.str(s, 'md5_id'),
      created: this.f.time(s, 'created'),
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
      auth: this.auth(r),
    };
  }

  private auth(node: XmlValue): RecipientAuth | undefined {
    if (child(node, 'recipient_auth') === undefined && child(node, 'recipient_auth_number') === undefined) return undefined;
    return { method: this.f.str(node, 'recipient_auth'), number: this.f.str(node, 'recipient_auth_number') };
  }
}

/** A list read piece by piece: `write` each piece of its text as it arrives, then `end` for its items. */
export interface ListReader<T> {
  write(text: string): void;
  end(): T[];
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
