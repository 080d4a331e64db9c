import * as vscode from 'vscode';
import type { NewRecipient } from '../core';
import { inputProblemText } from './problemText';
import type { RecipientTypeSetting } from './settings';
import { BACK, type Back, type UserInput } from './userInput';
import { answerProblem, type WizardField } from './wizardChecks';

/** What the user typed for one recipient, kept as typed so that Back shows it again. */
export interface RecipientAnswers {
  name: string;
  email: string;
  type: RecipientTypeSetting;
  authMethod: string;
  authNumber: string;
  /** The answer to "Add another recipient / Continue" after this one. */
  addAnother: boolean;
}

export interface SubmissionAnswers {
  recipients: RecipientAnswers[];
  coverNote: string;
  data: string;
  formReference: string;
}

type RecipientStep = 'name' | 'email' | 'type' | 'authMethod' | 'authNumber' | 'more';
type Position = { readonly step: RecipientStep; readonly i: number } | { readonly step: 'coverNote' | 'data' | 'formReference' };

/** The input box's check for a field: the hint for what is wrong, if anything. */
const check = (field: WizardField) => (v: string): string | undefined => {
  const code = answerProblem(field, v);
  return code && inputProblemText(code);
};

/** "Ada Lovelace" → Ada / Lovelace; "Lovelace, Ada King" → Ada King / Lovelace; one word is a first name. */
export function splitName(full: string): { firstName: string; lastName: string } {
  const t = full.trim().replace(/\s+/g, ' ');
  const comma = t.indexOf(',');
  if (comma > 0) return { lastName: t.slice(0, comma).trim(), firstName: t.slice(comma + 1).trim() };
  const space = t.lastIndexOf(' ');
  return space < 0 ? { firstName: t, lastName: '' } : { firstName: t.slice(0, space), lastName: t.slice(space + 1) };
}

export function toNewRecipient(r: RecipientAnswers): NewRecipient {
  const method = r.authMethod.trim();
  return {
    ...splitName(r.name),
    email: r.email.trim(),
    type: r.type,
    auth: method ? { method, number: r.authNumber.trim() } : undefined,
  };
}

/**
 * The New Submission questions, one at a time with a Back button: for each
 * recipient name, e-mail, type and optional authentication, then "add
 * another or continue"; then cover note, data and form reference. Back
 * returns to the previous question with its answer filled in; answers given
 * further on are kept too. Undefined when the user cancelled.
 */
export async function askSubmission(ui: UserInput, o: { defaultType: RecipientTypeSetting; suggestedReference: string }): Promise<SubmissionAnswers | undefined> {
  const a: SubmissionAnswers = { recipients: [], coverNote: '', data: '', formReference: o.suggestedReference };
  const recipient = (i: number): RecipientAnswers => {
    while (a.recipients.length <= i) {
      a.recipients.push({ name: '', email: '', type: a.recipients.length === 0 ? 'PRIMARY' : o.defaultType, authMethod: '', authNumber: '', addAnother: false });
    }
    return a.recipients[i];
  };

  const next = (p: Position): Position | undefined => {
    switch (p.step) {
      case 'name': return { step: 'email', i: p.i };
      case 'email': return { step: 'type', i: p.i };
      case 'type': return { step: 'authMethod', i: p.i };
      case 'authMethod': return recipient(p.i).authMethod.trim() ? { step: 'authNumber', i: p.i } : { step: 'more', i: p.i };
      case 'authNumber': return { step: 'more', i: p.i };
      case 'more': return recipient(p.i).addAnother ? { step: 'name', i: p.i + 1 } : { step: 'coverNote' };
      case 'coverNote': return { step: 'data' };
      case 'data': return { step: 'formReference' };
      case 'formReference': return undefined;
    }
  };
  /** Questions from `p` to the end, on the path the current answers take. */
  const remaining = (p: Position): number => {
    let n = 0;
    for (let q: Position | undefined = p; q; q = next(q)) n++;
    return n;
  };

  const visited: Position[] = [];
  let pos: Position | undefined = { step: 'name', i: 0 };
  while (pos) {
    const step = visited.length + 1;
    const common = { step, totalSteps: step + remaining(pos) - 1, back: visited.length > 0 };
    const answer = await ask(ui, pos, a, recipient, common);
    if (answer === undefined) return undefined;
    if (answer === BACK) {
      pos = visited.pop();
      if (!pos) return undefined;
      continue;
    }
    visited.push(pos);
    pos = next(pos);
  }
  // Recipients after the last "Continue" were entered, then abandoned with Back.
  let count = 0;
  while (count < a.recipients.length && a.recipients[count].addAnother) count++;
  a.recipients = a.recipients.slice(0, count + 1);
  return a;
}

