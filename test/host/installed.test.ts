// Runs alone, in the runner's --installed run: the extension is installed
// from its .vsix into the extensions folder, as a user installs it (so it runs
// in Production mode), and this file is the test of another extension, a
// probe, that asks for its exports.
//
// Production mode has no test seam, so after the first test everything goes
// through the UI, as a user would: commands from the palette, answers typed
// into the quick input and what the workbench shows, both by the runner
// (helpers.ts). The runner put the service address and user name into the
// user settings of the clean profile; the password and API key are typed.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import * as vscode from 'vscode';
import { renderSummaryPdf } from '../../tools/sandbox/summary-pdf';
import type { ArchiveRecord, SubmissionRecord } from '../../tools/sandbox/types';
import { waitFor } from './fixtures';
import {
  activationMarks, answerQuickInput, EXTENSION_ID, extensionDetails, extensionTab, log, notificationText, pdfView, screenshot, sidebarText, statusBarText, webviewText, writeArtifact,
} from './helpers';
import { ServiceClient } from '../../src/core';
import { workspaceFile } from './fixtures';
import { control, requireSandbox } from './session';

interface Manifest { contributes?: { commands?: { command: string }[] } }

/** The sandbox's stored data, in its own types (the history included). */
const stored = () => control<{ submissions: SubmissionRecord[]; archives: ArchiveRecord[] }>('/state');

