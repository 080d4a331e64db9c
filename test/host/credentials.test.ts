import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { tried } from '../reliability/tally';
import { submissionNode, waitFor } from './fixtures';
import type { ScriptedInput } from './scriptedInput';
import { api, control, logMark, quiet, requireSandbox, runRecord, sandboxState, serviceRequests, signIn, signOut, storedSecret, withAnswers } from './session';

/** Changes the account's credentials on the sandbox, as an administrator would; the run's leak search looks for the new ones too. */
async function changeOnService(change: { password?: string; key?: string }): Promise<void> {
  runRecord().secrets.push(...Object.values(change));
  runRecord().changedOnService++;
  await control('/credentials', 'POST', change);
}

describe('credentials refused while signed in', () => {
  const NEW_KEY = 'rotated-key-5f1c9a';
  const NEW_PASSWORD = 'reset-password-83b2e7';
  before(signIn);
  after(async () => {
    const sb = requireSandbox();
    await control('/credentials', 'POST', { password: sb.password, key: sb.key });
    await signOut();
    await signIn();
  });

  it('a key changed on the service: one request, one message offering Sign In, signed out, nothing more sent; Sign In asks for the key only', async () => {
    const { deps, poller } = await api();
    await deps.submissions.refresh();
    assert.ok(deps.submissions.items.length > 0, 'rows before the change');
    await quiet();
    await changeOnService({ key: NEW_KEY });
    const mark = await logMark();

    const { input } = await withAnswers([], async () => {
      await vscode.commands.executeCommand('dsas.refreshSubmissions');
      // The scripted input is the extension's current one until withAnswers returns.
      await waitFor('the message', () => (deps.input.raw as ScriptedInput).asked.some((a) => a.method === 'error'));
    });
    const errors = input.asked.filter((a) => a.method === 'error');
    assert.deepEqual(errors.map((e) => [e.text, e.items]), [[
      'The service refused the API key. The service said: "403 API key refused". You were signed out; nothing more is sent until you sign in again.',
      ['Sign In', 'Show Log'],
    ]]);
    assert.equal(deps.session.signedIn, false);
    assert.equal(await storedSecret('apiKey'), undefined, 'the refused key is forgotten');
    assert.ok(await storedSecret('password'), 'the password is kept');
    assert.deepEqual(await deps.submissions.getChildren(), [], 'the view shows its welcome content');

    // No loop: a refresh, a poll and some time later, still the one refused request.
    await vscode.commands.executeCommand('dsas.refreshSubmissions');
    await vscode.commands.executeCommand('dsas.refreshArchive');
    await poller.pollNow();
    await new Promise((r) => setTimeout(r, 1500));
    assert.deepEqual((await serviceRequests(mark)).map((e) => `${e.method} ${e.path.replace(/^\/dsas\/v1\.1/, '')} ${e.status}`), ['GET /submissions 403']);

    const again = await withAnswers([NEW_KEY], () => vscode.commands.executeCommand('dsas.signIn'));
    assert.deepEqual(again.input.asked.map((a) => a.text), ['Sign In The service refused the one stored before. API key of your account']);
    assert.equal(deps.session.signedIn, true);
    await deps.submissions.refresh();
    assert.equal(deps.submissions.items.length, (await sandboxState()).submissions.length, 'the rows are back');
    tried('faults');
    tried('lossChecks'); // nothing kept sending with the refused key
  });

  it('a password changed on the service: refused after two requests, one message, and its Sign In asks for the password only', async () => {
    const { deps } = await api();
    const s = (await sandboxState()).submissions[0];
    const node = await submissionNode(s.id);
    await quiet();
    await changeOnService({ password: NEW_PASSWORD });
    const mark = await logMark();

    const { input } = await withAnswers(['Sign In', NEW_PASSWORD], async () => {
      await vscode.commands.executeCommand('dsas.checkStatus', node);
      await waitFor('the sign-in with the new password', () => deps.session.signedIn, 15_000);
    });
    assert.deepEqual(input.asked.map((a) => `${a.method}: ${a.text}`), [
      'error: The service refused the user name or password. You were signed out; nothing more is sent until you sign in again.',
      'inputBox: Sign In The service refused the one stored before. Password for ' + requireSandbox().user,
    ], 'one message (the command adds none), then the password alone');
    const requests = (await serviceRequests(mark)).map((e) => `${e.method} ${e.path.replace(/^\/dsas\/v1\.1/, '').replace(/\d+/, 'ID')} ${e.status}`);
    assert.deepEqual(requests.slice(0, 2), ['GET /submissions/ID/status 401', 'GET /submissions/ID/status 401'], 'the status request was refused twice, then given up');
    // Then the sign-in check (its challenge answered 401 first); what the views load once signed in again goes with the new password.
    assert.ok(requests.slice(2).every((r) => r.startsWith('GET /submissions ') || / 2\d\d$/.test(r)), `then only the sign-in check, and nothing refused after it: ${requests.join(', ')}`);
    assert.equal(await storedSecret('password'), NEW_PASSWORD, 'the new password is kept');
    tried('faults');
  });

  it('a 403 on one submission is "not allowed" there: one message without Sign In, still signed in, the key kept', async () => {
    const { deps } = await api();
    if (!deps.session.signedIn) await signIn();
    const s = (await sandboxState()).submissions[1];
    const node = await submissionNode(s.id);
    const key = await storedSecret('apiKey');
    assert.ok(key, 'a key is stored');
    await control('/faults', 'POST', { method: 'GET', path: `^/submissions/${s.id}/status$`, kind: 'status', status: 403, times: 1 });
    const mark = await logMark();
    try {
      const { input } = await withAnswers([], async () => {
        await vscode.commands.executeCommand('dsas.checkStatus', node);
        await waitFor('the message', () => (deps.input.raw as ScriptedInput).asked.some((a) => a.method === 'error'));
      });
      const errors = input.asked.filter((a) => a.method === 'error');
      assert.equal(errors.length, 1);
      assert.match(errors[0].text, /^The service does not allow this for your account \(HTTP 403\)\./);
      assert.deepEqual(errors[0].items, ['Show Log'], 'no Sign In: nothing was refused');
    } finally {
      await control('/faults', 'DELETE');
    }
    assert.equal(deps.session.signedIn, true);
    assert.equal(await storedSecret('apiKey'), key, 'the key is kept');
    const requests = (await serviceRequests(mark)).map((e) => `${e.method} ${e.path.replace(/^\/dsas\/v1\.1/, '').replace(/\d+/, 'ID')} ${e.status}`);
    // The archive view may still be loading after the sign-in before: only the submission requests are this test's.
    assert.deepEqual(requests.filter((r) => r.startsWith('GET /submissions')), ['GET /submissions/ID/status 403', 'GET /submissions 200'], 'the key was checked once on the list');
    assert.ok(requests.every((r) => !r.endsWith(' 403') || r.includes('/status')), requests.join(', '));
    tried('faults');
  });
});

