/**
 * Runtime checks of the messages in messages.ts. A message crosses a process
 * boundary, so its type annotation proves nothing: each side checks what it
 * receives and ignores what does not match. One check per message type; the
 * tables are keyed by the union's `type`, so a new message type that is not
 * checked is a compile error. Imports nothing but the types.
 */
import type { FromPdf, FromTimeline, PdfSource, PdfState, TimeView, TimelineData, TimelineState, ToPdf, ToTimeline, ZoomState } from './messages';

export type Fields = Readonly<Record<string, unknown>>;
/** A check of one message type's fields (its `type` is already known). */
type Checks<M extends { type: string }> = { readonly [K in M['type']]: (m: Fields) => boolean };
export type MessageCheck<M> = (m: unknown) => m is M;

export const isRecord = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
export const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
export const isOptional = <T>(check: (v: unknown) => v is T) => (v: unknown): v is T | undefined => v === undefined || check(v);
export const isArrayOf = <T>(check: (v: unknown) => boolean) => (v: unknown): v is T[] => Array.isArray(v) && v.every(check);
export const none = (): boolean => true;
// By tag, not instanceof: a cloned message may come from another realm (frame).
const isBytes = (v: unknown): v is Uint8Array => Object.prototype.toString.call(v) === '[object Uint8Array]';

/** A checker for the union whose per-type checks are `checks`. */
export function messageCheck<M extends { type: string }>(checks: Checks<M>): MessageCheck<M> {
  return (m: unknown): m is M => {
    if (!isRecord(m) || !isString(m.type) || !Object.prototype.hasOwnProperty.call(checks, m.type)) return false;
    return (checks as Readonly<Record<string, (m: Fields) => boolean>>)[m.type](m);
  };
}

const isZoom = (v: unknown): v is ZoomState =>
  isRecord(v) && (v.mode === 'fitWidth' || (v.mode === 'scale' && typeof v.scale === 'number' && Number.isFinite(v.scale) && v.scale > 0));

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

const isPdfSource = (v: unknown): v is PdfSource => {
  if (!isRecord(v)) return false;
  const file = isString(v.id) && isString(v.ticket) && isString(v.name);
  return (v.kind === 'summary' && isString(v.submissionId))
    || (v.kind === 'attachment' && isString(v.submissionId) && file)
    || (v.kind === 'archive' && file)
    || (v.kind === 'file' && isString(v.path) && /\.pdf$/i.test(v.path) && isString(v.name));
};

/** What a timeline page saved, as the extension gets it back after a window reload. */
export const isTimelineState = (v: unknown): v is TimelineState => isRecord(v) && isString(v.submissionId) && v.submissionId !== '';

/** What a PDF viewer page saved, as the extension gets it back after a window reload. */
export const isPdfState = (v: unknown): v is PdfState & { source: PdfSource } =>
  isRecord(v) && isPdfSource(v.source) && isCount(v.page) && isZoom(v.zoom) && isBoolean(v.invert);

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
  loading: (m) => isString(m.submissionId),
  error: (m) => isString(m.message),
  stale: (m) => isString(m.message),
});

/** From a PDF viewer page to the extension. */
export const isFromPdf = messageCheck<FromPdf>({
  ready: none,
  save: none,
  archive: none,
  refresh: none,
  position: (m) => isCount(m.page) && m.page >= 1 && isZoom(m.zoom),
  rendered: (m) => isCount(m.pages) && isBoolean(m.firstPageDrawn),
  failed: (m) => isString(m.message),
});

/** From the extension to a PDF viewer page. */
export const isToPdf = messageCheck<ToPdf>({
  pdf: (m) => isString(m.title) && isBytes(m.bytes) && isOptional(isCount)(m.page) && isOptional(isZoom)(m.zoom) && isBoolean(m.invertInDark),
  loading: (m) => isString(m.title) && isPdfSource(m.source),
  error: (m) => isString(m.message),
  stale: (m) => isString(m.message),
  changed: none,
});
