import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { extension } from './helpers';

interface CommandContribution { command: string }

describe('commands', () => {
  before(async () => {
    await extension().activate();
  });

  it('every command in package.json is registered, and every registered dsas.* command is declared', async () => {
    const declared = ((extension().packageJSON as { contributes?: { commands?: CommandContribution[] } }).contributes?.commands ?? [])
      .map((c) => c.command).sort();
    // Views register their own commands (dsas.submissions.focus, …): those are VS Code's, not ours.
    const views = ((extension().packageJSON as { contributes?: { views?: Record<string, { id: string }[]> } }).contributes?.views?.dsas ?? []).map((v) => `${v.id}.`);
    const registered = (await vscode.commands.getCommands(true))
      .filter((c) => c.startsWith('dsas.') && !views.some((v) => c.startsWith(v)))
      .sort();
    assert.ok(declared.length > 0, 'package.json declares no command');
    assert.deepEqual(declared.filter((c) => !registered.includes(c)), [], 'declared in package.json but not registered');
    assert.deepEqual(registered.filter((c) => !declared.includes(c)), [], 'registered but not declared in package.json');
  });
});
