import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { chooseDocuments } from '../../src/ui/composer/chooseDocuments';
import type { UserInput } from '../../src/ui/input/userInput';
import { closeAllEditors, nextEvent, sha256, submissionNode, tempDir, waitFor, workspaceFile } from './fixtures';
import { answerQuickInput } from './helpers';
import { api, pageMessages, sandboxState, signIn, withAnswers } from './session';
import type { FromPdf } from '../../src/shared/pdfProtocol';

/** A seeded attachment by name, with its submission's row as the view passes it to a command. */
async function attachment(name: string) {
  const s = (await sandboxState()).submissions.find((x) => x.attachments.some((a) => a.name === name));
  if (!s) throw new Error(`no attachment "${name}" in the sandbox`);
  const a = s.attachments.find((x) => x.name === name)!;
  const node = { kind: 'attachment', submission: await submissionNode(s.id), attachment: { id: a.id, ticket: a.ticket, name: a.name } };
  return { s, a, node };
}

/** The active tab once it shows `label`. */
const tabLabelled = (label: string) => waitFor(`a tab "${label}"`, () => {
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
  return tab?.label === label ? tab : undefined;
}, 20_000);

/** A write through the file system is refused; the scheme is not writable. */
async function assertReadonly(uri: vscode.Uri): Promise<void> {
  assert.equal(vscode.workspace.fs.isWritableFileSystem(uri.scheme), false, `${uri.scheme}: is read-only`);
  await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(uri, Buffer.from('changed'))), /read-only|NoPermissions|readonly/i);
}

describe('opening attachments and downloads', () => {
  before(signIn);
  afterEach(closeAllEditors);

  it('a text attachment opens read-only in a text editor tab titled with its name', async () => {
    const { a, node } = await attachment('readme.txt');
    await vscode.commands.executeCommand('dsas.openAttachment', node);
    const tab = await tabLabelled('readme.txt');
    assert.ok(tab.input instanceof vscode.TabInputText, 'a text editor');
    const uri = tab.input.uri;
    assert.equal(uri.scheme, 'dsas-attachment');
    assert.equal(uri.path, '/readme.txt', 'the name only: no id or ticket in what the tab shows');
    const doc = await waitFor('the attachment text', () => vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString()));
    assert.equal(sha256(Buffer.from(doc.getText(), 'utf8')), a.sha256, 'the editor shows the attachment\'s content');
    await assertReadonly(uri);
  });

  it('an image attachment opens read-only in VS Code\'s image preview', async () => {
    const { a, node } = await attachment('signature.png');
    await vscode.commands.executeCommand('dsas.openAttachment', node);
    const tab = await tabLabelled('signature.png');
    assert.ok(tab.input instanceof vscode.TabInputCustom, 'a custom editor');
    assert.equal(tab.input.viewType, 'imagePreview.previewEditor');
    assert.equal(tab.input.uri.scheme, 'dsas-attachment');
    assert.equal(sha256(Buffer.from(await vscode.workspace.fs.readFile(tab.input.uri))), a.sha256, 'the preview reads the attachment\'s bytes');
    await assertReadonly(tab.input.uri);
  });

  // One test, so that the second viewer opens while the first is still open: in code-server, a webview made
  // right after another one closed sometimes stayed blank here (see the README on blank webviews).
  it('a PDF attachment opens in the viewer titled with its name; "Open" after downloading it shows the file there too, not its bytes as text', async () => {
    const { s, a, node } = await attachment('policy.pdf');
    const viewerTab = async (label: string) => {
      const tab = await tabLabelled(label);
      assert.ok(tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith('dsas.pdf'), `${label}: the PDF viewer`);
    };
    const rendered = (key: string) => nextEvent(pageMessages<FromPdf>('pdfViewer.js'), (r) => r.message.type === 'rendered' && r.key === key, `${key} rendered`, 30_000);

    const attachmentShown = rendered(`attachment/${s.id}/${a.id}`);
    await vscode.commands.executeCommand('dsas.openAttachment', node);
    await attachmentShown;
    await viewerTab('policy.pdf');

    const target = vscode.Uri.file(path.join(tempDir(), 'policy copy.pdf'));
    const fileShown = rendered(`file/${target.fsPath}`);
    await withAnswers([target, 'Open'], () => vscode.commands.executeCommand('dsas.downloadAttachment', node));
    await fileShown;
    await viewerTab('policy copy.pdf');
    assert.ok(!vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputText)), 'no text editor opened');

    // Save PDF… from that viewer copies the file.
    const copy = vscode.Uri.file(path.join(tempDir(), 'saved.pdf'));
    await withAnswers([copy], () => vscode.commands.executeCommand('dsas.savePdf', { kind: 'file', path: target.fsPath, name: 'policy copy.pdf' }));
    assert.equal(sha256(readFileSync(copy.fsPath)), sha256(readFileSync(target.fsPath)));
  });

  it('"Open" after downloading an image shows it in the image preview', async () => {
    const { node } = await attachment('signature.png');
    const target = vscode.Uri.file(path.join(tempDir(), 'signature.png'));
    await withAnswers([target, 'Open'], () => vscode.commands.executeCommand('dsas.downloadAttachment', node));
    const tab = await tabLabelled('signature.png');
    assert.ok(tab.input instanceof vscode.TabInputCustom && tab.input.viewType === 'imagePreview.previewEditor', 'the image preview');
    assert.equal(tab.input.uri.fsPath, target.fsPath);
  });
});

describe('the document picker', () => {
  it('does not offer hidden folders, their files, or dotfiles', async () => {
    const { deps } = await api();
    workspaceFile('.vscode/in-vscode-folder.txt', 'x\n');
    workspaceFile('.hidden/deeper/in-hidden-folder.txt', 'x\n');
    workspaceFile('offered/.dotfile-doc', 'x\n');
    workspaceFile('offered/visible-doc.txt', 'x\n');
    const { input } = await withAnswers([undefined], () => chooseDocuments(deps.input.current, deps.log));
    const items = input.asked[0].items ?? [];
    assert.ok(items.includes('visible-doc.txt'), items.join(' | '));
    for (const hidden of ['in-vscode-folder.txt', 'in-hidden-folder.txt', '.dotfile-doc']) assert.ok(!items.includes(hidden), `${hidden} is not offered`);
  });

  it('Enter on a highlighted, unticked file picks it; Enter on nothing says so', async function () {
    if (!process.env.DSAS_WORKBENCH_URL) this.skip(); // typing into the quick input needs the offline runner
    const { deps } = await api();
    const file = workspaceFile('offered/xylophone-unticked.txt', 'x\n');
    // The real quick input (not a scripted one), with the messages recorded.
    const told: string[] = [];
    const ui: UserInput = { ...deps.input.current, info: async (m: string) => void told.push(m) };
    const picked = chooseDocuments(ui, deps.log);
    await answerQuickInput('Add from the Workspace', 'xylophone-unticked');
    assert.deepEqual(((await picked) as vscode.Uri[] | undefined)?.map((u) => u.fsPath), [file.fsPath]);
    assert.deepEqual(told, []);

    // Nothing typed, nothing highlighted, nothing ticked.
    const none = chooseDocuments(ui, deps.log);
    await answerQuickInput('Add from the Workspace', '');
    assert.equal(await none, undefined);
    assert.equal(told.length, 1);
    assert.match(told[0], /No document was chosen/);
  });
});