async function ask(
  ui: UserInput,
  pos: Position,
  a: SubmissionAnswers,
  recipient: (i: number) => RecipientAnswers,
  common: { step: number; totalSteps: number; back: boolean },
): Promise<'ok' | Back | undefined> {
  const text = async (o: { title: string; prompt: string; value: string; placeHolder?: string; validate: (v: string) => string | undefined }, set: (v: string) => void) => {
    const v = await ui.inputBox({ ...common, ...o });
    if (typeof v === 'string') set(v);
    return v === undefined || v === BACK ? v : 'ok';
  };
  if (!('i' in pos)) {
    const title = vscode.l10n.t('New Submission');
    switch (pos.step) {
      case 'coverNote':
        return text({ title, prompt: vscode.l10n.t('Cover note, shown to the recipients (may be empty)'), value: a.coverNote, validate: check('coverNote') }, (v) => (a.coverNote = v));
      case 'data':
        return text({ title, prompt: vscode.l10n.t('Data (optional)'), value: a.data, validate: check('data') }, (v) => (a.data = v));
      case 'formReference':
        return text({ title, prompt: vscode.l10n.t('Form reference: how this submission is named in the list'), value: a.formReference, validate: check('formReference') }, (v) => (a.formReference = v.trim()));
    }
  }
  const r = recipient(pos.i);
  const n = pos.i + 1;
  const title = vscode.l10n.t('New Submission: recipient {0}', n);
  const who = r.name.trim() || vscode.l10n.t('recipient {0}', n);
  switch (pos.step) {
    case 'name':
      return text({ title, prompt: vscode.l10n.t('Full name of recipient {0} ("First Last", or "Last, First")', n), value: r.name, validate: check('name') }, (v) => (r.name = v));
    case 'email':
      return text({
        title, prompt: vscode.l10n.t('E-mail address of {0}', who), value: r.email, placeHolder: 'name@example.com',
        validate: check('email'),
      }, (v) => (r.email = v.trim()));
    case 'authMethod':
      return text({ title, prompt: vscode.l10n.t('Recipient authentication method for {0} (optional: leave empty for none)', who), value: r.authMethod, validate: check('authMethod') }, (v) => (r.authMethod = v.trim()));
    case 'authNumber':
      return text({ title, prompt: vscode.l10n.t('Authentication number for {0} ({1})', who, r.authMethod), value: r.authNumber, validate: check('authNumber') }, (v) => (r.authNumber = v.trim()));
    case 'type': {
      const descriptions: Record<RecipientTypeSetting, string> = {
        PRIMARY: vscode.l10n.t('the main recipient'),
        REGULAR: vscode.l10n.t('a recipient who responds'),
        COPIED: vscode.l10n.t('receives a copy, does not respond'),
      };
      const items = (['PRIMARY', 'REGULAR', 'COPIED'] as const).map((t) => ({ label: t, description: descriptions[t], type: t }));
      // The current choice (or the default) first, so that Enter keeps it.
      items.sort((x, y) => Number(y.type === r.type) - Number(x.type === r.type));
      const picked = await ui.quickPick(items, { ...common, title, placeHolder: vscode.l10n.t('Type of {0}', who) });
      if (picked === undefined || picked === BACK) return picked;
      r.type = picked.type;
      return 'ok';
    }
    case 'more': {
      const items = [
        { label: vscode.l10n.t('$(arrow-right) Continue'), description: vscode.l10n.t('to the cover note'), add: false },
        { label: vscode.l10n.t('$(add) Add another recipient'), add: true },
      ];
      if (r.addAnother) items.reverse();
      const picked = await ui.quickPick(items, { ...common, title, placeHolder: vscode.l10n.t('{0} recipient(s) so far', n) });
      if (picked === undefined || picked === BACK) return picked;
      r.addAnother = picked.add;
      return 'ok';
    }
  }
}
