import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'mocha';
import { ServiceClient } from '../../src/core';

/** A list of one submission whose form reference is `Übersicht`, as ISO-8859-1 bytes (Ü is 0xDC). */
function latin1List(prolog: string): Buffer {
  return Buffer.from(`${prolog}<response status="ok"><Submissions><submission type="8" broadcast="0"><id>1</id>` +
    '<form_reference>Übersicht</form_reference></submission></Submissions></response>', 'latin1');
}

describe('client ↔ a service that answers in ISO-8859-1', () => {
  let server: http.Server;
  let client: ServiceClient;
  let answer: { contentType: string; body: Buffer };

  before(async () => {
    server = http.createServer((req, res) => {
      if (req.method === 'GET' && new URL(req.url ?? '/', 'http://x').pathname.endsWith('/submissions')) {
        res.writeHead(200, { 'Content-Type': answer.contentType, 'Content-Length': answer.body.length }).end(answer.body);
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = new ServiceClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/svc`,
      credentials: { username: 'alice', password: 'secret', apiKey: 'key' },
      retry: { retries: 0, baseDelayMs: 10, maxDelayMs: 50 },
      timeoutMs: 5000,
    });
  });

  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('reads a list whose XML declaration names ISO-8859-1', async () => {
    answer = { contentType: 'application/xml', body: latin1List('<?xml version="1.0" encoding="ISO-8859-1"?>') };
    assert.ok(answer.body.includes(0xdc) && !answer.body.includes(Buffer.from('Ü')), 'the body is Latin-1, not UTF-8');
    const [s] = await client.listSubmissions();
    assert.equal(s.formReference, 'Übersicht');
  });

  it('reads a list whose Content-Type names ISO-8859-1', async () => {
    answer = { contentType: 'text/xml; charset=ISO-8859-1', body: latin1List('') };
    const [s] = await client.listSubmissions();
    assert.equal(s.formReference, 'Übersicht');
  });

  it('refuses an encoding it cannot read, naming it and the operation', async () => {
    answer = { contentType: 'application/xml; charset=x-klingon', body: latin1List('') };
    await assert.rejects(client.listSubmissions(), (e: unknown) => {
      const err = e as { kind?: string; operation?: string; message?: string };
      assert.equal(err.kind, 'badResponse');
      assert.equal(err.operation, 'GET /submissions');
      assert.match(err.message ?? '', /"x-klingon"/);
      return true;
    });
  });
});
