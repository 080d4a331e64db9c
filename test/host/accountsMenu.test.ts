// VS Code's Accounts menu: the extension's authentication provider lists the
// signed-in account, signs it out from there, and signs in when an extension
// asks. The suite's files lie in the extension's folder, so VS Code takes
// its calls of vscode.authentication for the extension's own, which VS Code
// asks the user about as it does for any other extension. In a test run VS
// Code shows no modal dialog (its DialogService refuses them while
// extension tests run: a consent prompt fails the request, a confirmation
// counts as accepted), so access is granted and sign-in asked for through
// the Accounts menu's own entries, as after a request without createIfNone.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import { ServiceClient, isServiceError, type Connection } from '../../src/core';
import type { Sandbox } from '../../tools/sandbox';
import type { AccountsMenuSeen } from './accountsPage';
import { closeComposer, compose, edit, filled, forgetDrafts } from './composerDriver';
import { closeAllEditors, waitFor, workspaceFile } from './fixtures';
import { answerQuickInput, askWorkbench } from './helpers';
import { OtherServices } from './otherServices';
import type { ScriptedInput } from './scriptedInput';
import { api, connectionOf, control, logMark, requireSandbox, runRecord, serviceRequests, signIn, signOut, storedSecret, useAccount, withAnswers } from './session';

const PROVIDER = 'dsas';
const PROVIDER_LABEL = 'Document Submission and Archive';
/** The extension that asks: this suite, as the extension's own code. */
const ASKING = 'Document Submission and Archive';

/** The Accounts menu once an entry starting with `entry` is listed in it (or gone from it); `press` pressed: the entry itself, or an entry of its submenu. */
async function accountsMenu(entry: string, listed = true, press = ''): Promise<AccountsMenuSeen> {
  return JSON.parse(await askWorkbench('/accounts-menu', { entry, listed: String(listed), press }, 'using the Accounts menu')) as AccountsMenuSeen;
}

/** What a token must not contain of a secret: the secret, its base64 and hex, and each piece of it 6 characters long (so every longer one). */
function tracesOf(secret: string): string[] {
  const b = Buffer.from(secret, 'utf8');
  const pieces = Array.from({ length: Math.max(0, secret.length - 5) }, (_, i) => secret.slice(i, i + 6));
  return [secret, b.toString('base64'), b.toString('base64url'), b.toString('hex'), ...pieces];
}

