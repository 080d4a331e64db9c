/** Runtime checks of the composer's messages (composerMessages.ts), as messageChecks.ts does for the other pages. */
import type { ComposerAdvanced, ComposerDocument, ComposerForm, DocumentHash, ComposerRecipient, ComposerState, FromComposer, ToComposer } from './composerMessages';
import { RECIPIENT_TYPES } from './composerMessages';
import { isArrayOf, isCount, isOptional, isRecord, isString, messageCheck, none, type Fields } from './messageChecks';

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
