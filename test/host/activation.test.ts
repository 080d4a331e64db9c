import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { extension, EXTENSION_ID, log, screenshot, writeArtifact } from './helpers';

describe('activation', () => {
  it(`runs inside VS Code ${vscode.version}`, () => {
    assert.match(vscode.version, /^\d+\.\d+\.\d+/);
  });

  it('activates without error, and the time is logged', async () => {
    const ext = extension();
    const alreadyActive = ext.isActive;
    const started = performance.now();
    await ext.activate();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    assert.equal(ext.isActive, true);
    log(`activation: ${ms} ms${alreadyActive ? ' (already active before the test)' : ''}`);
    writeArtifact('activation.json', { extension: EXTENSION_ID, ms, alreadyActive, vscode: vscode.version, appHost: vscode.env.appHost, at: new Date().toISOString() });
  });

  it('shows the workbench with the extension loaded (screenshot)', async () => {
    await vscode.commands.executeCommand('dsas.showLog');
    const file = await screenshot('workbench-after-activation');
    if (file) log(`screenshot: ${file}`);
  });
});
