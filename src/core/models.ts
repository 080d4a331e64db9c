import type { ServiceTime } from './time';

/**
 * Typed models of the service's resources (spec 2.1–2.6). Ids, tickets,
 * hashes and `md5_id` stay the strings the service sent. Flags the spec gives
 * as `0`/`1` are booleans, `undefined` when the service sent something else
 * or nothing. Counters are integers, `undefined` when not an integer.
 */

export type RecipientType = 'PRIMARY' | 'REGULAR' | 'COPIED';

/** Recipient authentication, present only when the service reports it. */
export interface RecipientAuth {
  readonly method: string;
  readonly number: string;
}

export interface Person {
  readonly name: string;
  readonly email: string;
}

interface SubmissionBase {
  /** `type` attribute; only 8 is known. */
  readonly type?: number;
  readonly broadcast?: boolean;
  readonly id: string;
  readonly formReference: string;
  readonly sender: { readonly fullName: string; readonly email: string };
  readonly silent?: boolean;
  readonly completed?: boolean;
  readonly md5Id: string;
  readonly created: ServiceTime;
}

/** 2.1: an item of the submission list. */
export interface SubmissionListItem extends SubmissionBase {
  readonly primaryRecipient?: Person & { readonly auth?: RecipientAuth };
}

/** 2.2: a recipient in the submission detail. */
export interface Recipient extends Person {
  /** `PRIMARY`, `REGULAR`, `COPIED`, or whatever else the service sent. */
  readonly recpType: RecipientType | string;
  readonly submissionViewed?: boolean;
  readonly timeViewed: ServiceTime;
  /**
   * `response_status` exactly as sent (trimmed; '' when absent). The spec says
   * `0` or `1` without their meaning, so it is kept as text and never read.
   */
  readonly responseStatus: string;
  readonly responseViewed?: boolean;
  readonly responded: ServiceTime;
  readonly comment: string;
  readonly endorsement: string;
  readonly created: ServiceTime;
  readonly notificationViewed?: boolean;
  readonly auth?: RecipientAuth;
}

export interface Attachment {
  readonly id: string;
  readonly ticket: string;
  readonly name: string;
}

export interface SubmissionTotals {
  readonly involved?: number;
  readonly signing?: number;
  readonly nonsigning?: number;
  readonly accepted?: number;
  readonly clarified?: number;
  readonly rejected?: number;
}

/** 2.2: one submission in detail. */
export interface SubmissionDetail extends SubmissionBase {
  readonly recipients: readonly Recipient[];
  readonly attachments: readonly Attachment[];
  readonly total: SubmissionTotals;
}

export interface HistoryEvent {
  readonly time: ServiceTime;
  readonly description: string;
}

/** 2.3: the history of a submission. */
export interface SubmissionHistory {
  readonly submissionId: string;
  readonly created: ServiceTime;
  /** In the order the service sent them (the spec says time order). */
  readonly events: readonly HistoryEvent[];
  readonly summary: {
    readonly time: ServiceTime;
    readonly total: Pick<SubmissionTotals, 'involved' | 'signing' | 'nonsigning' | 'accepted'>;
  };
}

/** `PENDING`, `COMPLETED`, or whatever else the service sent. */
export type SubmissionState = 'PENDING' | 'COMPLETED' | (string & {});

/** 2.4: the status document. */
export interface SubmissionStatus {
  readonly type?: number;
  readonly broadcast?: boolean;
  readonly id: string;
  readonly formReference: string;
  readonly status: SubmissionState;
}

/** 2.6: an item of the archive list. */
export interface ArchiveListItem {
  readonly id: string;
  readonly name: string;
  readonly title: string;
}

export interface Tag {
  readonly id?: number;
  readonly text: string;
}

/** 2.6: one archive file in detail. */
export interface ArchiveFile extends ArchiveListItem {
  readonly ticket: string;
  readonly fullSize?: number;
  readonly mimetype: string;
  readonly hash: string;
  /** Integer times of unknown unit: the raw text, and a date when read as Unix seconds or ms. */
  readonly atime: ServiceTime;
  readonly mtime: ServiceTime;
  readonly ctime: ServiceTime;
  readonly parentFolder?: number;
  readonly tags: readonly Tag[];
}

/** What creating a submission or uploading a file returns. */
export interface Created {
  readonly id: string;
}