/** The realm of the sandbox's Digest challenge. */
async function realm(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/submissions`);
  const m = /realm="([^"]*)"/.exec(res.headers.get('www-authenticate') ?? '');
  if (!m) throw new Error(`no Digest challenge: ${res.status}`);
  return m[1];
}

/** Counts the session changes VS Code tells extensions of, for this provider. */
function sessionChanges(): { count: () => number; dispose: () => void } {
  let n = 0;
  const sub = vscode.authentication.onDidChangeSessions((e) => void (e.provider.id === PROVIDER && n++));
  return { count: () => n, dispose: () => sub.dispose() };
}

describe('the Accounts menu (sign in and out there; a session that signs in nowhere)', () => {
  const sb = requireSandbox();
  const label = `${sb.user} @ ${new URL(sb.baseUrl).host}`;
  const accountLabels = async () => (await vscode.authentication.getAccounts(PROVIDER)).map((a) => a.label);
  const silent = async () => vscode.authentication.getSession(PROVIDER, [], { silent: true });

  before(signIn);
  afterEach(closeAllEditors);
  after(async () => {
    await control('/credentials', 'POST', { password: sb.password, key: sb.key });
    await signOut();
    await signIn();
  });

  it('after sign-in the account is a session an extension gets once the user allows it; its token signs in nowhere', async () => {
    assert.deepEqual(await accountLabels(), [label]);
    assert.equal(await silent(), undefined, 'no extension gets it before the user allowed it');

    // Asked without createIfNone: the Accounts menu offers to grant access; the user picks the account.
    assert.equal(await vscode.authentication.getSession(PROVIDER, []), undefined);
    const grant = `Grant access to ${PROVIDER_LABEL} for ${ASKING}`;
    await accountsMenu(grant, true, grant);
    const said = await answerQuickInput(`wants to access a ${PROVIDER_LABEL} account`, label);
    assert.match(said, new RegExp(`The extension '${ASKING}' wants to access a ${PROVIDER_LABEL} account`));
    const session = await waitFor('the session once allowed', silent);
    assert.equal(session.account.label, label);
    assert.deepEqual(session.scopes, []);
    const again = await silent();
    assert.deepEqual([again?.id, again?.accessToken], [session.id, session.accessToken], 'the same session while signed in');

    const token = session.accessToken;
    assert.ok(token.length >= 32, `an opaque random value: ${token.length} characters`);
    const ha1 = (algorithm: string, r: string) => createHash(algorithm).update(`${sb.user}:${r}:${sb.password}`).digest('hex');
    const r = await realm(sb.baseUrl);
    const derived = [ha1('md5', r), ha1('sha256', r), ha1('sha512-256', r), Buffer.from(`${sb.user}:${sb.password}`).toString('base64')];
    const found = [...tracesOf(sb.password), ...tracesOf(sb.key), ...derived].filter((t) => token.toLowerCase().includes(t.toLowerCase()));
    assert.deepEqual(found, [], 'the token carries nothing of the password or the API key');

    // Used against the service every way a credential travels, it is refused.
    const mark = await logMark();
    const list = (headers: Record<string, string>) => fetch(`${sb.baseUrl}/submissions`, { headers }).then((res) => res.status);
    const basic = (password: string) => `Basic ${Buffer.from(`${sb.user}:${password}`).toString('base64')}`;
    const answered = {
      bearer: await list({ Authorization: `Bearer ${token}`, 'X-Service-Key': `key="${sb.key}"` }),
      basic: await list({ Authorization: basic(token), 'X-Service-Key': `key="${sb.key}"` }),
      keyAlone: await list({ 'X-Service-Key': `key="${token}"` }),
    };
    assert.deepEqual(answered, { bearer: 401, basic: 401, keyAlone: 401 });
    const refusal = async (password: string, apiKey: string) => {
      const client = new ServiceClient({ baseUrl: sb.baseUrl, credentials: { username: sb.user, password, apiKey } });
      try {
        await client.listSubmissions();
        return 'accepted';
      } catch (e) {
        return isServiceError(e, 'unauthorized') || isServiceError(e, 'keyRefused') ? e.kind : `failed otherwise: ${String(e)}`;
      }
    };
    assert.equal(await refusal(token, sb.key), 'unauthorized', 'as the password (Digest)');
    assert.equal(await refusal(token, token), 'unauthorized', 'as the password and the key');
    assert.equal(await refusal(sb.password, token), 'keyRefused', 'as the API key, with the right password');
    const statuses = (await serviceRequests(mark)).map((e) => e.status);
    assert.ok(statuses.length >= 6 && statuses.every((s) => s === 401 || s === 403), `the sandbox refused every request: ${statuses.join(' ')}`);
  });

  it('its Sign Out in the Accounts menu signs out as Sign Out does: drafts said first, secrets and session removed', async () => {
    const { deps } = await api();
    await forgetDrafts();
    const draft = await compose(workspaceFile('accounts-menu/letter.txt', 'A letter.\n'));
    await edit(draft, filled(`Accounts menu ${Date.now()}`));
    await closeComposer(draft);
    const seen = await accountsMenu(label);
    assert.ok(seen.items.includes(`${label} (${PROVIDER_LABEL})`), JSON.stringify(seen.items));
    assert.deepEqual(seen.submenu, ['Manage Trusted Extensions', 'Sign Out']);

    // VS Code's own "Sign out of …?" counts as accepted in a test run; the extension's question about the draft follows.
    const declined = await withAnswers([undefined], async () => {
      await accountsMenu(label, true, 'Sign Out');
      await waitFor('the question about the draft', () => (deps.input.raw as ScriptedInput).asked.length > 0);
    });
    assert.match(declined.input.asked[0].text, /\nThe 1 draft of New Submission kept for this account is discarded too\.$/);
    assert.ok(deps.session.signedIn && deps.composer.memory.draft(draft), 'not confirmed: still signed in, the draft kept');
    assert.deepEqual(await accountLabels(), [label]);

    const changes = sessionChanges();
    try {
      const { input } = await withAnswers(['Sign Out'], async () => {
        await accountsMenu(label, true, 'Sign Out');
        await waitFor('signed out, and said so', () => !deps.session.signedIn && (deps.input.raw as ScriptedInput).asked.some((a) => a.method === 'info'));
      });
      assert.deepEqual(input.asked.map((a) => [a.method, a.text]), [
        ['confirm', 'Sign out and remove the stored password and API key?\nThe 1 draft of New Submission kept for this account is discarded too.'],
        ['info', 'Signed out. 1 draft of New Submission was discarded.'],
      ]);
      assert.equal(deps.composer.memory.draft(draft), undefined, 'the draft is discarded');
      assert.equal(await storedSecret('password'), undefined);
      assert.equal(await storedSecret('apiKey'), undefined);
      assert.deepEqual(await accountLabels(), [], 'no session left');
      assert.equal(await silent(), undefined);
      await waitFor('the change told to extensions', () => changes.count() > 0);
      await accountsMenu(label, false);
    } finally {
      changes.dispose();
    }
  });

  it('an extension asking while signed out: the Accounts menu\'s sign-in runs Sign In; cancelled, nothing; signed in, the session', async () => {
    const { deps } = await api();
    assert.equal(deps.session.signedIn, false);
    assert.equal(await vscode.authentication.getSession(PROVIDER, []), undefined);
    const signInEntry = `Sign in with ${PROVIDER_LABEL} to use ${ASKING}`;

    const cancelled = await withAnswers([undefined], async () => {
      await accountsMenu(signInEntry, true, signInEntry);
      await waitFor('the sign-in asked', () => (deps.input.raw as ScriptedInput).asked.length > 0);
    });
    assert.deepEqual(cancelled.input.asked.map((a) => a.text), [`Sign In (1/2) Password for ${sb.user}`]);
    assert.equal(deps.session.signedIn, false);
    assert.equal(await silent(), undefined);

    const changes = sessionChanges();
    try {
      await withAnswers([sb.password, sb.key], async () => {
        await accountsMenu(signInEntry, true, signInEntry);
        await waitFor('signed in', () => deps.session.signedIn);
      });
      const session = await waitFor('the session for the extension that asked', silent);
      assert.equal(session.account.label, label);
      assert.deepEqual(await accountLabels(), [label]);
      assert.ok(changes.count() > 0, 'the new session was told to extensions');
    } finally {
      changes.dispose();
    }
  });

  it('a key refused while signed in takes the session away', async () => {
    const { deps } = await api();
    assert.deepEqual(await accountLabels(), [label]);
    const changes = sessionChanges();
    try {
      const key = `rotated-for-accounts-${Date.now()}`;
      runRecord().secrets.push(key);
      runRecord().changedOnService++;
      await control('/credentials', 'POST', { key });
      await withAnswers([], async () => {
        await vscode.commands.executeCommand('dsas.refreshSubmissions');
        // The scripted input is the extension's current one until withAnswers returns.
        await waitFor('the refusal told', () => !deps.session.signedIn && (deps.input.raw as ScriptedInput).asked.some((a) => a.method === 'error'));
      });
      await waitFor('the change told to extensions', () => changes.count() > 0);
      assert.deepEqual(await accountLabels(), []);
      assert.equal(await silent(), undefined);
    } finally {
      changes.dispose();
    }
  });
});

describe('the Accounts menu with two connections (each listed, each signed out on its own)', () => {
  const sb = requireSandbox();
  const others = new OtherServices();
  let bob: Sandbox;
  let bobs: Connection;
  const mainLabel = `${sb.user} @ ${new URL(sb.baseUrl).host}`;
  const accountLabels = async () => (await vscode.authentication.getAccounts(PROVIDER)).map((a) => a.label).sort();

  before(async () => {
    await signIn();
    bob = await others.start('bob');
    bobs = await connectionOf(bob, 'Bob');
    await useAccount(bob); // signed in: its secrets are stored
    await useAccount(sb); // the workspace back on the first; both signed in
  });
  after(async () => {
    await signIn();
    await others.close();
  });

  it('lists both, each under its own label; Sign Out of one there signs out that one only: the other keeps its session, rows and polls', async () => {
    const { deps, poller } = await api();
    const main = deps.session.connection!;
    const bobLabel = `Bob — ${bob.user} @ ${new URL(bob.baseUrl).host}`;
    assert.deepEqual(await accountLabels(), [mainLabel, bobLabel].sort());
    const seen = await accountsMenu(bobLabel);
    for (const l of [mainLabel, bobLabel]) assert.ok(seen.items.includes(`${l} (${PROVIDER_LABEL})`), `${l} listed: ${JSON.stringify(seen.items)}`);
    assert.deepEqual(seen.submenu, ['Manage Trusted Extensions', 'Sign Out']);
    const mainRows = deps.submissions.listOf(main.id)?.all.map((r) => r.item.id) ?? [];
    assert.ok(mainRows.length > 0, 'the first connection\'s rows are shown');

    // Bob's is not the workspace's connection, and it has no draft: VS Code's own question is the only one.
    const { input } = await withAnswers([], async () => {
      await accountsMenu(bobLabel, true, 'Sign Out');
      await waitFor('Bob signed out', () => !deps.sessions.get(bobs.id)!.signedIn);
    });
    assert.deepEqual(input.asked.map((a) => a.text), []);
    await accountsMenu(bobLabel, false);
    assert.deepEqual(await accountLabels(), [mainLabel]);
    assert.ok(deps.sessions.get(main.id)!.signedIn && deps.session.signedIn, 'the first connection stays signed in, and is still the workspace\'s');
    assert.equal(await deps.secrets.get({ baseUrl: bob.baseUrl, username: bob.user }, 'password'), undefined, 'Bob\'s password is removed');
    assert.equal(await deps.secrets.get({ baseUrl: sb.baseUrl, username: sb.user }, 'password'), sb.password, 'the first\'s stays');
    assert.deepEqual(deps.submissions.listOf(main.id)?.all.map((r) => r.item.id), mainRows, 'its rows stay');

    // Its polls go on (to its own service only); Bob's service hears nothing more.
    const [mark, bobMark] = [await logMark(), bob.accessLog.length];
    const { id } = await deps.sessions.get(main.id)!.client.createSubmission({
      formReference: `After Bob signed out ${Date.now()}`, documents: [{ path: workspaceFile('accounts-menu/after.txt', 'after\n').fsPath }],
      recipients: [{ firstName: 'Mo', lastName: 'Main', email: 'mo@example.org' }],
    });
    await withAnswers([], () => poller.pollNow());
    assert.ok(deps.submissions.listOf(main.id)?.all.some((r) => r.item.id === id), 'the poll brought the new row');
    assert.ok((await serviceRequests(mark)).some((e) => e.method === 'GET' && e.username === sb.user), 'the first connection polled its service');
    assert.deepEqual(bob.accessLog.slice(bobMark).map((e) => `${e.method} ${e.path}`), [], 'nothing sent to Bob\'s service');
  });

  it('two connections that read alike (the same name, user and host, another path) are two accounts there: Sign Out of one leaves the other signed in', async () => {
    const { deps } = await api();
    const main = deps.session.connection!;
    const twin = await deps.connections.add({ name: main.name, baseUrl: `${sb.baseUrl}/twin`, userName: sb.user, ...(main.production ? { production: true } : {}) });
    const twinAccount = { baseUrl: twin.baseUrl, username: twin.userName };
    try {
      // Signed in from stored secrets (a restore sends nothing); the sandbox's own, so that its polls are not refused (its path answers 404).
      await deps.secrets.store(twinAccount, 'password', sb.password);
      await deps.secrets.store(twinAccount, 'apiKey', sb.key);
      await waitFor('the twin signed in from its stored secrets', () => deps.sessions.get(twin.id)?.signedIn === true);
      // VS Code lists (and signs out) accounts by label: one label for both would be one account.
      const twinLabel = await waitFor('the twin listed under a label of its own, with its address', async () => (await accountLabels()).find((l) => l.includes('/twin')));
      const labels = await accountLabels();
      const host = new URL(sb.baseUrl).host;
      assert.equal(labels.filter((l) => l.includes(`${sb.user} @ `) && l.includes(host)).length, 2, `the workspace's and the twin, each listed: ${JSON.stringify(labels)}`);
      await withAnswers([], async () => {
        await accountsMenu(twinLabel, true, 'Sign Out');
        await waitFor('the twin signed out', () => !deps.sessions.get(twin.id)!.signedIn);
      });
      assert.ok(deps.sessions.get(main.id)!.signedIn, 'the connection that reads alike stays signed in');
      assert.equal(await deps.secrets.get({ baseUrl: sb.baseUrl, username: sb.user }, 'password'), sb.password, 'and keeps its password');
    } finally {
      await deps.connections.remove(twin.id);
      await deps.secrets.clear(twinAccount);
      if (!deps.session.signedIn) await signIn();
    }
  });
});
