// The composer's controls: each with its <label for>, its explanation and
// its error line, tied to the control by aria-describedby so that a screen
// reader reads both; errors are announced as they change (aria-live).
import { bidiVisible } from '../shared/visibleText';
import { el } from './vscodeApi';

/** The id of the control of a field key (`recipients.0.email` → `f-recipients-0-email`). */
export const idOf = (key: string): string => `f-${key.replace(/[^A-Za-z0-9]+/g, '-')}`;

export interface FieldOptions {
  readonly help?: string;
  readonly multiline?: boolean;
  readonly type?: string;
  readonly list?: string;
  readonly autocomplete?: string;
  readonly placeholder?: string;
}

/** A labelled text input (or textarea) for `key`; `set` gets each edit. */
export function textField(key: string, label: string, value: string, set: (v: string) => void, o: FieldOptions = {}): HTMLElement {
  const id = idOf(key);
  const control = o.multiline ? el('textarea', { attrs: { rows: '5' } }) : el('input', { attrs: { type: o.type ?? 'text' } });
  control.id = id;
  control.value = value;
  control.dataset.key = key;
  if (o.list) control.setAttribute('list', o.list);
  if (o.autocomplete) control.setAttribute('autocomplete', o.autocomplete);
  if (o.placeholder) control.setAttribute('placeholder', o.placeholder);
  control.setAttribute('spellcheck', o.multiline ? 'true' : 'false');
  control.addEventListener('input', () => set(control.value));
  return wrap(id, key, label, control, o.help);
}

/** A labelled select for `key`. */
export function selectField(key: string, label: string, value: string, options: readonly (readonly [string, string])[], set: (v: string) => void, help?: string): HTMLElement {
  const id = idOf(key);
  const control = el('select', {}, ...options.map(([v, text]) => el('option', { text, attrs: { value: v } })));
  control.id = id;
  control.value = value;
  control.dataset.key = key;
  control.addEventListener('change', () => set(control.value));
  return wrap(id, key, label, control, help);
}

function wrap(id: string, key: string, label: string, control: HTMLElement, help?: string): HTMLElement {
  const helpId = `${id}-help`;
  const errId = `${id}-err`;
  control.setAttribute('aria-describedby', help ? `${helpId} ${errId}` : errId);
  return el('div', { className: 'field' },
    el('label', { text: label, attrs: { for: id } }),
    control,
    help ? el('p', { className: 'help', text: help, attrs: { id: helpId } }) : null,
    errorLine(errId, key));
}

/** Where the problem of `key` is said; empty when there is none. */
export function errorLine(id: string, key: string): HTMLElement {
  return el('p', { className: 'field-error', attrs: { id, 'data-error-for': key, 'aria-live': 'polite' } });
}

/** A button with a visible label (and a longer accessible one when the label is short). */
export function actionButton(id: string, label: string, onClick: () => void, o: { aria?: string; primary?: boolean; disabled?: boolean } = {}): HTMLButtonElement {
  const b = el('button', { className: o.primary ? 'btn primary' : 'btn', text: label, attrs: { type: 'button', id } });
  if (o.aria) b.setAttribute('aria-label', o.aria);
  b.disabled = o.disabled ?? false;
  b.addEventListener('click', onClick);
  return b;
}

/** Shows each field's problem (those touched, or all once Send was tried); marks the controls invalid. */
export function showProblems(root: HTMLElement, problems: Readonly<Record<string, string>>, shown: (key: string) => boolean): void {
  for (const line of Array.from(root.querySelectorAll<HTMLElement>('[data-error-for]'))) {
    const key = line.dataset.errorFor ?? '';
    const text = shown(key) ? bidiVisible(problems[key] ?? '') : '';
    if (line.textContent !== text) line.textContent = text;
    // By id, not by a search of the page: a form of thousands of recipients has tens of thousands of lines.
    const control = root.ownerDocument.getElementById(idOf(key));
    const invalid = text ? 'true' : 'false';
    if (control && control.getAttribute('aria-invalid') !== invalid) control.setAttribute('aria-invalid', invalid);
  }
}
