// Refused credentials at a real server: Apache refuses a wrong password (401,
// no stale), the backend behind it a wrong key (403). The client must report
// each clearly, tell its owner once, and not keep sending a refused password.
import assert from 'node:assert/strict';
import { after, describe, it } from 'mocha';
import type { ServiceError } from '../../src/core';
import { tried } from '../reliability/tally';
import { rejection, removeTemps, tempDir } from '../integration/helpers';
import type { ApacheInterop } from './apache';
import { apachePerSuite, clientFor, lines, mixedCalls, sleep, watch } from './helpers';

/** Settles every call; the refusal kinds in order. */
async function kindsOf(calls: (() => Promise<unknown>)[]): Promise<(string | undefined)[]> {
  const settled = await Promise.allSettled(calls.map((call) => call()));
  return settled.map((s) => (s.status === 'rejected' ? (s.reason as ServiceError).kind : 'succeeded'));
}

/** The secret appears in none of the texts: error messages, Apache's logs. Counts the places searched. */
function assertNotIn(secret: string, texts: readonly string[]): void {
  for (const text of texts) assert.ok(!text.includes(secret), 'a secret appears in an error or a log');
  tried('leakChecks', texts.length);
}

describe('client ↔ Apache mod_auth_digest: refused credentials', () => {
  const t = apachePerSuite();
  after(() => removeTemps());
  const wrong = (a: ApacheInterop) => ({ ...a.credentials, password: 'not-the-interop-password' });

  it('a wrong password: unauthorized after two requests, only one of them carrying credentials', async () => {
    const client = clientFor(t.apache, { credentials: wrong(t.apache) });
    const logged = watch(t.apache, client);
    const e = await rejection(() => client.listSubmissions());
    assert.equal(e.kind, 'unauthorized');
    const entries = await logged();
    console.log(`      ${entries.length} requests (${lines(entries).join(', ')}), ${entries.filter((x) => x.hasAuthorization).length} with credentials`);
    assert.deepEqual(lines(entries), ['GET 401', 'GET 401']);
    assert.deepEqual(entries.map((x) => x.hasAuthorization), [false, true]);
    assert.equal(entries[1].stale, false, 'Apache does not call a wrong password stale');
    assertNotIn('not-the-interop-password', [e.message, String(e.stack), ...t.apache.logTexts()]);
    tried('faults');
  });

  it('ten parallel calls with a wrong password: all unauthorized, at most one request carries it', async () => {
    const client = clientFor(t.apache, { credentials: wrong(t.apache) });
    const logged = watch(t.apache, client);
    const kinds = await kindsOf(mixedCalls(client, t.apache.sandbox, tempDir()));
    const entries = await logged();
    const signed = entries.filter((x) => x.hasAuthorization).length;
    console.log(`      ${entries.length} requests, ${signed} carrying the wrong password`);
    assert.deepEqual(kinds, Array(10).fill('unauthorized'));
    assert.ok(entries.every((x) => x.status === 401), lines(entries).join(', '));
    assert.ok(signed <= 1, `${signed} requests carried the wrong password`);
    tried('faults');
  });

  it('the password changed while signed in: ten parallel calls refused, the owner told once', async () => {
    const refusals: ServiceError[] = [];
    const client = clientFor(t.apache, { onRefused: (e) => refusals.push(e) });
    await client.listSubmissions();
    const old = t.apache.credentials.password;
    t.apache.setPassword('changed-interop-password');
    try {
      const logged = watch(t.apache, client);
      const kinds = await kindsOf(mixedCalls(client, t.apache.sandbox, tempDir()));
      await sleep(200);
      const entries = await logged();
      const signed = entries.filter((x) => x.hasAuthorization).length;
      console.log(`      ${entries.length} requests after the change, ${signed} carrying the old password; owner told ${refusals.length} time(s)`);
      assert.deepEqual(kinds, Array(10).fill('unauthorized'));
      assert.equal(refusals.length, 1, 'the owner is told once');
      // The ten went out before any refusal was known; one more may confirm it against a fresh challenge.
      assert.ok(signed <= 11, `${signed} requests carried the old password`);
      const fresh = clientFor(t.apache);
      assert.equal((await fresh.listSubmissions()).length, t.apache.sandbox.store.submissions.length, 'the new password works');
    } finally {
      t.apache.setPassword(old);
    }
    tried('faults');
  });

  it('a wrong key: keyRefused, after Apache accepted the password and the backend refused the key', async () => {
    const client = clientFor(t.apache, { credentials: { ...t.apache.credentials, apiKey: 'not-the-key' } });
    const logged = watch(t.apache, client);
    const e = await rejection(() => client.listSubmissions());
    assert.equal(e.kind, 'keyRefused');
    assert.equal(e.status, 403);
    const entries = await logged();
    console.log(`      ${entries.length} requests (${lines(entries).join(', ')})`);
    assert.deepEqual(lines(entries), ['GET 401', 'GET 403']);
    assertNotIn('not-the-key', [e.message, String(e.stack)]);
    tried('faults');
  });

  it('the key changed while signed in: keyRefused after one request, the owner told once', async () => {
    const refusals: ServiceError[] = [];
    const client = clientFor(t.apache, { onRefused: (e) => refusals.push(e) });
    await client.listSubmissions();
    const old = t.apache.credentials.apiKey;
    await t.apache.setKey('changed-interop-key');
    try {
      const logged = watch(t.apache, client);
      const e = await rejection(() => client.listSubmissions());
      assert.equal(e.kind, 'keyRefused');
      await sleep(200);
      assert.deepEqual(lines(await logged()), ['GET 403'], 'one request, never retried');
      assert.equal(refusals.length, 1);
    } finally {
      await t.apache.setKey(old);
    }
    tried('faults');
  });
});
