// Large values in the New Submission form, in the real workbench: every
// form the page holds is answered (its problems, Send's state, the draft
// kept); the client's size limits are said under their fields; Send Again
// on a submission with thousands of recipients opens a working form.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { buildPackage } from '../../src/core/xml/package';
import type { NewRecipient } from '../../src/core/xml/packageFields';
import type { ComposerForm } from '../../src/shared/composerProtocol';
import { wordedProblems } from '../../src/ui/composer/composerSend';
import { closeAllEditors, removeWorkspaceFolder, submissionNode, tempDir, waitFor, workspaceFile } from './fixtures';
import { composerOpenedBy, composerShown, forgetDrafts, openDrafts, recipient } from './composerDriver';
import { webviewKeys, webviewParts, webviewText } from './helpers';
import { api, control, deliver, requireSandbox, sandboxState, signIn, withAnswers } from './session';

/** A line of 1,000 characters. (Chromium's own text editing slows down with the number of lines inserted at once: 1.5 million characters in 29,000 short lines take it minutes to paste.) */
const LINE = `${'0123456789'.repeat(99)}abcdefghi\n`;

describe('large values in the New Submission form', () => {
  let doc: vscode.Uri;
  /** The submissions of thousands of recipients made here. */
  const outsized: string[] = [];

  before(async () => {
    await signIn();
    doc = workspaceFile('composer-limits/offer.txt', 'the offer\n');
  });
  afterEach(closeAllEditors);
  after(async () => {
    await forgetDrafts();
    await removeWorkspaceFolder('composer-limits');
    // Taken out of the run's sandbox: the suites after this one would poll, list and read them again and again.
    for (const submissionId of outsized.splice(0)) await control('/remove-submission', 'POST', { submissionId });
    await vscode.commands.executeCommand('dsas.refreshSubmissions');
  });

  /** A composer showing a complete form with offer.txt; its draft id. */
  async function ready(formReference: string): Promise<string> {
    await vscode.commands.executeCommand('notifications.hideToasts'); // nothing over the form
    return composerShown(async () => (await api()).deps.composer.compose([doc], {
      documents: [], recipients: [recipient('Ada Lovelace', 'ada@example.org')], coverNote: 'Dear Ada,', data: '', formReference,
      advanced: { broadcast: '0', transparency: '0', confirmIntent: '0' },
    }));
  }

  const kept = (id: string) => api().then((a) => a.deps.composer.memory.draft(id));

  it('a data value of 1.5 million characters pasted into the form is answered: Send becomes ready and the draft keeps it', async function () {
    if (!process.env.DSAS_WORKBENCH_URL) this.skip(); // pasting needs the offline runner's browser
    this.timeout(120_000);
    const id = await ready(`Large data ${Date.now()}`);
    const times = Math.ceil(1_500_000 / LINE.length);
    const seen = await webviewKeys('offer.txt', [{ focus: 'Data (optional)' }, { paste: LINE, times }, { press: 'Tab' }, { waitEnabled: '#send' }]);
    assert.match(seen.text, /Ready: Send shows a summary to review first\./);
    assert.doesNotMatch(seen.text, /Checking…/);
    const draft = await waitFor('the draft saved with the data', async () => (await kept(id))?.data.length === LINE.length * times && kept(id), 20_000);
    assert.equal(draft?.data, LINE.repeat(times));
  });

  it('a value just over the client\'s limit, pasted: its problem under its field, Send disabled, the draft kept', async function () {
    if (!process.env.DSAS_WORKBENCH_URL) this.skip();
    this.timeout(120_000);
    const id = await ready('Just over');
    const seen = await webviewKeys('offer.txt', [
      { focus: 'Form reference' }, { paste: 'R', times: 1000 - 'Just over'.length + 1 }, { press: 'Tab' },
      { focus: 'Data (optional)' }, { paste: 'x', times: 10_000_001 }, { press: 'Tab' },
    ]);
    const text = await waitFor('both problems shown', async () => {
      const t = await webviewText('offer.txt');
      return /2 fields to fix before sending\./.test(t) && t;
    }, 30_000);
    assert.match(text, /This has 1,001 characters; at most 1,000 can be sent\./, text.slice(0, 2000));
    assert.match(text, /This has 10,000,001 characters; at most 10,000,000 can be sent\./);
    assert.ok(seen.text.length > 0);
    const draft = await waitFor('the draft saved', async () => {
      const d = await kept(id);
      return d?.data.length === 10_000_001 && d;
    }, 20_000);
    assert.equal(draft.formReference.length, 1001);
    // Send, as the page posts it: no review, nothing sent.
    const before = (await sandboxState()).submissions.length;
    await withAnswers([], () => deliver(id, { type: 'send', form: draft }));
    assert.equal((await api()).deps.composer.drafts.get(id)?.phase, 'editing');
    assert.equal((await sandboxState()).submissions.length, before, 'nothing sent');
  });

  it('a megabyte in every text field: each single-line field says it is too long, the cover note and data take it', async () => {
    const id = await ready('Megabytes');
    const mb = 'm'.repeat(1 << 20);
    const form = (await openDrafts()).get(id)!;
    const huge: ComposerForm = {
      ...form, formReference: mb, coverNote: mb, data: mb,
      recipients: [{ ...form.recipients[0], name: mb, authMethod: mb, authNumber: mb, email: `${mb}@example.org` }, { ...form.recipients[0], nameMode: 'split', firstName: mb, lastName: mb }],
      advanced: { broadcast: '0', transparency: mb, confirmIntent: mb },
    };
    await deliver(id, { type: 'changed', form: huge });
    const tooLong = 'This has 1,048,576 characters; at most 1,000 can be sent.';
    assert.deepEqual(wordedProblems((await api()).deps, huge), {
      formReference: tooLong, 'recipients.0.name': tooLong, 'recipients.0.authMethod': tooLong, 'recipients.0.authNumber': tooLong,
      'recipients.0.email': 'Enter a valid e-mail address, e.g. name@example.com.',
      'recipients.1.firstName': tooLong, 'recipients.1.lastName': tooLong, 'advanced.transparency': tooLong, 'advanced.confirmIntent': tooLong,
    });
    assert.deepEqual(await kept(id), huge, 'the draft keeps it');
  });

  /** Sends, through the client, a submission of offer.txt to `n` recipients; its id. */
  async function sentTo(n: number, formReference: string): Promise<string> {
    const created = await (await api()).deps.session.client.createSubmission({ formReference, recipients: people(n), documents: [{ path: doc.fsPath }] });
    outsized.push(created.id);
    return created.id;
  }

  /** What the page shows of its recipients: the section's title, the last row's legend, the problem under Recipients, the Send hint. */
  const recipientsShown = (contains: string, n: number) =>
    webviewParts(contains, ['#recipients-title', `#f-recipients-${n - 1}-name >> xpath=ancestor::fieldset/legend`, '[data-error-for="recipients"]', '#send-hint']);
  /**
   * The same, waited for: a page of 10,000 rows may keep its frame busy past
   * one look's limit (15 s) on a loaded machine, which is not yet a failure.
   */
  const recipientsWhen = (contains: string, n: number, done: (parts: string[]) => boolean, ms: number) =>
    waitFor(`the page showing "${contains}" answered`, async () => {
      const parts = await recipientsShown(contains, n).catch(() => undefined);
      return parts !== undefined && done(parts) && parts;
    }, ms);

  it('Send Again on a submission with 1,500 recipients opens a form with all of them', async function () {
    this.timeout(120_000);
    const s = await sentTo(1500, `Many ${Date.now()}`);
    const id = await composerShown(() => composerOpenedBy(async () => vscode.commands.executeCommand('dsas.sendAgain', await submissionNode(s))));
    const form = (await openDrafts()).get(id)!;
    assert.equal(form.recipients.length, 1500);
    assert.equal(form.recipients[1499].email, 'person1500@example.org');
    assert.equal((await kept(id))?.recipients.length, 1500, 'the draft can be read back');
    if (!process.env.DSAS_WORKBENCH_URL) return;
    const shown = await recipientsWhen('Recipients (1500)', 1500, (parts) => parts[3] !== 'Checking…', 30_000);
    assert.deepEqual(shown, ['Recipients (1500)', 'Recipient 1500', '', '1 field to fix before sending.'], 'every row; the documents still to give (the form reference is the earlier one)');
  });

  it('Send Again on 10,001 recipients (sent by another client) opens them all, says 10,000 is the most; one removed, the form is answered', async function () {
    if (!process.env.DSAS_WORKBENCH_URL) this.skip();
    this.timeout(300_000);
    const s = sentByAnotherClient(10_001, `Very many ${Date.now()}`);
    const id = await composerShown(() => composerOpenedBy(async () => vscode.commands.executeCommand('dsas.sendAgain', await submissionNode(s))));
    const shown = await recipientsWhen('Recipients (10001)', 10_001, (parts) => parts[3] !== 'Checking…', 120_000);
    assert.deepEqual(shown, ['Recipients (10001)', 'Recipient 10001', 'A submission can have at most 10,000 recipients; this one has 10,001.', '2 fields to fix before sending.']);
    // The last row removed with the keyboard (its button found by id: by its label, the whole page's labels are computed).
    await webviewKeys('Recipients (10001)', [{ focus: '#recipient-10000-remove' }, { press: 'Enter' }]);
    const after = await recipientsWhen('Recipients (10000)', 10_000, (parts) => parts[3] === '1 field to fix before sending.', 120_000);
    assert.deepEqual(after, ['Recipients (10000)', 'Recipient 10000', '', '1 field to fix before sending.']);
    await waitFor('the draft saved', async () => (await kept(id))?.recipients.length === 10_000, 20_000);
  });

  /** A submission of offer.txt to `n` recipients made by another client (curl), which knows nothing of this client's limits; its id. */
  function sentByAnotherClient(n: number, formReference: string): string {
    const sb = requireSandbox();
    const dir = tempDir();
    try {
      const pkg = path.join(dir, 'package.xml');
      writeFileSync(pkg, buildPackage({ formReference, recipients: people(n), coverNote: '', data: '', attachmentNames: ['offer.txt'] }));
      const answer = execFileSync('curl', ['-sS', '--fail', '--digest', '-u', `${sb.user}:${sb.password}`, '-H', `X-Service-Key: key="${sb.key}"`,
        '-F', `attachment[]=@${pkg};type=application/xml`, '-F', `attachment[]=@${doc.fsPath};type=text/plain`, `${sb.baseUrl}/submissions`], { encoding: 'utf8' });
      const id = /<id>([^<]+)<\/id>/.exec(answer)?.[1];
      if (!id) throw new Error(`no id in the answer: ${answer.slice(0, 300)}`);
      outsized.push(id);
      return id;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
});

/** `n` recipients, "Person 1 Many" <person1@example.org> on. */
function people(n: number): NewRecipient[] {
  return Array.from({ length: n }, (_, i) => ({ firstName: `Person ${i + 1}`, lastName: 'Many', email: `person${i + 1}@example.org` }));
}
