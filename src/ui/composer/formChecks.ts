// Which forms the composer accepts: the client's own rules for each package
// value (so the form never accepts what the client would refuse), plus what
// the form insists on (a name, a form reference, a number with an
// authentication method). VS Code-free, so that plain mocha tests it.
import { isValidEmail, PACKAGE_LINE, PACKAGE_TEXT, recipientsProblem, textProblem, type Problem, type TextProblemCode, type TextRule } from '../../core';
import type { ComposerForm } from '../../shared/composerProtocol';

export type FormField = 'name' | 'firstName' | 'lastName' | 'email' | 'authMethod' | 'authNumber' | 'coverNote' | 'data' | 'formReference' | 'advanced';
export type FieldProblemCode = TextProblemCode | 'invalidEmail';

const REQUIRED_LINE: TextRule = { ...PACKAGE_LINE, required: true };

const RULES: Record<Exclude<FormField, 'email'>, TextRule> = {
  name: REQUIRED_LINE,
  firstName: PACKAGE_LINE,
  lastName: PACKAGE_LINE,
  authMethod: PACKAGE_LINE,
  authNumber: REQUIRED_LINE,
  coverNote: PACKAGE_TEXT,
  data: PACKAGE_TEXT,
  formReference: REQUIRED_LINE,
  // The package carries each of them as an element or attribute: never blank.
  advanced: REQUIRED_LINE,
};

/** What is wrong with one value, if anything. */
export function fieldProblem(field: FormField, value: string): FieldProblemCode | undefined {
  if (field === 'email') return isValidEmail(value.trim()) ? undefined : 'invalidEmail';
  return textProblem(value, RULES[field]);
}

/** A field's problem, worded as a hint under it: its code, and for a value too long the limit and its length. */
export interface FieldProblem {
  readonly code: FieldProblemCode;
  readonly limit?: number;
  readonly count?: number;
}

/** A problem of the form: a field's (worded as a hint under it), or a whole problem of the documents or recipients. */
export type FormProblem = FieldProblem | { readonly problem: Problem };

/**
 * Every problem of the form, keyed as composerProtocol.ts says
 * (`recipients.0.email`…). `documentsProblem` is the client's check of the
 * documents' names and sizes.
 */
export function formProblems(form: ComposerForm, documentsProblem: (docs: ComposerForm['documents']) => Problem | undefined): Map<string, FormProblem> {
  const out = new Map<string, FormProblem>();
  const check = (key: string, field: FormField, value: string) => {
    const code = fieldProblem(field, value);
    if (code === 'tooLong') out.set(key, { code, limit: field !== 'email' ? RULES[field].maxLength : undefined, count: value.length });
    else if (code) out.set(key, { code });
  };
  const docs = documentsProblem(form.documents);
  if (docs) out.set('documents', { problem: docs });
  const count = recipientsProblem(form.recipients.length);
  if (count) out.set('recipients', { problem: count });
  form.recipients.forEach((r, i) => {
    const key = (f: string) => `recipients.${i}.${f}`;
    if (r.nameMode === 'full') check(key('name'), 'name', r.name);
    else {
      check(key('firstName'), 'firstName', r.firstName);
      check(key('lastName'), 'lastName', r.lastName);
      // One of the two at least: a recipient is addressed by name.
      if (!out.has(key('firstName')) && !out.has(key('lastName')) && `${r.firstName}${r.lastName}`.trim() === '') out.set(key('lastName'), { code: 'empty' });
    }
    check(key('email'), 'email', r.email);
    check(key('authMethod'), 'authMethod', r.authMethod);
    if (r.authMethod.trim()) check(key('authNumber'), 'authNumber', r.authNumber);
    // A number without a method would be dropped silently: the method is asked for.
    else if (r.authNumber.trim()) out.set(key('authMethod'), { code: 'empty' });
  });
  check('coverNote', 'coverNote', form.coverNote);
  check('data', 'data', form.data);
  check('formReference', 'formReference', form.formReference);
  for (const k of ['broadcast', 'transparency', 'confirmIntent'] as const) check(`advanced.${k}`, 'advanced', form.advanced[k]);
  return out;
}
