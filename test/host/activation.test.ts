import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activationMarks, extension, EXTENSION_ID, log, panelText, screenshot, writeArtifact } from './helpers';

describe('activation', () => {
  it('activates without error, and the time is logged', async () => {
    const ext = extension();
    const alreadyActive = ext.isActive;
    const started = performance.now();
    await ext.activate();
    const wallMs = Math.round((performance.now() - started) * 10) / 10;
    assert.equal(ext.isActive, true);
    const marks = activationMarks();
    assert.ok(marks, 'VS Code marked the loading and the activation of the extension');
    log(`activation: ${marks.ms} ms as VS Code measures it (code ${marks.codeLoadingMs} ms, activate() ${marks.activateCallMs} ms); ext.activate() took ${wallMs} ms${alreadyActive ? ' (already active before the test)' : ''}`);
    writeArtifact('activation.json', { extension: EXTENSION_ID, ...marks, wallMs, alreadyActive, vscode: vscode.version, appHost: vscode.env.appHost, at: new Date().toISOString() });
  });

  it('Show Log opens the extension\'s log in the panel, where its activation is written', async () => {
    await vscode.commands.executeCommand('dsas.showLog');
    // The view shows the log's end: after other suites' lines, the activation is scrolled out of sight. Its top, as a
    // user scrolls to it, once the view has drawn the log (a scroll before that is lost): tried again for a while.
    const top = async () => {
      await vscode.commands.executeCommand('workbench.action.focusPanel');
      await vscode.commands.executeCommand('cursorTop');
      await vscode.commands.executeCommand('editorScroll', { to: 'up', by: 'page', value: 100_000 });
      return panelText('Activated');
    };
    const text = await top().catch(() => new Promise((r) => setTimeout(r, 1000)).then(top));
    // The editor of the Output view may lay spaces out as no-break spaces: \s matches both.
    assert.match(text, /\[info\]\sActivated\sin\s\d+\sms\./, 'the log line, with its level, as the user reads it');
    await screenshot('workbench-after-activation');
  });
});
