import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, it } from 'mocha';
import { tried } from '../reliability/tally';
import { clientFor, demoSandboxPerSuite, rejection, tempDir } from './helpers';

describe('client ↔ sandbox: hostile data', () => {
  const t = demoSandboxPerSuite();
  afterEach(() => t.sb.faults.clear());

  /** What the header says, and the name the file must get (a RegExp where the exact form is not the point). */
  const HOSTILE: [string, string, string | RegExp][] = [
    ['a path up and out', 'attachment; filename="../../.bashrc"', 'bashrc'],
    ['an absolute path', 'attachment; filename="/etc/passwd"', 'passwd'],
    ['a Windows path', 'attachment; filename="..\\\\..\\\\win.ini"', 'win.ini'],
    ['a reserved device name', 'attachment; filename="CON"', '_CON'],
    ['a reserved name with an extension', 'attachment; filename="lpt1.txt"', '_lpt1.txt'],
    ['a reserved name with a superscript digit (encoded)', "attachment; filename*=UTF-8''COM%C2%B9.txt", '_COM¹.txt'],
    ['a console device name', 'attachment; filename="CONOUT$"', '_CONOUT$'],
    ['a newline (encoded)', "attachment; filename*=UTF-8''evil%0Aname.txt", 'evil_name.txt'],
    ['a NUL (encoded)', "attachment; filename*=UTF-8''a%00b.txt", 'a_b.txt'],
    ['a bidi override (encoded)', "attachment; filename*=UTF-8''report%E2%80%AEfdp.exe", 'report_fdp.exe'],
    ['a 10,000-character name', `attachment; filename="${'x'.repeat(10_000)}.pdf"`, /^x{196}\.pdf$/],
    ['only dots', 'attachment; filename=".."', /^contract/],
  ];

  for (const [what, value, expected] of HOSTILE) {
    it(`saves a download whose Content-Disposition has ${what} under a safe name inside the chosen folder`, async () => {
      const parent = tempDir();
      const dir = path.join(parent, 'downloads');
      const rec = t.sb.store.archives[0];
      t.sb.faults.add({ method: 'GET', path: `^/archives/${rec.id}/`, kind: 'disposition', value });
      const res = await t.client.downloadArchiveFile(rec, { directory: dir });
      assert.equal(path.dirname(res.path), dir, 'inside the chosen folder');
      const name = path.basename(res.path);
      if (typeof expected === 'string') assert.equal(name, expected);
      else assert.match(name, expected);
      // eslint-disable-next-line no-control-regex -- control characters are what must not be there
      assert.doesNotMatch(name, /^\.|[/\\\u0000-\u001f\u202a-\u202e]/, `a safe name: ${JSON.stringify(name)}`);
      assert.doesNotMatch(name, /^(con|prn|aux|nul|com[\d¹²³]|lpt[\d¹²³]|conin\$|conout\$)(\..*)?$/i);
      assert.ok(Buffer.byteLength(name) <= 200, `bounded: ${Buffer.byteLength(name)} bytes`);
      assert.deepEqual(readdirSync(parent), ['downloads'], 'nothing written beside or above it');
      assert.deepEqual(readdirSync(dir), [name]);
      tried('hostile');
      tried('lossChecks');
    });
  }

  it('cuts off an XML response above the configured limit instead of reading it all', async () => {
    const small = clientFor(t.sb, { maxXmlBytes: 256 });
    const e = await rejection(() => small.getSubmission(t.sb.store.submissions[0].id));
    assert.equal(e.kind, 'badResponse');
    assert.equal(e.message, "The service's response is larger than the 256 bytes limit for XML responses.");
    tried('faults');
  });

  it('cuts off a list above the limit configured for lists instead of reading it all', async () => {
    const small = clientFor(t.sb, { maxListBytes: 2048 });
    const e = await rejection(() => small.listSubmissions());
    assert.equal(e.kind, 'badResponse');
    assert.equal(e.message, "The service's list is larger than the 2 KB limit for lists.");
    tried('faults');
  });
});
