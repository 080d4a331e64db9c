// Runs alone, in the runner's --installed run: the extension is installed
// from its .vsix into the extensions folder, as a user installs it (so it runs
// in Production mode), and this file is the test of another extension, a
// probe, that asks for its exports.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID } from './helpers';

interface Manifest { contributes?: { commands?: { command: string }[] } }

describe('installed the normal way (Production mode)', () => {
  it('another extension gets no exports from it, although it is active and its commands are registered', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is installed`);
    const installedIn = process.env.DSAS_HOST_EXTENSIONS_DIR;
    assert.ok(installedIn, 'DSAS_HOST_EXTENSIONS_DIR is set: run through npm run test:host');
    assert.equal(path.dirname(ext.extensionUri.fsPath), installedIn, 'the copy installed into the extensions folder, not a development folder');

    const exported = await ext.activate();
    assert.equal(ext.isActive, true, 'it activated');
    // Named, not dumped: what it would expose is an object graph holding the session.
    const shape = (v: unknown) => (v === undefined ? 'nothing' : `${typeof v} with ${Object.keys(v as object).join(', ')}`);
    assert.equal(shape(exported), 'nothing', 'activate() gives other extensions nothing');
    assert.equal(shape(ext.exports), 'nothing');

    const declared = ((ext.packageJSON as Manifest).contributes?.commands ?? []).map((c) => c.command);
    assert.ok(declared.length > 10, 'the manifest declares its commands');
    const registered = await vscode.commands.getCommands(true);
    assert.deepEqual(declared.filter((c) => !registered.includes(c)), [], 'every declared command is registered: the extension did load');
  });
});
