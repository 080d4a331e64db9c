// A real window reload, loaded alone by the runner's --reload run. The suite
// runs twice, once in each extension host: the first opens a History and a
// Summary panel and reloads the window (which ends that extension host); the
// workbench then restores the panels and runs the suite again, and the second
// checks what the restored panels show. A file in the run's temporary folder
// tells the two apart.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ComposerForm } from '../../src/shared/composerProtocol';
import { TEMPORARY_FOLDER_PREFIX } from '../../src/ui/transfers/temporaryFolder';
import { archiveDocumentsFetched, compose, continueDraft, edit, filled, heldBack, onComposerPage, recipient, sendReviewed } from './composerDriver';
import { submissionNode, waitFor, workspaceFile } from './fixtures';
import { EXTENSION_ID, extension, log, notificationText, pdfView, screenshot, timelineView, webviewControls, webviewKeys, webviewParts, webviewText } from './helpers';
import { pdfPlaceShown, zoomAndPage } from './pdfDriver';
import { api, control, deliver, sandboxState, signIn, withAnswers } from './session';
import { pollRound } from './polls';
import { switchToSecond } from './secondService';

const MARK = path.join(os.tmpdir(), 'dsas-reload-mark.json');
interface Mark {
  history: string; summary: string; formReferences: Record<string, string>; draft?: { id: string; form: ComposerForm };
  /** A composer opened and left untouched; a draft whose archive document was being fetched when the window reloaded. */
  untouched?: string; midFetch?: { id: string; archiveId: string };
  /** A composer with a large value pasted into its data. */
  large?: { id: string; data: number };
  /** A form whose submission was on its way (the sandbox holding it back) when the window reloaded. */
  midSend?: { id: string; formReference: string };
  /** The private folders holding the composers' archive copies when the window reloaded. */
  copies?: string[];
  /** A submission one of whose recipients rejected it while the window reloaded; the badge then. */
  told?: { id: string; formReference: string; badge: number };
  /** Workspace files archived in one batch just before the reload (their records written together) and their archive ids. */
  archived?: Record<string, string>;
}

/** The extension's private temporary folders (archive copies and the like) now. */
const transferFolders = () => readdirSync(os.tmpdir()).filter((n) => n.startsWith(TEMPORARY_FOLDER_PREFIX)).map((n) => path.join(os.tmpdir(), n));

/** Clicks a tab of the active group (the `nth` of that label, -1 the last), as a user would (a restored panel in a background tab loads
 *  when shown, and is titled anew then: until then its title names its connection, as there were two when the window reloaded). */
async function showTab(label: string, nth = 0): Promise<void> {
  const tabs = vscode.window.tabGroups.activeTabGroup.tabs;
  const index = tabs.map((t, i) => (t.label === label || t.label.startsWith(`${label} · `) ? i : -1)).filter((i) => i >= 0).at(nth) ?? -1;
  assert.ok(index >= 0, `a tab "${label}" among ${JSON.stringify(tabs.map((t) => t.label))}`);
  await vscode.commands.executeCommand('workbench.action.openEditorAtIndex', index);
}

/** Clicks every tab of the active group labelled `label`, so that each restored panel loads. */
async function showTabs(label: string): Promise<void> {
  const tabs = vscode.window.tabGroups.activeTabGroup.tabs;
  for (const [index, t] of tabs.entries()) if (t.label === label) await vscode.commands.executeCommand('workbench.action.openEditorAtIndex', index);
}

/** The titles of the composers' tabs the first run leaves open: the drafts' form references. */
const composerTitles = (sendingRef: string) => ['Draft across a reload', 'untouched', 'Fetched across a reload', sendingRef, 'large'];

const webviewTitles = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview).map((t) => t.label);

