// The composer's form: the form reference, documents, recipients, the texts
// and the Advanced values. Every control is a native one with a label, so
// the whole form works with the keyboard and a screen reader.
import { RECIPIENT_TYPES, type ComposerAdvanced, type ComposerForm, type ComposerRecipient, type RecipientType } from '../shared/composerProtocol';
import { emptyRecipient, splitName } from '../shared/composerRecipients';
import { documentCell } from './composerDocument';
import { actionButton, errorLine, selectField, textField } from './composerFields';
import { rovingGrid } from './documentGrid';
import { t } from './l10n';
import { el } from './vscodeApi';

export interface FormContext {
  /**
   * Changes the form as it is now (not as it was drawn: fields typed in since
   * are kept); `focus`: rebuild the view and focus this control's id (a row
   * was added, removed or moved).
   */
  update(change: (current: ComposerForm) => ComposerForm, focus?: string): void;
  addDocuments(from: 'workspace' | 'archive'): void;
  /** Fetch Again: the archive documents held back by a failure that may pass. */
  fetchAgain(): void;
  readonly recent: readonly { readonly name: string; readonly email: string }[];
  readonly defaults: ComposerAdvanced;
  readonly defaultType: RecipientType;
  /** Whether the Advanced section is open: kept by the page, so that it stays as the user left it. */
  readonly advanced: { open: boolean };
}

const TYPE_TEXT: Record<RecipientType, string> = {
  PRIMARY: t('PRIMARY: the main recipient'),
  REGULAR: t('REGULAR: a recipient who responds'),
  COPIED: t('COPIED: receives a copy, does not respond'),
};

/** `list` with item `i` moved by `by` (−1 up, +1 down). */
function moved<T>(list: readonly T[], i: number, by: number): T[] {
  const out = [...list];
  const [x] = out.splice(i, 1);
  out.splice(i + by, 0, x);
  return out;
}

/** The documents (one Tab stop, see documentGrid.ts), each with why it cannot be sent yet when it cannot; its own section, so that it can be drawn again alone. */
export function documentsSection(f: ComposerForm, c: FormContext): HTMLElement {
  const set = (change: (d: ComposerForm['documents']) => ComposerForm['documents'], focus: string) => c.update((cur) => ({ ...cur, documents: change(cur.documents) }), focus);
  const n = f.documents.length;
  const move = (i: number, by: -1 | 1, focus: string) => set((d) => moved(d, i, by), focus);
  /** Removes document `i`; the focus goes to `control` of the document taking its place, or to Add from the Workspace… when none is left. */
  const remove = (i: number, control: string) => set((d) => d.filter((_, j) => j !== i), n > 1 ? `doc-${Math.min(i, n - 2)}${control}` : 'add-workspace');
  const cell = (b: HTMLButtonElement, i: number, col: number) => {
    b.dataset.row = String(i);
    b.dataset.col = String(col);
    return el('div', { attrs: { role: 'gridcell' } }, b);
  };
  const rows = f.documents.map((d, i) => el('div', { className: 'doc', attrs: { role: 'row' } },
    documentCell(d, i),
    cell(actionButton(`doc-${i}-up`, t('Up'), () => move(i, -1, `doc-${i - 1}-up`), { aria: t('Move {0} up', d.name), disabled: i === 0 }), i, 1),
    cell(actionButton(`doc-${i}-down`, t('Down'), () => move(i, 1, `doc-${i + 1}-down`), { aria: t('Move {0} down', d.name), disabled: i === n - 1 }), i, 2),
    cell(actionButton(`doc-${i}-remove`, t('Remove'), () => remove(i, '-remove'), { aria: t('Remove {0}', d.name) }), i, 3)));
  const grid = el('div', { className: 'docs', attrs: { role: 'grid', 'aria-labelledby': 'documents-title', 'aria-describedby': 'documents-keys' } }, ...rows);
  rovingGrid(grid, { move: (i, by) => move(i, by, `doc-${i + by}`), remove: (i) => remove(i, '') });
  const retry = f.documents.some((d) => d.unavailable?.retry);
  return el('section', { attrs: { id: 'documents-section', 'aria-labelledby': 'documents-title' } },
    el('h2', { text: t('Documents ({0})', n), attrs: { id: 'documents-title' } }),
    n ? grid : el('p', { className: 'muted', text: t('No document yet.') }),
    n ? el('p', { className: 'help', attrs: { id: 'documents-keys' }, text: t('In the list, Up and Down go from document to document (Home and End to the first and last), Left and Right to its buttons; Alt+Up and Alt+Down move it, Delete (or Backspace) removes it.') }) : null,
    el('div', { className: 'toolbar' },
      actionButton('add-workspace', t('Add from the Workspace…'), () => c.addDocuments('workspace')),
      actionButton('add-archive', t('Add from the Archive…'), () => c.addDocuments('archive')),
      retry ? actionButton('fetch-again', t('Fetch Again'), () => c.fetchAgain(), { aria: t('Fetch the archive documents not available yet again') }) : null),
    el('p', { className: 'help drop-hint', text: t('Or drop files here (from VS Code\'s Explorer, hold Shift while dropping).') }),
    // Says what a drop or a choice added; filled after the form is drawn, so that it is read out.
    el('p', { className: 'help', attrs: { id: 'documents-status', role: 'status' } }),
    errorLine('documents-err', 'documents'));
}

