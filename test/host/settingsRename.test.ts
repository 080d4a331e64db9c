import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { readSettings } from '../../src/ui/session/settings';
import { moveRenamedSettings } from '../../src/ui/session/settingsRename';
import { settingsBrowse, settingsGroups, settingsLabels } from './helpers';
import { api, requireSandbox, signIn } from './session';

const Global = vscode.ConfigurationTarget.Global;
const config = () => vscode.workspace.getConfiguration('dsas');
const userValue = (key: string) => config().inspect(key)?.globalValue;

describe('settings as the Settings editor shows them', () => {
  before(signIn);

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('reads the connection settings as words, first, in a group of their own: Base URL, User Name, Allow Insecure HTTP; the old keys are not listed', async () => {
    await vscode.commands.executeCommand('workbench.action.openSettings', '@ext:dsas-tools.dsas-vscode');
    const labels = await settingsLabels(3, 'Base URL');
    // Search results put the key's prefix before each title, as for every extension: "Dsas: Base URL (Applies to all profiles)".
    const titles = labels.map((l) => l.replace(/^Dsas: /, '').replace(/\s*\(Applies to all profiles\)$/, ''));
    assert.deepEqual(titles.slice(0, 3), ['Base URL', 'User Name', 'Allow Insecure HTTP'], JSON.stringify(labels));
    assert.ok(!labels.some((l) => /Base Url|Username|Insecure Http/.test(l)), `no setting under 0.1's key is listed: ${JSON.stringify(labels)}`);
    const groups = await settingsGroups();
    // The User tab of a remote window leaves out the download folder, a setting of the machine.
    for (const group of ['Connection (7)', 'Sending and Downloads (3)', 'Views and Polling (4)']) assert.ok(groups.includes(group), `${group} in ${JSON.stringify(groups)}`);
  });

  it('browsed to, its groups show the titles alone, without the key\'s prefix', async () => {
    await vscode.commands.executeCommand('workbench.action.openSettings', '@ext:dsas-tools.dsas-vscode');
    const labels = await settingsBrowse(['Extensions', 'Document Submission and Archive', 'Connection'], 'Base URL');
    const titles = labels.map((l) => l.replace(/\s*\(Applies to all profiles\)$/, ''));
    assert.ok(titles.includes('Base URL') && titles.includes('Allow Insecure HTTP'), JSON.stringify(labels));
    assert.ok(!labels.some((l) => l.startsWith('Dsas')), JSON.stringify(labels));
  });

  it("moves the user's values from 0.1's keys, reading them meanwhile; the session stays signed in", async () => {
    const sb = requireSandbox();
    const { session } = (await api()).deps;
    await config().update('baseUrl', sb.baseUrl, Global);
    await config().update('username', sb.user, Global);
    await config().update('baseURL', undefined, Global);
    await config().update('userName', undefined, Global);
    try {
      assert.equal(readSettings().baseUrl, sb.baseUrl, 'the old key is read while the new one is not set');
      assert.equal(readSettings().username, sb.user);
      await moveRenamedSettings('dsas', (await api()).deps.log);
      assert.equal(userValue('baseURL'), sb.baseUrl);
      assert.equal(userValue('userName'), sb.user);
      assert.equal(userValue('baseUrl'), undefined, 'the old key is removed');
      assert.equal(userValue('username'), undefined);
      assert.ok(session.signedIn, 'the account did not change, so the session stays');
      assert.ok((await session.client.listSubmissions()).length > 0);
    } finally {
      await config().update('baseURL', sb.baseUrl, Global);
      await config().update('userName', sb.user, Global);
      await config().update('baseUrl', undefined, Global);
      await config().update('username', undefined, Global);
    }
  });

  it('keeps a value already under the new key', async () => {
    const sb = requireSandbox();
    await config().update('baseUrl', 'https://old.example.com/dsas', Global);
    try {
      assert.equal(readSettings().baseUrl, sb.baseUrl, 'the new key wins');
      await moveRenamedSettings('dsas', (await api()).deps.log);
      assert.equal(userValue('baseURL'), sb.baseUrl);
      assert.equal(userValue('baseUrl'), undefined);
    } finally {
      await config().update('baseUrl', undefined, Global);
    }
  });
});
