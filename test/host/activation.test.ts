import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { extension, EXTENSION_ID, log, panelText, screenshot, writeArtifact } from './helpers';

/** The marks VS Code's extension host sets (vs/base/common/performance), read in its own process. */
interface PerformanceMarks { getMarks(): { name: string; startTime: number }[] }

/**
 * The time between two of VS Code's marks for this extension: what its
 * Running Extensions view adds up as the activation time is the loading of
 * the code (`willLoadExtensionCode` to `didLoadExtensionCode`) and the call
 * of `activate()` (`willActivateExtension` to `didActivateExtension`).
 */
function markedMs(from: string, to: string): number | undefined {
  const marks = (globalThis as { MonacoPerformanceMarks?: PerformanceMarks }).MonacoPerformanceMarks?.getMarks() ?? [];
  const at = (name: string) => marks.find((m) => m.name.toLowerCase() === `code/exthost/${name}/${EXTENSION_ID}`.toLowerCase())?.startTime;
  const start = at(from);
  const end = at(to);
  return start === undefined || end === undefined ? undefined : Math.round((end - start) * 10) / 10;
}

describe('activation', () => {
  it('activates without error, and the time is logged', async () => {
    const ext = extension();
    const alreadyActive = ext.isActive;
    const started = performance.now();
    await ext.activate();
    const wallMs = Math.round((performance.now() - started) * 10) / 10;
    assert.equal(ext.isActive, true);
    const codeLoadingMs = markedMs('willLoadExtensionCode', 'didLoadExtensionCode');
    const activateCallMs = markedMs('willActivateExtension', 'didActivateExtension');
    assert.ok(codeLoadingMs !== undefined && activateCallMs !== undefined, 'VS Code marked the loading and the activation of the extension');
    const ms = Math.round((codeLoadingMs + activateCallMs) * 10) / 10;
    log(`activation: ${ms} ms as VS Code measures it (code ${codeLoadingMs} ms, activate() ${activateCallMs} ms); ext.activate() took ${wallMs} ms${alreadyActive ? ' (already active before the test)' : ''}`);
    writeArtifact('activation.json', { extension: EXTENSION_ID, ms, codeLoadingMs, activateCallMs, wallMs, alreadyActive, vscode: vscode.version, appHost: vscode.env.appHost, at: new Date().toISOString() });
  });

  it('Show Log opens the extension\'s log in the panel, where its activation is written', async () => {
    await vscode.commands.executeCommand('dsas.showLog');
    const text = await panelText('Activated');
    // The editor of the Output view may lay spaces out as no-break spaces: \s matches both.
    assert.match(text, /\[info\]\sActivated\sin\s\d+\sms\./, 'the log line, with its level, as the user reads it');
    await screenshot('workbench-after-activation');
  });
});