function recipientRow(r: ComposerRecipient, i: number, c: FormContext): HTMLElement {
  const key = (k: string) => `recipients.${i}.${k}`;
  /** Changes this row as it is now. */
  const set = (change: Partial<ComposerRecipient> | ((now: ComposerRecipient) => Partial<ComposerRecipient>), focus?: string) =>
    c.update((cur) => ({ ...cur, recipients: cur.recipients.map((x, j) => (j === i ? { ...x, ...(typeof change === 'function' ? change(x) : change) } : x)) }), focus);
  const n = i + 1;
  const names = r.nameMode === 'full'
    ? [textField(key('name'), t('Full name of recipient {0}', n), r.name, (v) => set({ name: v }), { help: t('"First Last", or "Last, First".'), autocomplete: 'off' })]
    : [textField(key('firstName'), t('First name of recipient {0}', n), r.firstName, (v) => set({ firstName: v })),
      textField(key('lastName'), t('Last name of recipient {0}', n), r.lastName, (v) => set({ lastName: v }))];
  const email = textField(key('email'), t('E-mail address of recipient {0}', n), r.email, (v) => set({ email: v }),
    { type: 'email', list: 'recent-recipients', placeholder: t('name@example.com'), help: c.recent.length ? t('Addresses used before are offered as you type.') : undefined });
  // An address used before brings its name, when none is typed yet.
  email.querySelector('input')?.addEventListener('change', (e) => {
    const v = (e.target as HTMLInputElement).value.trim().toLowerCase();
    const known = c.recent.find((x) => x.email.toLowerCase() === v);
    if (!known?.name) return;
    set((now) => {
      const blank = now.nameMode === 'full' ? !now.name.trim() : !`${now.firstName}${now.lastName}`.trim();
      return !blank ? {} : now.nameMode === 'full' ? { name: known.name } : splitName(known.name);
    }, (e.target as HTMLElement).id);
  });
  return el('fieldset', { className: 'recipient' },
    el('legend', { text: t('Recipient {0}', n) }),
    selectField(key('nameMode'), t('Name of recipient {0} as', n), r.nameMode, [['full', t('Full name')], ['split', t('First and last name')]],
      (v) => set((now) => (v === 'split' ? { nameMode: 'split', ...splitName(now.name) } : { nameMode: 'full', name: `${now.firstName} ${now.lastName}`.trim() }), `f-recipients-${i}-nameMode`)),
    ...names,
    email,
    selectField(key('type'), t('Type of recipient {0}', n), r.type, RECIPIENT_TYPES.map((type) => [type, TYPE_TEXT[type]] as const), (v) => set({ type: v as RecipientType })),
    textField(key('authMethod'), t('Authentication method of recipient {0} (optional)', n), r.authMethod, (v) => set({ authMethod: v }),
      { help: t('How the recipient is authenticated in addition (recipient_auth). Leave empty for none.') }),
    textField(key('authNumber'), t('Authentication number of recipient {0}', n), r.authNumber, (v) => set({ authNumber: v }),
      { help: t('Needed with a method (recipient_auth_number), e.g. a phone number.') }),
    el('div', { className: 'row-actions' },
      actionButton(`recipient-${i}-remove`, t('Remove Recipient'), () => c.update((cur) => ({ ...cur, recipients: cur.recipients.filter((_, j) => j !== i) }), 'add-recipient'),
        { aria: t('Remove recipient {0}', n) })));
}

