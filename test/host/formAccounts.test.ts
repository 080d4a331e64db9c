// What New Submission takes from an account stays that account's: the texts
// kept of a submission sent from here, and archive files chosen or found
// while the account in use changes, with two more services whose ids are
// those of each other (otherServices.ts).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { UserInput } from '../../src/ui/input/userInput';
import type { Sandbox } from '../../tools/sandbox';
import { clearComposerWork, compose, composerOpenedBy, edit, filled, forgetDrafts, openDrafts, sendReviewed } from './composerDriver';
import { removeWorkspaceFolder, submissionNode, waitFor, workspaceFile } from './fixtures';
import { archiveOn, clientOf, OtherServices } from './otherServices';
import { api, deliver, runRecord, signIn, useAccount, withAnswers, workspaceConnectionAnswer } from './session';
import { ScriptedInput, type Answer } from './scriptedInput';

/** What was said (the switch's own message, that the settings changed, left out), in messages. */
const said = (asked: readonly { method: string; text: string }[]) => asked.filter((a) => ['info', 'warn', 'error'].includes(a.method) && !/^The (service address|user name) (changed|was removed)/.test(a.text)).map((a) => a.text);
/** Requests that download an archive file (the views may read details of their own). */
const archiveReads = (sb: Sandbox) => sb.accessLog.filter((e) => /\/archives\/[^/]+\/./.test(e.path)).map((e) => `${e.method} ${e.path}`);

/** Runs `fn` with the prompts answered by `answers`, `before` run (awaited) when the archive's files are offered. */
async function withSwitch<T>(answers: Answer[], before: () => Promise<void>, fn: () => Thenable<T> | Promise<T>): Promise<{ result: T; input: ScriptedInput }> {
  const input = new (class extends ScriptedInput {
    override async quickPickMany<I extends vscode.QuickPickItem>(items: readonly I[], o: Parameters<UserInput['quickPickMany']>[1]) {
      await before();
      return super.quickPickMany(items, o);
    }
  })(...answers);
  const restore = (await api()).setUserInput(input);
  try {
    return { result: await fn(), input };
  } finally {
    restore();
    runRecord().shown.push(...input.asked.map((a) => [a.text, ...(a.items ?? [])].join('\n')));
  }
}

