// Every command and panel keeps its connection: a row's is its own, the
// palette asks which one when there are several, and what a command started
// with is what it sends with to its end. A second sandbox stands for a second
// service whose submission ids count from the same start.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Connection } from '../../src/core';
import type { Sandbox } from '../../tools/sandbox';
import { closeAllEditors, removeWorkspaceFolder, waitFor, workspaceDir, workspaceFile } from './fixtures';
import { clientOf, OtherServices } from './otherServices';
import { api, connectionOf, control, requireSandbox, sandboxState, signIn, useAccount, withAnswers } from './session';

/** The titles of the open webview tabs. */
const webviewTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview).map((t) => t.label);

/** What a sandbox's log holds from `mark` on: `METHOD path as user`, its control endpoints left out. */
async function logOf(origin: string, mark = 0): Promise<string[]> {
  const all = (await (await fetch(`${origin}/__sandbox/log`)).json()) as { method: string; path: string; username?: string }[];
  return all.slice(mark).filter((e) => !e.path.startsWith('/__sandbox')).map((e) => `${e.method} ${e.path.replace(/^\/dsas\/v1\.1/, '')} as ${e.username ?? '-'}`);
}

const logLength = async (origin: string) => (await logOf(origin)).length;

describe('commands and panels keep their connection', () => {
  const others = new OtherServices();
  let bob: Sandbox;
  let bobConnection: Connection;
  let mainConnection: Connection;
  /** A submission id both services have, and its form reference on each. */
  let shared: { id: string; bobRef: string; mainRef: string };

  before(async function () {
    this.timeout(60_000);
    await signIn();
    bob = await others.start('bob');
    const doc = workspaceFile('routing/letter.txt', 'A letter.\n');
    const bobRef = `Bob's routing ${Date.now()}`;
    const { id } = await clientOf(bob).createSubmission({ formReference: bobRef, documents: [{ path: doc.fsPath }], recipients: [{ firstName: 'Bo', lastName: 'Bob', email: 'bo@example.org' }] });
    const { deps } = await api();
    // The run's sandbox has that id too (ids count from the same start): made until it does.
    while (!(await sandboxState()).submissions.some((s) => s.id === id)) {
      await deps.session.client.createSubmission({ formReference: `Main's routing ${Date.now()}`, documents: [{ path: doc.fsPath }], recipients: [{ firstName: 'Mo', lastName: 'Main', email: 'mo@example.org' }] });
    }
    shared = { id, bobRef, mainRef: (await sandboxState()).submissions.find((s) => s.id === id)!.formReference };
    mainConnection = await connectionOf(requireSandbox());
    bobConnection = await others.connected(bob, 'Bob');
  });
  afterEach(closeAllEditors);
  after(() => others.end('routing'));

  it('the same submission id on two connections opens two History panels, each filled from its own service (both logs) and titled with its connection', async function () {
    this.timeout(60_000);
    const sb = requireSandbox();
    const [mainMark, bobMark] = [await logLength(new URL(sb.baseUrl).origin), await logLength(bob.origin)];
    const row = (c: Connection, formReference: string) => ({ kind: 'submission', connectionId: c.id, item: { id: shared.id, formReference } });
    await vscode.commands.executeCommand('dsas.showHistory', row(bobConnection, shared.bobRef));
    await vscode.commands.executeCommand('dsas.showHistory', row(mainConnection, shared.mainRef));
    // The tabs as the workbench tells the extension host, a moment later.
    const both = [`History: ${shared.bobRef} · Bob`, `History: ${shared.mainRef} · ${mainConnection.name}`];
    await waitFor(`two History tabs ${JSON.stringify(both)}`, () => both.every((t) => webviewTabs().includes(t)));
    const detail = `GET /submissions/${shared.id}`;
    assert.ok((await logOf(bob.origin, bobMark)).includes(`${detail} as ${bob.user}`), 'Bob\'s History was read from Bob\'s service');
    assert.ok((await logOf(new URL(sb.baseUrl).origin, mainMark)).includes(`${detail} as ${sb.user}`), 'the other from the workspace\'s service');
    assert.deepEqual((await logOf(bob.origin, bobMark)).filter((l) => !l.endsWith(`as ${bob.user}`) && !l.endsWith('as -')), [], 'nothing else reached Bob\'s service');

    // Shown again, each focuses its own panel: no third one.
    await vscode.commands.executeCommand('dsas.showHistory', row(bobConnection, shared.bobRef));
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(webviewTabs().filter((t) => t.startsWith('History: ')).sort(), both.sort());
  });

  it('from the palette, Show History asks which connection (the workspace\'s first), then offers that connection\'s submissions; Escape asks nothing more', async function () {
    this.timeout(60_000);
    const { input } = await withAnswers(['Bob', shared.bobRef], () => vscode.commands.executeCommand('dsas.showHistory'));
    assert.deepEqual(input.asked.map((a) => a.method), ['quickPick', 'quickPick']);
    assert.deepEqual(input.asked[0].rows!.map((r) => r.label), [mainConnection.name, 'Bob'], 'the workspace\'s connection first');
    assert.match(input.asked[0].rows![0].description ?? '', /in use here$/);
    assert.ok(input.asked[1].items!.includes(shared.bobRef), 'Bob\'s submissions offered');
    assert.ok(!input.asked[1].items!.includes(shared.mainRef), 'not those of the workspace\'s service');
    await waitFor('Bob\'s History', () => webviewTabs().includes(`History: ${shared.bobRef} · Bob`));

    const dismissed = await withAnswers([undefined], () => vscode.commands.executeCommand('dsas.showHistory'));
    assert.equal(dismissed.input.asked.length, 1, 'nothing asked after Escape');
  });

  it('Sign Out during an Archive Folder batch stops it: the files not sent yet are not sent with the credentials still in memory (the service\'s log), and the summary says why', async function () {
    this.timeout(90_000);
    const sb = requireSandbox();
    await signIn();
    const root = `routing-batch-${Date.now()}`;
    for (const n of ['a', 'b', 'c', 'd']) workspaceFile(`${root}/${n}.txt`, `${n} ${Date.now()}\n`);
    const folder = vscode.Uri.file(path.join(workspaceDir(), root));
    const before = (await sandboxState()).archives.length;
    // The first upload is held at the service while the user signs out.
    await control('/faults', 'POST', { method: 'PUT', path: '^/archives$', kind: 'delay', ms: 30_000, times: 1 });
    try {
      const { input } = await withAnswers(['File name', 'Sign Out'], async () => {
        const running = vscode.commands.executeCommand('dsas.archiveFolder', folder, [folder]);
        await waitFor('the first upload held', async () => (await control<{ faults: unknown[] }>('/faults')).faults.length === 0, 20_000);
        await vscode.commands.executeCommand('dsas.signOut');
        await control('/faults/release', 'POST');
        return running;
      });
      const added = (await sandboxState()).archives.length - before;
      assert.equal(added, 1, 'only the file on its way when signed out arrived');
      assert.ok(input.asked.some((a) => a.text.includes('3 files not sent.') && a.text.includes('You signed out meanwhile: the rest was not sent.')), input.asked.map((a) => a.text).join('\n'));
    } finally {
      await control('/faults', 'DELETE');
      await useAccount(sb);
      await removeWorkspaceFolder(root);
    }
  });
});
