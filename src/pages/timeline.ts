import { t } from './l10n';
import { isToTimeline, type FromTimeline, type TimeView, type TimelineData, type TimelineState, type ToTimeline } from '../shared/timelineProtocol';
import { button, connect, el, failure, icon, iconsLoaded, setNotice, staleNotice } from './vscodeApi';

const app = document.getElementById('app') as HTMLElement;
/** Whether a timeline is drawn: a refresh then keeps it and says what happens above it. */
let drawn = false;
const refresh = () => post({ type: 'refresh' });
const { post, state } = connect<FromTimeline, ToTimeline, TimelineState>(isToTimeline, (m) => {
  if (m.type === 'data') render(m.data);
  else if (m.type === 'loading') {
    state.setState({ submissionId: m.submissionId, connectionId: m.connectionId, service: m.service }); // lets the panel come back after a window reload, loaded or not
    if (drawn) setNotice(app, { icon: 'sync', text: t('Refreshing…') });
    else app.replaceChildren(el('p', { className: 'muted', text: t('Loading…') }));
  } else if (m.type === 'error') {
    drawn = false;
    app.replaceChildren(failure(m.message, m.final ? undefined : refresh));
  } else if (m.type === 'stale') setNotice(app, staleNotice(m.message, m.final ? undefined : refresh));
});

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A time in the user's locale; the raw value, on hover, when it could not be read. */
function time(v: TimeView): HTMLElement {
  if (v.ms === undefined) return el('time', { className: v.raw ? 'raw' : 'muted', text: v.raw || '—', title: v.raw ? t('Shown as the service sent it') : '' });
  const d = new Date(v.ms);
  return el('time', { text: dateFormat.format(d), title: v.raw, attrs: { datetime: d.toISOString() } });
}

function chip(label: string, value: number | undefined, className = ''): HTMLElement {
  return el('span', { className: `chip ${className}`.trim() }, el('span', { className: 'chip-value', text: value === undefined ? '?' : String(value) }), el('span', { text: label }));
}

function render(d: TimelineData): void {
  drawn = true;
  const completed = d.status === 'COMPLETED';
  const header = el('header', { className: 'header' },
    el('h1', { text: d.formReference || d.id }),
    el('div', { className: 'meta' },
      el('span', { className: `status ${completed ? 'ok' : 'pending'}` }, icon(completed ? 'pass-filled' : 'clock'), el('span', { text: ` ${d.status}` })),
      el('span', { text: t('Id {0}', d.id) }),
      el('span', {}, el('span', { text: `${t('Created')} ` }), time(d.created))),
    el('div', { className: 'chips', attrs: { role: 'list', 'aria-label': t('Counters') } },
      chip(t('involved'), d.counters.involved),
      chip(t('signing'), d.counters.signing),
      chip(t('non-signing'), d.counters.nonsigning),
      chip(t('accepted'), d.counters.accepted, 'ok'),
      chip(t('clarified'), d.counters.clarified, 'warn'),
      chip(t('rejected'), d.counters.rejected, 'bad')),
    el('div', { className: 'toolbar' },
      button('refresh', t('Refresh'), refresh),
      button('file-pdf', t('Summary PDF'), () => post({ type: 'openSummary' }))));

  // Events in time order; events without a readable time keep their place relative to the others.
  const events = d.events.map((e, i) => ({ e, i })).sort((a, b) => (a.e.time.ms ?? Infinity) - (b.e.time.ms ?? Infinity) || a.i - b.i);
  const timeline = el('ol', { className: 'timeline' },
    ...events.map(({ e }) => el('li', { className: 'event' }, el('span', { className: 'dot', attrs: { 'aria-hidden': 'true' } }), time(e.time), el('p', { className: 'description', text: e.description }))));

  const recipients = el('table', { className: 'recipients' },
    el('thead', {}, el('tr', {}, ...[t('Recipient'), t('Type'), t('Viewed'), t('Responded'), t('Response status'), t('Comment'), t('Endorsement')].map((h) => el('th', { text: h, attrs: { scope: 'col' } })))),
    el('tbody', {}, ...d.recipients.map((r) => el('tr', {},
      el('td', {}, el('div', { text: r.name }), el('div', { className: 'muted', text: r.email })),
      el('td', { text: r.recpType }),
      el('td', {}, icon(r.viewed ? 'eye' : 'eye-closed', r.viewed ? t('viewed') : t('not viewed')), el('span', { text: ' ' }), time(r.timeViewed)),
      el('td', {}, icon(r.responded ? 'reply' : 'circle-large-outline', r.responded ? t('responded') : t('no response')), el('span', { text: ' ' }), time(r.respondedAt)),
      // As sent: what response_status means is not documented, so it is not turned into words.
      el('td', { className: `response-status ${r.responseStatus ? 'raw' : 'muted'}`, text: r.responseStatus || '—', title: t('response_status as the service sent it (its meaning is not documented)') }),
      el('td', { className: 'text', text: r.comment }),
      el('td', { className: 'text', text: r.endorsement })))));

  const attachments = el('ul', { className: 'attachments' },
    ...d.attachments.map((a) => el('li', {}, icon('file'), el('span', { text: ` ${a.name} ` }), named(button('cloud-download', t('Download'), () => post({ type: 'downloadAttachment', attachmentId: a.id })), t('Download {0}', a.name)))));

  app.replaceChildren(
    header,
    el('section', {}, el('h2', { text: t('History ({0})', d.events.length) }), d.events.length ? timeline : el('p', { className: 'muted', text: t('No events yet.') })),
    el('section', {}, el('h2', { text: t('Recipients ({0})', d.recipients.length) }), recipients),
    el('section', {}, el('h2', { text: t('Attachments ({0})', d.attachments.length) }), attachments),
  );
  post({ type: 'rendered', events: d.events.length, recipients: d.recipients.length });
}

void iconsLoaded().then(() => post({ type: 'ready' }));

/** A button whose accessible name says what it acts on (several "Download" buttons are otherwise alike to a screen reader). */
function named(b: HTMLButtonElement, label: string): HTMLButtonElement {
  b.setAttribute('aria-label', label);
  b.title = label;
  return b;
}