/** A submission of three recipients, one of whom responded, told and not looked at yet (on the badge). */
async function respondedBeforeReload(): Promise<NonNullable<Mark['told']>> {
  const { deps, poller } = await api();
  const formReference = `Told across a reload ${Date.now()}`;
  const { id } = await deps.session.client.createSubmission({
    formReference, documents: [{ path: workspaceFile('reload/told.txt', 'told\n').fsPath }],
    recipients: [['Ann', 'Accept'], ['Rex', 'Reload'], ['Pat', 'Pending']].map(([firstName, lastName]) => ({ firstName, lastName, email: `${firstName.toLowerCase()}@example.org` })),
  });
  await pollRound(poller);
  await control('/respond', 'POST', { submissionId: id, email: 'ann@example.org', outcome: 'accept' });
  const told = (await pollRound(poller)).filter((a) => a.text.includes(formReference));
  assert.deepEqual(told.map((a) => a.text), [`Submission "${formReference}": Ann Accept responded.`]);
  const badge = deps.submissions.view.badge?.value ?? 0;
  assert.ok(badge >= 1, 'the response is on the badge');
  return { id, formReference, badge };
}

describe('a window reload', () => {
  if (!existsSync(MARK)) {
    it('(before) opens a History and a Summary panel, shows the Explorer, and reloads the window', async function () {
      this.timeout(0); // the reload ends this extension host
      await signIn();
      const subs = (await sandboxState()).submissions;
      // The summary that runs over pages, left at page 2 and 150 %.
      const long = subs.find((x) => x.formReference === 'POLICY-REVIEW')!;
      const [history, summary] = [subs[0].id, long.id];
      const drawn = (id: string) => waitFor(`the History of ${id} drawn`, async () => (await timelineView(id)).descriptions.length > 0, 20_000);
      await vscode.commands.executeCommand('dsas.showHistory', await submissionNode(history));
      await drawn(history);
      await vscode.commands.executeCommand('dsas.showSummary', await submissionNode(summary));
      assert.match((await pdfView()).pageLabel, /\/\s*\d+/);
      await zoomAndPage('150', 1.5, 2);
      const formReferences = Object.fromEntries([subs[0], long].map((s) => [s.id, s.formReference]));
      // A composer with a draft typed in, left open.
      const id = await compose(workspaceFile('reload/draft.txt', 'a draft\n'));
      const archived = (await sandboxState()).archives[0];
      await withAnswers([archived.title], async () => deliver(id, { type: 'addDocuments', from: 'archive' }));
      const form = await edit(id, (f) => ({ ...filled('Draft across a reload')(f), recipients: [recipient('Reload Person', 'reload@example.org', 'COPIED')] }));
      await webviewText('draft.txt'); // drawn: the page has said which draft it shows, for VS Code to keep
      // Its Advanced section opened (the summary follows the data field; Enter opens it).
      await webviewKeys('draft.txt', [{ focus: 'Data (optional)' }, { press: 'Tab' }, { press: 'Enter' }]);
      await waitFor('Advanced open', async () => (await webviewControls('draft.txt', ['details.advanced']))[0].open);
      // One opened by mistake, left as it opened.
      const untouched = await compose(workspaceFile('reload/untouched.txt', 'untouched\n'));
      await onComposerPage(untouched, () => webviewText('untouched.txt'));
      // A draft kept with an archive document (as a closed tab leaves it: no copy), continued while the service holds
      // back the document's detail: the window reloads mid-fetch. (Kept directly: closing a tab before the others
      // open can leave their pages blank in the browser workbench.)
      const { composer, session } = (await api()).deps;
      const q1 = (await sandboxState()).archives.find((f) => f.name === 'q1.csv')!;
      const midFetch = `reload-${Date.now()}`;
      const kept = filled('Fetched across a reload')({ documents: [], recipients: [], coverNote: '', data: '', formReference: '', advanced: { broadcast: '0', transparency: '0', confirmIntent: '0' } });
      const later = workspaceFile('reload/fetched-later.txt', 'fetched later\n').fsPath;
      await composer.memory.saveDraft(midFetch, { ...kept, documents: [
        { path: later, name: 'fetched-later.txt', size: 14, sizeText: '14 bytes', type: 'text/plain' },
        { path: '', name: q1.name, size: q1.fullSize, sizeText: `${q1.fullSize} bytes`, type: 'text/csv', archiveId: q1.id, account: session.account },
      ] }, { account: session.account, touched: true });
      await control('/faults', 'POST', { method: 'GET', path: `^/archives/${q1.id}$`, kind: 'delay', ms: 20_000, rate: 1 });
      await continueDraft('Fetched across a reload', (opened) => heldBack(opened, /^Being fetched/));
      await onComposerPage(midFetch, () => webviewText('fetched-later.txt'));
      // A form being sent: the service holds the submission back, and the window reloads before any answer.
      const sendingRef = `Sent across a reload ${Date.now()}`;
      const midSend = await compose(workspaceFile('reload/sending.txt', 'on its way\n'));
      const sendingForm = await edit(midSend, filled(sendingRef));
      await onComposerPage(midSend, () => webviewText('sending.txt'));
      await control('/faults', 'POST', { method: 'POST', path: '^/submissions$', kind: 'delay', ms: 60_000 });
      void withAnswers([], () => sendReviewed(midSend, sendingForm));
      await waitFor('the submission on its way', async () => (await control<{ faults: unknown[] }>('/faults')).faults.every((f) => (f as { method?: string }).method !== 'POST'));
      // The last composer, 1.5 million characters pasted into its data (in lines of 1,000).
      const large = await compose(workspaceFile('reload/large.txt', 'large\n'));
      const data = 1500 * 1000;
      await webviewKeys('large.txt', [{ focus: 'Data (optional)' }, { paste: `${'x'.repeat(999)}\n`, times: 1500 }, { press: 'Tab' }]);
      await waitFor('the large draft saved', async () => (await api()).deps.composer.memory.draft(large)?.data.length === data, 30_000);
      // Each composer's tab is titled by its form reference (the suggested one, the document's name, when none was typed).
      const titles = [`History: ${formReferences[history]}`, `Summary: ${formReferences[summary]}`, ...composerTitles(sendingRef)].sort();
      await waitFor('every tab titled', () => JSON.stringify(webviewTitles().sort()) === JSON.stringify(titles)).catch(() => assert.deepEqual(webviewTitles().sort(), titles));
      // A folder archived just before the reload: its records, written together, are written once the batch is over.
      const batch = Array.from({ length: 7 }, (_, i) => workspaceFile(`reload/batch/file-${i}.txt`, `batch ${i} ${Date.now()}\n`));
      const batchFolder = vscode.Uri.file(path.dirname(batch[0].fsPath));
      const { result: batchIds } = await withAnswers(['File name'], () => vscode.commands.executeCommand<string[]>('dsas.archiveFolder', batchFolder, [batchFolder]));
      assert.equal(batchIds?.length, batch.length);
      const records = (await api()).deps.workspaceFiles.records;
      const archivedIds = Object.fromEntries(batch.map((u) => [u.toString(), records.of(u.toString())?.archived?.fileId ?? '']));
      assert.deepEqual(Object.values(archivedIds).sort(), [...batchIds].sort(), 'each file recorded at once');
      const told = await respondedBeforeReload();
      await vscode.commands.executeCommand('workbench.view.explorer');
      const copies = transferFolders();
      assert.ok(copies.length > 0, 'the composer\'s archive document has its copy');
      writeFileSync(MARK, JSON.stringify({ history, summary, formReferences, draft: { id, form }, untouched, midFetch: { id: midFetch, archiveId: q1.id }, midSend: { id: midSend, formReference: sendingRef }, copies, large: { id: large, data }, told, archived: archivedIds } satisfies Mark));
      // While the window reloads (no poll of this extension host can learn of it): a rejection.
      await control('/respond', 'POST', { submissionId: told.id, email: 'rex@example.org', outcome: 'reject' });
      await switchToSecond(); // reloadConnection.test.ts checks, first after the reload, that the workspace kept it
      await screenshot('reload-before');
      log('    (before) History and Summary open, the Explorer showing: reloading the window');
      // The command is cancelled as the window goes: not a failure of this test, which never settles.
      await vscode.commands.executeCommand('workbench.action.reloadWindow').then(undefined, () => undefined);
      await new Promise(() => {});
    });
    return;
  }

  const mark = JSON.parse(readFileSync(MARK, 'utf8')) as Mark;

  it('(after) the restored panels activate the extension by themselves, with the Explorer showing', async () => {
    await waitFor(`${EXTENSION_ID} activated by a restored panel`, () => extension().isActive, 20_000);
  });

  it('(after) the archive copies of the window before the reload are gone from the temporary folder', async () => {
    await waitFor('the earlier copies removed', () => mark.copies!.every((c) => !existsSync(c)), 20_000).catch(() => {
      throw new Error(`left behind: ${mark.copies!.filter((c) => existsSync(c)).join(', ')}`);
    });
  });

  it('(after) the session comes back as it was left, or the panels wait for a sign-in', async () => {
    const { session } = (await api()).deps;
    const restored = await waitFor('the session restored', () => session.signedIn, 5000).then(() => true, () => false);
    log(`    (after) ${restored ? 'signed in with the stored secrets' : 'no secrets kept: signing in'}`);
    if (!restored) await signIn(); // a user signs in, and the panels load then
  });

  it('(after) a response made while the window reloaded is announced once, by the window\'s first look, and the badge kept its count', async () => {
    const { id, formReference, badge } = mark.told!;
    const { deps, poller } = await api();
    // The window's first poll reads the pending submissions (a notice in the workbench: no scripted input yet).
    const toast = await notificationText('Rex Reload').catch(() => notificationText('Since '));
    assert.match(toast, new RegExp(`Submission "${formReference}": rejected by Rex Reload\\.|Since .+: .*\\d+ rejections?`), toast);
    await waitFor('the badge: the count before the reload and the rejection', () => (deps.submissions.view.badge?.value ?? 0) === badge + 1, 10_000)
      .catch(() => assert.equal(deps.submissions.view.badge?.value ?? 0, badge + 1));
    assert.deepEqual((await pollRound(poller)).filter((a) => a.text.includes(formReference)), [], 'once');
    assert.match(String((deps.submissions.getTreeItem(deps.submissions.items.find((n) => n.item.id === id)!) as vscode.TreeItem).description), /^2\/3 · 1 accepted · 1 rejected · /);
  });

  it('(after) the files of a folder archived just before the reload keep their records: written once the batch was over', async () => {
    const records = (await api()).deps.workspaceFiles.records;
    const now = Object.fromEntries(Object.keys(mark.archived!).map((uri) => [uri, records.of(uri)?.archived?.fileId ?? '']));
    assert.deepEqual(now, mark.archived);
  });

  it('(after) the restored History panel shows the submission, not "You are not signed in"', async () => {
    await showTab(`History: ${mark.formReferences[mark.history]}`);
    const seen = await waitFor('the restored History panel drawn', async () => {
      const s = await timelineView(mark.history);
      return s.descriptions.length > 0 && s;
    }, 30_000);
    assert.doesNotMatch(seen.status, /not signed in/i);
    assert.equal(seen.foreignElements, 0);
    assert.ok(webviewTitles().includes(`History: ${mark.formReferences[mark.history]}`), JSON.stringify(webviewTitles()));
  });

  it('(after) the restored Summary panel draws its PDF at the page and zoom it was left at, and keeps its tab', async () => {
    // Clicking the tab once made a restored viewer vanish ("OverlayWebview has been disposed").
    await showTab(`Summary: ${mark.formReferences[mark.summary]}`);
    const seen = await pdfView();
    assert.match(seen.pageLabel, /\/\s*\d+/);
    assert.ok(seen.canvas.inked > 0, 'page 1 is drawn');
    assert.deepEqual(await pdfPlaceShown(), { page: '2', zoom: '150%' });
    assert.ok(webviewTitles().includes(`Summary: ${mark.formReferences[mark.summary]}`), JSON.stringify(webviewTitles()));
    await screenshot('reload-after');
  });

  it('(after) the composers come back titled by their form references', async () => {
    const expected = composerTitles(mark.midSend!.formReference).sort();
    const titles = () => webviewTitles().filter((t) => !/^(History|Summary): /.test(t)).sort();
    await waitFor('the composers titled', () => JSON.stringify(titles()) === JSON.stringify(expected), 20_000).catch(() => assert.deepEqual(titles(), expected));
  });

  it('(after) the composer with 1.5 million characters pasted in its data comes back with them, and is answered', async () => {
    const large = mark.large!;
    // Before the other composer's tab is closed: in code-server a webview shown right after another's frame was torn down can stay blank (README, Known limits).
    await showTab('large');
    const restored = await waitFor('the large composer restored', async () => (await api()).deps.composer.drafts.get(large.id), 20_000);
    assert.equal(restored.form.data.length, large.data);
    const hint = await waitFor('the page answered', async () => {
      const [text] = await webviewParts('large.txt', ['#send-hint']);
      return text && text !== 'Checking…' && text;
    }, 20_000);
    assert.match(hint, /^(1 field|\d+ fields) to fix before sending\.$/, 'its recipient is still to give');
    restored.panel.dispose();
    await (await api()).deps.composer.memory.removeDraft(large.id);
  });

  it('(after) the composer comes back with its draft as it was typed, its archive document fetched again, its Advanced section open as it was left', async () => {
    const draft = mark.draft!;
    await control('/faults', 'DELETE');
    for (const title of composerTitles(mark.midSend!.formReference)) await showTabs(title);
    await waitFor('the composer restored', async () => (await api()).deps.composer.drafts.get(draft.id), 20_000);
    await archiveDocumentsFetched(draft.id);
    const restored = (await api()).deps.composer.drafts.get(draft.id)!;
    const [before, after] = [draft.form.documents[1], restored.form.documents[1]];
    assert.ok(before.archiveId && after.path !== before.path && existsSync(after.path), `the archive document fetched again: ${JSON.stringify([before, after])}`);
    assert.equal(readFileSync(after.path).length, before.size);
    assert.deepEqual({ ...restored.form, documents: restored.form.documents.map((d) => ({ ...d, path: '' })) }, { ...draft.form, documents: draft.form.documents.map((d) => ({ ...d, path: '' })) });
    restored.panel.reveal();
    assert.match(await webviewText('draft.txt'), /Recipients \(1\)/, 'the page shows the draft');
    const [advanced] = await webviewControls('draft.txt', ['details.advanced']);
    assert.ok(advanced.found && advanced.open, 'its Advanced section open, as the user left it');
    restored.panel.dispose();
    assert.deepEqual((await api()).deps.composer.memory.draft(draft.id), restored.form, 'closing the tab keeps the draft');
    await (await api()).deps.composer.memory.removeDraft(draft.id);
  });

  it('(after) a composer left untouched comes back too, and closed, leaves no draft', async () => {
    const { composer } = (await api()).deps;
    const id = mark.untouched!;
    await waitFor('the untouched composer restored', () => composer.drafts.get(id), 20_000);
    assert.equal(composer.memory.stored(id)?.touched, false);
    composer.drafts.get(id)!.panel.dispose();
    await waitFor('its draft gone', () => composer.memory.draft(id) === undefined);
  });

  it('(after) a form being sent when the window reloaded comes back saying that whether the service received it is not known, and its draft says so in the picker', async () => {
    const { composer } = (await api()).deps;
    const { id, formReference } = mark.midSend!;
    await waitFor('the composer restored', () => composer.drafts.get(id), 20_000);
    composer.drafts.get(id)!.panel.reveal();
    const page = await webviewText('whether the service received it is not known');
    assert.match(page, new RegExp(`"${formReference}" was being sent when the window closed or reloaded \\(at .+\\): whether the service received it is not known\\. Look for it in the Submissions list before you send it again\\.`));
    composer.drafts.get(id)!.panel.dispose();
    const { input } = await withAnswers([undefined], () => vscode.commands.executeCommand('dsas.newSubmission'));
    const offered = input.asked[0].items?.find((l) => l.includes(formReference));
    assert.match(offered ?? '', /being sent when the window closed/, JSON.stringify(input.asked[0].items));
    await composer.memory.removeDraft(id);
  });

  it('(after) a draft whose archive document was being fetched when the window reloaded keeps it, and fetches it once signed in', async () => {
    const { composer } = (await api()).deps;
    const { id, archiveId } = mark.midFetch!;
    // The service no longer holds the document back (it did, for the window before the reload).
    await control('/faults', 'DELETE');
    await control('/faults/release', 'POST');
    await waitFor('the composer restored', () => composer.drafts.get(id), 20_000);
    const [d] = await archiveDocumentsFetched(id, 30_000);
    assert.equal(d.archiveId, archiveId);
    assert.ok(existsSync(d.path));
    composer.drafts.get(id)!.panel.dispose();
    await composer.memory.removeDraft(id);
  });
});
