// Every way in to a connection's things follows one rule: a row's own
// connection, else the user is asked when there are several (the
// workspace's first). What is shown of a connection's files and forms names
// it. A second sandbox, started here, stands for the second service.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Connection } from '../../src/core';
import type { Sandbox } from '../../tools/sandbox';
import { closeAllEditors, waitFor } from './fixtures';
import { archiveOn, OtherServices } from './otherServices';
import { api, connectionOf, requireSandbox, signIn, useAccount } from './session';

describe('every way in picks the connection by one rule, and shows it', () => {
  const others = new OtherServices();
  let bob: Sandbox;
  let bobs: Connection;

  before(async function () {
    this.timeout(60_000);
    await signIn();
    bob = await others.start('bob');
    bobs = await connectionOf(bob, 'Bob');
    await useAccount(bob); // signed in once: its secrets are stored
    await useAccount(requireSandbox());
  });
  afterEach(async () => {
    await closeAllEditors();
    await useAccount(requireSandbox());
  });
  after(async () => {
    await others.close();
    await signIn();
  });

  it('a text file of the other connection opened from its row shows its own service\'s bytes', async function () {
    this.timeout(60_000);
    const { deps } = await api();
    const id = await archiveOn(bob, `Bob's note ${Date.now()}`, 'bob-note.txt', 'bob\'s own bytes\n');
    await deps.archive.refresh();
    const row = deps.archive.listOf(bobs.id)?.all.find((r) => r.item.id === id);
    assert.ok(row, 'listed under Bob');
    await vscode.commands.executeCommand('dsas.openArchiveFile', row);
    const tab = await waitFor('the file open in a tab', () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputText && t.input.uri.scheme === 'dsas-archive'));
    const uri = (tab.input as vscode.TabInputText).uri;
    assert.equal(Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8'), 'bob\'s own bytes\n', 'read from Bob\'s service');
  });
});
