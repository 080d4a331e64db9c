// Large bodies go out on a young nonce, at a real server: Apache with a
// lifetime seen in the field (AuthDigestNonceLifetime 30) and the client's
// default settings (no nonceMaxAgeMs given). The clients' nonces must age a
// little over 30 s: they are made when the run starts (a root hook), so that
// the wait passes while the other suites run; this file runs last (--sort).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'mocha';
import type { ServiceClient } from '../../src/core';
import { tried } from '../reliability/tally';
import { removeTemps } from '../integration/helpers';
import { startApacheInterop, type ApacheInterop } from './apache';
import { clientFor, lines, numberedFile, sleep, watch } from './helpers';

const LONG_LIFETIME_S = 30;
/** Past the lifetime, with two seconds to spare. */
const AGED_MS = (LONG_LIFETIME_S + 2) * 1000;
const MiB = 1024 * 1024;

interface Aging {
  readonly apache: ApacheInterop;
  readonly uploader: ServiceClient;
  readonly sender: ServiceClient;
  /** When both clients had their nonces. */
  readonly since: number;
}

let aging: Promise<Aging> | undefined;

before(function () {
  aging = (async () => {
    const apache = await startApacheInterop({ nonceLifetimeSeconds: LONG_LIFETIME_S });
    const uploader = clientFor(apache);
    const sender = clientFor(apache);
    await Promise.all([uploader.listArchive(), sender.listSubmissions()]);
    return { apache, uploader, sender, since: Date.now() };
  })();
  aging.catch(() => {}); // the test reports it
});

after(async function () {
  this.timeout(30_000);
  await (await aging?.catch(() => undefined))?.apache.close();
});

describe(`client ↔ Apache mod_auth_digest: large bodies on a nonce 30–60 s old (AuthDigestNonceLifetime ${LONG_LIFETIME_S}, default settings)`, () => {
  after(() => removeTemps());

  it('a 64 MiB upload and a submission with a 64 MiB document, each from a client whose nonce expired: each body goes out exactly once', async function () {
    // One wait of a little over the lifetime serves both; it began with the run.
    this.timeout(90_000);
    const size = 64 * MiB;
    const { bytes, file } = numberedFile('scan.bin', size);
    const { apache, uploader, sender, since } = await aging!;
    await sleep(since + AGED_MS - Date.now());
    const age = ((Date.now() - since) / 1000).toFixed(1);
    const store = apache.sandbox.store;
    const logged = watch(apache, uploader, sender);
    const [uploaded, created] = await Promise.all([
      uploader.uploadArchiveFile({ path: file, title: 'after 32 s' }),
      sender.createSubmission({ formReference: 'after 32 s', recipients: [{ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' }], documents: [{ path: file }] }),
    ]);
    const entries = await logged();
    const withBody = entries.filter((e) => e.method === 'PUT' || e.method === 'POST');
    console.log(`      nonces ${age} s old; requests: ${lines(entries).join(', ')}; Apache received ${withBody.map((e) => `${e.method} ${e.bytesIn}`).join(', ')} bytes for a ${size}-byte file`);
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
