// New Submission's page. It holds the form as typed and posts each change;
// the extension checks it with the client's rules and answers with the
// problems per field, keeps it as the draft, and does the sending.
import { isToComposer, archiveDocumentKey, type ComposerAdvanced, type ComposerForm, type ComposerPhase, type ComposerProblems, type ComposerState, type FromComposer, type RecipientType, type ToComposer } from '../shared/composerProtocol';
import { bidiVisible } from '../shared/visibleText';
import { actionButton, errorLine, idOf, showProblems } from './composerFields';
import { acceptDocumentDrops } from './composerDrop';
import { keepSelectAllInFields } from './fieldKeys';
import { t } from './l10n';
import { documentsSection, formView, type FormContext } from './composerForm';
import { reviewView } from './composerReview';
import { connect, el, iconsLoaded, setNotice } from './vscodeApi';

const app = document.getElementById('app') as HTMLElement;
// Errors are announced by their own lines; the root itself need not repeat the whole form.
app.removeAttribute('aria-live');

let form: ComposerForm | undefined;
let problems: ComposerProblems = {};
/** The account the form is sent to, as the extension words it. */
let to = '';
let phase: ComposerPhase = 'editing';
let recent: FormContext['recent'] = [];
let defaults: ComposerAdvanced = { broadcast: '0', transparency: '0', confirmIntent: '0' };
let defaultType: RecipientType = 'REGULAR';
/** Fields left once (blur): their problems show; after a Send, all do. */
const touched = new Set<string>();
let showAll = false;
/** A change not yet answered with its problems: Send waits for the answer. */
let checking = false;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Whether the Advanced section is open, across the form's redraws. */
const advanced = { open: false };

const { post, state } = connect<FromComposer, ToComposer, ComposerState>(isToComposer, (m) => {
  if (m.type === 'form') {
    const opened = form === undefined;
    form = m.form;
    problems = m.problems;
    to = m.to;
    recent = m.recentRecipients;
    defaults = m.defaults;
    defaultType = m.defaultType;
    checking = false;
    draftId = m.draftId;
    keepState(); // lets the tab come back after a window reload, with its draft
    render();
    // Just opened: the user starts where there is something to do.
    if (opened) (firstMissing() ?? document.getElementById(idOf('formReference')))?.focus();
  } else if (m.type === 'problems') {
    problems = m.problems;
    if (!timer) checking = false;
    refreshProblems();
  } else if (m.type === 'account') {
    to = m.to;
    problems = m.problems;
    if (phase !== 'editing') render();
    else {
      const line = document.getElementById('sent-to');
      if (line) line.textContent = sentToLine();
      refreshProblems();
    }
  } else if (m.type === 'documents') {
    if (!form) return;
    // Its archive documents as they stand now (fetched, held back, gone); the rest of the form, the order of the
    // documents and a removal not yet posted stay as they are here.
    const now = new Map(m.documents.filter((d) => d.archiveId !== undefined).map((d) => [archiveDocumentKey(d), d]));
    form = { ...form, documents: form.documents.flatMap((d) => (d.archiveId === undefined ? [d] : now.has(archiveDocumentKey(d)) ? [now.get(archiveDocumentKey(d))!] : [])) };
    problems = m.problems;
    if (phase !== 'editing') render();
    else redrawDocuments();
  } else if (m.type === 'phase') {
    const before = phase;
    phase = m.phase;
    render(phase === 'reviewing' ? 'review-title' : before !== 'editing' && phase === 'editing' ? 'send' : undefined);
    // Above the Send row, where the focus is: why it was not sent is seen at once, not at the top of a long form.
    if (m.message) setNotice(app, { icon: 'warning', text: m.message, warn: true }, app.querySelector(':scope > .actions'));
  } else if (m.type === 'announce') {
    announce(m.text);
  }
});

// Open as the user left it before a window reload.
advanced.open = state.getState()?.advancedOpen === true;
let draftId: string | undefined;

/** What VS Code keeps of the page across a window reload: which draft it shows, and whether Advanced is open. */
function keepState(): void {
  if (draftId) state.setState({ draftId, advancedOpen: advanced.open });
}

// The section's toggle does not bubble: heard on its way down, before the section's own listener.
app.addEventListener('toggle', (e) => {
  if (!(e.target instanceof HTMLDetailsElement) || !e.target.classList.contains('advanced')) return;
  advanced.open = e.target.open;
  keepState();
}, true);

/** Posts the form soon (typing makes many changes), or now. */
function changed(now = false): void {
  if (!form) return;
  checking = true;
  clearTimeout(timer);
  const send = () => {
    timer = undefined;
    if (form) post({ type: 'changed', form });
  };
  if (now) send();
  else timer = setTimeout(send, 150);
  refreshProblems();
}

const context = (): FormContext => ({
  update(change, focus) {
    if (!form || phase !== 'editing') return;
    const before = form;
    form = change(form);
    // A list changed by the user: that it is empty is said from now on.
    if (form.documents !== before.documents) touched.add('documents');
    if (form.recipients.length !== before.recipients.length) touched.add('recipients');
    changed(focus !== undefined);
    if (focus !== undefined) render(focus);
  },
  addDocuments: (from) => {
    touched.add('documents');
    post({ type: 'addDocuments', from });
  },
  fetchAgain: () => post({ type: 'fetchAgain' }),
  recent, defaults, defaultType, advanced,
});

