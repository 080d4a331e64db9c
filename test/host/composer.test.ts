// New Submission's composer in the real workbench: filled with the keyboard
// alone, reviewed and sent; its draft kept when the tab closes.
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { closeAllEditors, removeWorkspaceFolder, waitFor, workspaceFile } from './fixtures';
import { archiveDocuments, archiveDocumentsFetched, compose, composerOpenedBy, continueDraft, edit, filled, forgetDrafts, openDrafts, recipient, sendReviewed } from './composerDriver';
import { notificationText, webviewKeys, webviewText } from './helpers';
import { api, control, deliver, sandboxState, signIn, withAnswers } from './session';

describe('the New Submission composer', () => {
  let docs: vscode.Uri[];

  before(async () => {
    await signIn();
    docs = [
      workspaceFile('composer/Quarterly – Ümlaut.txt', 'Quarterly figures\nZoë – 日本\n'),
      workspaceFile('composer/annex.csv', 'a,b\n1,2\n'),
    ];
  });
  afterEach(closeAllEditors);
  after(async () => {
    await forgetDrafts();
    await removeWorkspaceFolder('composer');
  });

  it('is filled with the keyboard alone, reviewed and sent: the package has every field as typed, the note\'s two paragraphs exact', async function () {
    if (!process.env.DSAS_WORKBENCH_URL) this.skip(); // typing needs the offline runner's browser
    this.timeout(120_000);
    const formReference = `Composer ${Date.now()}`;
    const note = 'Dear all,\nplease sign the quarterly report.\n\nThe annex has the figures – Zoë';
    const { input } = await withAnswers([], async () => {
      const id = await compose(...docs);
      const seen = await webviewKeys('annex.csv', [
        // The documents as chosen; the second moved up, then down again, with the buttons' keys.
        { focus: 'Move annex.csv up' }, { press: 'Enter' }, { focus: 'Move annex.csv down' }, { press: 'Space' },
        { focus: 'Full name of recipient 1' }, { type: 'Ada Lovelace' }, { press: 'Tab' }, { type: 'ada@example.org' },
        { focus: 'Authentication method of recipient 1 (optional)' }, { type: 'SMS' }, { press: 'Tab' }, { type: '+44 20 7946 0000' },
        { focus: 'Add Recipient' }, { press: 'Enter' },
        // Add Recipient moves the focus to the new row's name.
        { type: 'Hopper, Grace' }, { press: 'Tab' }, { type: 'grace@example.org' },
        { focus: 'Type of recipient 2' }, { press: 'End' },
        // The suggested reference (the first document's name) erased key by key: Select All goes through the workbench, later.
        { focus: 'Form reference' }, { press: 'End' }, ...Array.from({ length: 'Quarterly – Ümlaut'.length }, () => ({ press: 'Backspace' })), { type: formReference },
        { focus: 'Cover note' }, { type: note.split('\n')[0] }, { press: 'Enter' }, { type: note.split('\n')[1] }, { press: 'Enter' }, { press: 'Enter' }, { type: note.split('\n')[3] },
        { focus: 'Data (optional)' }, { type: '{"ref":"<A&B>"}' },
        { waitEnabled: '#send' }, { focus: 'Send…' }, { press: 'Enter' },
        { waitEnabled: '#review-send' },
      ]);
      // The review step: what will be sent, with Back and Send.
      for (const text of ['Review before sending', formReference, 'Ada Lovelace <ada@example.org> · PRIMARY · authentication: SMS +44 20 7946 0000', 'Hopper, Grace <grace@example.org> · COPIED', 'Quarterly – Ümlaut.txt', 'annex.csv', 'please sign the quarterly report.']) {
        assert.ok(seen.text.includes(text), `the review shows ${text}:\n${seen.text}`);
      }
      assert.equal(seen.focused, 'Review before sending', 'the focus moves to the review');
      // Back to the form (nothing lost), then Send and Send.
      const back = await webviewKeys('Review before sending', [{ press: 'Tab' }, { press: 'Enter' }, { waitEnabled: '#send' }]);
      assert.equal(back.focused, 'Send…');
      await webviewKeys('annex.csv', [{ press: 'Enter' }, { waitEnabled: '#review-send' }, { press: 'Tab' }, { press: 'Tab' }, { press: 'Enter' }]);
      await waitFor('the draft removed and its tab closed once sent', async () => !(await openDrafts()).has(id) && !(await api()).deps.composer.memory.draft(id), 30_000);
    });
    const s = (await sandboxState()).submissions.find((x) => x.formReference === formReference);
    assert.ok(s, 'the sandbox has the new submission');
    assert.equal(s.coverNote, note, 'the cover note, both paragraphs, exactly as typed');
    assert.equal(s.data, '{"ref":"<A&B>"}');
    assert.deepEqual(s.recipients.map((r) => [r.firstName, r.lastName, r.email, r.recpType, r.recipientAuth, r.recipientAuthNumber]), [
      ['Ada', 'Lovelace', 'ada@example.org', 'PRIMARY', 'SMS', '+44 20 7946 0000'],
      ['Grace', 'Hopper', 'grace@example.org', 'COPIED', undefined, undefined],
    ]);
    assert.deepEqual(s.attachments.map((a) => a.name), ['Quarterly – Ümlaut.txt', 'annex.csv'], 'in the order the form shows');
    assert.ok(s.packageXml.includes('<transparency>0</transparency><confirm_intent>0</confirm_intent>'), s.packageXml);
    assert.match(s.packageXml, /<submission type="8" broadcast="0">/);
    assert.ok(input.asked.some((a) => a.method === 'info' && a.text === `Submission "${formReference}" was sent.`), 'told by its form reference, not by an id the user never saw');
    // The recipients are offered next time.
    const recent = (await api()).deps.composer.memory.recentRecipients().map((r) => r.email);
    assert.deepEqual(recent.slice(0, 2), ['ada@example.org', 'grace@example.org']);
    // Send Again With… starts from it: the same recipients, and the note this machine kept (the service returns
    // neither the note nor the recipients' authentication).
    await (await api()).deps.submissions.refresh();
    const row = (await api()).deps.submissions.items.find((r) => r.item.id === s.id);
    const again = await composerOpenedBy(() => vscode.commands.executeCommand('dsas.sendAgain', row));
    const form = (await openDrafts()).get(again);
    assert.equal(form?.coverNote, note);
    assert.deepEqual(form?.recipients.map((r) => [r.name, r.email, r.type, r.authMethod]), [['Ada Lovelace', 'ada@example.org', 'PRIMARY', ''], ['Grace Hopper', 'grace@example.org', 'COPIED', '']]);
    await (await api()).deps.composer.memory.removeDraft(again);
  });

  it('while sending, the progress notification names the document going out', async function () {
    if (!process.env.DSAS_WORKBENCH_URL) this.skip(); // reading the notification needs the offline runner's browser
    this.timeout(60_000);
    const formReference = `Progress ${Date.now()}`;
    const id = await compose(...docs);
    const form = await edit(id, filled(formReference));
    // The service holds its answer back, so the notification stays while the last bytes are out.
    await control('/faults', 'POST', { method: 'POST', path: '^/submissions$', kind: 'delay', ms: 4000 });
    try {
      const sending = withAnswers([], () => sendReviewed(id, form));
      const shown = await notificationText('"annex.csv" (2 of 2)');
      assert.match(shown, /Sending "Progress \d+"…/);
      await control('/faults/release', 'POST');
      await sending;
    } finally {
      await control('/faults', 'DELETE');
    }
    assert.ok((await sandboxState()).submissions.some((x) => x.formReference === formReference), 'sent once the service answered');
  });

  it('the review shows each document as it is on disk when Send is pressed, and what is sent is what it showed: edited since, it is reviewed again', async () => {
    const { composer } = (await api()).deps;
    const letter = workspaceFile('composer/edited-letter.txt', 'v1\n');
    const formReference = `Edited after adding ${Date.now()}`;
    const id = await compose(letter);
    const form = await edit(id, filled(formReference));
    workspaceFile('composer/edited-letter.txt', 'version 2, longer\n');
    await withAnswers([], () => deliver(id, { type: 'send', form }));
    assert.equal(composer.drafts.get(id)?.phase, 'reviewing');
    const reviewed = composer.drafts.get(id)!.form;
    assert.deepEqual(reviewed.documents.map((d) => [d.name, d.size, d.sizeText]), [['edited-letter.txt', 18, '18 bytes']], 'the review shows the file as it is now');
    if (process.env.DSAS_WORKBENCH_URL) assert.match(await webviewText('Review before sending'), /edited-letter\.txt · 18 bytes/);
    // Edited again between the review and its Send: reviewed again, not sent.
    workspaceFile('composer/edited-letter.txt', 'version 3, longer still\n');
    await withAnswers([], () => deliver(id, { type: 'send', form: reviewed }));
    assert.equal((await sandboxState()).submissions.find((s) => s.formReference === formReference), undefined, 'not sent: the review showed another size');
    assert.equal(composer.drafts.get(id)?.phase, 'reviewing', 'reviewed again');
    const again = composer.drafts.get(id)!.form;
    assert.equal(again.documents[0].size, 24);
    await withAnswers([], () => deliver(id, { type: 'send', form: again }));
    const sent = await waitFor('sent', async () => (await sandboxState()).submissions.find((s) => s.formReference === formReference));
    assert.deepEqual(sent.attachments.map((a) => [a.name, a.size]), [['edited-letter.txt', 24]]);
  });

  it('Add to New Submission adds the Explorer\'s selection to the form used last, once each; with none open it opens one', async () => {
    const first = await compose(docs[1]);
    const second = await compose(docs[1]);
    await vscode.commands.executeCommand('dsas.addToSubmission', docs[0], [docs[0], docs[1]]);
    const names = async (id: string) => (await openDrafts()).get(id)?.documents.map((d) => d.name);
    assert.deepEqual(await names(second), ['annex.csv', 'Quarterly – Ümlaut.txt'], 'added to the form shown last, annex.csv not twice');
    assert.deepEqual(await names(first), ['annex.csv'], 'the other form is unchanged');
    await closeAllEditors();
    const opened = await composerOpenedBy(() => vscode.commands.executeCommand('dsas.addToSubmission', docs[0], [docs[0]]));
    assert.deepEqual(await names(opened), ['Quarterly – Ümlaut.txt']);
    await forgetDrafts();
  });

  it('keeps the draft when its tab is closed; New Submission from the palette offers it again', async () => {
    await forgetDrafts();
    const id = await compose(docs[1]);
    const formReference = `Kept draft ${Date.now()}`;
    const form = await edit(id, (f) => ({ ...filled(formReference)(f), recipients: [recipient('Kept Person', 'kept@example.org', 'REGULAR')] }));
    (await api()).deps.composer.drafts.get(id)?.panel.dispose();
    await waitFor('the tab closed', async () => !(await openDrafts()).has(id));
    const { input } = await withAnswers([`Continue the draft "${formReference}"`], () => composerOpenedBy(() => vscode.commands.executeCommand('dsas.newSubmission')));
    assert.equal(input.asked[0].method, 'quickPick');
    assert.deepEqual((await openDrafts()).get(id), form, 'the same draft, as it was left');
  });

  it('adds archive files as documents: sent byte for byte, their temporary copies removed once sent', async () => {
    const f = (await sandboxState()).archives[0];
    const formReference = `From the archive ${Date.now()}`;
    let copy = '';
    await withAnswers([f.title], async () => {
      const id = await compose(docs[1]);
      await deliver(id, { type: 'addDocuments', from: 'archive' });
      const form = (await openDrafts()).get(id)!;
      assert.deepEqual(form.documents.map((d) => d.name), ['annex.csv', f.name]);
      copy = form.documents[1].path;
      assert.ok(existsSync(copy), 'fetched into a temporary file');
      await sendReviewed(id, await edit(id, filled(formReference)));
    });
    const s = (await sandboxState()).submissions.find((x) => x.formReference === formReference);
    assert.equal(s?.attachments[1].sha256, f.hash, 'the archive file\'s bytes, unchanged');
    await waitFor('the temporary copy removed', () => !existsSync(copy));
  });

  it('a reopened draft fetches its archive documents again (their copies went with the tab), and says which it could not', async () => {
    await forgetDrafts();
    const composer = (await api()).deps.composer;
    const f = (await sandboxState()).archives[0];
    const formReference = `Reopened with the archive ${Date.now()}`;
    let first = '';
    const id = await compose(docs[1]);
    await withAnswers([f.title], () => deliver(id, { type: 'addDocuments', from: 'archive' }));
    const added = (await openDrafts()).get(id)!.documents[1];
    first = added.path;
    // A second archive document of the same account that cannot be fetched again: no such file in the archive any more.
    const gone = { path: path.join(path.dirname(first), 'gone.txt'), name: 'gone.txt', size: 3, sizeText: '3 bytes', type: 'text/plain', archiveId: '999999', account: added.account };
    const typed = await edit(id, filled(formReference));
    composer.drafts.get(id)?.panel.dispose();
    await waitFor('the copy removed with the tab', () => !existsSync(first));
    await composer.memory.saveDraft(id, { ...typed, documents: [...typed.documents, gone] });

    const { input } = await continueDraft(formReference, async (opened) => {
      await waitFor('one fetched, one taken out', async () => (await archiveDocuments(opened)).length === 1);
      await archiveDocumentsFetched(opened);
      await new Promise((r) => setTimeout(r, 300)); // the message follows
    });
    const form = (await openDrafts()).get(id)!;
    assert.deepEqual(form.documents.map((d) => d.name), ['annex.csv', f.name], 'the one it could not fetch is left out');
    assert.ok(existsSync(form.documents[1].path), 'fetched again');
    const told = input.asked.filter((a) => ['info', 'warn', 'error'].includes(a.method)).map((a) => a.text);
    assert.deepEqual(told, ['The draft\'s archive document "gone.txt" was taken out of the draft: "gone.txt" is no longer in the archive.']);

    await withAnswers([], () => sendReviewed(id, form));
    const s = (await sandboxState()).submissions.find((x) => x.formReference === formReference);
    assert.equal(s?.attachments[1].sha256, f.hash, 'the archive file\'s bytes, unchanged');
  });
});
