import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'mocha';
import type { ServiceClient } from '../../src/core';
import { tried } from '../reliability/tally';
import { clientFor, demoSandboxPerSuite, makeFile, rejection, serviceRequests, tempDir } from './helpers';
import { makeAuthority, makeServerCert, type KeyAndCert } from './tlsCertificates';
import { startTlsFront, type TlsFront } from './tlsFront';

const CHILD = path.join(__dirname, 'tlsClient.ts');

interface Outcome { ok: boolean; count?: number; kind?: string; message?: string }

describe('client ↔ sandbox over TLS: certificates', () => {
  const t = demoSandboxPerSuite();
  const fronts: TlsFront[] = [];
  let authority: KeyAndCert;
  let authorityFile: string;

  before(() => {
    authority = makeAuthority();
    authorityFile = makeFile(tempDir('dsas-tls-'), 'company-ca.pem', authority.cert);
  });
  after(async () => {
    await Promise.all(fronts.map((f) => f.close()));
  });

  async function front(server: KeyAndCert, chain: readonly string[] = []): Promise<TlsFront> {
    const f = await startTlsFront(t.sb.baseUrl, server, chain);
    fronts.push(f);
    return f;
  }

  /** The real client in a child Node, with NODE_EXTRA_CA_CERTS set to `caFile` or unset; one outcome per URL. */
  async function inChild(urls: string[], caFile?: string): Promise<Outcome[]> {
    const env: NodeJS.ProcessEnv = {
      ...process.env, DSAS_TLS_URLS: JSON.stringify(urls), DSAS_TLS_USER: t.sb.user, DSAS_TLS_PASSWORD: t.sb.password, DSAS_TLS_KEY: t.sb.key,
    };
    delete env.NODE_EXTRA_CA_CERTS;
    if (caFile) env.NODE_EXTRA_CA_CERTS = caFile;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CHILD], { env, timeout: 30_000 });
    return JSON.parse(stdout.trim().split('\n').pop() ?? '[]') as Outcome[];
  }

  /** Calls through `f` and checks the refusal: its kind, one connection (no retry), nothing reaching the service. */
  async function refused(f: TlsFront, client: ServiceClient, why: RegExp): Promise<void> {
    const mark = t.sb.accessLog.length;
    const e = await rejection(() => client.listSubmissions());
    assert.equal(e.kind, 'untrusted', e.message);
    assert.match(e.message, /^The service's certificate is not trusted: /);
    assert.match(e.message, why);
    assert.equal(f.connections, 1, 'one connection: a refused certificate is not retried');
    assert.equal(serviceRequests(t.sb, mark).length, 0, 'no request reached the service');
    tried('faults');
  }

  it('refuses a certificate from an authority not trusted here: one connection, no retry, says why', async () => {
    const f = await front(makeServerCert({ issuer: authority }));
    await refused(f, clientFor(t.sb, { baseUrl: f.baseUrl }), /not issued by an authority this computer trusts \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)/);
  });

  it('refuses the same when the server sends the authority along (SELF_SIGNED_CERT_IN_CHAIN)', async () => {
    const f = await front(makeServerCert({ issuer: authority }), [authority.cert]);
    await refused(f, clientFor(t.sb, { baseUrl: f.baseUrl }), /not issued by an authority this computer trusts \(SELF_SIGNED_CERT_IN_CHAIN\)/);
  });

  it('refuses a self-signed certificate', async () => {
    const f = await front(makeServerCert());
    await refused(f, clientFor(t.sb, { baseUrl: f.baseUrl }), /it is self-signed \(DEPTH_ZERO_SELF_SIGNED_CERT\)/);
  });

  it('four calls at once on a fresh client open one connection between them and all fail the same way', async () => {
    const f = await front(makeServerCert({ issuer: authority }));
    const client = clientFor(t.sb, { baseUrl: f.baseUrl });
    const errors = await Promise.all([1, 2, 3, 4].map(() => rejection(() => client.listSubmissions())));
    assert.deepEqual(errors.map((e) => e.kind), ['untrusted', 'untrusted', 'untrusted', 'untrusted']);
    assert.equal(f.connections, 1);
    tried('faults', 4);
  });

  it('with the authority in NODE_EXTRA_CA_CERTS the same client signs in and lists; expired and other-host certificates are still refused, each on one connection', async () => {
    const good = await front(makeServerCert({ issuer: authority }));
    const expired = await front(makeServerCert({ issuer: authority, validFromDays: -10, validToDays: -1 }));
    const otherHost = await front(makeServerCert({ issuer: authority, dnsNames: ['elsewhere.invalid'] }));
    const [withoutCa] = await inChild([good.baseUrl]);
    assert.equal(withoutCa.kind, 'untrusted', 'the child trusts the authority only through the variable');
    const mark = t.sb.accessLog.length;
    const [ok, old, other] = await inChild([good.baseUrl, expired.baseUrl, otherHost.baseUrl], authorityFile);
    assert.deepEqual(ok, { ok: true, count: t.sb.store.submissions.length });
    assert.ok(serviceRequests(t.sb, mark).some((r) => r.status === 200), 'the list came from the service');
    assert.equal(old.kind, 'untrusted');
    assert.match(old.message ?? '', /it has expired \(CERT_HAS_EXPIRED\)/);
    assert.equal(other.kind, 'untrusted');
    assert.match(other.message ?? '', /it was issued for another host name \(ERR_TLS_CERT_ALTNAME_INVALID\)/);
    assert.equal(expired.connections, 1);
    assert.equal(otherHost.connections, 1);
    tried('faults', 2);
  });
});