function recipientsSection(f: ComposerForm, c: FormContext): HTMLElement {
  const rows = f.recipients.map((r, i) => recipientRow(r, i, c));
  const add = () => c.update((cur) => ({ ...cur, recipients: [...cur.recipients, emptyRecipient(cur.recipients.length ? c.defaultType : 'PRIMARY')] }),
    `f-recipients-${f.recipients.length}-name`);
  return el('section', { attrs: { 'aria-labelledby': 'recipients-title' } },
    el('h2', { text: t('Recipients ({0})', f.recipients.length), attrs: { id: 'recipients-title' } }),
    ...rows,
    el('div', { className: 'toolbar' }, actionButton('add-recipient', t('Add Recipient'), add)),
    el('datalist', { attrs: { id: 'recent-recipients' } }, ...c.recent.map((r) => el('option', { attrs: { value: r.email, label: r.name || r.email } }))),
    errorLine('recipients-err', 'recipients'));
}

function advancedSection(f: ComposerForm, c: FormContext): HTMLElement {
  const set = (k: keyof ComposerAdvanced) => (v: string) => c.update((cur) => ({ ...cur, advanced: { ...cur.advanced, [k]: v } }));
  const d = c.defaults;
  const section = el('details', { className: 'advanced' },
    el('summary', { text: t('Advanced: package values the specification leaves open'), attrs: { id: 'advanced-summary' } }),
    selectField('advanced.broadcast', t('broadcast'), f.advanced.broadcast, [['0', '0'], ['1', '1']], set('broadcast'),
      t('The package\'s broadcast attribute, 0 or 1 (the specification gives no meaning). Default {0}, the value the service is seen using.', d.broadcast)),
    textField('advanced.transparency', t('transparency'), f.advanced.transparency, set('transparency'),
      { help: t('The package\'s transparency element; the specification does not list its values. Default {0}, the least committing choice.', d.transparency) }),
    textField('advanced.confirmIntent', t('confirm_intent'), f.advanced.confirmIntent, set('confirmIntent'),
      { help: t('The package\'s confirm_intent element; the specification does not list its values. Default {0}, the least committing choice.', d.confirmIntent) }));
  // Open or closed as the user left it, also when the form is drawn again (back from the review).
  section.open = c.advanced.open;
  section.addEventListener('toggle', () => (c.advanced.open = section.open));
  return section;
}

/** The whole editing view, without the Send row (the page adds it). */
export function formView(f: ComposerForm, c: FormContext): HTMLElement[] {
  const set = (k: 'formReference' | 'coverNote' | 'data') => (v: string) => c.update((cur) => ({ ...cur, [k]: v }));
  return [
    // First: what the submission is called (its tab and its row in the Submissions list).
    textField('formReference', t('Form reference'), f.formReference, set('formReference'),
      { help: t('How this submission is named in the Submissions list (form_reference). One line.') }),
    documentsSection(f, c),
    recipientsSection(f, c),
    el('section', { attrs: { 'aria-labelledby': 'message-title' } },
      el('h2', { text: t('Message'), attrs: { id: 'message-title' } }),
      textField('coverNote', t('Cover note'), f.coverNote, set('coverNote'),
        { multiline: true, help: t('The text sent to the recipients with the documents (cover_note). Several lines and paragraphs are kept as typed; may be empty.') }),
      textField('data', t('Data (optional)'), f.data, set('data'),
        { multiline: true, help: t('Optional data carried in the package next to the cover note (data), as text, e.g. for a system that reads it. Usually empty.') })),
    advancedSection(f, c),
  ];
}
