// How the New Submission form looks in the real workbench, in every state a
// user meets (empty, with problems, with workspace and archive documents,
// ready, review, failed, sending, sent), in the light, dark and high-contrast
// themes: every text readable (WCAG AA, from the colours the browser
// computed), every hidden element hidden, archive documents shown by what
// they are. It writes a screenshot of each state and theme; those of the
// ready form, composer-light.png and composer-dark.png, are the README's
// pictures in media/readme/ (cropped as CONTRIBUTING says).
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ComposerDocument, ComposerForm, FromComposer } from '../../src/shared/composerProtocol';
import { closeAllEditors, removeWorkspaceFolder, submissionNode, waitFor, workspaceFile } from './fixtures';
import { addFromArchive, archiveDocumentsFetched, composerShown, forgetDrafts, openDrafts, recipient } from './composerDriver';
import { screenshot, webviewColors, webviewControls, webviewKeys, webviewLook, webviewText } from './helpers';
import { contrastOf } from './lookPage';
import { api, control, pageMessages, sandboxState, signIn } from './session';

const THEMES = [['Default Light Modern', 'light'], ['Default Dark Modern', 'dark'], ['Default High Contrast', 'high-contrast']] as const;
type ThemeName = (typeof THEMES)[number][1];
const ADVANCED = { broadcast: '0', transparency: '0', confirmIntent: '0' };

/** Which of the three themes a page's background is: pure black is high contrast's. */
const themeOf = (background: string): ThemeName => {
  const [r, g, b] = (background.match(/[\d.]+/g) ?? []).map(Number);
  return r + g + b === 0 ? 'high-contrast' : r + g + b > 3 * 128 ? 'light' : 'dark';
};

async function setTheme(theme: string, name: ThemeName, contains?: string): Promise<void> {
  await vscode.workspace.getConfiguration('workbench').update('colorTheme', theme, vscode.ConfigurationTarget.Global);
  if (contains) await waitFor(`the page painted in ${theme}`, async () => themeOf((await webviewColors(contains)).background) === name, 15_000);
  else await new Promise((r) => setTimeout(r, 1000));
}

/**
 * The page showing `contains`, in each theme: every text on screen at least
 * as contrasted as WCAG AA asks, every hidden element not displayed; a
 * screenshot of each (`shot`: the name, given the theme's). Returns what the
 * page looked like in the light theme.
 */
async function everyTheme(contains: string, shot: (theme: ThemeName) => string, o: { toasts?: boolean } = {}) {
  const seen = [];
  for (const [theme, name] of THEMES) {
    await setTheme(theme, name, contains);
    const look = await webviewLook(contains);
    const poor = look.texts.map((t) => ({ t, c: contrastOf(t) })).filter(({ c }) => c.ratio < c.needed)
      .map(({ t, c }) => `${t.what} "${t.text}": ${c.color} on ${c.background}, ${c.ratio.toFixed(2)}:1 (${c.needed}:1 needed)`);
    assert.deepEqual(poor, [], `every text is readable in ${theme}`);
    const shown = look.hidden.filter((h) => h.display !== 'none' || h.width || h.height).map((h) => `${h.what} (display: ${h.display})`);
    assert.deepEqual(shown, [], `every hidden element is hidden in ${theme}`);
    if (!o.toasts) await vscode.commands.executeCommand('notifications.hideToasts');
    await screenshot(shot(name));
    seen.push(look);
  }
  return seen[0];
}

