// What a command brings into view is selected and focused there: the row of
// a file just archived from the Explorer, the Archive view hidden until then.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, waitFor, workspaceFile } from './fixtures';
import { api, sandboxState, signIn, withAnswers } from './session';

describe('a revealed new row is selected', () => {
  before(signIn);
  after(closeAllEditors);

  for (const shown of ['the Explorer', 'the Archive view', 'the Archive view, another row selected'] as const) {
    it(`Archive This File from the Explorer selects and focuses the new row in the Archive view (${shown} showing before)`, async () => {
      const { archive } = (await api()).deps;
      const uri = workspaceFile(`reveal/archived-${shown.replace(/\W+/g, '-')}.txt`, `${shown}\n`);
      const title = `Selected after archiving (${shown}) ${Date.now()}`;
      if (shown !== 'the Explorer') {
        await vscode.commands.executeCommand('workbench.view.extension.dsas');
        await archive.refresh();
        if (shown.includes('another row')) {
          await archive.view.reveal(archive.items[archive.items.length - 1], { select: true, focus: true });
          await waitFor('another row selected', () => archive.view.selection.length === 1);
        }
      } else await vscode.commands.executeCommand('workbench.view.explorer');
      await withAnswers([title], () => vscode.commands.executeCommand('dsas.archiveFile', uri, [uri]));
      const id = (await sandboxState()).archives.find((a) => a.title === title)?.id;
      assert.ok(id, 'archived');
      const selected = () => archive.view.selection.map((n) => (n.kind === 'archiveFile' ? n.item.id : n.kind));
      await waitFor('the new row selected', () => archive.view.visible && selected().length === 1 && selected()[0] === id, 5000)
        .catch(() => assert.deepEqual({ visible: archive.view.visible, selection: selected() }, { visible: true, selection: [id] }));
      // It stays selected: nothing that follows (the list's redraw) takes the selection back.
      await new Promise((r) => setTimeout(r, 1500));
      assert.deepEqual(selected(), [id], 'still selected a moment later');
    });
  }
});
