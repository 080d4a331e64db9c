import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { silentLogger } from '../../src/core/logger';
import { Secrets } from '../../src/ui/session/secrets';
import { Session } from '../../src/ui/session/session';
import { signIn as signInFlow } from '../../src/ui/session/signIn';
import { InputHolder } from '../../src/ui/input/userInput';
import { tried } from '../reliability/tally';
import { ScriptedInput } from './scriptedInput';
import { requireSandbox, signIn } from './session';

/** A SecretStorage whose keyring is unavailable: every call fails, as on a Linux desktop without one. */
function brokenKeyring(attempts: string[]): vscode.SecretStorage {
  const fail = (what: string) => async () => {
    attempts.push(what);
    throw new Error('the keyring is not available');
  };
  const changed = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
  return { get: fail('get'), store: fail('store'), delete: fail('delete'), onDidChange: changed.event } as unknown as vscode.SecretStorage;
}

describe('when the system keyring is unavailable', () => {
  before(signIn); // the extension's own session stays signed in; this suite builds a second one

  it('Sign In keeps both secrets for this session only, says so, and stays signed in', async () => {
    const sb = requireSandbox();
    const attempts: string[] = [];
    const secrets = new Secrets(brokenKeyring(attempts));
    const scripted = new ScriptedInput(sb.password, sb.key);
    const input = new InputHolder();
    input.current = scripted;
    const connection = { id: 'keyring-test', name: 'Keyring test', baseUrl: sb.baseUrl, userName: sb.user };
    const session = new Session(connection, { secrets, input, log: silentLogger, several: () => false });
    try {
      assert.equal(await signInFlow({ session, connections: { list: [connection], update: () => Promise.resolve(undefined) }, secrets, ui: input.current, log: silentLogger }), true);
      assert.deepEqual(scripted.asked.map((a) => `${a.method}: ${a.text}`), [
        `inputBox: Sign In (1/2) Password for ${sb.user}`,
        'inputBox: Sign In (2/2) API key of your account',
        'warn: The system keyring is not available: your password and API key are kept for this session only and will be asked again next time.',
      ]);
      assert.equal(attempts.filter((a) => a === 'store').length, 2, 'both were offered to the keyring');
      await new Promise((r) => setTimeout(r, 500)); // the session rebuilds itself from the secrets' change event
      assert.equal(session.signedIn, true, 'still signed in after the change event');
      const account = { baseUrl: sb.baseUrl, username: sb.user };
      assert.equal(await secrets.get(account, 'password'), sb.password, 'the password, from memory');
      assert.equal(await secrets.get(account, 'apiKey'), sb.key, 'the key, from memory');
      assert.ok((await session.client.listSubmissions()).length > 0, 'the session works');
      session.dispose();
      await secrets.clear(account);
      assert.equal(await secrets.get(account, 'password'), undefined, 'signing out forgets them');
      assert.equal(await secrets.get(account, 'apiKey'), undefined);
      tried('lossChecks'); // nothing was lost for lack of a keyring
    } finally {
      session.dispose();
      secrets.dispose();
    }
  });
});