/** Fails with `what` if `p` takes longer than `ms`. */
async function within<T>(p: Thenable<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms); });
  try {
    return await Promise.race([Promise.resolve(p), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs a command as from the palette without waiting for it: it asks first, and the runner answers. */
function start(command: string): Promise<unknown> {
  const running = Promise.resolve(vscode.commands.executeCommand(command));
  running.catch(() => {}); // awaited later, where its failure is reported
  return running;
}

/** Opens the extension's view container and waits until the sidebar shows every one of `texts`. */
async function sidebarShowing(texts: string[], ms = 15_000): Promise<string> {
  await vscode.commands.executeCommand('workbench.view.extension.dsas');
  let seen = '';
  try {
    return await waitFor('the sidebar', async () => ((seen = await sidebarText()), texts.every((t) => seen.includes(t)) && seen), ms);
  } catch {
    throw new Error(`after ${ms / 1000} s the sidebar does not show ${JSON.stringify(texts.filter((t) => !seen.includes(t)))}; it shows: ${JSON.stringify(seen)}`);
  }
}

/** The extension's bundles (dist/*.js) loaded into the extension host so far, by name. */
function bundlesLoaded(ext: vscode.Extension<unknown>): string[] {
  const dist = path.join(ext.extensionUri.fsPath, 'dist');
  return Object.keys(require.cache).filter((f) => path.dirname(f) === dist).map((f) => path.basename(f)).sort();
}

const tabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs);

/** Waits for the webview tab (an extension panel) labelled `label`. */
async function webviewTab(label: string): Promise<vscode.Tab> {
  const find = () => tabs().find((t) => t.input instanceof vscode.TabInputWebview && t.label === label);
  return waitFor(`a tab "${label}"`, find, 15_000).catch(() => {
    throw new Error(`no webview tab "${label}" within 15 s; the tabs: ${JSON.stringify(tabs().map((t) => t.label))}`);
  });
}

/** Pages in the summary PDF the sandbox sends for `s` (its own renderer, counted by pdf-lib). */
async function summaryPages(s: SubmissionRecord): Promise<number> {
  return (await PDFDocument.load(await renderSummaryPdf(s))).getPageCount();
}

/**
 * Opens the extension's details page, as the Extensions view does. Offline,
 * `extension.open` may fail asking the gallery first; its own fallback,
 * the details page of the installed copy, is then called directly.
 */
async function openDetails(): Promise<void> {
  try {
    await within(vscode.commands.executeCommand('extension.open', EXTENSION_ID), 15_000, 'extension.open');
  } catch (e) {
    log(`    (extension.open: ${(e as Error).message}; opening the installed copy's details page directly)`);
    await vscode.commands.executeCommand('_extensions.manage', EXTENSION_ID);
  }
}

/** Pictures a Markdown file shows: ![alt](src) and <img src>. */
function pictures(markdown: string): string[] {
  return [...markdown.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)|<img\b[^>]*\bsrc=["']([^"']+)/g)].map((m) => m[1] ?? m[2]);
}

describe('installed the normal way (Production mode)', () => {
  it('another extension gets no exports from it, although it is active and its commands are registered', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is installed`);
    const installedIn = process.env.DSAS_HOST_EXTENSIONS_DIR;
    assert.ok(installedIn, 'DSAS_HOST_EXTENSIONS_DIR is set: run through npm run test:host');
    assert.equal(path.dirname(ext.extensionUri.fsPath), installedIn, 'the copy installed into the extensions folder, not a development folder');

    const exported = await ext.activate();
    assert.equal(ext.isActive, true, 'it activated');
    // What activation does not need is bundled apart (esbuild.mjs) and loaded on first use: none of it yet.
    assert.deepEqual(bundlesLoaded(ext), ['extension.js'], 'activation loads dist/extension.js alone');
    // As users have it: the production bundle, the figure VS Code shows in its Running Extensions view.
    const marks = activationMarks();
    assert.ok(marks, 'VS Code marked the loading and the activation of the extension');
    log(`activation of the installed extension: ${marks.ms} ms as VS Code measures it (code ${marks.codeLoadingMs} ms, activate() ${marks.activateCallMs} ms)`);
    writeArtifact('activation-installed.json', { extension: EXTENSION_ID, ...marks, vscode: vscode.version, at: new Date().toISOString() });
    // Named, not dumped: what it would expose is an object graph holding the session.
    const shape = (v: unknown) => (v === undefined ? 'nothing' : `${typeof v} with ${Object.keys(v as object).join(', ')}`);
    assert.equal(shape(exported), 'nothing', 'activate() gives other extensions nothing');
    assert.equal(shape(ext.exports), 'nothing');

    const declared = ((ext.packageJSON as Manifest).contributes?.commands ?? []).map((c) => c.command);
    assert.ok(declared.length > 10, 'the manifest declares its commands');
    const registered = await vscode.commands.getCommands(true);
    assert.deepEqual(declared.filter((c) => !registered.includes(c)), [], 'every declared command is registered: the extension did load');
  });

  // In order: each test goes on from what the one before left on screen.
  describe('used through the UI, as a user does', () => {
    it('Sign In asks for the password and API key, and then the sidebar and status bar show the account', async function () {
      this.timeout(90_000);
      const sb = requireSandbox();
      await sidebarShowing(['Sign in to the Document Submission and Archive Service']); // a clean profile: signed out
      const signingIn = start('dsas.signIn');
      // The address and user name come from the user settings, so it asks only for the secrets, in this order.
      const asked = [await answerQuickInput('Sign In (1/2)', sb.password), await answerQuickInput('Sign In (2/2)', sb.key)];
      assert.match(asked[0], new RegExp(`^Sign In \\(1/2\\) / Password for ${sb.user}\\b`));
      assert.match(asked[1], /^Sign In \(2\/2\) \/ API key of your account\b/);
      await within(signingIn, 20_000, 'Sign In');

      const { submissions } = await stored();
      await sidebarShowing([submissions[0].formReference]);
      const pending = `${submissions.filter((s) => s.completedAt === undefined).length} pending`;
      let bar = '';
      await waitFor(`the status bar to say "${pending}"`, async () => (bar = await statusBarText()).includes(pending), 15_000).catch(() => {
        throw new Error(`the status bar does not say "${pending}" after 15 s; it shows: ${JSON.stringify(bar.replace(/\s+/g, ' '))}`);
      });
      await screenshot('installed-signed-in');
    });

    it('its two views list every submission and every archive file of the account', async () => {
      const { submissions, archives } = await stored();
      const pageSize = vscode.workspace.getConfiguration('dsas').get<number>('pageSize') ?? 50;
      assert.ok(Math.max(submissions.length, archives.length) <= pageSize, `one page (${pageSize} rows) holds the sandbox's ${submissions.length} submissions and ${archives.length} files`);
      await sidebarShowing([...submissions.map((s) => s.formReference), ...archives.map((a) => a.title)]);
      await screenshot('installed-trees');
    });

    it('a recipient who rejects is announced once by a poll, and the row says so under Show Only… Needs attention', async function () {
      this.timeout(60_000);
      // Someone else's client sends a submission; one recipient rejects it before the next poll.
      const sb = requireSandbox();
      const other = new ServiceClient({ baseUrl: sb.baseUrl, credentials: { username: sb.user, password: sb.password, apiKey: sb.key }, timeoutMs: 10_000 });
      const formReference = 'Lease renewal – Flat 4B';
      const { id } = await other.createSubmission({
        formReference,
        documents: [{ path: workspaceFile('installed/lease.txt', 'Lease renewal\n').fsPath }],
        recipients: [{ firstName: 'Rita', lastName: 'Reyes', email: 'rita.reyes@example.com' }, { firstName: 'Sam', lastName: 'Stone', email: 'sam.stone@example.com' }],
      });
      await control('/respond', 'POST', { submissionId: id, email: 'rita.reyes@example.com', outcome: 'reject', comment: 'The rent is too high.' });
      const told = await waitFor('the notice', () => notificationText(`Submission "${formReference}": rejected by Rita Reyes.`), 30_000);
      assert.equal(told.split(`"${formReference}"`).length - 1, 1, `said once: ${told}`);

      await vscode.commands.executeCommand('dsas.showOnlySubmissions', 'attention');
      await sidebarShowing([formReference, '1/2 · 1 rejected']);
      // Every submission needing attention is listed: the demo's own reach the filter as the polls fetch
      // their details (a few per poll, every 3 s here), which may take a poll or two more.
      const others = (await stored()).submissions.filter((s) => s.recipients.some((r) => r.outcome === 'reject' || r.outcome === 'clarify'));
      await sidebarShowing([formReference, ...others.map((s) => s.formReference)]);
      // The README's picture: every row, in a sidebar wide enough for their outcomes, and the notice.
      await vscode.commands.executeCommand('dsas.showOnlySubmissions', 'all');
      await sidebarShowing([formReference, 'BUDGET-2025']);
      await vscode.commands.executeCommand('workbench.action.focusSideBar');
      // The "view width" commands size the editor against the sidebar: decreasing it widens the sidebar.
      for (let i = 0; i < 4; i++) await vscode.commands.executeCommand('workbench.action.decreaseViewWidth');
      await screenshot('installed-following');
      for (let i = 0; i < 4; i++) await vscode.commands.executeCommand('workbench.action.increaseViewWidth');
      await vscode.commands.executeCommand('notifications.clearAll');
    });

    it('Show History, from the palette, asks which submission and opens a History panel with its timeline', async function () {
      this.timeout(60_000);
      const s = (await stored()).submissions.find((x) => x.history.length >= 3);
      assert.ok(s, 'the demo data has a submission with a history');
      const showing = start('dsas.showHistory');
      const asked = await answerQuickInput('Submissions', s.formReference);
      assert.match(asked, /Submission whose history to show/);
      await within(showing, 15_000, 'Show History');
      await webviewTab(`History: ${s.formReference}`);

      const text = await webviewText(`History (${s.history.length})`);
      assert.ok(text.includes(s.formReference), `the panel is about ${s.formReference}; it shows: ${text}`);
      const missing = s.history.map((e) => e.description).filter((d) => !text.includes(d));
      assert.deepEqual(missing, [], `the timeline shows every event of the submission; it shows: ${text}`);
      await screenshot('installed-history');
    });

    it('Show Summary PDF, from the palette, opens the viewer, which draws page 1 and counts every page', async function () {
      this.timeout(60_000);
      // The longest history: a summary of several pages.
      const s = (await stored()).submissions.reduce((a, b) => (b.history.length > a.history.length ? b : a));
      const expected = await summaryPages(s);
      const showing = start('dsas.showSummary');
      const asked = await answerQuickInput('Submissions', s.formReference);
      assert.match(asked, /Submission whose summary to show/);
      await within(showing, 15_000, 'Show Summary PDF');
      await webviewTab(`Summary: ${s.formReference}`);

      const seen = await pdfView();
      assert.equal(seen.pageLabel, `/ ${expected}`, 'the viewer counts every page of the summary');
      assert.ok(seen.canvas.width > 0 && seen.canvas.height > 0, `page 1 has a canvas: ${JSON.stringify(seen.canvas)}`);
      assert.ok(seen.canvas.inked > 500, `page 1 is drawn, not blank: ${JSON.stringify(seen.canvas)}`);
      await screenshot('installed-summary');
      // Drawn by the parts loaded on first use, from the package: the sign-in's questions and the viewer's host.
      const loaded = bundlesLoaded(vscode.extensions.getExtension(EXTENSION_ID)!);
      for (const part of ['connectionEditing.js', 'pdfViewerHost.js']) assert.ok(loaded.includes(part), `dist/${part} was loaded: ${loaded.join(', ')}`);
    });

    it('its details page shows the icon, the README with its pictures, and the CHANGELOG of this version', async function () {
      this.timeout(90_000);
      const ext = vscode.extensions.getExtension(EXTENSION_ID);
      assert.ok(ext);
      const root = ext.extensionUri.fsPath;
      const packaged = readdirSync(root);
      // vsce stores them as readme.md and changelog.md.
      const named = (name: string) => packaged.find((f) => f.toLowerCase() === name);
      const readme = readFileSync(path.join(root, named('readme.md') ?? 'README.md'), 'utf8');
      const heading = /^# (.+)$/m.exec(readme)?.[1]?.trim();
      assert.ok(heading, 'the packaged README has a title');
      const displayName = (JSON.parse(readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>)['dsas.displayName'];

      await openDetails();
      const seen = await extensionDetails(heading);
      await screenshot('installed-details');
      // Every problem at once: each is something a user would see on this page.
      const problems: string[] = [];
      if (seen.name !== displayName) problems.push(`the page is titled ${JSON.stringify(seen.name)}, not ${JSON.stringify(displayName)}`);
      // The Marketplace asks for an icon of at least 128×128 px.
      const { icon } = seen;
      const iconFile = (ext.packageJSON as { icon?: string }).icon;
      if (!iconFile) problems.push('the manifest names no icon');
      else if (!icon || !icon.src.includes(path.basename(iconFile)) || icon.naturalWidth < 128) {
        problems.push(`the header shows ${JSON.stringify(icon)}, not the manifest's icon ${iconFile} (${existsSync(path.join(root, iconFile)) ? 'packaged' : 'not in the package'}) at 128 px or more`);
      }
      if (!seen.readme.headings.includes(heading)) problems.push(`the README's title "${heading}" is not among its headings ${JSON.stringify(seen.readme.headings)}`);
      const wanted = pictures(readme);
      if (wanted.length === 0) problems.push('the README has no pictures');
      if (seen.readme.images.length !== wanted.length) problems.push(`the README has ${wanted.length} picture(s), the page ${seen.readme.images.length}`);
      const broken = seen.readme.images.filter((i) => !i.complete || i.naturalWidth === 0);
      if (broken.length) {
        problems.push(`${broken.length} of the README's ${seen.readme.images.length} picture(s) did not load: ${JSON.stringify(broken.map((i) => i.src))}; the page's Content-Security-Policy: ${seen.readme.csp}`);
      }

      const { version } = ext.packageJSON as { version: string };
      const changelog = await extensionTab('Changelog', version, heading); // not the README's webview, should that one linger
      if (changelog.text === undefined) {
        problems.push(`the page has no Changelog tab for ${version} (its tabs: ${changelog.tabs.join(', ')}); the package ${named('changelog.md') ? 'has' : 'has no'} CHANGELOG.md (it holds: ${packaged.join(', ')})`);
      } else {
        await screenshot('installed-changelog');
      }
      assert.deepEqual(problems, [], 'the details page shows what a user expects');
    });
  });
});
