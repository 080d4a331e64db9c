import { invalidInput } from './errors';
import type { CheckedFile } from './fileChunks';
import { sourceFile, sourceName, type LocalSource } from './localFile';
import { checkText, documentNamesProblem, isValidEmail, PACKAGE_LINE, PACKAGE_TEXT } from './validate';
import type { NewRecipient } from './xml/package';

/** The package fields of a new submission, as the client's `createSubmission` takes them. */
export interface SubmissionFields {
  readonly formReference: string;
  readonly recipients: readonly NewRecipient[];
  readonly coverNote?: string;
  readonly data?: string;
}

/**
 * Checks a new submission before anything is sent: every package value,
 * then the documents' names, then the files themselves. Returns the
 * documents with the names they are sent under; throws the first problem.
 */
export async function checkSubmission(s: SubmissionFields, documents: readonly LocalSource[], packageFileName: string): Promise<{ name: string; file: CheckedFile }[]> {
  checkText('formReference', s.formReference, PACKAGE_LINE);
  if (s.recipients.length === 0) throw invalidInput({ code: 'noRecipients', field: 'recipients' });
  s.recipients.forEach((r, i) => {
    const recipient = i + 1;
    checkText('email', r.email, { required: true }, recipient);
    if (!isValidEmail(r.email)) throw invalidInput({ code: 'invalidEmail', field: 'email', recipient, values: [r.email] });
    for (const [field, v] of [['firstName', r.firstName], ['lastName', r.lastName], ['recipientType', r.type ?? ''], ['authMethod', r.auth?.method ?? ''], ['authNumber', r.auth?.number ?? '']] as const) {
      checkText(field, v, PACKAGE_LINE, recipient);
    }
    if (r.auth) {
      checkText('authMethod', r.auth.method, { required: true }, recipient);
      checkText('authNumber', r.auth.number, { required: true }, recipient);
    }
  });
  checkText('coverNote', s.coverNote ?? '', PACKAGE_TEXT);
  checkText('data', s.data ?? '', PACKAGE_TEXT);
  const names = documents.map(sourceName);
  const problem = documentNamesProblem(names, packageFileName);
  if (problem) throw invalidInput(problem);
  const files: { name: string; file: CheckedFile }[] = [];
  for (const [i, d] of documents.entries()) files.push(await sourceFile({ ...d, name: names[i] }));
  return files;
}
