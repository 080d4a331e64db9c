// Nonce expiry at a real server: Apache with AuthDigestNonceLifetime 2. Apache
// sends no Authentication-Info (nextnonce) on proxied responses (mod_proxy
// replaces the response headers), so a client learns of an expired nonce only
// from the 401 with stale=true, or by renewing an old nonce before it sends a body.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, describe, it } from 'mocha';
import { tried } from '../reliability/tally';
import { removeTemps } from '../integration/helpers';
import { apachePerSuite, clientFor, lines, numberedFile, sleep, watch } from './helpers';

const LIFETIME_S = 2;
/** Past the lifetime, with a second to spare: Apache's check is `age > lifetime`, in whole seconds. */
const EXPIRED_AFTER_MS = (LIFETIME_S + 1.5) * 1000;
const MiB = 1024 * 1024;

describe(`client ↔ Apache mod_auth_digest: nonce expiry (AuthDigestNonceLifetime ${LIFETIME_S})`, () => {
  const t = apachePerSuite({ nonceLifetimeSeconds: LIFETIME_S });
  after(() => removeTemps());

  it('a list call after the nonce expired succeeds: Apache says stale=true, the client answers the new challenge', async function () {
    this.timeout(20_000);
    const client = clientFor(t.apache);
    const first = watch(t.apache, client);
    await client.listArchive();
    const oldNonce = (await first()).at(-1)?.nonce;
    await sleep(EXPIRED_AFTER_MS);
    const logged = watch(t.apache, client);
    const list = await client.listArchive();
    assert.equal(list.length, t.apache.sandbox.store.archives.length, 'no error reached the caller');
    const entries = await logged();
    assert.deepEqual(lines(entries), ['GET 401', 'GET 200']);
    const [refused, accepted] = entries;
    assert.equal(refused.nonce, oldNonce, 'the expired nonce was sent');
    assert.equal(refused.stale, true, 'Apache marked it stale (the digest itself was right)');
    assert.equal(accepted.nonce, refused.challengeNonce, 'the retry used the new nonce');
    assert.equal(accepted.nc, '00000001');
    tried('faults');
  });

  it('an 8 MiB upload after the nonce expired goes out once (nonceMaxAgeMs 1000)', async function () {
    this.timeout(30_000);
    const size = 8 * MiB;
    const { bytes, file } = numberedFile('expired-nonce.bin', size);
    const client = clientFor(t.apache, { nonceMaxAgeMs: 1000 });
    await client.listArchive();
    await sleep(EXPIRED_AFTER_MS);
    const store = t.apache.sandbox.store;
    const before = store.archives.length;
    const logged = watch(t.apache, client);
    const { id } = await client.uploadArchiveFile({ path: file, title: 'after expiry' });
    const entries = await logged();
    const puts = entries.filter((e) => e.method === 'PUT');
    const received = puts.reduce((n, e) => n + e.bytesIn, 0);
    console.log(`      requests: ${lines(entries).join(', ')}; Apache received ${received} bytes over ${puts.length} PUT(s) for an ${size}-byte file`);
    assert.deepEqual(readFileSync(store.archivePath(id)), bytes);
    assert.equal(store.archives.length, before + 1, 'stored once');
    assert.ok(received < 2 * size, `the body went out more than once: ${received} bytes for ${size}`);
    tried('faults');
    tried('lossChecks');
  });
});
