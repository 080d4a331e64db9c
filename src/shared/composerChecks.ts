/** Runtime checks of the composer's messages (composerMessages.ts), as messageChecks.ts does for the other pages. */
import type { ComposerAdvanced, ComposerDocument, ComposerForm, ComposerRecipient, ComposerState, FromComposer, ToComposer } from './composerMessages';
import { RECIPIENT_TYPES } from './composerMessages';
import { isArrayOf, isCount, isRecord, isString, messageCheck, none, type Fields } from './messageChecks';

/** Generous bounds: a form is typed by a person; anything larger is not one. */
const MAX_TEXT = 1_000_000;
const MAX_ROWS = 1000;

const isText = (v: unknown): v is string => isString(v) && v.length <= MAX_TEXT;
const texts = (o: Fields, keys: readonly string[]): boolean => keys.every((k) => isText(o[k]));
const rows = <T>(check: (v: unknown) => boolean) => (v: unknown): v is T[] => isArrayOf<T>(check)(v) && (v as unknown[]).length <= MAX_ROWS;

const isUnavailable = (v: unknown): boolean => isRecord(v) && isText(v.reason) && typeof v.retry === 'boolean';

const isDocument = (v: unknown): v is ComposerDocument =>
  isRecord(v) && texts(v, ['path', 'name', 'sizeText', 'type']) && isCount(v.size) && (v.archiveId === undefined || isText(v.archiveId))
  && (v.account === undefined || isText(v.account)) && (v.unavailable === undefined || isUnavailable(v.unavailable));

const isRecipient = (v: unknown): v is ComposerRecipient =>
  isRecord(v) && (v.nameMode === 'full' || v.nameMode === 'split')
  && texts(v, ['name', 'firstName', 'lastName', 'email', 'authMethod', 'authNumber'])
  && (RECIPIENT_TYPES as readonly unknown[]).includes(v.type);

const isAdvanced = (v: unknown): v is ComposerAdvanced => isRecord(v) && texts(v, ['broadcast', 'transparency', 'confirmIntent']);

export const isComposerForm = (v: unknown): v is ComposerForm =>
  isRecord(v) && rows(isDocument)(v.documents) && rows(isRecipient)(v.recipients)
  && texts(v, ['coverNote', 'data', 'formReference']) && isAdvanced(v.advanced);

const isProblems = (v: unknown): boolean => isRecord(v) && Object.values(v).every(isString);

/** What a composer page saved, as the extension gets it back after a window reload. */
export const isComposerState = (v: unknown): v is ComposerState => isRecord(v) && isString(v.draftId) && /^[A-Za-z0-9-]{1,64}$/.test(v.draftId);

/** From the composer page to the extension. */
export const isFromComposer = messageCheck<FromComposer>({
  ready: none,
  changed: (m) => isComposerForm(m.form),
  addDocuments: (m) => m.from === 'workspace' || m.from === 'archive',
  dropped: (m) => rows<string>(isText)(m.uris),
  send: (m) => isComposerForm(m.form),
  back: none,
  discard: none,
  fetchAgain: none,
});

/** From the extension to the composer page. */
export const isToComposer = messageCheck<ToComposer>({
  form: (m) => isString(m.draftId) && isComposerForm(m.form) && isProblems(m.problems) && isText(m.to) && rows((r) => isRecord(r) && texts(r, ['name', 'email']))(m.recentRecipients) && isAdvanced(m.defaults) && (RECIPIENT_TYPES as readonly unknown[]).includes(m.defaultType),
  problems: (m) => isProblems(m.problems),
  account: (m) => isText(m.to) && isProblems(m.problems),
  documents: (m) => rows(isDocument)(m.documents) && isProblems(m.problems),
  phase: (m) => (m.phase === 'editing' || m.phase === 'reviewing' || m.phase === 'sending') && (m.message === undefined || isString(m.message)),
});