describe('how the New Submission form looks', () => {
  let docs: vscode.Uri[];
  let theme: string | undefined;

  before(async function () {
    if (!process.env.DSAS_WORKBENCH_URL) this.skip(); // reading the page needs the offline runner's browser
    await signIn();
    theme = vscode.workspace.getConfiguration('workbench').inspect<string>('colorTheme')?.globalValue;
    docs = [workspaceFile('composer-looks/Quarterly – Ümlaut.txt', 'Quarterly figures\nZoë – 日本\n'), workspaceFile('composer-looks/annexes/annex.csv', 'a,b\n1,2\n')];
  });
  afterEach(async () => {
    await control('/faults', 'DELETE');
    await closeAllEditors();
    await vscode.commands.executeCommand('notifications.clearAll');
  });
  after(async () => {
    await vscode.workspace.getConfiguration('workbench').update('colorTheme', theme, vscode.ConfigurationTarget.Global);
    await forgetDrafts();
    await removeWorkspaceFolder('composer-looks');
  });

  const open = async (uris: vscode.Uri[], form?: Partial<ComposerForm>) => composerShown(async () => (await api()).deps.composer.compose(uris, form && {
    documents: [], recipients: [recipient('', '')], coverNote: '', data: '', formReference: '', advanced: ADVANCED, ...form,
  }));

  it('takes VS Code\'s theme colours, light, dark and high contrast, every text readable and every hidden element hidden, in each state of the form (the README\'s screenshots)', async function () {
    this.timeout(240_000);
    const composer = (await api()).deps.composer;
    // Empty, as opened, then with its problems shown.
    await open([]);
    await everyTheme('No document yet', (t) => `composer-empty-${t}`);
    await webviewKeys('No document yet', [{ focus: 'Show What Is Missing' }, { press: 'Enter' }]);
    const problems = await everyTheme('No document yet', (t) => `composer-problems-${t}`);
    assert.ok(problems.texts.some((t) => t.what.includes('field-error')), 'the problems under the fields are among the texts checked');
    await closeAllEditors();

    // Workspace and archive documents, one of them held back (its account is not known).
    const held: ComposerDocument = { path: '', name: 'minutes.pdf', size: 48_213, sizeText: '47.1 KB', type: 'application/pdf', archiveId: '999998' };
    const id = await open(docs, {
      documents: [held], formReference: 'Quarterly report Q3', coverNote: 'Dear all,\nplease review and sign the quarterly report.\n\nThe annex has the figures.',
      recipients: [recipient('Ada Lovelace', 'ada@example.org', 'PRIMARY', ['SMS', '+44 20 7946 0000']), recipient('Grace Hopper', 'grace@example.org', 'COPIED')],
    });
    const contract = (await sandboxState()).archives.find((a) => a.title === 'Signed contract 2024')!;
    await addFromArchive(id, contract.title);
    await archiveDocumentsFetched(id).catch(() => undefined); // the held one never is
    await waitFor('the archive document shown', async () => (await webviewText('annex.csv')).includes(contract.title));
    await everyTheme('annex.csv', (t) => `composer-documents-${t}`);

    // Ready: the held document removed from the list with Delete.
    await webviewKeys('annex.csv', [{ focus: 'Form reference' }, { press: 'Tab' }, { press: 'Delete' }, { waitEnabled: '#send' }, { focus: 'Form reference' }]);
    assert.deepEqual((await openDrafts()).get(id)?.documents.map((d) => d.name), ['Quarterly – Ümlaut.txt', 'annex.csv', contract.name]);
    const ready = await everyTheme('annex.csv', (t) => (t === 'high-contrast' ? 'composer-high-contrast' : `composer-${t}`));
    assert.ok(ready.hidden.some((h) => h.what.startsWith('button#show-missing')), 'Show What Is Missing is hidden once the form is ready');

    // The review, a send that failed, one under way, and sent.
    await webviewKeys('annex.csv', [{ focus: 'Send…' }, { press: 'Enter' }, { waitEnabled: '#review-send' }]);
    await everyTheme('Review before sending', (t) => `composer-review-${t}`);
    await control('/faults', 'POST', { method: 'POST', path: '^/submissions$', kind: 'status', status: 400 });
    await webviewKeys('Review before sending', [{ focus: 'Send' }, { press: 'Enter' }]);
    await waitFor('the failure said on the form', async () => (await webviewText('annex.csv')).includes('Not sent'), 20_000);
    const [notice] = await webviewControls('annex.csv', ['.notice']);
    assert.ok(notice.inView, `the failure is said where the focus is, on screen: ${JSON.stringify(notice)}`);
    await everyTheme('annex.csv', (t) => `composer-failed-${t}`, { toasts: true });
    await control('/faults', 'POST', { method: 'POST', path: '^/submissions$', kind: 'delay', ms: 120_000 });
    await webviewKeys('annex.csv', [{ waitEnabled: '#send' }, { focus: 'Send…' }, { press: 'Enter' }, { waitEnabled: '#review-send' }, { focus: 'Send' }, { press: 'Enter' }]);
    await waitFor('sending', async () => composer.drafts.get(id)?.phase === 'sending', 10_000);
    await everyTheme('Sending…', (t) => `composer-sending-${t}`, { toasts: true });
    await control('/faults/release', 'POST');
    await waitFor('sent: the tab closed', async () => !(await openDrafts()).has(id), 30_000);
    for (const [themeId, name] of THEMES) {
      await setTheme(themeId, name);
      await screenshot(`composer-sent-${name}`);
    }
  });

  it('archive documents show their title, size and hash (whole in the tooltip), workspace documents their path in the workspace; the page never holds a temporary path', async () => {
    const composer = (await api()).deps.composer;
    const posted: FromComposer[] = [];
    const sub = pageMessages<FromComposer>('composer.js')((r) => posted.push(r.message));
    try {
      const id = await open([docs[1]], { formReference: 'Where from', recipients: [recipient('Ada Lovelace', 'ada@example.org')] });
      const contract = (await sandboxState()).archives.find((a) => a.title === 'Signed contract 2024')!;
      await addFromArchive(id, contract.title);
      const [copy] = await archiveDocumentsFetched(id);
      const folder = path.dirname(path.dirname(copy.path)); // the private folder: <tmp>/dsas-transfer-…/1/contract-2024.pdf
      await waitFor('the archive document shown', async () => (await webviewText('annex.csv')).includes(contract.title));
      const text = await webviewText('annex.csv');
      assert.match(text, /composer-looks\/annexes\/annex\.csv/, `the workspace document's path in the workspace:\n${text}`);
      assert.ok(text.includes(contract.title) && text.includes(contract.name), `the archive document's title and name:\n${text}`);
      assert.ok(text.includes(copy.sizeText), `its size, ${copy.sizeText}`);
      assert.ok(text.includes(contract.hash.slice(0, 12)) && !text.includes(contract.hash), `its hash, shortened:\n${text}`);
      const [hash] = await webviewControls('annex.csv', ['.doc-hash']);
      assert.ok(hash.title.includes(contract.hash), `the whole hash in its tooltip: ${hash.title}`);
      await webviewKeys('annex.csv', [{ focus: 'Send…' }, { press: 'Enter' }, { waitEnabled: '#review-send' }]);
      const review = await webviewText('Review before sending');
      assert.ok(review.includes(contract.title) && review.includes(contract.hash.slice(0, 12)), `the review names it the same way:\n${review}`);
      const { said } = await webviewLook('Review before sending');
      assert.ok(!said.includes(folder) && !said.includes('dsas-transfer-'), 'no element\'s text, tooltip or attribute names the temporary folder');
      await webviewKeys('Review before sending', [{ focus: 'Back to Edit' }, { press: 'Enter' }, { waitEnabled: '#send' }]);
      assert.ok(!(await webviewLook('annex.csv')).said.includes('dsas-transfer-'), 'nor the form\'s');
      assert.ok(!JSON.stringify(posted).includes('dsas-transfer-'), 'the page never had the temporary path to post back');
      await composer.memory.removeDraft(id);
    } finally {
      sub.dispose();
    }
  });

  it('the History and the Summary PDF too: every hidden element hidden, every text readable, in light, dark and high contrast; Invert colours only in a dark theme', async function () {
    this.timeout(120_000);
    const s = (await sandboxState()).submissions.find((x) => x.recipients.length >= 2) ?? (await sandboxState()).submissions[0];
    await vscode.commands.executeCommand('dsas.showHistory', await submissionNode(s.id));
    await everyTheme(`Id ${s.id}`, (t) => `timeline-${t}`);
    await closeAllEditors();
    await vscode.commands.executeCommand('dsas.showSummary', { kind: 'submission', item: { id: s.id } });
    await everyTheme('Save PDF…', (t) => `pdf-${t}`);
    for (const [theme, name] of THEMES) {
      await setTheme(theme, name, 'Save PDF…');
      const [invert] = await webviewControls('Save PDF…', ['.invert-toggle']);
      assert.equal(invert.display === 'none', name === 'light', `Invert colours in ${theme}: display ${invert.display}`);
    }
  });
});
