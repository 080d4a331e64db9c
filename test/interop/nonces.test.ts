// Nonce expiry at a real server: Apache with AuthDigestNonceLifetime 2. Apache
// sends no Authentication-Info (nextnonce) on proxied responses (mod_proxy
// replaces the response headers), so a client learns of an expired nonce only
// from the 401 with stale=true, or by renewing an old nonce before it sends a body.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, describe, it } from 'mocha';
import { tried } from '../reliability/tally';
import { makeFile, removeTemps, tempDir } from '../integration/helpers';
import { apachePerSuite, clientFor, lines, sleep, watch } from './helpers';

const LIFETIME_S = 2;
/** Past the lifetime, with a second to spare: Apache's check is `age > lifetime`, in whole seconds. */
const EXPIRED_AFTER_MS = (LIFETIME_S + 1.5) * 1000;
const MiB = 1024 * 1024;

/** A file of `size` bytes whose every 4 KiB block starts with its offset, so that a block out of place shows. */
function numberedFile(name: string, size: number): { bytes: Buffer; file: string } {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 4096) bytes.writeUInt32BE(i, i);
  return { bytes, file: makeFile(tempDir(), name, bytes) };
}

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

/** A lifetime seen in the field, and the default settings of the client: no nonceMaxAgeMs given. */
const LONG_LIFETIME_S = 30;

describe(`client ↔ Apache mod_auth_digest: large bodies on a nonce 30–60 s old (AuthDigestNonceLifetime ${LONG_LIFETIME_S}, default settings)`, () => {
  const t = apachePerSuite({ nonceLifetimeSeconds: LONG_LIFETIME_S });
  after(() => removeTemps());

  it('a 64 MiB upload and a submission with a 64 MiB document, each from a client whose nonce expired: each body goes out exactly once', async function () {
    // One wait of a little over the lifetime serves both.
    this.timeout(90_000);
    const size = 64 * MiB;
    const { bytes, file } = numberedFile('scan.bin', size);
    const uploader = clientFor(t.apache);
    const sender = clientFor(t.apache);
    await Promise.all([uploader.listArchive(), sender.listSubmissions()]);
    await sleep((LONG_LIFETIME_S + 2) * 1000);
    const store = t.apache.sandbox.store;
    const logged = watch(t.apache, uploader, sender);
    const [uploaded, created] = await Promise.all([
      uploader.uploadArchiveFile({ path: file, title: 'after 32 s' }),
      sender.createSubmission({ formReference: 'after 32 s', recipients: [{ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' }], documents: [{ path: file }] }),
    ]);
    const entries = await logged();
    const withBody = entries.filter((e) => e.method === 'PUT' || e.method === 'POST');
    console.log(`      requests: ${lines(entries).join(', ')}; Apache received ${withBody.map((e) => `${e.method} ${e.bytesIn}`).join(', ')} bytes for a ${size}-byte file`);
    assert.deepEqual(lines(withBody).sort(), ['POST 200', 'PUT 200'], 'no 401 after a streamed body');
    for (const e of withBody) assert.ok(e.bytesIn > size && e.bytesIn < size + 64 * 1024, `${e.method}: ${e.bytesIn} bytes, the body once`);
    const probes = entries.filter((e) => e.method === 'GET');
    assert.ok(probes.length >= 2 && probes.every((e) => e.status === 401 && e.stale), `the expired nonces met body-less requests: ${lines(probes).join(', ')}`);
    assert.deepEqual(readFileSync(store.archivePath(uploaded.id)), bytes);
    assert.ok(store.submissions.some((x) => x.id === created.id), 'the submission was stored');
    tried('faults', 2);
    tried('lossChecks', 2);
  });
});

