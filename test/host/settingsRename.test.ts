import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { readSettings } from '../../src/ui/session/settings';
import { moveRenamedSettings } from '../../src/ui/session/settingsRename';
import { settingsBrowse, settingsGroups, settingsLabels } from './helpers';
import { api, signIn } from './session';

const Global = vscode.ConfigurationTarget.Global;
const config = () => vscode.workspace.getConfiguration('dsas');
const userValue = (key: string) => config().inspect(key)?.globalValue;

describe('settings as the Settings editor shows them', () => {
  before(signIn);

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('reads the connection settings as words, first, in a group of their own: Connections, Allow Insecure HTTP; the earlier keys are not listed', async () => {
    await vscode.commands.executeCommand('workbench.action.openSettings', '@ext:dsas-tools.dsas-vscode');
    const labels = await settingsLabels(2, 'Connections');
    // Search results put the key's prefix before each title, as for every extension: "Dsas: Connections (Applies to all profiles)".
    const titles = labels.map((l) => l.replace(/^Dsas: /, '').replace(/\s*\(Applies to all profiles\)$/, ''));
    assert.deepEqual(titles.slice(0, 2), ['Connections', 'Allow Insecure HTTP'], JSON.stringify(labels));
    assert.ok(!labels.some((l) => /Base U(rl|RL)|User ?[Nn]ame|Insecure Http/.test(l)), `no earlier key is listed: ${JSON.stringify(labels)}`);
    const groups = await settingsGroups();
    // The User tab of a remote window leaves out the download folder, a setting of the machine.
    for (const group of ['Connection (6)', 'Sending and Downloads (3)', 'Views and Polling (4)']) assert.ok(groups.includes(group), `${group} in ${JSON.stringify(groups)}`);
  });

  it('browsed to, its groups show the titles alone, without the key\'s prefix', async () => {
    await vscode.commands.executeCommand('workbench.action.openSettings', '@ext:dsas-tools.dsas-vscode');
    const labels = await settingsBrowse(['Extensions', 'Document Submission and Archive', 'Connection'], 'Connections');
    const titles = labels.map((l) => l.replace(/\s*\(Applies to all profiles\)$/, ''));
    assert.ok(titles.includes('Connections') && titles.includes('Allow Insecure HTTP'), JSON.stringify(labels));
    assert.ok(!labels.some((l) => l.startsWith('Dsas')), JSON.stringify(labels));
  });

  it("moves the user's value from 0.1's key, reading it meanwhile; the session stays signed in", async () => {
    const { session } = (await api()).deps;
    await config().update('allowInsecureHttp', true, Global);
    await config().update('allowInsecureHTTP', undefined, Global);
    try {
      assert.equal(readSettings().allowInsecureHttp, true, 'the old key is read while the new one is not set');
      await moveRenamedSettings('dsas', (await api()).deps.log);
      assert.equal(userValue('allowInsecureHTTP'), true);
      assert.equal(userValue('allowInsecureHttp'), undefined, 'the old key is removed');
      assert.ok(session.signedIn, 'the session stays');
      assert.ok((await session.client.listSubmissions()).length > 0);
    } finally {
      await config().update('allowInsecureHTTP', undefined, Global);
      await config().update('allowInsecureHttp', undefined, Global);
    }
  });

  it('keeps a value already under the new key', async () => {
    await config().update('allowInsecureHTTP', false, Global);
    await config().update('allowInsecureHttp', true, Global);
    try {
      assert.equal(readSettings().allowInsecureHttp, false, 'the new key wins');
      await moveRenamedSettings('dsas', (await api()).deps.log);
      assert.equal(userValue('allowInsecureHTTP'), false);
      assert.equal(userValue('allowInsecureHttp'), undefined);
    } finally {
      await config().update('allowInsecureHTTP', undefined, Global);
      await config().update('allowInsecureHttp', undefined, Global);
    }
  });
});
