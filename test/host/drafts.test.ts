// New Submission's drafts and their archive documents: what a passing
// failure, a sign-out, a closed tab or an untouched form leaves of them.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import * as os from 'node:os';
import * as vscode from 'vscode';
import { TEMPORARY_FOLDER_PREFIX } from '../../src/ui/transfers/temporaryFolder';
import {
  addFromArchive, archiveDocuments, archiveDocumentsFetched, closeComposer, compose, composerOpenedBy, continueDraft, edit, filled, forgetDrafts, heldBack, onComposerPage, openDrafts, sendReviewed,
} from './composerDriver';
import { closeAllEditors, nextEvent, removeWorkspaceFolder, waitFor, workspaceFile } from './fixtures';
import { pressCancelOnProgress, screenshot, webviewKeys, webviewText } from './helpers';
import { api, control, deliver, logMark, pageMessages, sandboxState, serviceRequests, signIn, signOut, withAnswers } from './session';
import type { FromComposer } from '../../src/shared/composerProtocol';

const copies = () => readdirSync(os.tmpdir()).filter((n) => n.startsWith(TEMPORARY_FOLDER_PREFIX)).sort();

/** Copies made since `before` (one of another draft may go meanwhile: that is no copy left behind). */
const added = (before: readonly string[]) => copies().filter((c) => !before.includes(c));
const told = (asked: readonly { method: string; text: string }[]) => asked.filter((a) => ['info', 'warn', 'error'].includes(a.method)).map((a) => a.text);

