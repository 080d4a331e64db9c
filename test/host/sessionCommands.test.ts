import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FromPdf } from '../../src/shared/pdfProtocol';
import { closeAllEditors, nextEvent, submissionNode, waitFor } from './fixtures';
import { readSettings } from '../../src/ui/session/settings';
import { api, pageMessages, sandboxState, signIn, storedSecret, withAnswers } from './session';

describe('session and remaining commands', () => {
  before(signIn);
  after(closeAllEditors);

  it('Sign Out asks first, then removes both secrets and shows the welcome views', async () => {
    const { deps } = await api();
    assert.ok(await storedSecret('password') && await storedSecret('apiKey'), 'both are stored for the sandbox account');
    await withAnswers([undefined], () => vscode.commands.executeCommand('dsas.signOut'));
    assert.equal(deps.session.signedIn, true, 'dismissing the question keeps the user signed in');
    const { input } = await withAnswers(['Sign Out'], () => vscode.commands.executeCommand('dsas.signOut'));
    assert.match(input.asked[0].text, /^Sign out and remove the stored password and API key\?/);
    assert.equal(deps.session.signedIn, false);
    assert.equal(await storedSecret('password'), undefined);
    assert.equal(await storedSecret('apiKey'), undefined);
    assert.deepEqual(await deps.submissions.getChildren(), [], 'the view falls back to its welcome content');
    await signIn();
    assert.equal(deps.session.signedIn, true);
  });

  it('Open Settings shows the extension\'s settings', async () => {
    await vscode.commands.executeCommand('dsas.openSettings');
    await waitFor('the settings editor', () => vscode.window.tabGroups.activeTabGroup.activeTab?.label.includes('Settings'));
    await closeAllEditors();
  });

  it('Clear Archive Filter shows every file again', async () => {
    const { deps } = await api();
    const all = (await sandboxState()).archives.length;
    await withAnswers(['no-such-file-xyz'], () => vscode.commands.executeCommand('dsas.filterArchive'));
    assert.equal(deps.archive.filter, 'no-such-file-xyz');
    const files = async () => (await deps.archive.getChildren()).filter((n) => n.kind === 'archiveFile').length;
    assert.equal(await files(), 0, 'the filter hides every file');
    await vscode.commands.executeCommand('dsas.clearArchiveFilter');
    assert.equal(deps.archive.filter, undefined);
    assert.equal(await files(), Math.min(all, readSettings().pageSize), 'every file (of the first page) is back');
  });

  it('Open Attachment shows a PDF attachment in the viewer', async () => {
    const s = (await sandboxState()).submissions.find((x) => x.attachments.some((a) => /\.pdf$/i.test(a.name)))!;
    const a = s.attachments.find((x) => /\.pdf$/i.test(x.name))!;
    const submission = await submissionNode(s.id);
    const rendered = nextEvent(pageMessages<FromPdf>('pdfViewer.js'), (r) => r.message.type === 'rendered' && r.key === `attachment/${s.id}/${a.id}`, 'the attachment PDF', 30_000);
    await vscode.commands.executeCommand('dsas.openAttachment', { kind: 'attachment', submission, attachment: { id: a.id, ticket: a.ticket, name: a.name } });
    const m = (await rendered).message as Extract<FromPdf, { type: 'rendered' }>;
    assert.ok(m.pages >= 1);
    assert.equal(m.firstPageDrawn, true);
  });
});
