// The ways into New Submission and what they start from: the palette's
// first question (an empty form, the workspace, the archive, a draft kept),
// Send Again With…, the tab's title, and what closing a draft's tab says.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ComposerAdvanced } from '../../src/shared/composerProtocol';
import { BACK } from '../../src/ui/input/userInput';
import { archiveDocumentsFetched, clearComposerWork, closeComposer, compose, composerOpenedBy, composerShown, continueDraft, edit, filled, forgetDrafts, heldBack, openDrafts, sendReviewed } from './composerDriver';
import { removeWorkspaceFolder, submissionNode, waitFor, workspaceDir, workspaceFile } from './fixtures';
import { answerQuickInput, quickInputKeys, statusBarText, webviewKeys, webviewParts } from './helpers';
import { api, control, deliver, sandboxState, signIn, withAnswers } from './session';

const told = (asked: readonly { method: string; text: string }[]) => asked.filter((a) => ['info', 'warn', 'error'].includes(a.method)).map((a) => a.text);
const activeTabLabel = () => vscode.window.tabGroups.activeTabGroup.activeTab?.label;
const newSubmission = () => composerOpenedBy(() => vscode.commands.executeCommand('dsas.newSubmission'));
const DIR = 'composer-flows';

/** Send Again With… on submission `id`, once its form's page is ready; the new form's draft id. */
const sendAgain = (id: string) => composerShown(() => composerOpenedBy(async () => vscode.commands.executeCommand('dsas.sendAgain', await submissionNode(id))));

/** The lines under the documents and the recipients of the page showing `contains`, once it has answered the form. */
async function linesShown(contains: string): Promise<{ documentsError: string; recipientsError: string; documentsStatus: string; hint: string }> {
  return waitFor('the page answered', async () => {
    const [documentsError, recipientsError, documentsStatus, hint] = await webviewParts(contains, ['[data-error-for="documents"]', '[data-error-for="recipients"]', '#documents-status', '#send-hint']);
    return hint && hint !== 'Checking…' ? { documentsError, recipientsError, documentsStatus, hint } : undefined;
  }, 20_000);
}