describe('drafts of New Submission', () => {
  let doc: vscode.Uri;
  let archived: Awaited<ReturnType<typeof sandboxState>>['archives'][number];

  /** A draft typed in and closed, with `doc` and the archive file `archived` as documents. */
  async function closedDraft(formReference: string): Promise<string> {
    const id = await compose(doc);
    await addFromArchive(id, archived.title);
    await edit(id, filled(formReference));
    const [copy] = await archiveDocuments(id);
    await closeComposer(id);
    await waitFor('the copy removed with the tab', () => !existsSync(copy.path));
    return id;
  }

  const submitted = async (formReference: string) => (await sandboxState()).submissions.find((s) => s.formReference === formReference);

  before(async () => {
    await signIn();
    doc = workspaceFile('drafts/cover.txt', 'The cover letter.\n');
    archived = (await sandboxState()).archives.find((f) => f.name === 'notes.txt')!;
    await forgetDrafts();
  });
  afterEach(async () => {
    await control('/faults', 'DELETE');
    await closeAllEditors();
    await signIn();
  });
  after(async () => {
    await forgetDrafts();
    await removeWorkspaceFolder('drafts');
  });

  it('a form closed untouched leaves no draft (New Submission, Send Again With…); one typed in is kept', async () => {
    const { deps } = await api();
    const untouched = await compose(doc);
    await closeComposer(untouched);
    await deps.submissions.refresh();
    const again = await composerOpenedBy(() => vscode.commands.executeCommand('dsas.sendAgain', deps.submissions.items[0]));
    await closeComposer(again);
    const typed = await compose(doc);
    await edit(typed, filled(`Typed in ${Date.now()}`));
    await closeComposer(typed);
    const kept = deps.composer.memory.draftIds();
    assert.ok(!kept.includes(untouched) && !kept.includes(again), `no draft of the untouched forms: ${JSON.stringify(kept)}`);
    assert.ok(kept.includes(typed), 'the draft typed in is kept');
  });

  it('a draft reopened while not signed in keeps its archive documents (two forms), not available yet and sending blocked; signing in fetches them and the form sends them', async () => {
    const [refA, refB] = [`Signed out A ${Date.now()}`, `Signed out B ${Date.now()}`];
    const [a, b] = [await closedDraft(refA), await closedDraft(refB)];
    await signOut();
    const signInFirst = /^Not available yet: it is fetched from the archive once you sign in\.$/;
    const { input } = await continueDraft(refA, (id) => heldBack(id, signInFirst));
    await continueDraft(refB, (id) => heldBack(id, signInFirst));
    for (const id of [a, b]) {
      const [d] = await archiveDocuments(id);
      assert.equal(d?.archiveId, archived.id, 'the archive document is still in the form');
      assert.ok((await api()).deps.composer.memory.draft(id)?.documents.some((x) => x.archiveId === archived.id), 'and in the saved draft');
    }
    assert.deepEqual(told(input.asked), [], 'the form says it: no message');
    if (process.env.DSAS_WORKBENCH_URL) {
      const page = await onComposerPage(b, () => webviewText('Not available yet'));
      assert.match(page, /Not available yet: it is fetched from the archive once you sign in\./);
      assert.match(page, /Send waits for "notes\.txt"\. Not available yet: /, 'a problem under the documents says why Send is blocked');
      await screenshot('composer-held-back');
    }
    await withAnswers([], async () => sendReviewed(a, (await openDrafts()).get(a)!));
    assert.equal(await submitted(refA), undefined, 'nothing is sent while a document is missing');

    await signIn();
    for (const id of [a, b]) {
      const [d] = await archiveDocumentsFetched(id);
      assert.deepEqual([d.name, d.size], [archived.name, archived.fullSize]);
    }
    await withAnswers([], async () => sendReviewed(a, (await openDrafts()).get(a)!));
    assert.equal((await submitted(refA))?.attachments[1].sha256, archived.hash, 'the archive file\'s bytes, sent');
  });

  it('a draft reopened while the service cannot be reached keeps its archive document in the saved draft; Fetch Again fetches it', async () => {
    const ref = `Unreachable ${Date.now()}`;
    const id = await closedDraft(ref);
    await control('/faults', 'POST', { method: 'GET', path: `^/archives/${archived.id}$`, kind: 'drop', rate: 1 });
    const { input } = await continueDraft(ref, (id) => heldBack(id, /^Not available yet: /, 30_000));
    const [d] = await archiveDocuments(id);
    assert.match(d.unavailable!.reason, /^Not available yet: The service could not be reached.*Fetch Again/);
    assert.equal(d.unavailable!.retry, true);
    assert.deepEqual(told(input.asked), [], 'the form says it: no message');
    assert.ok((await api()).deps.composer.memory.draft(id)?.documents.some((x) => x.archiveId === archived.id), 'still in the saved draft');
    await control('/faults', 'DELETE');
    await deliver(id, { type: 'fetchAgain' });
    await archiveDocumentsFetched(id);
  });

  it('the same file added from the archive again gives a held-back archive document its copy, not a second row', async () => {
    const ref = `Added again ${Date.now()}`;
    const id = await closedDraft(ref);
    await control('/faults', 'POST', { method: 'GET', path: `^/archives/${archived.id}$`, kind: 'drop', rate: 1 });
    await continueDraft(ref, (opened) => heldBack(opened, /^Not available yet: /, 30_000));
    await control('/faults', 'DELETE');
    await addFromArchive(id, archived.title);
    const docs = await archiveDocuments(id);
    assert.equal(docs.length, 1, JSON.stringify(docs));
    assert.ok(!docs[0].unavailable && existsSync(docs[0].path), JSON.stringify(docs[0]));
  });

  it('Cancel pressed while a draft\'s archive document is being fetched keeps it, not available yet; Fetch Again fetches it', async function () {
    if (!process.env.DSAS_WORKBENCH_URL) this.skip(); // pressing Cancel needs the offline runner's browser
    const ref = `Cancelled fetch ${Date.now()}`;
    const id = await closedDraft(ref);
    // Long enough for the runner to find the notification, in the notification center if no toast shows it.
    await control('/faults', 'POST', { method: 'GET', path: `^/archives/${archived.id}$`, kind: 'delay', ms: 20_000, rate: 1 });
    const { input } = await continueDraft(ref, async (opened) => {
      await heldBack(opened, /^Being fetched/);
      await pressCancelOnProgress('Fetching the draft');
      await heldBack(opened, /^Not available yet: fetching it was cancelled\. Fetch Again fetches it\.$/);
    });
    assert.deepEqual(told(input.asked), [], 'Cancel is quiet');
    assert.equal((await archiveDocuments(id))[0].unavailable?.retry, true);
    assert.ok((await api()).deps.composer.memory.draft(id)?.documents.some((d) => d.archiveId === archived.id), 'still in the saved draft');
    await control('/faults', 'DELETE');
    await deliver(id, { type: 'fetchAgain' });
    await archiveDocumentsFetched(id);
  });

  it('only a failure that proves a document gone takes it out of the draft, said once: not in the archive, or not what the archive recorded', async () => {
    const ref = `Gone ${Date.now()}`;
    const id = await closedDraft(ref);
    const { deps } = await api();
    const stored = deps.composer.memory.draft(id)!;
    const [kept] = stored.documents.filter((d) => d.archiveId);
    // A second archive document of the same account that is no longer in the archive.
    await deps.composer.memory.saveDraft(id, { ...stored, documents: [...stored.documents, { ...kept, name: 'gone.txt', archiveId: '999999' }] });
    await control('/archive-hash', 'POST', { id: archived.id, hash: '0'.repeat(64) });
    try {
      const { input } = await continueDraft(ref, async () => {
        await waitFor('both taken out', async () => (await archiveDocuments(id)).length === 0);
        await new Promise((r) => setTimeout(r, 300)); // the message follows
      });
      const said = told(input.asked);
      assert.equal(said.length, 1, said.join(' | '));
      assert.match(said[0], /^The draft's archive documents "notes\.txt", "gone\.txt" were taken out of the draft: "notes\.txt" differs from what the archive recorded .*; "gone\.txt" is no longer in the archive\.$/);
      assert.deepEqual(deps.composer.memory.draft(id)?.documents.map((d) => d.name), ['cover.txt'], 'and out of the saved draft');
    } finally {
      await control('/archive-hash', 'POST', { id: archived.id, hash: archived.hash });
    }
  });

  it('closing the tab while it is sending does not stop the send: the archive document\'s copy stays until the send is over, and the service gets its exact bytes', async () => {
    const ref = `Closed while sending ${Date.now()}`;
    const id = await compose(doc);
    await addFromArchive(id, archived.title);
    const form = await edit(id, filled(ref));
    const [copy] = await archiveDocuments(id);
    // The list read before sending is held back until the tab has closed, so it closes before the documents are read.
    await control('/faults', 'POST', { method: 'GET', path: '^/submissions$', kind: 'delay', ms: 30_000, rate: 1 });
    const sending = withAnswers([], () => sendReviewed(id, form));
    await waitFor('sending', async () => (await api()).deps.composer.drafts.get(id)?.phase === 'sending');
    await new Promise((r) => setTimeout(r, 500));
    (await api()).deps.composer.drafts.get(id)?.panel.dispose();
    // Meanwhile its draft is not offered to continue: it would be sent twice.
    const offered = await withAnswers([undefined], () => vscode.commands.executeCommand('dsas.newSubmission'));
    assert.ok(!offered.input.asked[0].items?.some((l) => l.includes(ref)), JSON.stringify(offered.input.asked[0].items));
    assert.equal((await submitted(ref)), undefined, 'still being sent');
    await control('/faults', 'DELETE');
    await control('/faults/release', 'POST');
    const { input } = await sending;
    assert.deepEqual(told(input.asked).filter((t) => !t.startsWith('Submission "')), [], 'no error');
    assert.equal((await submitted(ref))?.attachments[1].sha256, archived.hash, 'sent, with the archive file\'s bytes');
    await waitFor('the copy removed once sent', () => !existsSync(copy.path));
    assert.equal((await api()).deps.composer.memory.draft(id), undefined, 'the draft goes once sent');
  });

  it('signing out while a draft\'s archive document is being fetched stops the fetch, leaves no copy and keeps the document; signing in fetches it', async () => {
    const ref = `Sign-out mid-fetch ${Date.now()}`;
    const id = await closedDraft(ref);
    const before = copies();
    await control('/faults', 'POST', { method: 'GET', path: `^/archives/${archived.id}$`, kind: 'delay', ms: 4000, rate: 1 });
    await continueDraft(ref, (id) => heldBack(id, /^Being fetched/));
    await signOut();
    await heldBack(id, /once you sign in/, 3000);
    await waitFor('no copy left', () => added(before).length === 0);
    assert.ok((await api()).deps.composer.memory.draft(id)?.documents.some((d) => d.archiveId === archived.id));
    await control('/faults', 'DELETE');
    await signIn();
    await archiveDocumentsFetched(id);
  });

  it('closing the tab while its archive document is being fetched leaves no copy and keeps the document in the draft', async () => {
    const ref = `Closed mid-fetch ${Date.now()}`;
    const id = await closedDraft(ref);
    const before = copies();
    await control('/faults', 'POST', { method: 'GET', path: `^/archives/${archived.id}$`, kind: 'delay', ms: 30_000, rate: 1 });
    await continueDraft(ref, (id) => heldBack(id, /^Being fetched/));
    await closeComposer(id);
    // The fetch's request is let go: had the fetch gone on, its copy would be written now.
    await control('/faults/release', 'POST');
    await new Promise((r) => setTimeout(r, 1000));
    assert.deepEqual(added(before), [], 'no copy left behind');
    assert.ok((await api()).deps.composer.memory.draft(id)?.documents.some((d) => d.archiveId === archived.id), 'still in the draft');
  });

  it('closing an untouched form while Add from the Archive… downloads its file leaves no draft, no copy and no error', async () => {
    const { composer } = (await api()).deps;
    const id = await compose(doc);
    const before = copies();
    const mark = await logMark();
    await control('/faults', 'POST', { method: 'GET', path: `^/archives/${archived.id}$`, kind: 'delay', ms: 3000, rate: 1 });
    const adding = withAnswers([archived.title], () => deliver(id, { type: 'addDocuments', from: 'archive' }));
    await waitFor('the archive listed', async () => (await serviceRequests(mark)).some((r) => r.method === 'GET' && /\/archives$/.test(r.path)));
    await new Promise((r) => setTimeout(r, 500));
    await closeComposer(id);
    const { input } = await adding;
    assert.deepEqual(told(input.asked), [], 'nothing to say: the user closed the form');
    assert.equal(composer.memory.draft(id), undefined, 'closed untouched: no draft');
    await waitFor('no copy left', () => added(before).length === 0);
  });

  it('an archive document whose account was not recorded (a draft of an earlier version) is not fetched: it stays, said once, and blocks sending until removed', async () => {
    const { deps } = await api();
    const ref = `No account ${Date.now()}`;
    const id = `legacy-${Date.now()}`;
    const form = filled(ref)({ documents: [], recipients: [], coverNote: '', data: '', formReference: '', advanced: { broadcast: '0', transparency: '0', confirmIntent: '0' } });
    await deps.composer.memory.saveDraft(id, { ...form, documents: [{ path: '/gone/notes.txt', name: archived.name, size: archived.fullSize, sizeText: '1 KB', type: 'text/plain', archiveId: archived.id }] });
    const mark = await logMark();
    const { input } = await continueDraft(ref, async (opened) => {
      await heldBack(opened, /^Kept by an earlier version, which did not record which account's archive it came from/);
      await new Promise((r) => setTimeout(r, 500)); // no fetch follows
    });
    const [d] = await archiveDocuments(id);
    assert.equal(d.unavailable?.retry, false);
    assert.deepEqual(told(input.asked), [`The draft's archive document "notes.txt" was kept by an earlier version, which did not record which account's archive it came from, so it was not fetched: remove it, and add it again from the archive.`]);
    assert.deepEqual((await serviceRequests(mark)).filter((r) => r.path.includes('/archives/')), [], 'nothing asked of the archive');
    await withAnswers([], () => sendReviewed(id, deps.composer.drafts.get(id)!.form));
    assert.equal(await submitted(ref), undefined);
    await deps.composer.memory.removeDraft(id);
  });

  it('a draft whose form reference is 100,000 characters long is offered, and asked about, under its first 100 characters', async () => {
    const { composer } = (await api()).deps;
    await forgetDrafts();
    const huge = `Pasted ${Date.now()} ${'x'.repeat(100_000)}`;
    const id = await compose(doc);
    await edit(id, filled(huge));
    await closeComposer(id);
    const { input } = await withAnswers(['$(trash) Discard a Draft…', undefined], () => vscode.commands.executeCommand('dsas.newSubmission'));
    const offered = [...(input.asked[0].items ?? []), ...(input.asked[1].items ?? [])].filter((l) => l.includes('draft "'));
    assert.deepEqual(offered, [`$(edit) Continue the draft "${huge.slice(0, 100)}…"`, `$(trash) Discard the draft "${huge.slice(0, 100)}…"`]);
    await composer.memory.removeDraft(id);
  });

  it('Discard a Draft… in the New Submission picker removes the draft chosen (after asking) and no other', async () => {
    const { deps } = await api();
    await forgetDrafts();
    const [refA, refB] = [`Discard me ${Date.now()}`, `Keep me ${Date.now()}`];
    const [a, b] = [await compose(doc), await compose(doc)];
    await edit(a, filled(refA));
    await edit(b, filled(refB));
    await closeAllEditors();
    const { input } = await withAnswers(['Discard a Draft…', `"${refA}"`, 'Discard'], () => vscode.commands.executeCommand('dsas.newSubmission'));
    assert.deepEqual(input.asked.map((q) => q.method), ['quickPick', 'quickPick', 'confirm']);
    assert.ok(input.asked[0].items?.includes(`$(edit) Continue the draft "${refA}"`));
    assert.match(input.asked[2].text, new RegExp(`^Discard the draft "${refA}"\\?`));
    assert.equal(deps.composer.memory.draft(a), undefined, 'the draft chosen is gone');
    assert.ok(deps.composer.memory.draft(b), 'the other is kept');
    await deps.composer.memory.removeDraft(b);
  });

  it('Discard Draft… in the form asks first: declined, everything stays; confirmed, the draft is removed and the tab closes', async () => {
    const { deps } = await api();
    const ref = `Discard in the form ${Date.now()}`;
    const id = await compose(doc);
    await edit(id, filled(ref));
    const press = async (closes: boolean) => {
      const handled = nextEvent(pageMessages<FromComposer>('composer.js'), (e) => e.key === id && e.message.type === 'discard', 'Discard Draft… handled');
      const keys = () => webviewKeys('cover.txt', [{ focus: 'Discard Draft…' }, { press: 'Enter' }]);
      if (!process.env.DSAS_WORKBENCH_URL) await deliver(id, { type: 'discard' });
      // Confirmed, the tab closes at once: its page cannot be read after the keys.
      else if (closes) await keys().catch((e: Error) => assert.match(e.message, /Frame was detached/));
      else await onComposerPage(id, keys);
      await handled;
    };
    const declined = await withAnswers([undefined], () => press(false));
    assert.match(declined.input.asked[0].text, new RegExp(`^Discard the draft "${ref}"\\?`));
    assert.ok((await openDrafts()).has(id) && deps.composer.memory.draft(id), 'declined: the form and its draft stay');
    await withAnswers(['Discard'], () => press(true));
    await waitFor('the tab closed', async () => !(await openDrafts()).has(id));
    assert.equal(deps.composer.memory.draft(id), undefined, 'the draft is gone');
  });
});
