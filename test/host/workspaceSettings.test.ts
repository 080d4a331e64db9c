import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { readSettings } from '../../src/ui/settings';
import { api, control, requireSandbox, signIn } from './session';

/** Requests the runner's trap server has received (the workspace's base URL points there). */
async function trapHits(): Promise<number> {
  const trap = process.env.DSAS_TRAP_URL;
  if (!trap) throw new Error('DSAS_TRAP_URL is not set: run through npm run test:host');
  return ((await (await fetch(`${trap}/__hits`)).json()) as { hits: number }).hits;
}

describe('settings a workspace cannot change', () => {
  before(signIn);

  it('ignores a workspace base URL and user name, and sends nothing there', async () => {
    const sb = requireSandbox();
    // VS Code does not even report a workspace value for an application setting, so read the file.
    const file = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, '.vscode', 'settings.json');
    const workspaceSettings = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(file))) as Record<string, string>;
    assert.equal(workspaceSettings['dsas.baseUrl'], `${process.env.DSAS_TRAP_URL}/dsas/v1.1`, 'the test workspace does set a base URL');
    assert.equal(readSettings().baseUrl, sb.baseUrl);
    assert.equal(readSettings().username, sb.user);
    const list = await (await api()).deps.session.client.listSubmissions();
    assert.ok(list.length > 0);
    await vscode.commands.executeCommand('dsas.refreshSubmissions');
    assert.equal(await trapHits(), 0);
  });

  it('keeps no secret in any settings file', async () => {
    const sb = requireSandbox();
    // The user settings live in the profile: <user-data>/User/settings.json, two levels above globalStorage/<id>.
    const userSettings = vscode.Uri.joinPath((await api()).deps.context.globalStorageUri, '..', '..', 'settings.json');
    const files = [
      userSettings,
      ...(vscode.workspace.workspaceFolders ?? []).map((f) => vscode.Uri.joinPath(f.uri, '.vscode', 'settings.json')),
    ];
    const userText = new TextDecoder().decode(await vscode.workspace.fs.readFile(userSettings));
    assert.ok(userText.includes(sb.baseUrl), 'the user settings file is the one sign-in wrote to');
    for (const f of files) {
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(f));
      assert.ok(!text.includes(sb.password) && !text.includes(sb.key), `${f.fsPath} holds no secret`);
    }
    const all = JSON.stringify(vscode.workspace.getConfiguration('dsas'));
    assert.ok(!all.includes(sb.password) && !all.includes(sb.key), 'no dsas setting holds a secret');
  });

  // This suite runs last: by now every command has run against the sandbox.
  it('leaves no secret in the log files or the sandbox access log (checked after every other suite)', async () => {
    const sb = requireSandbox();
    const { deps } = await api();
    const logs = await filesUnder(deps.context.logUri);
    assert.ok(logs.length > 0, 'the extension wrote a log');
    let logged = '';
    for (const f of logs) logged += new TextDecoder().decode(await vscode.workspace.fs.readFile(f));
    assert.match(logged, /GET \/submissions -> 200/, 'the log records requests');
    for (const secret of [sb.password, sb.key]) {
      assert.ok(!logged.includes(secret), 'no secret in the log');
    }
    const access = JSON.stringify(await control('/log'));
    assert.ok(access.length > 1000, 'the sandbox logged the run');
    for (const secret of [sb.password, sb.key]) assert.ok(!access.includes(secret), 'no secret in the sandbox access log');
  });
});

async function filesUnder(dir: vscode.Uri): Promise<vscode.Uri[]> {
  const out: vscode.Uri[] = [];
  for (const [name, type] of await vscode.workspace.fs.readDirectory(dir).then((x) => x, () => [] as [string, vscode.FileType][])) {
    const uri = vscode.Uri.joinPath(dir, name);
    if (type === vscode.FileType.Directory) out.push(...(await filesUnder(uri)));
    else out.push(uri);
  }
  return out;
}
