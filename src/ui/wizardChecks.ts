// Which answers the New Submission wizard accepts: the client's own rules for
// each package field (so the wizard never accepts what the client would
// refuse), plus the answers the wizard insists on (a name, a form
// reference). VS Code-free, so that plain mocha tests it.
import { isValidEmail, PACKAGE_LINE, PACKAGE_TEXT, textProblem, type TextProblemCode, type TextRule } from '../core';

export type WizardField = 'name' | 'email' | 'authMethod' | 'authNumber' | 'coverNote' | 'data' | 'formReference';

const REQUIRED_LINE: TextRule = { ...PACKAGE_LINE, required: true };

const RULES: Record<Exclude<WizardField, 'email'>, TextRule> = {
  name: REQUIRED_LINE,
  authMethod: PACKAGE_LINE,
  authNumber: REQUIRED_LINE,
  coverNote: PACKAGE_TEXT,
  data: PACKAGE_TEXT,
  formReference: REQUIRED_LINE,
};

/** What is wrong with an answer, if anything. */
export function answerProblem(field: WizardField, value: string): TextProblemCode | 'invalidEmail' | undefined {
  if (field === 'email') return isValidEmail(value.trim()) ? undefined : 'invalidEmail';
  return textProblem(value, RULES[field]);
}
