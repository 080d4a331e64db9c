// The New Submission form at the keyboard, in the real workbench: where the
// focus is when it opens, the documents as one Tab stop with keys of their
// own, select-all in a field, and Back to Edit keeping what was open.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ComposerForm } from '../../src/shared/composerProtocol';
import { closeAllEditors, removeWorkspaceFolder, waitFor, workspaceFile } from './fixtures';
import { composerShown, forgetDrafts, openDrafts, recipient } from './composerDriver';
import { webviewControls, webviewKeys } from './helpers';
import { api, signIn, withAnswers } from './session';

const ADVANCED = { broadcast: '0', transparency: '0', confirmIntent: '0' };

describe('the New Submission form at the keyboard', () => {
  let docs: vscode.Uri[];

  before(async function () {
    if (!process.env.DSAS_WORKBENCH_URL) this.skip(); // typing needs the offline runner's browser
    await signIn();
    docs = ['first.txt', 'second.csv', 'third.md'].map((n) => workspaceFile(`composer-keys/${n}`, `${n}\n`));
  });
  afterEach(closeAllEditors);
  after(async () => {
    await forgetDrafts();
    await removeWorkspaceFolder('composer-keys');
  });

  /** A form on `uris`, shown and ready, nothing over it; its draft id. */
  async function opened(uris: vscode.Uri[], form?: Partial<ComposerForm>): Promise<string> {
    await vscode.commands.executeCommand('notifications.hideToasts');
    const start = form && { documents: [], recipients: [recipient('', '')], coverNote: '', data: '', formReference: '', advanced: ADVANCED, ...form };
    return composerShown(async () => (await api()).deps.composer.compose(uris, start));
  }

  const draft = async (id: string) => (await openDrafts()).get(id);

  it('opens with the focus on the first field that needs input, so that typing goes there at once: the form reference of an empty form, what a draft misses', async () => {
    const empty = await opened([]);
    // Typed with nothing focused first: the keys go where the form put the focus.
    await webviewKeys('No document yet', [{ type: 'Typed at once' }]);
    await waitFor('the form reference typed', async () => (await draft(empty))?.formReference === 'Typed at once', 5000)
      .catch(async (e: Error) => assert.fail(`${e.message}: the form holds ${JSON.stringify((await draft(empty))?.formReference)}`));
    await closeAllEditors();

    const id = await opened([docs[0]], { formReference: 'Half done', recipients: [recipient('Ada Lovelace', '')] });
    const seen = await webviewKeys('first.txt', [{ type: 'ada@example.org' }]);
    assert.equal(seen.focused, 'E-mail address of recipient 1', 'the first field missing');
    await waitFor('the address typed', async () => (await draft(id))?.recipients[0].email === 'ada@example.org', 5000);
  });

  it('the documents are one Tab stop, with Up, Down, Home and End between them, Alt+Up and Alt+Down to move one, Delete to remove one, Left and Right to its buttons', async () => {
    const id = await opened(docs, { formReference: 'Keys', recipients: [recipient('Ada Lovelace', 'ada@example.org')] });
    const names = async () => (await draft(id))?.documents.map((d) => d.name);
    // From the form reference, one Tab enters the list, the next leaves it.
    let seen = await webviewKeys('first.txt', [{ focus: 'Form reference' }, { press: 'Tab' }]);
    assert.match(seen.focused, /^first\.txt/, 'Tab enters the list at its first document');
    seen = await webviewKeys('first.txt', [{ press: 'Tab' }]);
    assert.equal(seen.focused, 'Add from the Workspace…', 'the next Tab leaves the list');
    seen = await webviewKeys('first.txt', [{ press: 'Shift+Tab' }]);
    assert.match(seen.focused, /^first\.txt/, 'Shift+Tab comes back to the document it left');
    seen = await webviewKeys('first.txt', [{ press: 'ArrowDown' }]);
    assert.match(seen.focused, /^second\.csv/);
    seen = await webviewKeys('first.txt', [{ press: 'End' }]);
    assert.match(seen.focused, /^third\.md/);
    seen = await webviewKeys('first.txt', [{ press: 'Home' }]);
    assert.match(seen.focused, /^first\.txt/);
    seen = await webviewKeys('first.txt', [{ press: 'Alt+ArrowDown' }]);
    await waitFor('first.txt moved down', async () => (await names())?.join() === 'second.csv,first.txt,third.md', 5000);
    assert.match(seen.focused, /^first\.txt/, 'the focus moves with the document');
    seen = await webviewKeys('first.txt', [{ press: 'Alt+ArrowUp' }, { press: 'ArrowDown' }, { press: 'Delete' }]);
    await waitFor('second.csv removed', async () => (await names())?.join() === 'first.txt,third.md', 5000);
    assert.match(seen.focused, /^third\.md/, 'the focus goes to the document that took its place');
    seen = await webviewKeys('first.txt', [{ press: 'ArrowRight' }]);
    assert.equal(seen.focused, 'Up', 'Right reaches the row\'s first button (Down is disabled on the last row)');
    seen = await webviewKeys('first.txt', [{ press: 'ArrowRight' }, { press: 'ArrowLeft' }, { press: 'ArrowLeft' }]);
    assert.match(seen.focused, /^third\.md/, 'Left goes back to the document');
    seen = await webviewKeys('first.txt', [{ press: 'ArrowRight' }, { press: 'Enter' }]);
    await waitFor('third.md moved up with its button', async () => (await names())?.join() === 'third.md,first.txt', 5000);
    assert.match(seen.text, /Alt\+Up/, `the form says the keys:\n${seen.text}`);
    const [list] = await webviewControls('first.txt', ['[role="grid"]']);
    assert.ok(list.found, 'the list is announced as a grid of documents');
  });

  it('the delete key of a Mac keyboard (Backspace, or Cmd+Backspace as in Finder) removes a document too, the focus on the one taking its place', async () => {
    const id = await opened(docs, { formReference: 'Mac keys', recipients: [recipient('Ada Lovelace', 'ada@example.org')] });
    const names = async () => (await draft(id))?.documents.map((d) => d.name).join();
    let seen = await webviewKeys('first.txt', [{ focus: 'Form reference' }, { press: 'Tab' }, { press: 'Backspace' }]);
    await waitFor('first.txt removed', async () => (await names()) === 'second.csv,third.md', 5000);
    assert.match(seen.focused, /^second\.csv/);
    seen = await webviewKeys('second.csv', [{ press: 'Meta+Backspace' }]);
    await waitFor('second.csv removed', async () => (await names()) === 'third.md', 5000);
    assert.match(seen.focused, /^third\.md/);
  });

  it('Ctrl+A in a field selects the field\'s text, and what is typed at once replaces it whole', async () => {
    const id = await opened([docs[0]], { formReference: 'An old reference', coverNote: 'An old note', recipients: [recipient('Ada Lovelace', 'ada@example.org')] });
    for (const [label, key, value] of [['Form reference', 'formReference', 'The new reference'], ['Cover note', 'coverNote', 'The new note']] as const) {
      await webviewKeys('first.txt', [{ focus: label }, { burst: ['Control+A', ...value] }]);
      // What the workbench might still do with the keystroke arrives meanwhile.
      await new Promise((r) => setTimeout(r, 500));
      const [field] = await webviewControls('first.txt', [`#f-${key}`]);
      assert.equal(field.value, value, `${label}: typed over the whole text, no character lost`);
      assert.deepEqual([field.selectionStart, field.selectionEnd], [value.length, value.length], `${label}: nothing selected afterwards`);
      await waitFor(`${label} kept`, async () => (await draft(id))?.[key] === value, 5000);
    }
  });

  it('Ctrl+A on a keyboard layout whose A key gives another letter (Russian: "ф") selects the field\'s text alone too, and what is typed at once replaces it whole', async () => {
    const id = await opened([docs[0]], { formReference: 'An old reference', recipients: [recipient('Ada Lovelace', 'ada@example.org')] });
    const value = 'The new reference';
    await webviewKeys('first.txt', [{ focus: 'Form reference' }, { layout: { modifier: 'Control', code: 'KeyA', key: 'ф', then: value } }]);
    await new Promise((r) => setTimeout(r, 500));
    const [field] = await webviewControls('first.txt', ['#f-formReference']);
    assert.equal(field.value, value, 'typed over the whole text, no character lost');
    assert.deepEqual([field.selectionStart, field.selectionEnd], [value.length, value.length], 'nothing selected afterwards');
    await waitFor('the reference kept', async () => (await draft(id))?.formReference === value, 5000);
  });

  it('Back to Edit keeps the Advanced section open as the user left it', async () => {
    const id = await opened([docs[0]], { formReference: 'Advanced kept', recipients: [recipient('Ada Lovelace', 'ada@example.org')] });
    // The section's summary follows the data field; Enter opens it.
    await webviewKeys('first.txt', [{ focus: 'Data (optional)' }, { press: 'Tab' }, { press: 'Enter' }, { focus: 'transparency' }, { press: 'End' }, { type: '1' }]);
    await waitFor('transparency typed', async () => (await draft(id))?.advanced.transparency === '01', 5000);
    await withAnswers([], async () => {
      await webviewKeys('first.txt', [{ waitEnabled: '#send' }, { focus: 'Send…' }, { press: 'Enter' }, { waitEnabled: '#review-back' }]);
      const seen = await webviewKeys('Review before sending', [{ focus: 'Back to Edit' }, { press: 'Enter' }, { waitEnabled: '#send' }]);
      assert.equal(seen.focused, 'Send…');
    });
    const [advanced] = await webviewControls('first.txt', ['details.advanced']);
    assert.ok(advanced.found && advanced.open, 'the Advanced section is still open');
    await (await api()).deps.composer.memory.removeDraft(id);
  });
});