describe('New Submission keeps to the account things came from', () => {
  const services = new OtherServices();
  let doc: vscode.Uri;

  before(async () => {
    await signIn();
    doc = workspaceFile('form-accounts/letter.txt', 'A letter.\n');
    await forgetDrafts();
  });
  afterEach(clearComposerWork);
  after(async () => {
    await services.close();
    await removeWorkspaceFolder('form-accounts');
  });

  const service = (user: string) => services.start(user);

  it('Send Again With… takes back the cover note, data and Advanced values kept for a submission of its own account only, never those of another service\'s submission of the same id', async function () {
    this.timeout(90_000);
    const [a, b] = [await service('ann'), await service('bob')];
    await useAccount(a);
    const id = await compose(doc);
    const mine = await edit(id, (f) => ({ ...filled(`Ann's offer ${Date.now()}`)(f), coverNote: 'Dear Ann\'s client, the private terms.', data: '<ann/>', advanced: { broadcast: '1', transparency: '2', confirmIntent: '1' } }));
    await withAnswers([], () => sendReviewed(id, mine));
    const [sentByAnn] = a.store.submissions;
    const { id: bobs } = await clientOf(b).createSubmission({ formReference: 'Bob\'s own', recipients: [{ firstName: 'Bo', lastName: 'Other', email: 'bo@example.org' }], documents: [{ path: doc.fsPath }] });
    assert.equal(bobs, sentByAnn.id, 'both services count their submission ids from the same start');

    await useAccount(b);
    const again = await composerOpenedBy(async () => vscode.commands.executeCommand('dsas.sendAgain', await submissionNode(bobs)));
    const form = (await openDrafts()).get(again)!;
    assert.deepEqual([form.formReference, form.coverNote, form.data, form.advanced], ['Bob\'s own', '', '', { broadcast: '0', transparency: '0', confirmIntent: '0' }],
      'nothing of what was sent to the other service');

    await useAccount(a);
    const ours = await composerOpenedBy(async () => vscode.commands.executeCommand('dsas.sendAgain', await submissionNode(sentByAnn.id)));
    const back = (await openDrafts()).get(ours)!;
    assert.deepEqual([back.coverNote, back.data, back.advanced], [mine.coverNote, mine.data, mine.advanced], 'its own account\'s submission takes them back');
  });

  it('From the Archive… on an account whose archive is empty says so and asks again how to start', async function () {
    this.timeout(60_000);
    await useAccount(await service('ann'));
    // Two connections: New Submission asks which first (the workspace's is taken).
    const { input, result: id } = await withAnswers([...await workspaceConnectionAnswer(), 'From the Archive…', 'Empty form'], () => composerOpenedBy(() => vscode.commands.executeCommand('dsas.newSubmission')));
    assert.deepEqual(input.asked.map((a) => `${a.method}: ${a.text}`), ['quickPick: New Submission Which connection?', 'quickPick: New Submission Start the new submission from…', 'info: The archive has no files.', 'quickPick: New Submission Start the new submission from…']);
    assert.deepEqual((await openDrafts()).get(id)?.documents, []);
  });

  it('archive files offered by one connection are fetched from it, though the workspace switched to another meanwhile: nothing is taken from the other archive under the same id', async function () {
    this.timeout(90_000);
    const [a, b] = [await service('ann'), await service('bob')];
    const [terms, other] = [await archiveOn(a, 'Terms', 'terms.txt', 'Ann\'s terms.\n'), await archiveOn(b, 'Salaries', 'salaries.txt', 'Bob\'s private figures.\n')];
    assert.equal(terms, other, 'both services count their archive ids from the same start');
    // Both accounts' secrets stored: switching signs in at once.
    await useAccount(b);
    await useAccount(a);
    const bRead = archiveReads(b).length;
    // New Submission keeps to the connection it was started for (asked, the workspace's taken), whatever the workspace switches to.
    const { input, result: opened } = await withSwitch([...await workspaceConnectionAnswer(), 'From the Archive…', 'Terms'], () => useAccount(b), () => composerOpenedBy(() => vscode.commands.executeCommand('dsas.newSubmission')));
    assert.deepEqual(archiveReads(b).slice(bRead), [], 'nothing downloaded from the other account\'s archive');
    assert.deepEqual((await openDrafts()).get(opened)?.documents.map((d) => d.name), ['terms.txt'], 'the file of its own archive');
    assert.deepEqual(said(input.asked), []);

    // In an open form of the first account, Add from the Archive… offers and fetches from its own connection's archive, whichever the workspace uses meanwhile.
    await useAccount(a);
    const id = await compose(doc);
    const added = await withSwitch(['Terms'], () => useAccount(b), async () => deliver(id, { type: 'addDocuments', from: 'archive' }));
    assert.deepEqual(archiveReads(b).slice(bRead), [], 'nothing downloaded from the other account\'s archive');
    assert.deepEqual((await openDrafts()).get(id)?.documents.map((d) => d.name), ['letter.txt', 'terms.txt'], 'the file of its own archive');
    assert.deepEqual(said(added.input.asked), []);
  });

  it('Send Again With…, the workspace switching to another connection while it looks in the archive, keeps to the submission\'s: its form opens with the documents of its own archive, nothing taken from the other', async function () {
    this.timeout(90_000);
    const [a, b] = [await service('ann'), await service('bob')];
    const file = workspaceFile('form-accounts/terms.txt', 'Ann\'s terms, as sent.\n');
    const [terms, other] = [await archiveOn(a, 'Terms', 'terms.txt', 'Ann\'s terms, as sent.\n'), await archiveOn(b, 'Salaries', 'terms.txt', 'Bob\'s private figures.\n')];
    assert.equal(terms, other);
    const { id: sid } = await clientOf(a).createSubmission({ formReference: 'Ann\'s terms', recipients: [{ firstName: 'Ann', lastName: 'Client', email: 'client@example.org' }], documents: [{ path: file.fsPath }] });
    await useAccount(b);
    await useAccount(a);
    const node = await submissionNode(sid);
    const bRead = archiveReads(b).length;
    const before = (await openDrafts()).size;
    // The first account's archive list is held while the account in use changes.
    a.faults.add({ kind: 'delay', method: 'GET', path: '^/archives$', ms: 30_000 });
    const { input, result } = await withAnswers([], async () => {
      const running = vscode.commands.executeCommand('dsas.sendAgain', node);
      // Taken (and so gone from the list) once the request arrived.
      await waitFor('the archive listed', () => a.faults.list().length === 0, 20_000);
      await useAccount(b);
      a.faults.release();
      return running;
    });
    await result;
    assert.deepEqual(archiveReads(b).slice(bRead), [], 'nothing downloaded from the other account\'s archive');
    const opened = [...(await openDrafts()).values()];
    assert.equal(opened.length, before + 1, 'its form opened');
    assert.deepEqual(opened.at(-1)?.documents.map((d) => d.name), ['terms.txt'], 'with the document of its own archive');
    assert.deepEqual(said(input.asked), []);
  });
});
