/**
 * What is wrong with a value the user gave, as data: a code and the field.
 * The validators return these; the extension words them in the user's
 * language, and `problemMessage` gives the plain English of error messages
 * and logs.
 */
export type ProblemCode =
  /** Blank where a value is needed. */
  | 'empty'
  /** Longer than the client sends (`limit`), with its length (`count`). */
  | 'tooLong'
  /** More than the client sends in one request (`limit`), with how many there are (`count`). */
  | 'tooMany'
  /** A line break or other control character in a single-line value. */
  | 'controlCharacter'
  /** A character XML 1.0 cannot carry (C0 controls, U+FFFE/U+FFFF, a lone surrogate). */
  | 'notXml'
  | 'invalidEmail'
  | 'noRecipients'
  | 'noDocuments'
  /** Names (`values`) that are not plain file names. */
  | 'notFileName'
  /** Two documents with one name, ignoring case (`values`: the second as written). */
  | 'duplicateName'
  /** A document named like the package part (`values`: the package's name). */
  | 'reservedName'
  /** An id or ticket that cannot be a path segment. */
  | 'invalidIdentifier'
  /** A local file that cannot be opened (`errno`: the system's code). */
  | 'fileUnreadable'
  | 'folder'
  /** Neither a regular file nor a folder (a device, a socket). */
  | 'notAFile'
  /** Empty files (`values`: their names). */
  | 'emptyFile';

export type ProblemField =
  | 'formReference' | 'coverNote' | 'data'
  | 'firstName' | 'lastName' | 'email' | 'recipientType' | 'authMethod' | 'authNumber'
  | 'recipients' | 'documents' | 'documentName'
  /** One of the package's open values, named in `values` as the package names it (`transparency`, `confirm_intent`). */
  | 'packageValue'
  | 'title' | 'fileName' | 'userName' | 'id';

export interface Problem {
  readonly code: ProblemCode;
  readonly field: ProblemField;
  /** Which recipient (from 1), for a recipient's fields. */
  readonly recipient?: number;
  /** The values concerned, as given: names, an address. */
  readonly values?: readonly string[];
  readonly errno?: string;
  /** The client's limit that was exceeded, for `tooLong` and `tooMany`. */
  readonly limit?: number;
  /** The length or number given, for `tooLong` and `tooMany`. */
  readonly count?: number;
}

const FIELD: Record<ProblemField, string> = {
  formReference: 'The form reference',
  coverNote: 'The cover note',
  data: 'The data',
  firstName: 'first name',
  lastName: 'last name',
  email: 'e-mail address',
  recipientType: 'type',
  authMethod: 'authentication method',
  authNumber: 'authentication number',
  recipients: 'The recipients',
  documents: 'The documents',
  documentName: 'The document name',
  packageValue: 'The package value',
  title: 'The title',
  fileName: 'The file name',
  userName: 'The user name',
  id: 'The identifier',
};

const quoted = (values: readonly string[] = []): string => values.map((v) => `"${v}"`).join(', ');
const number = (n = 0): string => n.toLocaleString('en');

/** The field as the subject of a sentence: "Recipient 2's last name", "The document name "a.pdf"". */
function subject(p: Problem): string {
  if (p.recipient !== undefined) return `Recipient ${p.recipient}'s ${FIELD[p.field]}`;
  if (p.field === 'documentName') return p.values?.length ? `The document name ${quoted(p.values)}` : 'A document name';
  if (p.field === 'packageValue') return `The package value ${p.values?.[0] ?? ''}`.trim();
  return FIELD[p.field];
}

/** Plain English for a problem: the message of the error that carries it. */
export function problemMessage(p: Problem): string {
  const many = (p.values?.length ?? 0) > 1;
  switch (p.code) {
    case 'empty': return `${subject(p)} must not be empty.`;
    case 'tooLong': return `${subject(p)} has ${number(p.count)} characters; at most ${number(p.limit)} can be sent.`;
    case 'tooMany': return `A submission can have at most ${number(p.limit)} recipients; this one has ${number(p.count)}.`;
    case 'controlCharacter': return `${subject(p)} must be a single line without control characters.`;
    case 'notXml': return `${subject(p)} contains a control character that cannot be sent.`;
    case 'invalidEmail': return `${subject(p)} ${quoted(p.values)} is not valid.`;
    case 'noRecipients': return 'A submission needs at least one recipient.';
    case 'noDocuments': return 'A submission needs at least one document.';
    case 'notFileName': return many ? `The document names ${quoted(p.values)} cannot be used as file names.` : `The document name ${quoted(p.values)} cannot be used as a file name.`;
    case 'duplicateName': return `Two documents are named ${quoted(p.values)}; each attachment needs its own name.`;
    case 'reservedName': return `A document may not be named ${quoted(p.values)}: that name is the package's.`;
    case 'invalidIdentifier': return `${quoted(p.values)} is not a valid identifier.`;
    case 'fileUnreadable': return `${quoted(p.values)} ${p.errno === 'ENOENT' ? 'does not exist' : p.errno === 'EACCES' || p.errno === 'EPERM' ? 'cannot be read (permission denied)' : `cannot be read (${p.errno})`}.`;
    case 'folder':
    case 'notAFile': return `${quoted(p.values)} is not a file.`;
    case 'emptyFile': return `${quoted(p.values)} ${many ? 'are' : 'is'} empty.`;
  }
}
