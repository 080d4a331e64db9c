import { invalidInput } from './errors';
import type { CheckedFile } from './fileChunks';
import { sourceFile, sourceName, type LocalSource } from './localFile';
import { checkText, documentNamesProblem, isValidEmail, PACKAGE_LINE, PACKAGE_TEXT, recipientsProblem } from './validate';
import type { NewRecipient, PackageDefaults } from './xml/packageFields';

/** The package fields of a new submission, as the client's `createSubmission` takes them. */
export interface SubmissionFields {
  readonly formReference: string;
  readonly recipients: readonly NewRecipient[];
  readonly coverNote?: string;
  readonly data?: string;
  readonly options?: Partial<PackageDefaults>;
}

/** The package's open values as the package names them, in messages. */
const OPTION_NAMES: Record<keyof PackageDefaults, string> = {
  submissionType: 'type', broadcast: 'broadcast', transparency: 'transparency', confirmIntent: 'confirm_intent', recipientType: 'recipient type',
};

/**
 * Checks a new submission before anything is sent: every package value,
 * then the documents' names, then the files themselves. Returns the
 * documents with the names they are sent under; throws the first problem.
 */
export async function checkSubmission(s: SubmissionFields, documents: readonly LocalSource[], packageFileName: string): Promise<{ name: string; file: CheckedFile }[]> {
  checkText('formReference', s.formReference, PACKAGE_LINE);
  const count = recipientsProblem(s.recipients.length);
  if (count) throw invalidInput(count);
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
  for (const [key, name] of Object.entries(OPTION_NAMES) as [keyof PackageDefaults, string][]) {
    const v = s.options?.[key];
    if (v !== undefined) checkText('packageValue', v, PACKAGE_LINE, undefined, [name]);
  }
  const names = documents.map(sourceName);
  const problem = documentNamesProblem(names, packageFileName);
  if (problem) throw invalidInput(problem);
  const files: { name: string; file: CheckedFile }[] = [];
  for (const [i, d] of documents.entries()) files.push(await sourceFile({ ...d, name: names[i] }));
  return files;
}
