import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Cmd } from '../../src/ui/commands/commandIds';

describe('the command id table', () => {
  it('names exactly the commands package.json declares, each once', () => {
    const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as { contributes: { commands: { command: string }[] } };
    const declared = manifest.contributes.commands.map((c) => c.command).sort();
    const table = Object.values(Cmd).sort();
    assert.deepEqual(table, declared);
    assert.equal(new Set(table).size, table.length, 'no id twice');
  });
});
