/**
 * The History page's protocol, declared once for the extension and its page:
 * the messages' types and their runtime checks (protocolChecks.ts says how
 * every page's messages are checked). The page first posts `ready`; the
 * extension sends data only then. Service text travels as data and is
 * rendered as text, never as HTML.
 */
import { isArrayOf, isBoolean, isCount, isOptional, isRecord, isString, messageCheck, none, type Fields } from './protocolChecks';

/** A time as shown: the instant when it was recognised, and the raw text. */
export interface TimeView {
  readonly raw: string;
  /** Milliseconds since the epoch, when the format was recognised. */
  readonly ms?: number;
}

export interface TimelineEvent {
  readonly time: TimeView;
  readonly description: string;
}

export interface TimelineRecipient {
  readonly name: string;
  readonly email: string;
  readonly recpType: string;
  readonly viewed?: boolean;
  readonly timeViewed: TimeView;
  readonly responded?: boolean;
  readonly respondedAt: TimeView;
  /** `response_status` as the service sent it ('' when absent): its meaning is not documented, so it is shown, not read. */
  readonly responseStatus: string;
  readonly comment: string;
  readonly endorsement: string;
}

export interface TimelineData {
  readonly id: string;
  readonly formReference: string;
  readonly created: TimeView;
  readonly status: string;
  readonly counters: Readonly<Record<'involved' | 'signing' | 'nonsigning' | 'accepted' | 'clarified' | 'rejected', number | undefined>>;
  readonly events: readonly TimelineEvent[];
  readonly recipients: readonly TimelineRecipient[];
  readonly attachments: readonly { readonly id: string; readonly name: string }[];
}

/** What a timeline page keeps across a window reload, for the panel to come back. */
export interface TimelineState {
  readonly submissionId: string;
  /** The connection whose submission it is (none in a state kept by an earlier version: the workspace's then). */
  readonly connectionId?: string;
  /** The account it was opened for, a digest (none in a state kept by an earlier version: nothing is fetched for it). */
  readonly service?: string;
}

export type ToTimeline =
  | { readonly type: 'data'; readonly data: TimelineData }
  /** Loading: with nothing shown yet, the page says so; with data shown, it keeps it and marks it refreshing. */
  | { readonly type: 'loading'; readonly submissionId: string; readonly connectionId?: string; readonly service?: string }
  /** The load failed and nothing is shown: the page says why, with a retry unless `final` (no retry can help). */
  | { readonly type: 'error'; readonly message: string; readonly final?: boolean }
  /** A refresh failed: the page keeps what it shows, marked stale, with a retry unless `final`. */
  | { readonly type: 'stale'; readonly message: string; readonly final?: boolean };

export type FromTimeline =
  | { readonly type: 'ready' }
  | { readonly type: 'refresh' }
  | { readonly type: 'openSummary' }
  | { readonly type: 'downloadAttachment'; readonly attachmentId: string }
  /** What was drawn, for the log: how many events and recipients. */
  | { readonly type: 'rendered'; readonly events: number; readonly recipients: number };

const isTimeView = (v: unknown): v is TimeView => isRecord(v) && isString(v.raw) && isOptional((x): x is number => Number.isFinite(x))(v.ms);

const COUNTERS = ['involved', 'signing', 'nonsigning', 'accepted', 'clarified', 'rejected'] as const;

const isTimelineData = (d: unknown): d is TimelineData =>
  isRecord(d) && isString(d.id) && isString(d.formReference) && isTimeView(d.created) && isString(d.status)
  && isRecord(d.counters) && COUNTERS.every((k) => isOptional(isCount)((d.counters as Fields)[k]))
  && isArrayOf((e) => isRecord(e) && isTimeView(e.time) && isString(e.description))(d.events)
  && isArrayOf((r) => isRecord(r) && isString(r.name) && isString(r.email) && isString(r.recpType)
    && isOptional(isBoolean)(r.viewed) && isTimeView(r.timeViewed) && isOptional(isBoolean)(r.responded) && isTimeView(r.respondedAt)
    && isString(r.responseStatus) && isString(r.comment) && isString(r.endorsement))(d.recipients)
  && isArrayOf((a) => isRecord(a) && isString(a.id) && isString(a.name))(d.attachments);

/** What a timeline page saved, as the extension gets it back after a window reload. */
export const isTimelineState = (v: unknown): v is TimelineState => isRecord(v) && isString(v.submissionId) && v.submissionId !== '' && isOptional(isString)(v.connectionId) && isOptional(isString)(v.service);

/** From a timeline page to the extension. */
export const isFromTimeline = messageCheck<FromTimeline>({
  ready: none,
  refresh: none,
  openSummary: none,
  downloadAttachment: (m) => isString(m.attachmentId),
  rendered: (m) => isCount(m.events) && isCount(m.recipients),
});

/** From the extension to a timeline page. */
export const isToTimeline = messageCheck<ToTimeline>({
  data: (m) => isTimelineData(m.data),
  loading: (m) => isString(m.submissionId) && isOptional(isString)(m.connectionId) && isOptional(isString)(m.service),
  error: (m) => isString(m.message) && isOptional(isBoolean)(m.final),
  stale: (m) => isString(m.message) && isOptional(isBoolean)(m.final),
});
