/**
 * The composer's protocol (New Submission's form), declared once for the
 * extension and its page. The page holds the form as the user edits it and
 * posts it; the extension checks it with the client's own rules and answers
 * with the problems per field, so the page never judges a value itself.
 * The messages' types come first, then their runtime checks.
 */
import { isArrayOf, isCount, isOptional, isRecord, isString, messageCheck, none, type Fields } from './protocolChecks';

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

/*
 * The shape only, never a size: every form the page can hold is answered.
 * How long a value or how many recipients the client sends is a rule of the
 * client's (src/core/validate.ts), said under its field like any other
 * problem; a check here that refused a large form would leave the page
 * waiting for an answer that never comes, and its draft unsaved.
 */
const texts = (o: Fields, keys: readonly string[]): boolean => keys.every((k) => isString(o[k]));

const isUnavailable = (v: unknown): boolean => isRecord(v) && isString(v.reason) && typeof v.retry === 'boolean';

const isHash = (v: unknown): v is DocumentHash => isRecord(v) && texts(v, ['hex', 'text']);

const isDocument = (v: unknown): v is ComposerDocument =>
  isRecord(v) && texts(v, ['path', 'name', 'sizeText', 'type']) && isCount(v.size) && isOptional(isString)(v.archiveId)
  && isOptional(isString)(v.account) && (v.unavailable === undefined || isUnavailable(v.unavailable))
  && isOptional(isString)(v.location) && isOptional(isString)(v.title) && isOptional(isHash)(v.hash);

const isRecipient = (v: unknown): v is ComposerRecipient =>
  isRecord(v) && (v.nameMode === 'full' || v.nameMode === 'split')
  && texts(v, ['name', 'firstName', 'lastName', 'email', 'authMethod', 'authNumber'])
  && (RECIPIENT_TYPES as readonly unknown[]).includes(v.type);

const isAdvanced = (v: unknown): v is ComposerAdvanced => isRecord(v) && texts(v, ['broadcast', 'transparency', 'confirmIntent']);

export const isComposerForm = (v: unknown): v is ComposerForm =>
  isRecord(v) && isArrayOf(isDocument)(v.documents) && isArrayOf(isRecipient)(v.recipients)
  && texts(v, ['coverNote', 'data', 'formReference']) && isAdvanced(v.advanced);

const isProblems = (v: unknown): boolean => isRecord(v) && Object.values(v).every(isString);

/** What a composer page saved, as the extension gets it back after a window reload. */
export const isComposerState = (v: unknown): v is ComposerState => isRecord(v) && isString(v.draftId) && /^[A-Za-z0-9-]{1,64}$/.test(v.draftId);

/** From the composer page to the extension. */
export const isFromComposer = messageCheck<FromComposer>({
  ready: none,
  changed: (m) => isComposerForm(m.form),
  addDocuments: (m) => m.from === 'workspace' || m.from === 'archive',
  dropped: (m) => isArrayOf<string>(isString)(m.uris),
  send: (m) => isComposerForm(m.form),
  back: none,
  discard: none,
  fetchAgain: none,
});

/** From the extension to the composer page. */
export const isToComposer = messageCheck<ToComposer>({
  form: (m) => isString(m.draftId) && isComposerForm(m.form) && isProblems(m.problems) && isString(m.to) && isArrayOf((r) => isRecord(r) && texts(r, ['name', 'email']))(m.recentRecipients) && isAdvanced(m.defaults) && (RECIPIENT_TYPES as readonly unknown[]).includes(m.defaultType),
  problems: (m) => isProblems(m.problems),
  account: (m) => isString(m.to) && isProblems(m.problems),
  documents: (m) => isArrayOf(isDocument)(m.documents) && isProblems(m.problems),
  phase: (m) => (m.phase === 'editing' || m.phase === 'reviewing' || m.phase === 'sending') && (m.message === undefined || isString(m.message)),
  announce: (m) => isString(m.text),
});
