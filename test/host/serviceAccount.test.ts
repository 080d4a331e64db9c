// The stored password and key belong to one service address and user name:
// a connection whose address or user name changes signs out (and says why,
// once) instead of sending them to the new address; the earlier pair finds
// its secrets again.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { secretKey } from '../../src/ui/session/secrets';
import type { InputBoxOptions } from '../../src/ui/input/userInput';
import { tried } from '../reliability/tally';
import { nextEvent, submissionNode, waitFor } from './fixtures';
import { screenshot, sidebarText } from './helpers';
import type { ScriptedInput } from './scriptedInput';
import { api, logMark, quiet, requireSandbox, sandboxState, serviceRequests, signIn, signOut, withAnswers } from './session';

/** Requests the runner's trap server has received. */
async function trapHits(): Promise<number> {
  const trap = process.env.DSAS_TRAP_URL;
  if (!trap) throw new Error('DSAS_TRAP_URL is not set: run through npm run test:host');
  return ((await (await fetch(`${trap}/__hits`)).json()) as { hits: number }).hits;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Changes the workspace's connection in the user settings (as the user editing settings.json) and resolves once the session has reacted. */
async function change(edit: { baseUrl?: string; userName?: string }): Promise<void> {
  const { deps } = await api();
  const reacted = nextEvent(deps.session.onDidChange, () => true, `the session's reaction to the new ${Object.keys(edit).join(', ')}`);
  await deps.connections.update(deps.session.connection!.id, edit);
  await reacted;
}

/** Waits until the sidebar shows `text` (the offline runner reads the page). */
async function sidebarShows(text: string): Promise<string> {
  await vscode.commands.executeCommand('workbench.view.extension.dsas');
  let seen = '';
  return waitFor(`the sidebar to say "${text}"`, async () => ((seen = await sidebarText()).includes(text) ? seen : false)).catch((e: Error) => {
    throw new Error(`${e.message}; it shows: ${JSON.stringify(seen)}`);
  });
}

describe('credentials belong to one service address and user name', () => {
  before(signIn);
  after(async () => {
    const sb = requireSandbox();
    const { deps } = await api();
    await deps.connections.update(deps.session.connection!.id, { baseUrl: sb.baseUrl, userName: sb.user });
    await signIn();
  });

  it('secrets are stored per account: one key for every way of writing the same address, another for any other address or user', () => {
    const key = (baseUrl: string, username = 'demo') => secretKey({ baseUrl, username }, 'password');
    const base = key('https://dsas.example.com/service/v1.1');
    assert.equal(key('HTTPS://DSAS.Example.com:443/service/v1.1/'), base, 'case of scheme and host, default port, trailing slash');
    for (const other of ['http://dsas.example.com/service/v1.1', 'https://dsas.example.com:8443/service/v1.1', 'https://dsas.example.com/other/v1.1', 'https://dsas.example.com.evil.test/service/v1.1']) {
      assert.notEqual(key(other), base, other);
    }
    assert.notEqual(key('https://dsas.example.com/service/v1.1', 'Demo'), base, 'user names are compared exactly');
    assert.notEqual(key('https://a.test/x', 'u","https://b.test'), key('https://a.test/x","u', 'https://b.test'), 'no two accounts share a key');
    assert.equal(key('not a URL'), undefined);
    assert.equal(key('https://dsas.example.com/service/v1.1', ''), undefined);
    assert.notEqual(secretKey({ baseUrl: 'https://a.test', username: 'u' }, 'apiKey'), secretKey({ baseUrl: 'https://a.test', username: 'u' }, 'password'));
  });

  it('a connection\'s address changed in the settings: nothing is sent there, signed out, told once why; the earlier address signs in again without asking', async () => {
    const sb = requireSandbox();
    const { deps, poller } = await api();
    const s = (await sandboxState()).submissions[0];
    const node = await submissionNode(s.id);
    await deps.submissions.refresh();
    const trapBefore = await trapHits();

    const { input } = await withAnswers([], async () => {
      await change({ baseUrl: `${process.env.DSAS_TRAP_URL}/dsas/v1.1` });
      // Everything that sends on its own or on a click: both trees, the poll, Check Status.
      await vscode.commands.executeCommand('dsas.refreshSubmissions');
      await vscode.commands.executeCommand('dsas.refreshArchive');
      await deps.submissions.getChildren();
      await deps.archive.getChildren();
      await poller.pollNow();
      await vscode.commands.executeCommand('dsas.checkStatus', node);
      await pause(1500);
      await waitFor('the message', () => (deps.input.raw as ScriptedInput).asked.some((a) => a.method === 'warn'), 3000).catch(() => undefined);
    });
    assert.equal(await trapHits() - trapBefore, 0, 'the new address received no request');
    assert.equal(deps.session.signedIn, false, 'signed out');
    const host = new URL(process.env.DSAS_TRAP_URL!).host;
    const told = input.asked.filter((a) => a.method !== 'error' || !a.text.startsWith('You are not signed in'));
    assert.deepEqual(told.map((a) => [a.method, a.text, a.items]), [[
      'warn', `The service address changed to ${host}: sign in to use it. Your password and API key were not sent there.`, ['Sign In'],
    ]], 'one message says why (Check Status adds only its usual "not signed in")');
    assert.match(await sidebarShows('The connection\'s service address or user name changed'), /password and API key stored for the earlier one were not sent/);
    await screenshot('account-changed-welcome');

    const mark = await logMark();
    const back = await withAnswers([], async () => {
      await change({ baseUrl: sb.baseUrl });
      await waitFor('the sign-in to come back', () => deps.session.signedIn);
    });
    assert.deepEqual(back.input.asked, [], 'nothing asked');
    await deps.submissions.refresh();
    assert.equal(deps.submissions.items.length, (await sandboxState()).submissions.length, 'the rows are back');
    const requests = (await serviceRequests(mark)).map((e) => `${e.method} ${e.path.replace(/^\/dsas\/v1\.1/, '')} ${e.status}`);
    assert.ok(requests.includes('GET /submissions 200') && !requests.some((r) => / 403$/.test(r)), `the earlier address accepts the stored secrets: ${requests.join(', ')}`);
    tried('leakChecks'); // the new address received nothing
  });

  it('a connection\'s user name changed in the settings: signed out and told once, nothing sent for the other user; changing it back signs in again', async () => {
    const sb = requireSandbox();
    const { deps, poller } = await api();
    assert.equal(deps.session.signedIn, true);
    const mark = await logMark();
    const { input } = await withAnswers([], async () => {
      await change({ userName: 'someone-else' });
      await vscode.commands.executeCommand('dsas.refreshSubmissions');
      await poller.pollNow();
      await waitFor('the message', () => (deps.input.raw as ScriptedInput).asked.some((a) => a.method === 'warn'), 3000).catch(() => undefined);
    });
    assert.equal(deps.session.signedIn, false);
    assert.deepEqual(input.asked.map((a) => [a.method, a.text, a.items]), [[
      'warn', `The user name changed to "someone-else": sign in as that user to use it. The password and API key of "${sb.user}" were not sent for it.`, ['Sign In'],
    ]]);
    // (The views may still be loading rows for the earlier user when the setting changes.)
    assert.deepEqual((await serviceRequests(mark)).filter((e) => e.username !== sb.user).map((e) => `${e.method} ${e.path} as ${e.username}`), [], 'nothing was sent for the new user');
    await withAnswers([], async () => {
      await change({ userName: sb.user });
      await waitFor('the sign-in to come back', () => deps.session.signedIn);
    });
    tried('leakChecks');
  });

  it('secrets under the fixed keys of version 0.1 are not used, and are removed on activation', async () => {
    const sb = requireSandbox();
    const { deps } = await api();
    await signOut();
    await quiet(); // what the test before set off (a view's rows loading) is not what these secrets send
    await deps.context.secrets.store('dsas.password', sb.password);
    await deps.context.secrets.store('dsas.apiKey', sb.key);
    const mark = await logMark();
    await deps.session.restore();
    assert.equal(deps.session.signedIn, false, 'the 0.1 secrets do not sign in');
    // What activate() does: the 0.1 secrets are removed, and the user is told to sign in once.
    const { input } = await withAnswers([], () => deps.session.start());
    assert.equal(await deps.context.secrets.get('dsas.password'), undefined, 'the 0.1 password is removed');
    assert.equal(await deps.context.secrets.get('dsas.apiKey'), undefined, 'the 0.1 key is removed');
    assert.equal(deps.session.signedIn, false);
    assert.deepEqual(input.asked.map((a) => [a.method, a.items]), [['info', ['Sign In']]]);
    assert.match(input.asked[0].text, /^Sign in again/);
    assert.deepEqual(await serviceRequests(mark), [], 'nothing was sent with them');
    tried('leakChecks');
  });

  it('Edit Connection… to another address sends the secrets nowhere: it asks for that address\'s password, and Escape leaves it signed out', async () => {
    const sb = requireSandbox();
    await signIn();
    const { deps, poller } = await api();
    const trap = `${process.env.DSAS_TRAP_URL}/dsas/v1.1`;
    const trapBefore = await trapHits();
    const { input } = await withAnswers([trap, sb.user, undefined], async () => {
      await vscode.commands.executeCommand('dsas.editConnection');
      await vscode.commands.executeCommand('dsas.refreshSubmissions');
      await deps.submissions.getChildren();
      await poller.pollNow();
      await pause(1000);
    });
    assert.deepEqual(input.asked.map((a) => [a.method, a.text]).slice(0, 3), [
      ['inputBox', `Edit ${deps.session.connection!.name} (1/2) Address of the service, including its path prefix`],
      ['inputBox', `Edit ${deps.session.connection!.name} (2/2) User name of your account there`],
      ['inputBox', `Sign In (1/2) Password for ${sb.user}`],
    ], 'the new address\'s password is asked; no message besides');
    assert.equal(input.asked.length, 3);
    assert.equal(deps.session.connection!.baseUrl, trap);
    assert.equal(deps.session.signedIn, false);
    assert.equal(await trapHits() - trapBefore, 0, 'the new address received no request');
    tried('leakChecks');
    await withAnswers([], async () => {
      await change({ baseUrl: sb.baseUrl });
      await waitFor('the sign-in to come back', () => deps.session.signedIn);
    });
  });

  it('Add Connection… accepts any user name without control characters (non-ASCII, quotes, backslashes), and not one of a connection there is', async () => {
    const sb = requireSandbox();
    let validate: InputBoxOptions['validate'];
    await withAnswers([
      'Another', sb.baseUrl,
      (asked) => {
        validate = (asked.options as InputBoxOptions).validate;
        return undefined; // dismissed
      },
    ], () => vscode.commands.executeCommand('dsas.addConnection'));
    assert.ok(validate, 'the prompt validates');
    assert.equal(validate('Zoë "Q" O\\Brien-日本'), undefined);
    for (const bad of ['', '   ', 'tab\there', 'bell\u0007', 'line\nbreak', 'c1\u0085']) assert.ok(validate(bad), `refused: ${JSON.stringify(bad)}`);
    assert.match(validate(sb.user) ?? '', /has this address and user name already/);
    assert.equal((await api()).deps.connections.list.length, 1, 'nothing added');
  });
});
