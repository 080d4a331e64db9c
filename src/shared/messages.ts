/**
 * Messages between the extension and its webviews, declared once for both
 * sides. Every page first posts `ready`; the extension sends data only then.
 * Service text travels as data and is rendered as text, never as HTML.
 * Each side checks what it receives at runtime (messageChecks.ts).
 */

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
}

export type ToTimeline =
  | { readonly type: 'data'; readonly data: TimelineData }
  /** Loading: with nothing shown yet, the page says so; with data shown, it keeps it and marks it refreshing. */
  | { readonly type: 'loading'; readonly submissionId: string }
  /** The load failed and nothing is shown: the page says why, with a retry. */
  | { readonly type: 'error'; readonly message: string }
  /** A refresh failed: the page keeps what it shows, marked stale, with a retry. */
  | { readonly type: 'stale'; readonly message: string };

export type FromTimeline =
  | { readonly type: 'ready' }
  | { readonly type: 'refresh' }
  | { readonly type: 'openSummary' }
  | { readonly type: 'downloadAttachment'; readonly attachmentId: string }
  /** What was drawn, for the log: how many events and recipients. */
  | { readonly type: 'rendered'; readonly events: number; readonly recipients: number };

/** What a viewer shows: a submission's summary, a PDF attachment, a PDF archive file, or a PDF on this computer (a download opened). */
export type PdfSource =
  | { readonly kind: 'summary'; readonly submissionId: string }
  | { readonly kind: 'attachment'; readonly submissionId: string; readonly id: string; readonly ticket: string; readonly name: string }
  | { readonly kind: 'archive'; readonly id: string; readonly ticket: string; readonly name: string }
  | { readonly kind: 'file'; readonly path: string; readonly name: string };

/** What a viewer page keeps across hiding and a window reload: the document and the reader's place. */
export interface PdfState {
  readonly source?: PdfSource;
  readonly page: number;
  readonly zoom: ZoomState;
  readonly invert: boolean;
}

export type ToPdf =
  | { readonly type: 'pdf'; readonly title: string; readonly bytes: Uint8Array; readonly page?: number; readonly zoom?: ZoomState; readonly invertInDark: boolean }
  /** Loading `source`: with a document shown, the page keeps it and marks it refreshing. */
  | { readonly type: 'loading'; readonly title: string; readonly source: PdfSource }
  | { readonly type: 'error'; readonly message: string }
  /** A refresh failed: the page keeps the document, marked stale, with a retry. */
  | { readonly type: 'stale'; readonly message: string }
  /** The submission of a summary changed since it was loaded: the page offers to reload. */
  | { readonly type: 'changed' };

export type ZoomState = { readonly mode: 'fitWidth' } | { readonly mode: 'scale'; readonly scale: number };

export type FromPdf =
  | { readonly type: 'ready' }
  | { readonly type: 'save' }
  /** Archive… (a summary or an attachment): the document put into the archive. */
  | { readonly type: 'archive' }
  | { readonly type: 'refresh' }
  /** Where the reader is, kept across hide/show and reloads. */
  | { readonly type: 'position'; readonly page: number; readonly zoom: ZoomState }
  | { readonly type: 'rendered'; readonly pages: number; readonly firstPageDrawn: boolean }
  | { readonly type: 'failed'; readonly message: string };
