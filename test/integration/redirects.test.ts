// An answer outside 2xx is an error, whatever it carries: a `302` with a
// `Location` and an HTML page (a login portal, a moved service) is neither
// saved as the file nor read as the list, and the `Location` is not asked.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'mocha';
import { tried } from '../reliability/tally';
import { hostileClient, hostilePerTest, rejection, tempDir } from './helpers';

describe('client ↔ hostile server: a redirect is an error', () => {
  const hostile = hostilePerTest();
  it('a 302 with a Location and an HTML page fails each download and list: no file written, no request to the Location, no retry', async () => {
    const sv = (await hostile((x) => {
      if (x.entry.path.startsWith('/elsewhere')) return void x.res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end('not the file asked for');
      if (!x.entry.passwordOk) return x.server.standard(x);
      const location = `${x.server.baseUrl}/elsewhere${x.entry.path}`;
      return void x.res.writeHead(302, { Location: location, 'Content-Type': 'text/html' })
        .end(`<!DOCTYPE html><html><head><title>302 Found</title></head><body><h1>Found</h1><p>The document has moved <a href="${location}">here</a>.</p></body></html>`);
    }));
    const { c } = hostileClient(sv);
    const parent = tempDir();
    const dir = path.join(parent, 'downloads');
    const file = { id: '2', ticket: 'T2', name: 'scan.pdf' };
    const calls: Record<string, () => Promise<unknown>> = {
      'an archive file download': () => c.downloadArchiveFile(file, { directory: dir }),
      'an archive file download to a chosen path': () => c.downloadArchiveFile(file, { path: path.join(dir, 'chosen.pdf') }),
      'an attachment download': () => c.downloadAttachment('1', { id: '3', ticket: 'T3', name: 'offer.pdf' }, { directory: dir }),
      'a summary download': () => c.downloadSummary('1', { directory: dir }),
      'an archive file opened': () => c.openArchiveFile(file),
      'the list of submissions': () => c.listSubmissions(),
      'the archive list': () => c.listArchive(),
    };
    for (const [what, call] of Object.entries(calls)) {
      const mark = sv.log.length;
      const e = await rejection(call);
      assert.equal(e.kind, 'serviceError', what);
      assert.equal(e.status, 302, what);
      assert.match(e.message, /^The service answered with HTTP 302: 302 Found Found The document has moved here \.$/, `${what}: ${e.message}`);
      assert.deepEqual(sv.log.slice(mark).filter((r) => r.digest).map((r) => `${r.method} ${r.status}`), ['GET 302'], `${what}: one request, not retried`);
      tried('hostile');
    }
    assert.deepEqual(sv.log.filter((r) => r.path.startsWith('/elsewhere')), [], 'no request to the Location');
    assert.deepEqual(readdirSync(parent, { recursive: true, withFileTypes: true }).filter((d) => !d.isDirectory()).map((d) => d.name), [], 'no file written, not even a temporary one');
    tried('lossChecks', 4);
  });
});
