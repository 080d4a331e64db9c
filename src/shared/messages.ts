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

export type ToTimeline =
  | { readonly type: 'data'; readonly data: TimelineData }
  | { readonly type: 'loading' }
  | { readonly type: 'error'; readonly message: string };

export type FromTimeline =
  | { readonly type: 'ready' }
  | { readonly type: 'refresh' }
  | { readonly type: 'openSummary' }
  | { readonly type: 'downloadAttachment'; readonly attachmentId: string }
  /** What was drawn, for the log: how many events and recipients. */
  | { readonly type: 'rendered'; readonly events: number; readonly recipients: number };

export type ToPdf =
  | { readonly type: 'pdf'; readonly title: string; readonly bytes: Uint8Array; readonly page?: number; readonly zoom?: ZoomState; readonly invertInDark: boolean }
  | { readonly type: 'loading'; readonly title: string }
  | { readonly type: 'error'; readonly message: string };

export type ZoomState = { readonly mode: 'fitWidth' } | { readonly mode: 'scale'; readonly scale: number };

export type FromPdf =
  | { readonly type: 'ready' }
  | { readonly type: 'save' }
  | { readonly type: 'refresh' }
  /** Where the reader is, kept across hide/show and reloads. */
  | { readonly type: 'position'; readonly page: number; readonly zoom: ZoomState }
  | { readonly type: 'rendered'; readonly pages: number; readonly firstPageDrawn: boolean }
  | { readonly type: 'failed'; readonly message: string };
