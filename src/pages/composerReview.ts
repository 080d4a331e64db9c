// The review step: what will be sent, read before sending. Back returns to
// the form as it was; Send sends exactly this.
import type { ComposerForm } from '../shared/composerProtocol';
import { documentLine } from './composerDocument';
import { actionButton } from './composerFields';
import { el } from './vscodeApi';

const item = (term: string, ...desc: (Node | string)[]): HTMLElement[] => [
  el('dt', { text: term }),
  el('dd', {}, ...desc.map((d) => (typeof d === 'string' ? el('span', { text: d }) : d))),
];

/** The summary with Back and Send; `to`: the account it is sent to; `busy` while sending (everything disabled, the reason said). */
export function reviewView(f: ComposerForm, to: string, busy: boolean, back: () => void, send: () => void): HTMLElement {
  const names = (r: ComposerForm['recipients'][number]) => (r.nameMode === 'full' ? r.name.trim() : `${r.firstName.trim()} ${r.lastName.trim()}`.trim());
  const recipients = el('ul', { className: 'plain' }, ...f.recipients.map((r) => el('li', {
    text: `${names(r)} <${r.email.trim()}> · ${r.type}${r.authMethod.trim() ? ` · authentication: ${r.authMethod.trim()} ${r.authNumber.trim()}` : ''}`,
  })));
  const documents = el('ul', { className: 'plain' }, ...f.documents.map(documentLine));
  const note = (text: string) => (text ? el('div', { className: 'text quoted', text }) : el('span', { className: 'muted', text: '(empty)' }));
  return el('section', { className: 'review', attrs: { 'aria-labelledby': 'review-title' } },
    el('h2', { text: busy ? 'Sending…' : 'Review before sending', attrs: { id: 'review-title', tabindex: '-1' } }),
    el('p', { className: 'muted', text: busy
      ? 'The notification shows the progress, with Cancel. The form is locked meanwhile.'
      : 'Check what will be sent. Back returns to the form with everything as you left it.' }),
    el('dl', { className: 'summary' },
      ...item('Sent to', to),
      ...item('Form reference', f.formReference.trim()),
      ...item(`Recipients (${f.recipients.length})`, recipients),
      ...item(`Documents (${f.documents.length})`, documents),
      ...item('Cover note', note(f.coverNote)),
      ...item('Data', note(f.data)),
      ...item('Advanced', `broadcast ${f.advanced.broadcast} · transparency ${f.advanced.transparency} · confirm_intent ${f.advanced.confirmIntent}`)),
    el('div', { className: 'actions' },
      actionButton('review-back', 'Back to Edit', back, { disabled: busy }),
      actionButton('review-send', 'Send', send, { primary: true, disabled: busy })));
}
