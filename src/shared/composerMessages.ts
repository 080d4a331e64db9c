/**
 * The composer's protocol (New Submission's form), declared once for the
 * extension and its page. The page holds the form as the user edits it and
 * posts it; the extension checks it with the client's own rules and answers
 * with the problems per field, so the page never judges a value itself.
 */

export const RECIPIENT_TYPES = ['PRIMARY', 'REGULAR', 'COPIED'] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];

/** A document on this computer, as the form lists it. */
export interface ComposerDocument {
  readonly path: string;
  readonly name: string;
  readonly size: number;
  /** The size as shown ("1.2 MB"), worded by the extension. */
  readonly sizeText: string;
  /** The media type it is sent with. */
  readonly type: string;
  /** Where a workspace document is, as the form shows it: its path in the workspace (the whole path outside one). */
  readonly location?: string;
  /** An archive document's title in the archive. */
  readonly title?: string;
  /** The hash the archive recorded for an archive document: its copy here was checked against it. */
  readonly hash?: DocumentHash;
  /**
   * The archive file it was fetched from. Its copy is temporary (removed
   * with the tab, or once a send that uses it is over): a reopened draft
   * fetches it again by this id, from `account`'s archive only.
   */
  readonly archiveId?: string;
  /** The account whose archive it came from (service address and user name, as the extension names accounts; never a secret). */
  readonly account?: string;
  /**
   * Set by the extension while an archive document has no copy here to send:
   * why (shown under it), and whether Fetch Again can help.
   */
  readonly unavailable?: DocumentUnavailable;
}

/** Which archive file of which account an archive document is: the same in the form, the draft and the extension's copies. */
export const archiveDocumentKey = (d: Pick<ComposerDocument, 'account' | 'archiveId'>): string => JSON.stringify([d.account ?? null, d.archiveId ?? null]);

export interface DocumentHash {
  readonly hex: string;
  /** As the form shows it, worded by the extension: its algorithm and its first digits ("SHA-256 3f2a1b4c5d6e…"). */
  readonly text: string;
}

export interface DocumentUnavailable {
  readonly reason: string;
  readonly retry: boolean;
}

export interface ComposerRecipient {
  /** Whether the name is typed whole ("Ada Lovelace", "Lovelace, Ada") or as first and last name. */
  readonly nameMode: 'full' | 'split';
  readonly name: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly type: RecipientType;
  /** Optional: empty for none. */
  readonly authMethod: string;
  readonly authNumber: string;
}

/** The package values the spec leaves open. */
export interface ComposerAdvanced {
  readonly broadcast: string;
  readonly transparency: string;
  readonly confirmIntent: string;
}

export interface ComposerForm {
  readonly documents: readonly ComposerDocument[];
  readonly recipients: readonly ComposerRecipient[];
  readonly coverNote: string;
  readonly data: string;
  readonly formReference: string;
  readonly advanced: ComposerAdvanced;
}

/**
 * Field keys problems are reported under: `formReference`, `coverNote`,
 * `data`, `documents`, `recipients`, `account` (the form belongs to another
 * account than the one in use), `advanced.broadcast`…, and
 * `recipients.<i>.<field>` (from 0) for a recipient's fields.
 */
export type ComposerProblems = Readonly<Record<string, string>>;

/** What the page keeps across hiding and a window reload: which draft it shows. */
export interface ComposerState {
  readonly draftId: string;
  /** Whether the Advanced section is open: as the user left it, also after a window reload. */
  readonly advancedOpen?: boolean;
}

/** Editing; reviewing (the summary, the confirmation before sending); sending (the form locked). */
export type ComposerPhase = 'editing' | 'reviewing' | 'sending';

export type ToComposer =
  /** The form to show (at first, after a document was added or removed) with its problems and what to offer. */
  | { readonly type: 'form'; readonly draftId: string; readonly form: ComposerForm; readonly problems: ComposerProblems; readonly to: string; readonly recentRecipients: readonly { readonly name: string; readonly email: string }[]; readonly defaults: ComposerAdvanced; readonly defaultType: RecipientType }
  /**
   * The account the form is sent to (`"ann" at dsas.example.com`, empty when
   * none is known yet), with the form's problems: the account in use changed,
   * so it may now be sent, or not.
   */
  | { readonly type: 'account'; readonly to: string; readonly problems: ComposerProblems }
  /** The problems of the form last posted. */
  | { readonly type: 'problems'; readonly problems: ComposerProblems }
  /** The documents as they are now (an archive document fetched, held back or taken out), with the form's problems: the rest of the form stays as typed. */
  | { readonly type: 'documents'; readonly documents: readonly ComposerDocument[]; readonly problems: ComposerProblems }
  /** Review the form as posted, sending (the form locked), or back to editing (`message` says why, when sending did not happen). */
  | { readonly type: 'phase'; readonly phase: ComposerPhase; readonly message?: string }
  /** What became of documents just added (added, already there), to be read out after the form that shows them. */
  | { readonly type: 'announce'; readonly text: string };

export type FromComposer =
  | { readonly type: 'ready' }
  /** The form as edited: the extension checks it and keeps it as the draft. */
  | { readonly type: 'changed'; readonly form: ComposerForm }
  /** Add documents: from the workspace (the picker, with Browse…) or from the archive. */
  | { readonly type: 'addDocuments'; readonly from: 'workspace' | 'archive' }
  /** Files dropped on the page, as the paths or URIs the drop carried. */
  | { readonly type: 'dropped'; readonly uris: readonly string[] }
  /** Send: the first time the extension answers with the review step (the confirmation), then it sends the form reviewed. */
  | { readonly type: 'send'; readonly form: ComposerForm }
  /** From the review step back to editing. */
  | { readonly type: 'back' }
  /** Discard Draft…: the extension asks first. */
  | { readonly type: 'discard' }
  /** Fetch Again: the archive documents not available yet. */
  | { readonly type: 'fetchAgain' };
