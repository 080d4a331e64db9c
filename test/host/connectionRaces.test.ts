// Connections acted on while another one is busy: a sign-in checked with the
// service while the user signs out of that connection or removes it, and a
// sign-in to one connection while the workspace uses another.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { accountKey } from '../../src/core';
import { signInTo } from '../../src/ui/session/connectionCommands';
import type { Sandbox } from '../../tools/sandbox';
import { waitFor } from './fixtures';
import { OtherServices } from './otherServices';
import { api, connectionOf, logMark, quiet, requireSandbox, serviceRequests, signIn, signOut, storedSecret, withAnswers } from './session';
import type { ScriptedInput } from './scriptedInput';

/**
 * Sign In to the workspace's connection, answered `answers` (password and key
 * first, then those of `meanwhile`), its check with the service at `baseUrl`
 * held while the command `meanwhile` runs, then let go.
 */
async function whileSignInChecked(baseUrl: string, answers: string[], meanwhile: string): Promise<void> {
  const faults = `${new URL(baseUrl).origin}/__sandbox/faults`;
  const json = { 'Content-Type': 'application/json' };
  await fetch(faults, { method: 'POST', headers: json, body: JSON.stringify({ method: 'GET', path: '^/submissions$', kind: 'delay', ms: 60_000 }) });
  const release = async () => {
    await fetch(`${faults}/release`, { method: 'POST' });
    await fetch(faults, { method: 'DELETE' });
  };
  try {
    await withAnswers(answers, async () => {
      const signingIn = vscode.commands.executeCommand('dsas.signIn');
      // Once both secrets are typed, the check is on its way.
      const input = (await api()).deps.input.raw as ScriptedInput;
      await waitFor('the password and key typed', () => input.asked.length >= 2);
      await new Promise((r) => setTimeout(r, 300));
      await vscode.commands.executeCommand(meanwhile);
      await release();
      await signingIn;
    });
  } finally {
    await release();
  }
  await new Promise((r) => setTimeout(r, 500));
}

describe('connections acted on while busy', () => {
  const others = new OtherServices();
  let ruth: Sandbox;

  before(async () => {
    await signIn();
    ruth = await others.start('ruth');
  });
  after(() => others.close());

  it('signing in to another connection leaves the workspace\'s alone: its client kept, nothing sent to its service', async () => {
    const sb = requireSandbox();
    const { deps } = await api();
    await signIn();
    const ruthConnection = await connectionOf(ruth, 'Ruth');
    await quiet();
    const client = deps.session.client;
    const mark = await logMark();
    const ruthSession = deps.sessions.get(ruthConnection.id)!;
    // Signed in as the Accounts menu signs in to a connection, the workspace staying on the sandbox's.
    await withAnswers([ruth.password, ruth.key], () => signInTo(deps, ruthConnection));
    assert.equal(deps.session.account, accountKey({ baseUrl: sb.baseUrl, username: sb.user }), 'the workspace still uses the sandbox');
    await waitFor('Ruth signed in', () => ruthSession.signedIn);
    await quiet(1500);
    assert.ok(deps.session.uses(client), 'the workspace\'s connection keeps its client (its views and a send under way stay its own)');
    assert.deepEqual((await serviceRequests(mark)).map((e) => `${e.method} ${e.path}`), [], 'nothing was sent to the workspace\'s service');
    await ruthSession.signOut();
    await deps.connections.remove(ruthConnection.id);
  });

  it('Sign Out while the sign-in is checked with the service: signed out afterwards, no secret kept', async () => {
    const sb = requireSandbox();
    const { deps } = await api();
    await signIn();
    await signOut();
    await whileSignInChecked(sb.baseUrl, [sb.password, sb.key, 'Sign Out'], 'dsas.signOut');
    assert.equal(deps.session.signedIn, false, 'signed out, as asked last');
    assert.equal(await storedSecret('password'), undefined, 'no password kept');
    assert.equal(await storedSecret('apiKey'), undefined, 'no API key kept');
    await signIn();
  });

  it('Remove Connection… while its sign-in is checked: no secret of it kept', async () => {
    const { deps } = await api();
    await signIn();
    const ruthConnection = await connectionOf(ruth, 'Ruth');
    const account = { baseUrl: ruth.baseUrl, username: ruth.user };
    await deps.secrets.clear(account);
    await deps.session.switchTo(ruthConnection.id);
    await whileSignInChecked(ruth.baseUrl, [ruth.password, ruth.key, 'Ruth', 'Remove'], 'dsas.removeConnection');
    assert.equal(deps.connections.get(ruthConnection.id), undefined, 'removed');
    assert.equal(await deps.secrets.get(account, 'password'), undefined, 'no password kept for it');
    assert.equal(await deps.secrets.get(account, 'apiKey'), undefined, 'no API key kept for it');
    await signIn();
  });
});