describe('New Submission: how it starts, its tab, Send Again and drafts', () => {
  let doc: vscode.Uri;

  before(async () => {
    await signIn();
    doc = workspaceFile(`${DIR}/letter-2026.txt`, 'A letter.\n');
    await forgetDrafts();
  });
  afterEach(clearComposerWork);
  after(() => removeWorkspaceFolder(DIR));

  it('a form\'s tab is titled by its form reference, followed as it is typed with few updates; "New Submission" while it has none', async () => {
    const id = await compose(doc);
    await waitFor('the tab titled by the reference suggested', () => activeTabLabel() === 'letter-2026');
    const labels: string[] = [];
    const sub = vscode.window.tabGroups.onDidChangeTabs((e) => {
      for (const t of e.changed) if (t.input instanceof vscode.TabInputWebview && t.label !== labels.at(-1)) labels.push(t.label);
    });
    const ref = 'BUDGET-2025 – annual review';
    try {
      await edit(id, (f) => ({ ...f, formReference: '' }));
      await waitFor('"New Submission" while it has no reference', () => activeTabLabel() === 'New Submission');
      // Typed a character at a time, as the page posts it.
      for (let i = 1; i <= ref.length; i++) await edit(id, (f) => ({ ...f, formReference: ref.slice(0, i) }));
      await waitFor('the tab titled by the reference typed', () => activeTabLabel() === ref);
      await new Promise((r) => setTimeout(r, 1000));
    } finally {
      sub.dispose();
    }
    assert.ok(labels.length <= 5, `${ref.length} changes, ${labels.length} titles: ${JSON.stringify(labels)}`);
    // A long reference (a text pasted) is cut, on one line.
    await edit(id, (f) => ({ ...f, formReference: `${'Long reference '.repeat(10)}\nsecond line` }));
    await waitFor('a long reference cut', () => activeTabLabel() === `${'Long reference '.repeat(4).slice(0, 50).trimEnd()}…`);
    // Two forms, two titles.
    const other = await compose(doc);
    await edit(other, filled('NDA-2026'));
    await waitFor('the other tab titled by its own reference', () => activeTabLabel() === 'NDA-2026');
  });

  it('from the palette it asks how to start: an empty form (calm: no problem shown before the user acts), the workspace, the archive; Escape there ends it', async () => {
    const { input, result: id } = await withAnswers(['Empty form'], newSubmission);
    assert.deepEqual(input.asked[0].items, ['$(new-file) Empty form', '$(files) From the Workspace…', '$(archive) From the Archive…']);
    const form = (await openDrafts()).get(id)!;
    assert.deepEqual([form.documents, form.formReference, form.recipients.length], [[], '', 1]);
    if (process.env.DSAS_WORKBENCH_URL) {
      const shown = await linesShown('No document yet');
      assert.deepEqual([shown.documentsError, shown.recipientsError], ['', ''], 'no problem shown before the user acts');
    }
    const ended = await withAnswers([undefined], () => vscode.commands.executeCommand('dsas.newSubmission'));
    assert.deepEqual(told(ended.input.asked), [], 'Escape says nothing');
    assert.equal((await openDrafts()).size, 1, 'and opens nothing');
  });

  it('From the Archive… opens a form with the archive files ticked, fetched from the signed-in account\'s archive', async () => {
    const { deps } = await api();
    const f = (await sandboxState()).archives.find((x) => x.name === 'q1.csv')!;
    const { input, result: id } = await withAnswers(['From the Archive…', f.title], newSubmission);
    assert.equal(input.asked[1].method, 'quickPickMany');
    const [d] = await archiveDocumentsFetched(id);
    assert.deepEqual([d.name, d.size, d.archiveId, d.account], [f.name, f.fullSize, f.id, deps.session.account]);
    assert.deepEqual(told(input.asked), []);
  });

  it('in a later step, Back returns to the first question and Escape ends it quietly, nothing opened', async () => {
    const before = (await openDrafts()).size;
    const { input } = await withAnswers(['From the Workspace…', BACK, 'From the Archive…', BACK, 'From the Workspace…', undefined], () => vscode.commands.executeCommand('dsas.newSubmission'));
    assert.deepEqual(input.asked.map((a) => a.method), ['quickPick', 'quickPickMany', 'quickPick', 'quickPickMany', 'quickPick', 'quickPickMany']);
    assert.ok(input.asked.filter((a) => a.method === 'quickPickMany').every((a) => (a.options as { back?: boolean }).back), 'each later step has a Back button');
    assert.deepEqual(told(input.asked), []);
    assert.equal((await openDrafts()).size, before);
  });

  it('in the real quick input, each step shows its placeholder whole (in a window 800 pixels wide), and Space in the filter box ticks the highlighted file', async function () {
    if (!process.env.DSAS_WORKBENCH_URL) this.skip(); // the real quick input needs the offline runner's browser
    this.timeout(60_000);
    const [a, b] = [workspaceFile(`${DIR}/xylophone-flow-a.txt`, 'a\n'), workspaceFile(`${DIR}/xylophone-flow-b.txt`, 'b\n')];
    // Whole in a window 800 pixels wide, where the quick input is 62 % of it (496 pixels; at most 600 in wider ones).
    const fits = (s: { placeholder: string; placeholderWidth: number; room: number; width: number }) => {
      const room = s.room - (s.width - 0.62 * 800);
      assert.ok(s.placeholder && s.placeholderWidth <= room, `"${s.placeholder}" (${s.placeholderWidth.toFixed(0)} px) fits in ${room.toFixed(0)} px`);
    };
    // The archive step, then Escape: nothing opens.
    const dismissed = vscode.commands.executeCommand('dsas.newSubmission');
    fits(await quickInputKeys('New Submission'));
    await answerQuickInput('New Submission', 'From the Archive');
    fits(await quickInputKeys('From the Archive'));
    assert.equal((await quickInputKeys('From the Archive', [{ press: 'Escape' }])).closed, true);
    await dismissed;
    assert.equal((await openDrafts()).size, 0);
    // The workspace step: two files ticked with Space from the filter box, then Enter.
    const opened = newSubmission();
    await answerQuickInput('New Submission', 'From the Workspace');
    fits(await quickInputKeys('From the Workspace'));
    const ticked = async (name: string) => waitFor(`${name} ticked`, async () => (await quickInputKeys('From the Workspace')).rows.some((r) => r.label === name && r.checked));
    await quickInputKeys('From the Workspace', [{ type: 'xylophone-flow-a' }, { press: 'Space' }]);
    await ticked('xylophone-flow-a.txt');
    await quickInputKeys('From the Workspace', [{ clear: true }, { type: 'xylophone-flow-b' }, { press: 'Space' }]);
    await ticked('xylophone-flow-b.txt');
    await quickInputKeys('From the Workspace', [{ press: 'Enter' }]);
    const id = await opened;
    assert.deepEqual((await openDrafts()).get(id)?.documents.map((d) => d.path), [a.fsPath, b.fsPath]);
  });

  it('Send Again With… starts with the form reference, data, cover note and Advanced values of the submission it repeats, and its documents found in the archive by name, size and hash; it names those not found', async function () {
    this.timeout(90_000);
    const { deps } = await api();
    const client = deps.session.client;
    const notes = await client.getArchiveFile((await sandboxState()).archives.find((f) => f.name === 'notes.txt')!.id);
    // The archive file's very bytes under its name; an archive file's name with other bytes; a file never archived.
    const same = path.join(workspaceDir(), DIR, 'again', 'notes.txt');
    await client.downloadArchiveFile(notes, { path: same, overwrite: true });
    const other = workspaceFile(`${DIR}/again/q1.csv`, 'not the archive\'s figures\n');
    const fresh = workspaceFile(`${DIR}/again/unarchived-flow.txt`, 'never archived\n');
    const ref = `Again ${Date.now()}`;
    const advanced: ComposerAdvanced = { broadcast: '1', transparency: '2', confirmIntent: '1' };
    const id = await compose(vscode.Uri.file(same), other, fresh);
    const sent = await edit(id, (f) => ({ ...filled(ref)(f), data: '<data>again</data>', advanced }));
    await withAnswers([], () => sendReviewed(id, sent));
    const s = (await sandboxState()).submissions.find((x) => x.formReference === ref)!;

    const { result: again, input } = await withAnswers([], () => sendAgain(s.id));
    const [d] = await archiveDocumentsFetched(again);
    assert.deepEqual([d.name, d.size], ['notes.txt', notes.fullSize]);
    assert.equal((await sandboxState()).archives.find((f) => f.id === d.archiveId)?.hash, notes.hash, 'an archive file of those very bytes');
    const form = (await openDrafts()).get(again)!;
    assert.deepEqual(form.documents.map((x) => x.name), ['notes.txt'], 'the others are not taken by their names');
    assert.deepEqual([form.formReference, form.data, form.coverNote, form.advanced], [ref, '<data>again</data>', sent.coverNote, advanced]);
    assert.deepEqual(told(input.asked), [], 'said in the form');
    if (process.env.DSAS_WORKBENCH_URL) {
      const shown = await linesShown('unarchived-flow.txt');
      assert.equal(shown.documentsStatus, 'The earlier documents, from the archive: "notes.txt". Not in the archive with the same name, size and content: "q1.csv", "unarchived-flow.txt".');
      assert.deepEqual([shown.documentsError, shown.recipientsError], ['', '']);
    }
  });

  it('Send Again With… on a submission sent from elsewhere keeps its form reference and broadcast, and opens calm: what is missing shows once asked for', async function () {
    this.timeout(60_000);
    const { deps } = await api();
    const ref = `Sent elsewhere ${Date.now()}`;
    const file = workspaceFile(`${DIR}/elsewhere/offer-flow.txt`, 'an offer\n');
    const { id: sid } = await deps.session.client.createSubmission({
      formReference: ref, recipients: [{ firstName: 'Ann', lastName: 'Other', email: 'ann@example.org' }], documents: [{ path: file.fsPath }], options: { broadcast: '1' },
    });
    const again = await sendAgain(sid);
    const form = (await openDrafts()).get(again)!;
    assert.deepEqual([form.formReference, form.advanced.broadcast, form.documents], [ref, '1', []]);
    if (!process.env.DSAS_WORKBENCH_URL) return;
    const calm = await linesShown('offer-flow.txt');
    assert.deepEqual([calm.documentsError, calm.recipientsError], ['', ''], 'no error before the user acts');
    assert.equal(calm.documentsStatus, 'The earlier documents are not in the archive with the same name, size and content: "offer-flow.txt".');
    await webviewKeys('offer-flow.txt', [{ focus: 'Show What Is Missing' }, { press: 'Enter' }]);
    assert.equal((await linesShown('offer-flow.txt')).documentsError, 'A submission needs at least one document.');
  });

  it('Send Again With… whose document found in the archive cannot be downloaded (the service unreachable for it) opens all the same, the document held back with Fetch Again', async function () {
    this.timeout(90_000);
    const { deps } = await api();
    const client = deps.session.client;
    const notes = (await sandboxState()).archives.find((f) => f.name === 'notes.txt')!;
    const same = path.join(workspaceDir(), DIR, 'held', 'notes.txt');
    await client.downloadArchiveFile(await client.getArchiveFile(notes.id), { path: same, overwrite: true });
    const ref = `Again, held ${Date.now()}`;
    const { id: sid } = await client.createSubmission({ formReference: ref, recipients: [{ firstName: 'Ann', lastName: 'Other', email: 'ann@example.org' }], documents: [{ path: same }] });
    await control('/faults', 'POST', { method: 'GET', path: `^/archives/${notes.id}/`, kind: 'drop', rate: 1 });
    let again: string;
    try {
      again = (await withAnswers([], async () => sendAgain(sid))).result;
      const d = await heldBack(again, /^Not available yet: .*Fetch Again/);
      assert.deepEqual([d.name, d.archiveId, d.account], ['notes.txt', notes.id, deps.session.account]);
      const form = (await openDrafts()).get(again)!;
      assert.deepEqual([form.formReference, form.recipients.map((r) => r.email)], [ref, ['ann@example.org']]);
    } finally {
      await control('/faults', 'DELETE');
    }
    await deliver(again, { type: 'fetchAgain' });
    const [fetched] = await archiveDocumentsFetched(again);
    assert.equal(fetched.size, notes.fullSize);
  });

  it('kept drafts come first when New Submission asks how to start, each named by its form reference and when it was last edited', async () => {
    const { composer } = (await api()).deps;
    const ref = `Edited earlier ${Date.now()}`;
    const id = await compose(doc);
    const form = await edit(id, filled(ref));
    await closeComposer(id);
    const at = Date.now() - 5 * 60_000;
    await composer.memory.saveDraft(id, form, { edited: at });
    const { input } = await withAnswers([undefined], () => vscode.commands.executeCommand('dsas.newSubmission'));
    const [first] = input.asked[0].rows!.filter((r) => r.kind !== vscode.QuickPickItemKind.Separator);
    assert.equal(first.label, `$(edit) Continue the draft "${ref}"`);
    assert.equal(first.description, 'edited 5 minutes ago');
    const exact = new Date(at).toLocaleString(vscode.env.language, { dateStyle: 'medium', timeStyle: 'short' });
    assert.equal(first.detail, `Last edited ${exact} · 1 document, 1 recipient`);
  });

  it('the draft edited last stays first: one continued and closed without a change keeps its place', async () => {
    const { composer } = (await api()).deps;
    const [older, newer] = [`Edited an hour ago ${Date.now()}`, `Edited 5 minutes ago ${Date.now()}`];
    for (const [ref, ago] of [[older, 3600_000], [newer, 5 * 60_000]] as const) {
      const id = await compose(doc);
      const form = await edit(id, filled(ref));
      await closeComposer(id);
      await composer.memory.saveDraft(id, form, { edited: Date.now() - ago });
    }
    // Looked at, nothing changed.
    const { id } = await continueDraft(older);
    await closeComposer(id);
    const { input } = await withAnswers([undefined], () => vscode.commands.executeCommand('dsas.newSubmission'));
    const drafts = input.asked[0].rows!.filter((r) => r.label.includes('Continue the draft'));
    assert.deepEqual(drafts.map((r) => [r.label, r.description]), [
      [`$(edit) Continue the draft "${newer}"`, 'edited 5 minutes ago'],
      [`$(edit) Continue the draft "${older}"`, 'edited 1 hour ago'],
    ]);
  });

  it('closing a tab whose draft is kept says so once, quietly, in the status bar, with where to continue or discard it; a form closed untouched says nothing', async function () {
    if (!process.env.DSAS_WORKBENCH_URL) this.skip(); // the status bar is read in the offline runner's browser
    const ref = `Closed and kept ${Date.now()}`;
    const { input } = await withAnswers([], async () => {
      const id = await compose(doc);
      await edit(id, filled(ref));
      await closeComposer(id);
    });
    assert.deepEqual(told(input.asked), [], 'no notification');
    const bar = await waitFor('said in the status bar', async () => {
      const text = await statusBarText();
      return text.includes(ref) && text;
    });
    assert.ok(bar.includes(`Draft "${ref}" kept: New Submission… continues or discards it`), bar);
    const untouched = await compose(workspaceFile(`${DIR}/untouched-flow.txt`, 'x\n'));
    await closeComposer(untouched);
    await new Promise((r) => setTimeout(r, 500));
    assert.ok(!(await statusBarText()).includes('untouched-flow'), 'nothing kept, nothing said');
  });

  it('a form reference that reads like an icon ("$(check) Paid") is shown as those characters in the status bar and in the picker, not as an icon', async function () {
    if (!process.env.DSAS_WORKBENCH_URL) this.skip(); // drawn in the offline runner's browser
    this.timeout(60_000);
    const stamp = String(Date.now());
    const ref = `$(check) Paid $(sync~spin) ${stamp}`;
    const id = await compose(doc);
    await withAnswers([], async () => {
      await edit(id, filled(ref));
      await closeComposer(id);
    });
    // (Another draft's line may still show: this one's is told by its number.)
    const bar = await waitFor('said in the status bar', async () => {
      const text = await statusBarText();
      return text.includes(`${stamp}" kept`) && text;
    });
    assert.ok(bar.includes(`Draft "${ref}" kept`), bar);
    const asked = vscode.commands.executeCommand('dsas.newSubmission');
    const seen = await quickInputKeys('New Submission');
    assert.ok(seen.rows.some((r) => r.label === `Continue the draft "${ref}"`), JSON.stringify(seen.rows.map((r) => r.label)));
    await quickInputKeys('New Submission', [{ press: 'Escape' }]);
    await asked;
  });
});
