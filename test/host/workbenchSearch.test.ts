import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { workspaceFile } from './fixtures';
import { screenshot, workbenchText } from './helpers';

// The demo's workbench is this same code-server install: its Search and Quick
// Open run ripgrep, which the install cannot download (codeServer.ts links the
// machine's own). Without ripgrep the runner says so and CI fails.
describe('the workbench search, as in the demo', () => {
  before(function () {
    if (!process.env.DSAS_RIPGREP) this.skip();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
  });

  it('Quick Open finds a workspace file by name', async () => {
    workspaceFile('search/quick-open-finds-me.txt', 'a line to search for: zebra-orchid-7\n');
    await vscode.commands.executeCommand('workbench.action.quickOpen', 'quick-open-finds');
    const shown = await workbenchText('.quick-input-widget .quick-input-list', 'quick-open-finds-me.txt');
    assert.match(shown, /quick-open-finds-me\.txt/);
    await screenshot('quick-open');
  });

  it('Search finds text in the workspace files', async () => {
    workspaceFile('search/text.txt', 'another line: zebra-orchid-7\n');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await vscode.commands.executeCommand('workbench.action.findInFiles', { query: 'zebra-orchid-7', triggerSearch: true });
    const shown = await workbenchText('[id="workbench.parts.sidebar"]', '2 results in 2 files');
    assert.match(shown, /2 results in 2 files/);
    await screenshot('search');
  });
});
