// Ten calls at once on one client, through Apache: a signed-in client must
// get every one accepted; a fresh one should pay the 401 challenge once,
// not once per call.
import assert from 'node:assert/strict';
import { after, describe, it } from 'mocha';
import { removeTemps, tempDir } from '../integration/helpers';
import { apachePerSuite, clientFor, lines, mixedCalls, watch } from './helpers';

describe('client ↔ Apache mod_auth_digest: ten parallel calls', () => {
  const t = apachePerSuite();
  after(() => removeTemps());

  it('on a signed-in client: all succeed, none refused, each with its own nonce count', async () => {
    const client = clientFor(t.apache);
    await client.listSubmissions();
    const logged = watch(t.apache, client);
    const results = await Promise.all(mixedCalls(client, t.apache.sandbox, tempDir()).map((call) => call()));
    assert.equal(results.length, 10);
    const entries = await logged();
    assert.deepEqual(entries.map((e) => e.status), Array(10).fill(200), lines(entries).join(', '));
    assert.ok(entries.every((e) => e.hasAuthorization && e.algorithm === 'MD5'));
    // Apache does not check nonce counts by default (AuthDigestNcCheck Off); a stricter server would.
    assert.equal(new Set(entries.map((e) => `${e.nonce}/${e.nc}`)).size, 10, 'no (nonce, nc) pair repeats');
  });

  it('on a fresh client: all succeed, and only the first challenge is a 401', async () => {
    const client = clientFor(t.apache);
    const logged = watch(t.apache, client);
    const results = await Promise.all(mixedCalls(client, t.apache.sandbox, tempDir()).map((call) => call()));
    assert.equal(results.length, 10);
    const entries = await logged();
    const refused = entries.filter((e) => e.status === 401);
    console.log(`      ${entries.length} requests: ${refused.length} answered 401, ${entries.filter((e) => e.status === 200).length} answered 200`);
    assert.ok(entries.every((e) => e.status === 200 || e.status === 401), lines(entries).join(', '));
    assert.equal(refused.length, 1, `${refused.length} requests were challenged`);
  });
});
