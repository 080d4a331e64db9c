// The review step: what will be sent, read before sending. Back returns to
// the form as it was; Send sends exactly this.
import type { ComposerForm } from '../shared/composerProtocol';
import { documentLine } from './composerDocument';
import { actionButton } from './composerFields';
import { t } from './l10n';
import { el } from './vscodeApi';

const item = (term: string, ...desc: (Node | string)[]): HTMLElement[] => [
  el('dt', { text: term }),
  el('dd', {}, ...desc.map((d) => (typeof d === 'string' ? el('span', { text: d }) : d))),
];

/** The summary with Back and Send; `to`: the account it is sent to; `busy` while sending (everything disabled, the reason said). */
export function reviewView(f: ComposerForm, to: string, busy: boolean, back: () => void, send: () => void): HTMLElement {
  const names = (r: ComposerForm['recipients'][number]) => (r.nameMode === 'full' ? r.name.trim() : `${r.firstName.trim()} ${r.lastName.trim()}`.trim());
  const recipient = (r: ComposerForm['recipients'][number]) => {
    const who = `${names(r)} <${r.email.trim()}> · ${r.type}`;
    return r.authMethod.trim() ? t('{0} · authentication: {1} {2}', who, r.authMethod.trim(), r.authNumber.trim()) : who;
  };
  const recipients = el('ul', { className: 'plain' }, ...f.recipients.map((r) => el('li', { text: recipient(r) })));
  const documents = el('ul', { className: 'plain' }, ...f.documents.map(documentLine));
  const note = (text: string) => (text ? el('div', { className: 'text quoted', text }) : el('span', { className: 'muted', text: t('(empty)') }));
  return el('section', { className: 'review', attrs: { 'aria-labelledby': 'review-title' } },
    el('h2', { text: busy ? t('Sending…') : t('Review before sending'), attrs: { id: 'review-title', tabindex: '-1' } }),
    el('p', { className: 'muted', text: busy
      ? t('The notification shows the progress, with Cancel. The form is locked meanwhile.')
      : t('Check what will be sent. Back returns to the form with everything as you left it.') }),
    el('dl', { className: 'summary' },
      ...item(t('Sent to'), to),
      ...item(t('Form reference'), f.formReference.trim()),
      ...item(t('Recipients ({0})', f.recipients.length), recipients),
      ...item(t('Documents ({0})', f.documents.length), documents),
      ...item(t('Cover note'), note(f.coverNote)),
      ...item(t('Data'), note(f.data)),
      ...item(t('Advanced'), t('broadcast {0} · transparency {1} · confirm_intent {2}', f.advanced.broadcast, f.advanced.transparency, f.advanced.confirmIntent))),
    el('div', { className: 'actions' },
      actionButton('review-back', t('Back to Edit'), back, { disabled: busy }),
      actionButton('review-send', t('Send'), send, { primary: true, disabled: busy })));
}
