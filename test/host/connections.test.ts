// Connections: several services side by side, each with its own account,
// secrets and session; the workspace uses one, chosen by its id. Two more
// sandboxes stand for a second service (other user, password, key, data).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { accountKey, type Connection } from '../../src/core';
import { legacyConnectionId } from '../../src/core/connections';
import type { Sandbox } from '../../tools/sandbox';
import { tried } from '../reliability/tally';
import { waitFor, workspaceFile } from './fixtures';
import { archiveOn, clientOf, OtherServices } from './otherServices';
import type { ScriptedInput } from './scriptedInput';
import { api, connectionOf, requireSandbox, serviceRequests, signIn, useAccount, withAnswers } from './session';

const Global = vscode.ConfigurationTarget.Global;
const config = () => vscode.workspace.getConfiguration('dsas');
const userValue = (key: string) => config().inspect(key)?.globalValue;
const accountOfSandbox = (sb: { baseUrl: string; user: string }) => accountKey({ baseUrl: sb.baseUrl, username: sb.user })!;

/** The archive titles the Archive view lists now. */
async function archiveTitles(): Promise<string[]> {
  const { deps } = await api();
  await deps.archive.refresh();
  return deps.archive.items.map((r) => r.item.title);
}

/** The form references the Submissions view lists now. */
async function submissionRefs(): Promise<string[]> {
  const { deps } = await api();
  await deps.submissions.refresh();
  return deps.submissions.items.map((r) => r.item.formReference);
}