/** The documents' section drawn again, the focus kept where it was when it was in there. */
function redrawDocuments(): void {
  const section = document.getElementById('documents-section');
  if (!form || !section) return;
  const focused = section.contains(document.activeElement) ? document.activeElement?.id : undefined;
  // What the line under the documents said stays (where the documents came from), though the section is new.
  // (set before the section is shown, so that it is not read out again).
  const said = document.getElementById('documents-status')?.textContent ?? '';
  const fresh = documentsSection(form, context());
  const status = fresh.querySelector('#documents-status');
  if (status) status.textContent = said;
  section.replaceWith(fresh);
  if (focused) (document.getElementById(focused) ?? document.getElementById('add-archive'))?.focus();
  refreshProblems();
}

function render(focus?: string): void {
  if (!form) return;
  const keep = focus ?? (document.activeElement as HTMLElement | null)?.id;
  if (phase !== 'editing') {
    app.replaceChildren(el('h1', { text: t('New Submission') }), reviewView(form, to || t('the account you sign in to'), phase === 'sending', () => {
      phase = 'editing';
      post({ type: 'back' });
      render('send');
    }, () => form && post({ type: 'send', form })));
  } else {
    app.replaceChildren(el('h1', { text: t('New Submission') }), el('p', { className: 'muted', text: sentToLine(), attrs: { id: 'sent-to' } }),
      errorLine('account-err', 'account'), ...formView(form, context()), sendRow());
    refreshProblems();
  }
  if (keep) document.getElementById(keep)?.focus();
}

/** Which account the form is sent to: its own (it is never sent to another). */
const sentToLine = (): string => (to ? t('Sent to {0}.', to) : t('Sent to the account you sign in to.'));

function sendRow(): HTMLElement {
  const send = actionButton('send', t('Send…'), () => {
    if (!form) return;
    showAll = true;
    clearTimeout(timer);
    timer = undefined;
    post({ type: 'send', form });
  }, { primary: true });
  const hint = el('p', { className: 'help', attrs: { id: 'send-hint', 'aria-live': 'polite' } });
  send.setAttribute('aria-describedby', 'send-hint');
  const showMissing = actionButton('show-missing', t('Show What Is Missing'), () => {
    showAll = true;
    refreshProblems();
    firstMissing()?.focus();
  });
  const discard = actionButton('discard', t('Discard Draft…'), () => post({ type: 'discard' }));
  return el('div', { className: 'actions' }, send, showMissing, hint, discard);
}

/**
 * The control of the first field, in the page's order, that has a problem:
 * where the user has something to do. A field in the closed Advanced section
 * opens it; the documents' problem leads to the first document that cannot
 * be sent yet, or to adding one.
 */
function firstMissing(): HTMLElement | undefined {
  for (const line of Array.from(app.querySelectorAll<HTMLElement>('[data-error-for]'))) {
    const key = line.dataset.errorFor ?? '';
    if (!(key in problems)) continue;
    const control = document.getElementById(key === 'documents' ? documentsControl() : key === 'recipients' ? 'add-recipient' : idOf(key));
    if (!control) continue;
    const closed = control.closest('details');
    if (closed && !closed.open) closed.open = true;
    return control;
  }
  return undefined;
}

/** Where the documents' problem is dealt with: the first document that cannot be sent yet, or else Add from the Workspace…. */
function documentsControl(): string {
  const held = form?.documents.findIndex((d) => d.unavailable) ?? -1;
  return held >= 0 ? `doc-${held}` : 'add-workspace';
}

/** Problems under their fields, and whether Send can be used (and why not). */
function refreshProblems(): void {
  // Calm until the user acts: a field's problem shows once it was left, all once Send was pressed. A list's problem
  // shows at once when it is about what the list holds (names, a limit), and that it is empty once the user changed it.
  showProblems(app, problems, (key) => showAll || touched.has(key) || key === 'account'
    || (key === 'documents' && !!form?.documents.length) || (key === 'recipients' && !!form?.recipients.length));
  const send = document.getElementById('send') as HTMLButtonElement | null;
  const hint = document.getElementById('send-hint');
  const showMissing = document.getElementById('show-missing');
  if (!send || !hint || !showMissing) return;
  const count = Object.keys(problems).length;
  // Disabled while a check is pending too: what was typed last may not be valid.
  send.disabled = count > 0 || checking;
  showMissing.hidden = count === 0 || showAll;
  const text = checking ? t('Checking…')
    : count === 1 ? t('1 field to fix before sending.')
      : count ? t('{0} fields to fix before sending.', count) : t('Ready: Send shows a summary to review first.');
  if (hint.textContent !== text) hint.textContent = text;
}

app.addEventListener('focusout', (e) => {
  const key = (e.target as HTMLElement).dataset?.key;
  if (key && !touched.has(key)) {
    touched.add(key);
    refreshProblems();
  }
});

keepSelectAllInFields();

// Files dropped on the page: VS Code's Explorer (with Shift) and file managers hand URIs over.
acceptDocumentDrops({
  editing: () => phase === 'editing',
  add: (uris) => {
    touched.add('documents');
    post({ type: 'dropped', uris });
  },
  say: announce,
});

/** Says what became of documents added, where a screen reader reads it out (a polite live region under the documents). */
function announce(text: string): void {
  const region = document.getElementById('documents-status');
  if (!region) return;
  const shown = bidiVisible(text);
  // The same words again are a change too (a second drop of the same files): emptied first, so that they are read out again.
  if (region.textContent === shown) {
    region.textContent = '';
    setTimeout(() => (region.textContent = shown), 100);
  } else region.textContent = shown;
}

void iconsLoaded().then(() => post({ type: 'ready' }));
