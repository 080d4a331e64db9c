// A draft and its archive documents belong to the account they were made
// with. Two more sandboxes stand for two services whose archive ids count up
// from the same start: file 201 of one is not file 201 of the other.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import { accountKey } from '../../src/ui/session/secrets';
import {
  addFromArchive, archiveDocuments, archiveDocumentsFetched, closeComposer, compose, edit, filled, forgetDrafts, openDrafts, sendReviewed,
} from './composerDriver';
import { closeAllEditors, removeWorkspaceFolder, waitFor, workspaceFile } from './fixtures';
import { webviewText } from './helpers';
import { archiveOn, OtherServices } from './otherServices';
import { api, connectionOf, control, deliver, requireSandbox, signIn, useAccount, withAnswers, workspaceConnectionAnswer } from './session';

const told = (asked: readonly { method: string; text: string }[]) => asked.filter((a) => ['info', 'warn', 'error'].includes(a.method)).map((a) => a.text);
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** New Submission from the palette (for the workspace's connection, should it ask which), dismissed at how to start: the labels it offered. */
async function offered(): Promise<readonly string[]> {
  const connection = await workspaceConnectionAnswer();
  const { input } = await withAnswers([...connection, undefined], () => vscode.commands.executeCommand('dsas.newSubmission'));
  return input.asked[connection.length].items ?? [];
}

describe('drafts belong to their account', () => {
  const services = new OtherServices();
  let doc: vscode.Uri;

  before(async () => {
    await signIn();
    doc = workspaceFile('draft-accounts/letter.txt', 'A letter.\n');
    await forgetDrafts();
  });
  afterEach(closeAllEditors);
  after(async () => {
    await services.close();
    await forgetDrafts();
    for (const id of (await api()).deps.composer.memory.draftIds()) await (await api()).deps.composer.memory.removeDraft(id);
    await removeWorkspaceFolder('draft-accounts');
  });

  const service = (user: string) => services.start(user);

  it('an archive document is fetched only from its account: a draft reopened while another connection with a file of the same id is in use fetches it from its own, shows and sends the file as fetched, and the other service is asked nothing', async function () {
    this.timeout(120_000);
    const [a, b] = [await service('ann'), await service('bob')];
    const terms = Buffer.from('The terms of the offer, version 3.\n');
    const other = Buffer.from('Another service\'s file that happens to have the same id.\n');
    const [termsId, otherId] = [await archiveOn(a, 'Terms', 'terms.pdf', terms), await archiveOn(b, 'Other', 'other.txt', other)];
    assert.equal(termsId, otherId, 'both services count their archive ids from the same start');

    await useAccount(a);
    const ref = `Terms ${Date.now()}`;
    const id = await compose(doc);
    await addFromArchive(id, 'Terms');
    await edit(id, filled(ref));
    assert.equal((await archiveDocuments(id))[0].account, accountKey({ baseUrl: a.baseUrl, username: a.user }), 'the document records its account');
    await closeComposer(id);
    // The draft kept names it as it was then; what the form shows and sends is the file as fetched.
    const memory = (await api()).deps.composer.memory;
    const stored = memory.draft(id)!;
    await memory.saveDraft(id, { ...stored, documents: stored.documents.map((d) => (d.archiveId ? { ...d, name: 'terms-old.pdf', size: 1, sizeText: '1 byte' } : d)) });

    await useAccount(b);
    assert.ok(!(await offered()).some((l) => l.includes(ref)), 'another account\'s draft is not offered');
    // As a window reload brings back a tab left open: the draft opens while the other connection is in use.
    const { input } = await withAnswers([], async () => {
      await (await api()).deps.composer.compose([], memory.draft(id), id);
      await archiveDocumentsFetched(id);
    });
    assert.deepEqual(told(input.asked), [], 'nothing to say: its own connection is signed in');
    const [fetched] = await archiveDocuments(id);
    assert.deepEqual([fetched.archiveId, fetched.name, fetched.size], [termsId, 'terms.pdf', terms.length], 'the name and size of the file fetched, not those the draft kept');
    assert.deepEqual(b.accessLog.filter((e) => /\/archives\/[^/]+\/./.test(e.path)).map((e) => `${e.method} ${e.path}`), [], 'nothing downloaded from the other archive');
    await withAnswers([], async () => sendReviewed(id, (await openDrafts()).get(id)!));
    assert.equal(b.store.submissions.length, 0, 'nothing was sent to the other service');
    const sent = a.store.submissions.find((s) => s.formReference === ref);
    assert.deepEqual(sent?.attachments.map((x) => [x.name, x.sha256]), [['letter.txt', sha256(Buffer.from('A letter.\n'))], ['terms.pdf', sha256(terms)]]);
  });

  it('a form made under one connection, the workspace switched to another, still sends to its own connection: the review names it, its service gets the submission, the other nothing', async function () {
    this.timeout(120_000);
    const [a, b] = [await service('cleo'), await service('dan')];
    const terms = Buffer.from('Cleo\'s terms, from her own archive.\n');
    await archiveOn(a, 'Terms', 'terms.pdf', terms);
    await useAccount(a);
    const ref = `Own account ${Date.now()}`;
    const id = await compose(doc);
    await addFromArchive(id, 'Terms');
    await archiveDocumentsFetched(id);
    const form = await edit(id, filled(ref));
    const hostA = new URL(a.baseUrl).host;

    // The workspace now uses another service's connection, signed in there; the form stays open.
    await useAccount(b);
    const composer = (await api()).deps.composer;
    await withAnswers([], async () => {
      await deliver(id, { type: 'send', form });
      assert.equal(composer.drafts.get(id)?.phase, 'reviewing', 'reviewed under the other connection too');
      if (process.env.DSAS_WORKBENCH_URL) assert.match(await webviewText('Review before sending'), new RegExp(`Sent to\\s*cleo @ ${hostA.replace(/\./g, '\\.')} · "cleo" at ${hostA.replace(/\./g, '\\.')}`));
      await deliver(id, { type: 'send', form });
    });
    await waitFor('the form sent and closed', () => !composer.drafts.has(id), 30_000);
    assert.deepEqual(b.store.submissions.map((s) => s.formReference), [], 'nothing reached the workspace\'s service');
    assert.deepEqual(a.store.submissions.filter((s) => s.formReference === ref).map((s) => s.attachments.map((x) => x.sha256)), [[sha256(Buffer.from('A letter.\n')), sha256(terms)]], 'its own service got it');
    assert.ok(!b.accessLog.some((e) => e.method === 'POST'), 'no POST in the other service\'s log');
  });

  it('a form whose send goes on through a Sign Out of its account, then fails, stays that account\'s: typed in again, its draft is kept for it alone', async () => {
    const sb = requireSandbox();
    await useAccount(sb);
    const { composer } = (await api()).deps;
    const ref = `Signed out while sending ${Date.now()}`;
    const id = await compose(doc);
    const form = await edit(id, filled(ref));
    // The list read before sending is held back; then the service refuses the submission: a failure whose outcome is known.
    await control('/faults', 'POST', { method: 'GET', path: '^/submissions$', kind: 'delay', ms: 3000 });
    await control('/faults', 'POST', { method: 'POST', path: '^/submissions$', kind: 'status', status: 400 });
    try {
      const sending = withAnswers([], () => sendReviewed(id, form));
      await waitFor('sending', () => composer.drafts.get(id)?.phase === 'sending');
      await withAnswers(['Sign Out'], () => vscode.commands.executeCommand('dsas.signOut'));
      assert.equal(composer.memory.draft(id), undefined, 'discarded with its account');
      await sending;
    } finally {
      await control('/faults', 'DELETE');
    }
    assert.equal(composer.drafts.get(id)?.phase, 'editing', 'the form stays open after the failure');
    await edit(id, (f) => ({ ...f, coverNote: 'Typed in after the failure.' }));
    assert.equal(composer.memory.stored(id)?.account, accountKey({ baseUrl: sb.baseUrl, username: sb.user }), 'kept for its account, not for every account');
    await closeComposer(id);
    await composer.memory.removeDraft(id);
    await signIn();
  });

  it('another account\'s drafts are not offered; Sign Out discards the signed-out account\'s drafts only, and says how many', async () => {
    const { deps } = await api();
    const sb = requireSandbox();
    await useAccount(sb);
    const [mine, theirs] = [`Mine ${Date.now()}`, `Theirs ${Date.now()}`];
    const id = await compose(doc);
    await edit(id, filled(mine));
    await closeComposer(id);
    // Another user's draft, made while the workspace used their connection.
    const someone = await connectionOf({ ...sb, user: 'someone-else' });
    await withAnswers([], async () => {
      await deps.session.switchTo(someone.id);
      await deps.session.restore();
    });
    assert.ok(!(await offered()).some((l) => l.includes(mine)), 'not offered to another user');
    const other = await compose(doc);
    await edit(other, filled(theirs));
    await closeComposer(other);
    await useAccount(sb);
    const labels = await offered();
    assert.ok(labels.some((l) => l.includes(mine)) && !labels.some((l) => l.includes(theirs)), JSON.stringify(labels));

    // A form of this account opened and not typed in: it closes too, and is not counted (it kept nothing).
    const untouched = await compose(doc);
    const { input } = await withAnswers(['Sign Out'], () => vscode.commands.executeCommand('dsas.signOut'));
    assert.match(input.asked[0].text, /\nThe 1 draft of New Submission kept for this account is discarded too\.$/);
    assert.deepEqual(told(input.asked), ['Signed out. 1 draft of New Submission was discarded.']);
    assert.ok(!(await openDrafts()).has(untouched), 'the untouched form of the account closed');
    assert.equal(deps.composer.memory.draft(id), undefined, 'the signed-out account\'s draft is gone');
    assert.ok(deps.composer.memory.draft(other), 'the other user\'s is kept');
    await signIn();
  });
});