describe('connections', () => {
  const others = new OtherServices();
  let bob: Sandbox;
  let bobConnection: Connection;

  before(async () => {
    await signIn();
    bob = await others.start('bob');
    await archiveOn(bob, 'Only on bob\'s service', 'bob.txt', 'bob\n');
    await clientOf(bob).createSubmission({
      formReference: 'Only on bob\'s service', documents: [{ path: workspaceFile('connections/bob.txt', 'bob\n').fsPath }],
      recipients: [{ firstName: 'Bo', lastName: 'Bob', email: 'bo@example.org' }],
    });
  });
  after(async () => {
    await signIn();
    await others.close();
  });

  it('at activation, the address and user name of the user settings became a connection named after its host, its id kept, the earlier keys removed', async () => {
    const sb = requireSandbox();
    const { deps } = await api();
    const c = deps.connections.ofAccount(accountOfSandbox(sb));
    assert.ok(c, 'a connection of the sandbox account');
    assert.equal(c.name, new URL(sb.baseUrl).host);
    assert.equal(c.id, legacyConnectionId({ baseUrl: sb.baseUrl, username: sb.user }), 'the id it had before it was written');
    const written = userValue('connections') as { id: string; baseUrl: string }[];
    assert.ok(written.some((e) => e.id === c.id && e.baseUrl === sb.baseUrl), JSON.stringify(written));
    // Removed a turn after activation, one key after the other.
    await waitFor('the earlier keys removed', () => ['baseURL', 'userName', 'baseUrl', 'username'].every((key) => userValue(key) === undefined));
  });

  it('an address and user name written to the user settings later (0.1\'s keys) become a connection at once, signed in with the secrets stored for them: nothing asked', async () => {
    const legacy = await others.start('lee');
    const { deps } = await api();
    // What the earlier version kept for that account.
    await deps.secrets.store({ baseUrl: legacy.baseUrl, username: legacy.user }, 'password', legacy.password);
    await deps.secrets.store({ baseUrl: legacy.baseUrl, username: legacy.user }, 'apiKey', legacy.key);
    await config().update('baseUrl', legacy.baseUrl, Global);
    await config().update('username', legacy.user, Global);
    const c = await waitFor('the connection', () => deps.connections.ofAccount(accountOfSandbox(legacy)));
    await waitFor('the earlier keys removed', () => userValue('baseUrl') === undefined && userValue('username') === undefined);
    assert.equal(c.name, new URL(legacy.baseUrl).host);
    const { input } = await withAnswers([], async () => {
      await deps.session.switchTo(c.id);
      await waitFor('signed in', () => deps.session.signedIn);
    });
    assert.deepEqual(input.asked, [], 'nothing asked');
    assert.equal(deps.session.account, accountOfSandbox(legacy));
    assert.ok((await deps.session.client.listSubmissions()).length >= 0);
  });

  it('Switch Connection… makes the other service the workspace\'s (what the views\' commands use) and back; the picker names each, marks the one in use and the production one; each view marks the root in use', async () => {
    const sb = requireSandbox();
    await signIn();
    const { deps } = await api();
    bobConnection = await connectionOf(bob, 'Bob');
    await deps.connections.update(bobConnection.id, { production: true, color: 'charts.red' });
    await useAccount(bob); // signs in there once (its secrets are then stored)
    await useAccount(sb);
    assert.ok(!(await archiveTitles()).includes('Only on bob\'s service'));

    const { input } = await withAnswers(['Bob (production)'], () => vscode.commands.executeCommand('dsas.switchConnection'));
    const rows = input.asked[0].rows!;
    assert.deepEqual(rows.map((r) => [r.label, r.description]), [
      [deps.connections.ofAccount(accountOfSandbox(sb))!.name, `${sb.user} @ ${new URL(sb.baseUrl).host} · in use here`],
      ['$(warning) Bob (production)', `${bob.user} @ ${new URL(bob.baseUrl).host}`],
    ]);
    await waitFor('signed in to Bob', () => deps.session.signedIn && deps.session.account === accountOfSandbox(bob));
    assert.ok((await archiveTitles()).includes('Only on bob\'s service'), 'the Archive view lists Bob\'s files');
    assert.deepEqual((await submissionRefs()).sort(), bob.store.submissions.map((s) => s.formReference).sort(), 'the Submissions view lists Bob\'s submissions');
    assert.ok((await submissionRefs()).includes('Only on bob\'s service'));
    // Both connections signed in: each view has a root for each, the one in use marked.
    const roots = await deps.submissions.getChildren();
    assert.deepEqual(roots.map((r) => (r.kind === 'connection' ? r.connectionId : r.kind)), [deps.connections.ofAccount(accountOfSandbox(sb))!.id, bobConnection.id]);
    assert.deepEqual(roots.map((r) => ((deps.submissions.getTreeItem(r).iconPath as vscode.ThemeIcon).id)), ['server', 'pass-filled'], 'the workspace\'s root marked');

    await withAnswers([deps.connections.ofAccount(accountOfSandbox(sb))!.name], () => vscode.commands.executeCommand('dsas.switchConnection'));
    await waitFor('signed in to the sandbox', () => deps.session.signedIn && deps.session.account === accountOfSandbox(sb));
    assert.ok(!(await archiveTitles()).includes('Only on bob\'s service'), 'back: the sandbox\'s files');
  });

  it('no request to one service carries the other\'s user name (both services\' logs)', async () => {
    const sb = requireSandbox();
    const { deps } = await api();
    await useAccount(bob);
    await archiveTitles();
    await submissionRefs();
    await useAccount(sb);
    await archiveTitles();
    await submissionRefs();
    const mine = (await serviceRequests()).filter((e) => e.username !== undefined);
    assert.ok(mine.length > 0);
    assert.deepEqual(mine.filter((e) => e.username !== sb.user).map((e) => `${e.method} ${e.path} as ${e.username}`), [], 'the sandbox saw only its user');
    const bobs = (await (await fetch(`${new URL(bob.baseUrl).origin}/__sandbox/log`)).json()) as { username?: string; path: string }[];
    assert.ok(bobs.some((e) => e.username === bob.user));
    assert.deepEqual(bobs.filter((e) => e.username !== undefined && e.username !== bob.user), [], 'Bob\'s service saw only its user');
    assert.equal(deps.session.connection?.id, deps.connections.ofAccount(accountOfSandbox(sb))!.id);
    tried('leakChecks');
  });

  it('a wrong password on one connection leaves the other signed in', async () => {
    const sb = requireSandbox();
    const { deps } = await api();
    await useAccount(sb);
    const bobSession = deps.sessions.get(bobConnection.id)!;
    await bobSession.signOut();
    await deps.session.switchTo(bobConnection.id);
    const { input } = await withAnswers(['wrong password', bob.key], () => vscode.commands.executeCommand('dsas.signIn'));
    assert.match(input.asked.map((a) => a.text).join('\n'), /Sign-in failed/);
    assert.equal(deps.session.signedIn, false, 'Bob\'s connection is not signed in');
    const mainSession = deps.sessions.get(deps.connections.ofAccount(accountOfSandbox(sb))!.id)!;
    assert.equal(mainSession.signedIn, true, 'the other connection stays signed in');
    assert.ok((await mainSession.client.listSubmissions()).length > 0, 'and works');
    await useAccount(sb);
    assert.equal(deps.session.signedIn, true);
  });

  it('Remove Connection… says what goes (with the counts), then removes it with its secrets and what Send Again With… kept of its submissions; the workspace uses the one left', async () => {
    const sb = requireSandbox();
    const { deps } = await api();
    await useAccount(bob);
    // The texts of a submission sent with each connection, as a form's send keeps them.
    const advanced = { broadcast: '', transparency: '', confirmIntent: '' };
    await deps.composer.memory.sent(accountOfSandbox(bob), 's-1', [], { coverNote: 'Bob\'s cover note', data: 'Bob\'s data', advanced });
    await deps.composer.memory.sent(accountOfSandbox(sb), 's-1', [], { coverNote: 'The main cover note', data: '', advanced });
    const { input } = await withAnswers(['Bob (production)', 'Remove'], () => vscode.commands.executeCommand('dsas.removeConnection'));
    assert.equal(input.asked[1].text, `Remove the connection Bob (production) (${bob.user} @ ${new URL(bob.baseUrl).host})?\nIts stored password and API key are removed.`);
    assert.match(input.asked.at(-1)!.text, /^Removed the connection Bob \(production\) with its password and API key\.$/);
    assert.deepEqual(input.asked.filter((a) => a.text.startsWith('The connection this workspace used')).map((a) => a.text),
      [`The connection this workspace used was removed: it now uses ${sb.user} @ ${new URL(sb.baseUrl).host}.`], 'said once, naming the one used now');
    assert.equal(deps.connections.get(bobConnection.id), undefined);
    assert.equal(await deps.secrets.get({ baseUrl: bob.baseUrl, username: bob.user }, 'password'), undefined, 'its password is gone');
    assert.equal(await deps.secrets.get({ baseUrl: bob.baseUrl, username: bob.user }, 'apiKey'), undefined, 'its key is gone');
    assert.equal(deps.composer.memory.sentTexts(accountOfSandbox(bob), 's-1'), undefined, 'the cover note and data of its submission are gone');
    assert.equal(deps.composer.memory.sentTexts(accountOfSandbox(sb), 's-1')?.coverNote, 'The main cover note', 'the other connection\'s stay');
    await waitFor('the workspace uses a connection left', () => deps.session.connection !== undefined && deps.session.connection.id !== bobConnection.id);
    await useAccount(sb);
  });
  it('a workspace whose connection is taken out of the settings (another window, settings.json) says once which connection it uses now', async () => {
    const sb = requireSandbox();
    const { deps } = await api();
    const gone = await deps.connections.add({ name: 'Taken out', baseUrl: 'http://127.0.0.1:9/dsas/v1.1', userName: 'nobody' });
    await withAnswers([], () => deps.session.switchTo(gone.id));
    const main = deps.connections.ofAccount(accountOfSandbox(sb))!;
    const { input } = await withAnswers([], async () => {
      const raw = config().inspect<{ id: string }[]>('connections')?.globalValue ?? [];
      await config().update('connections', raw.filter((c) => c.id !== gone.id), Global);
      await waitFor('the workspace on a connection left, and told', () => deps.session.connection?.id === main.id && (deps.input.raw as ScriptedInput).asked.length > 0);
    });
    assert.deepEqual(input.asked.map((a) => [a.method, a.text, ...(a.items ?? [])]),
      [['info', `The connection this workspace used was removed: it now uses ${sb.user} @ ${new URL(sb.baseUrl).host}.`, 'Switch Connection…']]);
    // Said once: a later change of the connections does not say it again.
    const again = await withAnswers([], async () => {
      await config().update('connections', config().inspect<unknown[]>('connections')?.globalValue, Global);
      await deps.connections.add({ name: 'Later', baseUrl: 'http://127.0.0.1:9/dsas/v1.1', userName: 'later' }).then((c) => deps.connections.remove(c.id));
    });
    assert.deepEqual(again.input.asked, []);
    assert.equal(deps.session.connection?.id, main.id);
  });
});
