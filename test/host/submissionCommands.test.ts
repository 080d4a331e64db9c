import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { stateOf, type AttachmentNode, type SubmissionNode } from '../../src/ui/lists/nodes';
import { wordedProblems } from '../../src/ui/composer/composerSend';
import { binaryBytes, closeAllEditors, removeWorkspaceFolder, sha256File, submissionNode, tempDir, waitFor, withUserSetting, workspaceFile } from './fixtures';
import { pressCancelOnProgress } from './helpers';
import { compose, composerOpenedBy, edit, filled, forgetDrafts, openDrafts, recipient, sendReviewed } from './composerDriver';
import { api, control, deliver, requireSandbox, sandboxState, serviceRequests, signIn, signOut, withAnswers } from './session';
import { tried } from '../reliability/tally';

/** A row of the Submissions view as the view hands it to a command. */
async function submissionCount(): Promise<number> {
  return (await sandboxState()).submissions.length;
}

describe('submission commands', () => {
  let docs: vscode.Uri[];

  before(async () => {
    await signIn();
    docs = [
      workspaceFile('to-send/Bericht – Übersicht.txt', 'Jahresbericht\nZoë Ørsted – 日本\n'),
      workspaceFile('to-send/figures.bin', binaryBytes(200 * 1024, 11)),
    ];
  });
  afterEach(closeAllEditors);
  after(() => removeWorkspaceFolder('to-send'));

  it('New Submission sends the package entered in the composer (with one Back from the review), with every document', async () => {
    const formReference = `Host test <&> ${Date.now()}`;
    const coverNote = 'Please sign ]]> before <Friday> & reply – Zoë\n\nSecond paragraph.';
    const data = '{"ref":"<A&B>","n":1}';
    const before = await submissionCount();
    const { input } = await withAnswers([], async () => {
      const id = await compose(docs[0], docs[1]);
      const composer = (await api()).deps.composer;
      const form = await edit(id, (f) => ({
        ...f, formReference, coverNote, data,
        recipients: [recipient('Ada Lovelace', 'ada@example.org', 'PRIMARY', ['SMS', '+44 20 7946 0000']), recipient('Hopper, Grace', 'grace@example.org', 'COPIED')],
      }));
      // Send shows the review step; Back returns to the form, where the e-mail is changed.
      await deliver(id, { type: 'send', form });
      assert.equal(composer.drafts.get(id)?.phase, 'reviewing');
      assert.equal(await submissionCount(), before, 'the review step sends nothing');
      await deliver(id, { type: 'back' });
      assert.equal(composer.drafts.get(id)?.phase, 'editing');
      const changed = await edit(id, (f) => ({ ...f, recipients: [f.recipients[0], { ...f.recipients[1], email: 'grace.hopper@example.org' }] }));
      // The form reviewed before the change is not the one sent: Send reviews again.
      await deliver(id, { type: 'send', form: changed });
      assert.equal(await submissionCount(), before);
      await deliver(id, { type: 'send', form: changed });
      assert.equal(composer.drafts.has(id), false, 'the tab closes once sent');
      assert.equal(composer.memory.draft(id), undefined, 'the draft is removed once sent');
    });

    const state = await sandboxState();
    assert.equal(state.submissions.length, before + 1);
    const s = state.submissions.find((x) => x.formReference === formReference);
    assert.ok(s, 'the sandbox has the new submission');
    assert.equal(s.coverNote, coverNote);
    assert.equal(s.data, data);
    assert.deepEqual(s.recipients.map((r) => [r.firstName, r.lastName, r.email, r.recpType, r.recipientAuth, r.recipientAuthNumber]), [
      ['Ada', 'Lovelace', 'ada@example.org', 'PRIMARY', 'SMS', '+44 20 7946 0000'],
      ['Grace', 'Hopper', 'grace.hopper@example.org', 'COPIED', undefined, undefined],
    ]);
    assert.deepEqual(s.attachments.map((a) => [a.name, a.sha256]), docs.map((d) => [path.basename(d.fsPath), sha256File(d.fsPath)]));
    // The package as sent: the values are there, escaped as XML requires.
    assert.match(s.packageXml, /<recipient type="PRIMARY">/);
    assert.match(s.packageXml, /<recipient type="COPIED">/);
    assert.ok(s.packageXml.includes('<form_reference>Host test &lt;&amp;&gt; '), s.packageXml);
    assert.ok(s.packageXml.includes('<recipient_auth>SMS</recipient_auth><recipient_auth_number>+44 20 7946 0000</recipient_auth_number>'), s.packageXml);
    assert.ok(!s.packageXml.includes('grace@example.org'), 'the e-mail changed after Back is the one sent');
    assert.ok(input.asked.some((a) => a.method === 'info' && a.text === `Submission "${formReference}" was sent.`), 'told by its form reference, not by an id the user never saw');
  });

  it('Back from the review, or closing the tab, sends nothing and asks nothing; the draft stays', async () => {
    const before = await submissionCount();
    const { input } = await withAnswers([], async () => {
      const id = await compose(docs[0]);
      const composer = (await api()).deps.composer;
      const form = await edit(id, filled('never sent'));
      await deliver(id, { type: 'send', form });
      await deliver(id, { type: 'back' });
      composer.drafts.get(id)?.panel.dispose();
      assert.deepEqual(composer.memory.draft(id), form, 'the draft is kept');
    });
    assert.deepEqual(input.asked, []);
    assert.equal(await submissionCount(), before);
  });

  it('the composer refuses CR/LF in a recipient name and in the form reference, and sends nothing', async () => {
    const before = await submissionCount();
    const id = await compose(docs[0]);
    const form = await edit(id, (f) => ({ ...filled('REF\n2')(f), recipients: [recipient('Ann\r\nBcc: evil@example.org', 'ann@example.org')] }));
    const problems = wordedProblems((await api()).deps, form);
    assert.deepEqual(problems, { 'recipients.0.name': 'Use a single line without control characters.', formReference: 'Use a single line without control characters.' });
    await withAnswers([], () => sendReviewed(id, form));
    assert.equal((await api()).deps.composer.drafts.get(id)?.phase, 'editing', 'no review of a form with problems');
    assert.equal(await submissionCount(), before, 'nothing was sent');
    tried('hostile', 2);
  });

  it('documents that cannot go together are said under the documents, and nothing can be sent', async () => {
    const a = workspaceFile('to-send/one/same.txt', 'one\n');
    const b = workspaceFile('to-send/two/Same.txt', 'two\n');
    const before = await submissionCount();
    const { input } = await withAnswers([], async () => {
      const id = await compose(a, b);
      const form = await edit(id, filled('Same names'));
      assert.match(wordedProblems((await api()).deps, form).documents ?? '', /Two documents are named "Same.txt"/);
      await sendReviewed(id, form);
    });
    assert.deepEqual(input.asked, [], 'said in the form, not in a message');
    assert.equal(await submissionCount(), before);
  });

  it('from the palette, From the Workspace… picks the documents among the workspace files, then the composer opens with them', async () => {
    await forgetDrafts();
    const formReference = `Picked ${Date.now()}`;
    const { input } = await withAnswers(['From the Workspace…', 'figures.bin'], async () => {
      const id = await composerOpenedBy(() => vscode.commands.executeCommand('dsas.newSubmission'));
      await sendReviewed(id, await edit(id, filled(formReference)));
    });
    const picker = input.asked[1];
    assert.equal(picker.method, 'quickPickMany');
    assert.ok(picker.items?.some((i) => i.includes('Browse')), 'Browse… is offered');
    const s = (await sandboxState()).submissions.find((x) => x.formReference === formReference);
    assert.deepEqual(s?.attachments.map((a) => a.name), ['figures.bin']);
  });

  /** The messages the user was shown (not the questions asked). */
  const toldOf = (input: { asked: readonly { method: string; text: string }[] }) => input.asked.filter((a) => a.method === 'info' || a.method === 'warn' || a.method === 'error');

  /** Opens a composer on `doc`, fills it as `formReference` and sends it after the review. */
  const composeAndSend = async (doc: vscode.Uri, formReference: string) => {
    const id = await compose(doc);
    await sendReviewed(id, await edit(id, filled(formReference)));
    return id;
  };

  it('after a connection failure while sending, it checks the list by itself, says in one message that nothing arrived, and never re-sends', async () => {
    const before = await submissionCount();
    // The whole request arrives and the connection dies unanswered (a cut inside the body would race the client's writes).
    await control('/faults', 'POST', { method: 'POST', path: '^/submissions$', kind: 'hangUp' });
    try {
      // The list looked at for 2 s, not the default 6 s: nothing will come.
      const { input, result: id } = await withUserSetting('arrivalCheckSeconds', 2, () => withAnswers([], () => composeAndSend(docs[1], `Dropped ${Date.now()}`)));
      const told = toldOf(input);
      assert.equal(told.length, 1, told.map((t) => t.text).join(' | '));
      assert.equal(told[0].method, 'warn');
      assert.match(told[0].text, /did not receive/);
      const composer = (await api()).deps.composer;
      assert.equal(composer.drafts.get(id)?.phase, 'editing', 'the form stays, to be sent again only by the user');
      assert.ok(composer.memory.draft(id), 'and so does its draft');
    } finally {
      await control('/faults', 'DELETE');
    }
    assert.equal(await submissionCount(), before, 'nothing was stored and nothing re-sent');
    const posts = (await serviceRequests()).filter((e) => e.method === 'POST' && e.path.endsWith('/submissions'));
    assert.ok(posts.length >= 1);
    tried('faults');
    tried('lossChecks');
  });

  it('a service that lists a submission only seconds after the connection died: the check looks again until 6 s and finds it, so nothing is sent twice', async () => {
    const formReference = `Stored late ${Date.now()}`;
    // The whole request arrives, the connection dies unanswered, and the service stores it 4 s later.
    // (The test workspace sets dsas.arrivalCheckSeconds to 0, which must not apply.)
    await control('/faults', 'POST', { method: 'POST', path: '^/submissions$', kind: 'storedLate', ms: 4000 });
    try {
      const { input } = await withAnswers([], () => composeAndSend(docs[1], formReference));
      const stored = await waitFor('stored', async () => {
        const found = (await sandboxState()).submissions.filter((s) => s.formReference === formReference);
        return found.length > 0 && found;
      }, 10_000);
      assert.equal(stored.length, 1, 'stored once');
      const told = toldOf(input);
      assert.equal(told.length, 1, told.map((t) => t.text).join(' | '));
      assert.equal(told[0].method, 'info', told[0].text);
      assert.match(told[0].text, new RegExp(`The service received "${formReference}": it is submission ${stored[0].id}, .*Do not send it again\\.$`));
    } finally {
      await control('/faults', 'DELETE');
    }
    tried('faults');
  });

  it('Cancel pressed once the documents have gone out: the list is checked and says the service received it', async function () {
    // Only the offline runner can press a button in the workbench (not @vscode/test-electron).
    if (!process.env.DSAS_CANCEL_PROGRESS_URL) this.skip();
    const formReference = `Cancelled late ${Date.now()}`;
    // The service stores the submission, then answers one byte a second.
    await control('/faults', 'POST', { method: 'POST', path: '^/submissions$', kind: 'slowBody', ms: 1000, chunkBytes: 1 });
    try {
      const sending = withAnswers([], () => composeAndSend(docs[0], formReference));
      await waitFor('the service to store it', async () => (await sandboxState()).submissions.some((s) => s.formReference === formReference));
      await pressCancelOnProgress(`Sending "${formReference}"`);
      const { input } = await sending;
      const stored = (await sandboxState()).submissions.filter((s) => s.formReference === formReference);
      assert.equal(stored.length, 1, 'sent once');
      const told = toldOf(input);
      assert.equal(told.length, 1, told.map((t) => t.text).join(' | '));
      assert.equal(told[0].method, 'info', told[0].text);
      assert.match(told[0].text, new RegExp(`^Cancelled after everything had been sent\\. The service received "${formReference}": it is submission ${stored[0].id}, created .*Do not send it again\\.$`));
    } finally {
      await control('/faults', 'DELETE');
    }
    tried('faults');
    tried('lossChecks');
  });

  it('when the list before sending could not be read, an older submission of the same name is never taken for the one just sent', async () => {
    const older = (await sandboxState()).submissions[0];
    const before = await submissionCount();
    // Loads still under way (a sign-in's) must not take the faults meant for the list before sending.
    await (await api()).deps.submissions.refresh();
    // The list before sending fails (first try and 3 retries); the whole request arrives and is never answered.
    await control('/faults', 'POST', { method: 'GET', path: '^/submissions$', kind: 'status', status: 500, times: 4 });
    await control('/faults', 'POST', { method: 'POST', path: '^/submissions$', kind: 'hangUp' });
    try {
      // Sent to the older one's primary recipient: by the list alone, the two cannot be told apart.
      const to = older.recipients.find((r) => r.recpType === 'PRIMARY')!.email;
      const { input } = await withAnswers([], async () => {
        const id = await compose(docs[0]);
        await sendReviewed(id, await edit(id, (f) => ({ ...filled(older.formReference)(f), recipients: [recipient('Same Recipient', to)] })));
      });
      const told = toldOf(input);
      assert.equal(told.length, 1, told.map((t) => t.text).join(' | '));
      assert.equal(told[0].method, 'warn', told[0].text);
      assert.match(told[0].text, new RegExp(`^The connection failed after everything had been sent: .*The list has 1 submission named "${older.formReference}" to ${to}: ${older.id}, .*it is not known whether that one is the one just sent`));
      assert.doesNotMatch(told[0].text, /The service received/);
    } finally {
      await control('/faults', 'DELETE');
    }
    assert.equal(await submissionCount(), before);
    tried('faults');
  });

  it('Send Again With… opens the composer with the form reference and recipients of an earlier submission', async () => {
    const s = (await sandboxState()).submissions.find((x) => x.recipients.length > 1)!;
    await (await api()).deps.submissions.refresh();
    const row = await rowOf(s.id);
    const id = await composerOpenedBy(() => vscode.commands.executeCommand('dsas.sendAgain', row));
    const form = (await openDrafts()).get(id)!;
    assert.deepEqual(form.recipients.map((r) => [r.name, r.type]), s.recipients.map((r) => [`${r.firstName} ${r.lastName}`.trim(), r.recpType]));
    assert.equal(form.formReference, s.formReference);
    assert.ok(form.documents.every((d) => d.archiveId !== undefined), 'only documents found in the archive');
  });

  it('Check Status shows the state and updates the row', async () => {
    const state = await sandboxState();
    const pending = state.submissions.find((s) => s.completedAt === undefined)!;
    const completed = state.submissions.find((s) => s.completedAt !== undefined)!;
    await (await api()).deps.submissions.refresh(); // the rows exist even if the view was never shown
    for (const [s, word] of [[pending, 'PENDING'], [completed, 'COMPLETED']] as const) {
      const node = await submissionNode(s.id);
      const { input } = await withAnswers([], () => vscode.commands.executeCommand('dsas.checkStatus', node));
      const shown = input.asked.find((a) => a.method === 'info');
      assert.ok(shown?.text.includes(`is ${word}`), shown?.text);
      assert.equal(stateOf(await rowOf(s.id)), word);
    }
  });

  it('Check Status from the palette asks which submission, and names it by its form reference, not its id', async () => {
    const s = (await sandboxState()).submissions.find((x) => x.formReference === 'POLICY-REVIEW')!;
    const { input } = await withAnswers([s.formReference], () => vscode.commands.executeCommand('dsas.checkStatus'));
    assert.equal(input.asked[0].method, 'quickPick');
    const told = input.asked.filter((a) => a.method === 'info').map((a) => a.text);
    assert.equal(told.length, 1);
    assert.match(told[0], /^Submission "POLICY-REVIEW" is (PENDING|COMPLETED)\.$/);
  });

  it('Download Attachment writes identical bytes, and never overwrites without consent', async () => {
    const state = await sandboxState();
    const s = state.submissions.find((x) => x.attachments.length > 0)!;
    const a = s.attachments[0];
    const node: AttachmentNode = { kind: 'attachment', submission: await submissionNode(s.id), attachment: { id: a.id, ticket: a.ticket, name: a.name } };
    const target = path.join(tempDir(), 'attachment.bin');
    const uri = vscode.Uri.file(target);
    await withAnswers([uri], () => vscode.commands.executeCommand('dsas.downloadAttachment', node));
    assert.equal(sha256File(target), a.sha256);

    writeFileSync(target, 'mine');
    const refused = await withAnswers([uri, undefined], () => vscode.commands.executeCommand('dsas.downloadAttachment', node));
    assert.ok(refused.input.asked.some((q) => q.method === 'confirm' && q.items?.includes('Replace')));
    assert.equal(readFileSync(target, 'utf8'), 'mine', 'the existing file is unchanged');
    await withAnswers([uri, 'Replace'], () => vscode.commands.executeCommand('dsas.downloadAttachment', node));
    assert.equal(sha256File(target), a.sha256);
    tried('lossChecks');
  });

  it('Copy Submission Id puts the id on the clipboard', async () => {
    const s = (await sandboxState()).submissions[1];
    await vscode.env.clipboard.writeText('');
    const node = await submissionNode(s.id);
    await withAnswers([], () => vscode.commands.executeCommand('dsas.copySubmissionId', node));
    assert.equal(await vscode.env.clipboard.readText(), s.id);
  });

  it('a wrong password gives a precise message; the right one signs in again', async () => {
    const sb = requireSandbox();
    await signOut();
    const { input } = await withAnswers([`${sb.password}-wrong`, sb.key], () => vscode.commands.executeCommand('dsas.signIn'));
    const message = input.asked.find((a) => a.method === 'error');
    assert.equal(message?.text, 'Sign-in failed. The service refused the user name or password.');
    assert.deepEqual(message?.items, ['Sign In Again', 'Show Log'], 'like other errors, it offers the log');
    tried('faults');
    assert.equal((await api()).deps.session.signedIn, false);
    await signIn();
    assert.equal((await api()).deps.session.signedIn, true);
  });
});

/** The Submissions view's row for a submission, as the tree holds it. */
async function rowOf(id: string): Promise<SubmissionNode> {
  const row = (await api()).deps.submissions.items.find((r) => r.item.id === id);
  if (!row) throw new Error(`submission ${id} has no row in the Submissions view`);
  return row;
}
