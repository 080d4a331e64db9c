// Nothing the client shows or logs carries a credential: texts from a
// hostile server (test/hostile/) that echo the password, the key or the
// request's own headers are redacted and bounded, and no log line of any
// operation holds an Authorization or X-Service-Key value.
import assert from 'node:assert/strict';
import { describe, it } from 'mocha';
import { ServiceClient } from '../../src/core';
import type { Exchange } from '../hostile/server';
import { tried } from '../reliability/tally';
import { capturingLogger, hostileClient, hostilePerTest, makeFile, rejection, tempDir } from './helpers';

describe('client ↔ hostile server: no secret in any message or log line', () => {
  const hostile = hostilePerTest();

  describe('no secret in any message', () => {
    const PASSWORD = 'pa&ss<wörd>"x"';
    const KEY = 'K3Y-0123456789abcdef';
    // The percent-encoded password comes first and on a line of its own: no header rule further on may be what hides it.
    const echo = `You sent ${encodeURIComponent(PASSWORD)} in a form,\nthe password ${PASSWORD}\nand X-Service-Key: key="${KEY}"`;
    const xmlEcho = echo.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const xml = (x: Exchange, status: number, body: string) => x.res.writeHead(status, { 'Content-Type': 'application/xml' }).end(body);
    const refs = (t: string) => Array.from(t, (c) => `&#x${c.codePointAt(0)!.toString(16)};`).join('');
    const b64 = (t: string) => Buffer.from(t).toString('base64');
    const cases: [string, (x: Exchange) => void, string[]?][] = [
      ['HTTP 200 with status="error" echoing them', (x) => xml(x, 200, `<?xml version="1.0"?><response status="error ${KEY}"><message>${xmlEcho}${' padding'.repeat(100)}</message></response>`)],
      ['HTTP 500 with an HTML page echoing them', (x) => x.res.writeHead(500, { 'Content-Type': 'text/html' }).end(`<html><body><h1>Error</h1><p>${echo}</p><pre>${'x'.repeat(5000)}</pre></body></html>`)],
      ['HTTP 500 with an HTML page that has a DOCTYPE, echoing them', (x) => x.res.writeHead(500, { 'Content-Type': 'text/html' }).end(`<!DOCTYPE html><html><body><p>${echo}</p><pre>${'x'.repeat(5000)}</pre></body></html>`)],
      ['HTTP 200 with malformed XML echoing them', (x) => xml(x, 200, `<response status="ok"><Submissions>${xmlEcho}<oops></Submissions></response>`)],
      ['HTTP 200 with a DOCTYPE document echoing them', (x) => xml(x, 200, `<?xml version="1.0"?><!DOCTYPE response><response status="ok"><message>${xmlEcho}</message>${'<pad/>'.repeat(100)}</response>`)],
      ['HTTP 403 echoing them', (x) => x.res.writeHead(403, { 'Content-Type': 'text/plain' }).end(echo)],
      ['a Basic challenge whose realm echoes them', (x) => x.res.writeHead(401, { 'WWW-Authenticate': `Basic realm="${KEY} ${'r'.repeat(300)}"` }).end()],
      ['HTTP 200 with a DOCTYPE document that breaks the key by a tag', (x) => xml(x, 200, `<?xml version="1.0"?><!DOCTYPE response><response status="ok"><message>key ${KEY.slice(0, 9)}<br/>${KEY.slice(9)}</message></response>`), [KEY.slice(0, 9), KEY.slice(9)]],
      ['HTTP 500 with an HTML page that writes them as character references', (x) => x.res.writeHead(500, { 'Content-Type': 'text/html' }).end(`<!DOCTYPE html><html><body><p>key ${refs(KEY)}<br>password ${refs(PASSWORD)}</body></html>`), [refs(KEY).slice(0, 60), refs(PASSWORD).slice(0, 60)]],
      ['HTTP 500 with a UTF-16 page that has no byte order mark', (x) => x.res.writeHead(500, { 'Content-Type': 'text/plain' }).end(Buffer.from(echo, 'utf16le'))],
      ['HTTP 500 with the request dumped in base64', (x) => x.res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`request: ${b64(`X-Service-Key ${KEY}\npassword ${PASSWORD}`)}`), [b64(KEY).slice(4, 20)]],
      ['HTTP 200 with an XML declaration whose encoding is the key', (x) => xml(x, 200, `<?xml version="1.0" encoding="${KEY}"?><response status="ok"><Submissions/></response>`)],
    ];
    for (const [name, answer, forms = []] of cases) {
      it(`${name}: redacted and bounded to 200 characters`, async () => {
        const sv = await hostile((x) => (x.entry.passwordOk ? answer(x) : x.entry.digest ? x.server.standard(x) : x.server.reply(x, 401, 'who', { 'WWW-Authenticate': x.server.challenge() })));
        if (name.startsWith('a Basic')) sv.setScript(answer);
        sv.account.password = PASSWORD;
        sv.account.key = KEY;
        const logger = capturingLogger();
        const { c } = hostileClient(sv, { retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 }, logger });
        const e = await rejection(() => c.getSubmission('5'));
        const texts = [e.message, e.serviceMessage ?? '', ...logger.lines];
        for (const t of texts) {
          for (const secret of [PASSWORD, KEY, encodeURIComponent(PASSWORD), 'pa&amp;ss', ...forms]) {
            // NULs left out, as a reader's eye leaves them out (UTF-16 read as UTF-8).
            assert.ok(!t.replace(/\0/g, '').includes(secret), `${JSON.stringify(secret)} in ${JSON.stringify(t)}`);
          }
        }
        assert.ok((e.serviceMessage ?? '').length <= 201, `serviceMessage of ${e.serviceMessage?.length} characters`);
        assert.ok(e.message.length <= 500, `message of ${e.message.length} characters`);
        tried('leakChecks', texts.length);
        tried('hostile');
      });
    }
  });

  it('a new submission answered with a status that echoes the password and key: redacted and bounded in the error', async () => {
    const PASSWORD = 'pa55-w0rd-echoed';
    const KEY = 'K3Y-0123456789abcdef';
    const answer = `<response status="ok"><submission status="refused for ${PASSWORD} ${KEY}${' padding'.repeat(200)}"><id>7</id></submission></response>`;
    const sv = await hostile((x) => x.server.standard(x, () => {
      x.req.on('end', () => x.res.writeHead(200, { 'Content-Type': 'application/xml' }).end(answer)).resume();
    }));
    sv.account.password = PASSWORD;
    sv.account.key = KEY;
    const { c } = hostileClient(sv, { retry: undefined });
    const dir = tempDir();
    const doc = makeFile(dir, 'offer.txt', 'an offer');
    const e = await rejection(() => c.createSubmission({ formReference: 'R-1', documents: [{ path: doc }], recipients: [{ firstName: 'Ada', lastName: 'L', email: 'ada@example.org' }] }));
    assert.equal(e.kind, 'serviceError');
    for (const secret of [PASSWORD, KEY]) assert.ok(!e.message.includes(secret), `${secret} in ${JSON.stringify(e.message)}`);
    assert.ok(e.message.length <= 500, `message of ${e.message.length} characters`);
    tried('leakChecks');
    tried('hostile');
  });

  describe('no credential in any log line', () => {
    /** The request's headers as they arrived, the credentials first (as a page that shows them would, within the 200 characters quoted). */
    const headersOf = (x: Exchange): [string, string][] => {
      const pairs: [string, string][] = [];
      for (let i = 0; i + 1 < x.req.rawHeaders.length; i += 2) pairs.push([x.req.rawHeaders[i], x.req.rawHeaders[i + 1]]);
      const rank = (name: string) => ['authorization', 'x-service-key'].indexOf(name.toLowerCase()) >>> 0;
      return pairs.sort(([a], [b]) => rank(a) - rank(b));
    };
    /** Error pages that echo the request, as debugging servers and gateways write them. */
    const ECHOES: Record<string, (x: Exchange) => [type: string, body: string]> = {
      'its headers as lines': (x) => ['text/plain', headersOf(x).map(([k, v]) => `${k}: ${v}`).join('\r\n')],
      'its headers as JSON (as httpbin does)': (x) => ['application/json', JSON.stringify({ headers: Object.fromEntries(headersOf(x)) })],
      'its headers in an HTML table': (x) => ['text/html', `<html><body><table>${headersOf(x).map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`).join('')}</table></body></html>`],
      'the Digest parameters it checked': (x) => ['text/plain', `Digest check failed: ${Object.entries(x.entry.digest ?? {}).reverse().map(([k, v]) => `${k}="${v}"`).join(', ')}`],
    };
    type Mode = 'answered' | 'stale once' | keyof typeof ECHOES;

    it('every operation, answered, stale, refused and failing with pages that echo the request: no Authorization or X-Service-Key value, response= or cnonce= in any log line or error', async () => {
      let mode: Mode = 'answered';
      let staleNext = true;
      const sv = await hostile((x) => {
        if (!x.entry.passwordOk || !x.server.nonceFresh(x.entry) || mode === 'answered') return x.server.standard(x);
        if (mode === 'stale once') {
          staleNext = !staleNext;
          return !staleNext ? x.server.reply(x, 401, 'stale', { 'WWW-Authenticate': x.server.challenge({ stale: true }) }) : x.server.standard(x);
        }
        const [type, body] = ECHOES[mode](x);
        // Answered once the request's body is in, so that an upload fails on the answer, not on a closed connection.
        x.req.on('end', () => x.res.writeHead(500, { 'Content-Type': type }).end(body)).resume();
      });
      const logger = capturingLogger();
      const { c, refusals } = hostileClient(sv, { retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 1 }, logger });
      const dir = tempDir();
      const doc = makeFile(dir, 'offer.txt', 'an offer');
      const attachment = { id: '3', ticket: 'T3', name: 'offer.pdf' };
      const file = { id: '2', ticket: 'T2', name: 'scan.bin' };
      const operations: Record<string, () => Promise<unknown>> = {
        listSubmissions: () => c.listSubmissions(),
        getSubmission: () => c.getSubmission('1'),
        getHistory: () => c.getHistory('1'),
        getStatus: () => c.getStatus('1'),
        downloadAttachment: () => c.downloadAttachment('1', attachment, { directory: dir }),
        openAttachment: async () => (await c.openAttachment('1', attachment)).stream.destroy(),
        downloadSummary: () => c.downloadSummary('1', { directory: dir }),
        openSummary: async () => (await c.openSummary('1')).stream.destroy(),
        createSubmission: () => c.createSubmission({ formReference: 'R-1', documents: [{ path: doc }], recipients: [{ firstName: 'Ada', lastName: 'L', email: 'ada@example.org' }] }),
        listArchive: () => c.listArchive(),
        getArchiveFile: () => c.getArchiveFile('2'),
        downloadArchiveFile: () => c.downloadArchiveFile(file, { directory: dir }),
        openArchiveFile: async () => (await c.openArchiveFile(file)).stream.destroy(),
        uploadArchiveFile: () => c.uploadArchiveFile({ path: doc, title: 'Offer' }),
      };
      const requestMethods = Object.getOwnPropertyNames(ServiceClient.prototype)
        .filter((n) => n !== 'constructor' && n !== 'documentsProblem' && typeof Object.getOwnPropertyDescriptor(ServiceClient.prototype, n)?.value === 'function');
      assert.deepEqual(Object.keys(operations).sort(), requestMethods.sort(), 'every operation of the client is run');

      const errors: string[] = [];
      const runAll = async () => {
        for (const run of Object.values(operations)) {
          await run().catch((e: Error & { serviceMessage?: string }) => errors.push(e.message, e.serviceMessage ?? ''));
        }
      };
      for (const m of ['answered', 'stale once', ...Object.keys(ECHOES)] as Mode[]) {
        mode = m;
        await runAll();
      }
      mode = 'answered';
      sv.account.password = 'changed-by-admin';
      await runAll();
      assert.equal(refusals.length, 1, 'the refusal was logged too');

      const sent = sv.log.filter((e) => e.digest);
      assert.ok(sent.length > 100, `${sent.length} authenticated requests`);
      const secrets = new Set<string>([sv.account.key, 'right-password', encodeURIComponent('right-password')]);
      for (const e of sv.log) {
        if (typeof e.headers.authorization === 'string') secrets.add(e.headers.authorization);
        if (e.key) secrets.add(e.key);
        if (e.digest?.response) secrets.add(e.digest.response);
        if (e.digest?.cnonce) secrets.add(e.digest.cnonce);
      }
      const texts = [...logger.lines, ...errors];
      assert.ok(logger.lines.some((l) => /Retrying/.test(l)) && logger.lines.some((l) => /stale nonce/.test(l)) && logger.lines.some((l) => /refused/.test(l)), 'retries, stale answers and the refusal were logged');
      for (const t of texts) {
        assert.doesNotMatch(t, /response\s*=|cnonce\s*=/i);
        for (const s of secrets) assert.ok(!t.includes(s), `${JSON.stringify(s)} in ${JSON.stringify(t)}`);
      }
      tried('leakChecks', texts.length);
      tried('hostile', Object.keys(ECHOES).length);
    }).timeout(30_000);
  });
});
