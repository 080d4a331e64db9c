import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { readSettings } from '../../src/ui/session/settings';
import { tried } from '../reliability/tally';
import { compose, edit, filled } from './composerDriver';
import { tempDir, workspaceDir, workspaceFile } from './fixtures';
import { api, control, deliver, logMark, requireSandbox, runRecord, sandboxState, serviceRequests, signIn, withAnswers } from './session';

/** Requests the runner's trap server has received (the workspace's base URL points there). */
async function trapHits(): Promise<number> {
  const trap = process.env.DSAS_TRAP_URL;
  if (!trap) throw new Error('DSAS_TRAP_URL is not set: run through npm run test:host');
  return ((await (await fetch(`${trap}/__hits`)).json()) as { hits: number }).hits;
}

/** The test workspace's own settings file (VS Code does not report a workspace value for a setting a workspace may not set). */
async function workspaceSettings(): Promise<Record<string, unknown>> {
  const file = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, '.vscode', 'settings.json');
  return JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(file))) as Record<string, unknown>;
}

describe('settings a workspace cannot change', () => {
  before(signIn);

  it('ignores a workspace\'s connections, base URL and user name (none becomes a connection), and sends nothing there', async () => {
    const sb = requireSandbox();
    const set = await workspaceSettings();
    assert.equal(set['dsas.baseURL'], `${process.env.DSAS_TRAP_URL}/dsas/v1.1`, 'the test workspace does set a base URL');
    assert.equal(set['dsas.baseUrl'], set['dsas.baseURL'], 'also under the key 0.1 used');
    assert.equal((set['dsas.connections'] as { baseUrl: string }[])[0].baseUrl, set['dsas.baseURL'], 'and a connection');
    const { deps } = await api();
    assert.deepEqual(deps.connections.list.filter((c) => c.baseUrl.startsWith(process.env.DSAS_TRAP_URL!) || c.userName === 'workspace-user' || c.id === 'workspace-trap'), [], 'no connection of the workspace\'s');
    assert.equal(deps.session.connection?.baseUrl, sb.baseUrl);
    assert.equal(deps.session.connection?.userName, sb.user);
    const list = await (await api()).deps.session.client.listSubmissions();
    assert.ok(list.length > 0);
    await vscode.commands.executeCommand('dsas.refreshSubmissions');
    assert.equal(await trapHits(), 0);
    tried('leakChecks'); // the workspace's address received nothing
  });

  it('a workspace cannot cut short the check after an unknown outcome (the list looked at again for 6 s)', async () => {
    assert.equal((await workspaceSettings())['dsas.arrivalCheckSeconds'], 0, 'the test workspace does set it to 0');
    // The host test of a service that lists a submission 4 s late finds it only because this holds.
    assert.equal(readSettings().arrivalCheckMs, 6000);
  });

  it('a workspace cannot switch off the confirmation before sending (the composer\'s review step)', async () => {
    assert.equal((await workspaceSettings())['dsas.confirmBeforeSending'], false, 'the test workspace does switch it off');
    assert.equal(readSettings().confirmBeforeSending, true);
    const doc = workspaceFile('workspace-settings/confirm-me.txt', 'to be confirmed\n');
    const mark = await logMark();
    const { input } = await withAnswers([], async () => {
      const id = await compose(doc);
      const form = await edit(id, filled('Workspace says no confirmation'));
      const composer = (await api()).deps.composer;
      // Send: the review step is shown, whatever the workspace says; then Back (the confirmation dismissed).
      await deliver(id, { type: 'send', form });
      assert.equal(composer.drafts.get(id)?.phase, 'reviewing', 'the summary was shown for confirmation');
      await deliver(id, { type: 'back' });
    });
    assert.deepEqual(input.asked, []);
    assert.deepEqual((await serviceRequests(mark)).filter((e) => e.method !== 'GET'), [], 'declining sent nothing');
    tried('lossChecks'); // nothing left without the user's consent
  });

  it('a workspace cannot choose the download folder; the user\'s own setting is used', async () => {
    const chosen = (await workspaceSettings())['dsas.downloadFolder'];
    assert.equal(typeof chosen, 'string', 'the test workspace does set a download folder');
    const f = (await sandboxState()).archives[0];
    const offered = async () => {
      const { input } = await withAnswers([undefined], () => vscode.commands.executeCommand('dsas.downloadArchiveFile', { kind: 'archiveFile', item: { id: f.id, ticket: f.ticket, name: f.name, title: f.title } }));
      return path.dirname((input.asked[0].options as vscode.SaveDialogOptions).defaultUri!.fsPath);
    };
    assert.equal(readSettings().downloadFolder, '');
    const first = await offered();
    assert.notEqual(first, chosen, 'not the workspace\'s folder');
    assert.equal(first, workspaceDir(), 'the default: the first workspace folder');
    const mine = tempDir('dsas-user-downloads-');
    const config = vscode.workspace.getConfiguration('dsas');
    await config.update('downloadFolder', mine, vscode.ConfigurationTarget.Global);
    try {
      assert.equal(await offered(), mine, 'the user\'s own setting');
    } finally {
      await config.update('downloadFolder', undefined, vscode.ConfigurationTarget.Global);
    }
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
    tried('leakChecks', files.length + 1);
  });

  // This suite runs last: by now every command has run against the sandbox.
  it('leaves no secret in the logs, the workspace, the messages shown or the sandbox access log (checked after every other suite of the run or its part)', async () => {
    const sb = requireSandbox();
    const { deps } = await api();
    // Also the credentials a suite changed the account to.
    const secrets = [sb.password, sb.key, ...runRecord().secrets];
    const places: { where: string; text: string }[] = [];
    const read = async (f: vscode.Uri) => ({ where: f.fsPath, text: Buffer.from(await vscode.workspace.fs.readFile(f)).toString('latin1') });

    const logs = await filesUnder(deps.context.logUri);
    assert.ok(logs.length > 0, 'the extension wrote a log');
    for (const f of logs) places.push(await read(f));
    assert.match(places.map((p) => p.text).join('\n'), /GET \/submissions -> 200/, 'the log records requests');
    // The run's part with the credentials suite changed them on the service: their refusals are searched too.
    if (runRecord().changedOnService > 0) assert.match(places.map((p) => p.text).join('\n'), /refused the stored API key/, 'the log saw the refusals');

    const workspace = (await Promise.all((vscode.workspace.workspaceFolders ?? []).map((w) => filesUnder(w.uri)))).flat();
    assert.ok(workspace.length >= 5, `the suites wrote into the workspace (${workspace.length} files)`);
    for (const f of workspace) places.push(await read(f));

    const shown = runRecord().shown;
    assert.ok(shown.length >= 20, `the suites saw the extension's questions and messages (${shown.length})`);
    shown.forEach((text, i) => places.push({ where: `message ${i + 1} shown to the user`, text }));

    const access = JSON.stringify(await control('/log'));
    assert.ok(access.length > 1000, 'the sandbox logged the run');
    places.push({ where: 'the sandbox access log (control endpoint)', text: access });
    const dataDir = process.env.DSAS_SANDBOX_DATA;
    assert.ok(dataDir, 'DSAS_SANDBOX_DATA is set: run through npm run test:host');
    places.push({ where: 'the sandbox access.log file', text: readFileSync(path.join(dataDir, 'access.log'), 'latin1') });

    for (const { where, text } of places) {
      secrets.forEach((secret, i) => assert.ok(!text.includes(secret), `secret #${i + 1} found in ${where}`));
    }
    tried('leakChecks', places.length);
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
