import { afterEach, beforeEach, describe, it } from 'mocha';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { identifierProblem, ServiceClient, type ClientOptions, type NewSubmission } from '../../src/core/client';
import { ServiceError } from '../../src/core/errors';
import { checkFile, isProblem } from '../../src/core/localFile';
import { isError, tempDir } from './helpers';
import { tried } from '../reliability/tally';
import { requestCounter } from '../../tools/requestCounter';

/** Port 9 (discard) on loopback: never reached, because validation fails first (and the transport is stubbed besides). */
const OPTIONS: ClientOptions = { baseUrl: 'http://127.0.0.1:9/x', credentials: { username: 'u', password: 'p', apiKey: 'k' }, retry: { retries: 0 } };

describe('ServiceClient validation', () => {
  let dir: string;
  let cleanup: () => void;
  let pdf: string;
  let client: ServiceClient;
  /** Requests that got past validation; the transport is stubbed so that none reaches a socket. */
  let attempted: string[];
  let requests: ReturnType<typeof requestCounter>;

  beforeEach(() => {
    ({ dir, cleanup } = tempDir('client'));
    pdf = path.join(dir, 'a.pdf');
    fs.writeFileSync(pdf, '%PDF-1.7\n%%EOF\n');
    requests = requestCounter();
    client = new ServiceClient({ ...OPTIONS, logger: requests.logger });
    attempted = [];
    const transport = (client as unknown as { transport: { request: (req: { operation: string }) => Promise<never> } }).transport;
    transport.request = async (req) => {
      attempted.push(req.operation);
      throw new Error(`validation let ${req.operation} through to the network`);
    };
  });
  afterEach(() => cleanup());

  const valid = (): NewSubmission => ({
    formReference: 'REF-1',
    recipients: [{ firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' }],
    coverNote: 'Hello',
    data: '',
    documents: [{ path: pdf }],
  });

  /** createSubmission must refuse `s` with invalidRequest and this message, without sending anything. */
  async function refused(s: NewSubmission, message: string | RegExp): Promise<void> {
    await assert.rejects(client.createSubmission(s), isError('invalidRequest', message));
    assert.deepStrictEqual(attempted, [], 'no request was attempted');
    assert.equal(requests.count, 0, 'no request was sent');
  }

  it('lets a valid submission and a valid upload through validation (to the stubbed transport)', async () => {
    await assert.rejects(client.createSubmission(valid()), /validation let POST \/submissions through to the network/);
    await assert.rejects(client.uploadArchiveFile({ path: pdf, title: 'Übersicht – 2024' }), /validation let PUT \/archives through to the network/);
    assert.deepStrictEqual(attempted, ['POST /submissions', 'PUT /archives']);
    attempted = [];
  });

  describe('createSubmission', () => {
    it('refuses a submission without recipients', async () => {
      await refused({ ...valid(), recipients: [] }, 'A submission needs at least one recipient.');
    });

    for (const email of ['a@b', 'a b@c.de', '<x>@y.z', 'x@y', 'ann@@example.com', 'ann@example..com', 'ann@example.c', 'ann@exa mple.com', 'ann@example.com\n', '"ann"@example.com']) {
      it(`refuses the e-mail address ${JSON.stringify(email)}`, async () => {
        await refused({ ...valid(), recipients: [{ firstName: 'A', lastName: 'B', email }] }, `Recipient 1's e-mail address "${email}" is not valid.`);
      });
    }

    it('refuses an empty e-mail address', async () => {
      await refused({ ...valid(), recipients: [{ firstName: 'A', lastName: 'B', email: '' }] }, "Recipient 1's e-mail address must not be empty.");
      await refused({ ...valid(), recipients: [{ firstName: 'A', lastName: 'B', email: '   ' }] }, "Recipient 1's e-mail address must not be empty.");
    });

    it('names the recipient whose e-mail address is invalid', async () => {
      await refused({ ...valid(), recipients: [...valid().recipients, { firstName: 'C', lastName: 'D', email: 'c@d' }] }, `Recipient 2's e-mail address "c@d" is not valid.`);
    });

    it('refuses CR or LF in a name, a recipient type, an authentication value or the form reference', async () => {
      const r = valid().recipients[0];
      await refused({ ...valid(), recipients: [{ ...r, firstName: 'Ann\r\nBcc: x' }] }, "Recipient 1's first name must be a single line without control characters.");
      await refused({ ...valid(), recipients: [{ ...r, lastName: 'Lee\n' }] }, "Recipient 1's last name must be a single line without control characters.");
      await refused({ ...valid(), recipients: [{ ...r, type: 'PRIMARY\n' }] }, "Recipient 1's type must be a single line without control characters.");
      await refused({ ...valid(), recipients: [{ ...r, auth: { method: 'SMS', number: '123\r' } }] }, "Recipient 1's authentication number must be a single line without control characters.");
      await refused({ ...valid(), formReference: 'REF\r\n1' }, 'The form reference must be a single line without control characters.');
      await refused({ ...valid(), formReference: 'REF\u0000' }, 'The form reference must be a single line without control characters.');
      tried('hostile', 6);
    });

    it('refuses a blank authentication method or number', async () => {
      const r = valid().recipients[0];
      await refused({ ...valid(), recipients: [{ ...r, auth: { method: ' ', number: '1' } }] }, "Recipient 1's authentication method must not be empty.");
      await refused({ ...valid(), recipients: [{ ...r, auth: { method: 'SMS', number: '' } }] }, "Recipient 1's authentication number must not be empty.");
    });

    it('refuses control characters the XML package cannot carry in the cover note and data', async () => {
      await refused({ ...valid(), coverNote: 'Hello\u0001' }, 'The cover note contains a control character that cannot be sent.');
      await refused({ ...valid(), data: 'x\u001Fy' }, 'The data contains a control character that cannot be sent.');
      await refused({ ...valid(), coverNote: 'broken \uD800 surrogate' }, 'The cover note contains a control character that cannot be sent.');
      await refused({ ...valid(), data: '\uFFFF' }, 'The data contains a control character that cannot be sent.');
      tried('hostile', 4);
    });

    it('refuses a value longer than it sends, and more recipients than it sends, before anything is sent', async () => {
      const r = valid().recipients[0];
      await refused({ ...valid(), data: 'x'.repeat(10_000_001) }, 'The data has 10,000,001 characters; at most 10,000,000 can be sent.');
      await refused({ ...valid(), coverNote: 'y'.repeat(10_000_001) }, 'The cover note has 10,000,001 characters; at most 10,000,000 can be sent.');
      await refused({ ...valid(), formReference: 'R'.repeat(1001) }, 'The form reference has 1,001 characters; at most 1,000 can be sent.');
      await refused({ ...valid(), recipients: [r, { ...r, lastName: 'L'.repeat(1001) }] }, "Recipient 2's last name has 1,001 characters; at most 1,000 can be sent.");
      await refused({ ...valid(), recipients: [{ ...r, auth: { method: 'SMS', number: '1'.repeat(1001) } }] }, "Recipient 1's authentication number has 1,001 characters; at most 1,000 can be sent.");
      await refused({ ...valid(), options: { transparency: 't'.repeat(1001) } }, 'The package value transparency has 1,001 characters; at most 1,000 can be sent.');
      await refused({ ...valid(), options: { confirmIntent: '1\n' } }, 'The package value confirm_intent must be a single line without control characters.');
      await refused({ ...valid(), recipients: Array.from({ length: 10_001 }, (_, i) => ({ ...r, email: `r${i}@example.org` })) }, 'A submission can have at most 10,000 recipients; this one has 10,001.');
    });

    it('lets a value at its limit through: 10,000,000 characters of data, 10,000 recipients', async () => {
      const r = valid().recipients[0];
      const s = { ...valid(), data: 'x'.repeat(10_000_000), formReference: 'R'.repeat(1000), recipients: Array.from({ length: 10_000 }, (_, i) => ({ ...r, email: `r${i}@example.org` })) };
      await assert.rejects(client.createSubmission(s), /validation let POST \/submissions through to the network/);
      attempted = [];
    });

    it('refuses names and a form reference with characters XML cannot carry (U+FFFE, lone surrogates)', async () => {
      const r = valid().recipients[0];
      await refused({ ...valid(), recipients: [{ ...r, firstName: 'Ann\uFFFE' }] }, /first name/);
      await refused({ ...valid(), formReference: 'REF \uD800' }, /form reference/);
      tried('hostile', 2);
    });

    it('refuses a submission without documents', async () => {
      await refused({ ...valid(), documents: [] }, 'A submission needs at least one document.');
    });

    it('refuses a missing file', async () => {
      await refused({ ...valid(), documents: [{ path: path.join(dir, 'missing.pdf') }] }, '"missing.pdf" does not exist.');
    });

    it('refuses an empty file', async () => {
      fs.writeFileSync(path.join(dir, 'empty.pdf'), '');
      await refused({ ...valid(), documents: [{ path: pdf }, { path: path.join(dir, 'empty.pdf') }] }, '"empty.pdf" is empty.');
    });

    it('refuses a directory', async () => {
      fs.mkdirSync(path.join(dir, 'folder.pdf'));
      await refused({ ...valid(), documents: [{ path: path.join(dir, 'folder.pdf') }] }, '"folder.pdf" is not a file.');
    });

    it('refuses two documents with the same name, ignoring case', async () => {
      fs.mkdirSync(path.join(dir, 'other'));
      const other = path.join(dir, 'other', 'a.pdf');
      fs.writeFileSync(other, 'x');
      await refused({ ...valid(), documents: [{ path: pdf }, { path: other }] }, 'Two documents are named "a.pdf"; each attachment needs its own name.');
      await refused({ ...valid(), documents: [{ path: pdf }, { path: other, name: 'A.PDF' }] }, 'Two documents are named "A.PDF"; each attachment needs its own name.');
    });

    it('refuses a document named like the package', async () => {
      await refused({ ...valid(), documents: [{ path: pdf, name: 'package.xml' }] }, 'A document may not be named "package.xml": that name is the package\'s.');
      await refused({ ...valid(), documents: [{ path: pdf, name: 'Package.XML' }] }, 'A document may not be named "package.xml": that name is the package\'s.');
    });

    it('refuses document names that are not plain file names', async () => {
      await refused({ ...valid(), documents: [{ path: pdf, name: 'a\nb.pdf' }] }, 'The document name "a\nb.pdf" must be a single line without control characters.');
      await refused({ ...valid(), documents: [{ path: pdf, name: 'sub/a.pdf' }] }, 'The document name "sub/a.pdf" cannot be used as a file name.');
      await refused({ ...valid(), documents: [{ path: pdf, name: 'CON.pdf' }] }, 'The document name "CON.pdf" cannot be used as a file name.');
      await refused({ ...valid(), documents: [{ path: pdf, name: '  ' }] }, 'A document name must not be empty.');
    });
  });

  describe('checked once', () => {
    it('sends a file checked with checkFile as checked', async () => {
      const checked = await checkFile(pdf);
      assert.ok(!isProblem(checked));
      await assert.rejects(client.createSubmission({ ...valid(), documents: [{ file: checked }] }), /validation let POST \/submissions through/);
      await assert.rejects(client.uploadArchiveFile({ file: checked, title: 'T' }), /validation let PUT \/archives through/);
    });

    it('checks a checked file again when it changed since: saved anew it is sent, removed it is refused', async () => {
      const checked = await checkFile(pdf);
      assert.ok(!isProblem(checked));
      fs.appendFileSync(pdf, 'more');
      await assert.rejects(client.uploadArchiveFile({ file: checked, title: 'T' }), /validation let PUT \/archives through/);
      attempted = [];
      fs.rmSync(pdf);
      await refused({ ...valid(), documents: [{ file: checked }] }, '"a.pdf" does not exist.');
    });

    it('carries the problem as data, for the extension to word', async () => {
      await assert.rejects(client.createSubmission({ ...valid(), recipients: [{ firstName: 'A\n', lastName: 'B', email: 'a@example.com' }] }), (e: unknown) => {
        assert.ok(e instanceof ServiceError);
        assert.deepEqual(e.problem, { code: 'controlCharacter', field: 'firstName', recipient: 1 });
        return true;
      });
    });

    it('tells which documents cannot go together, with the package name it is configured with', () => {
      const c = new ServiceClient({ ...OPTIONS, packageFileName: 'manifest.xml' });
      assert.deepEqual(c.documentsProblem([{ name: 'Manifest.XML', size: 1 }]), { code: 'reservedName', field: 'documentName', values: ['manifest.xml'] });
      assert.equal(c.documentsProblem([{ name: 'package.xml', size: 1 }]), undefined);
      assert.deepEqual(c.documentsProblem([{ name: 'a.pdf', size: 0 }]), { code: 'emptyFile', field: 'documents', values: ['a.pdf'] });
    });
  });

  describe('uploadArchiveFile', () => {
    async function refusedUpload(f: Parameters<ServiceClient['uploadArchiveFile']>[0], message: string): Promise<void> {
      await assert.rejects(client.uploadArchiveFile(f), isError('invalidRequest', message));
      assert.deepStrictEqual(attempted, [], 'no request was attempted');
    assert.equal(requests.count, 0, 'no request was sent');
    }

    it('refuses a title with CR LF', async () => {
      await refusedUpload({ path: pdf, title: 'Report\r\nX-Injected: 1' }, 'The title must be a single line without control characters.');
      tried('hostile');
    });

    it('refuses an empty title', async () => {
      await refusedUpload({ path: pdf, title: '' }, 'The title must not be empty.');
      await refusedUpload({ path: pdf, title: '  ' }, 'The title must not be empty.');
    });

    it('refuses a file name with a line break', async () => {
      await refusedUpload({ path: pdf, title: 'T', name: 'a\nb.pdf' }, 'The file name must be a single line without control characters.');
      tried('hostile');
    });

    it('refuses a missing file', async () => {
      await refusedUpload({ path: path.join(dir, 'missing.pdf'), title: 'T' }, '"missing.pdf" does not exist.');
    });

    it('refuses an empty file', async () => {
      fs.writeFileSync(path.join(dir, 'empty.pdf'), '');
      await refusedUpload({ path: path.join(dir, 'empty.pdf'), title: 'T' }, '"empty.pdf" is empty.');
    });

    it('refuses a directory', async () => {
      await refusedUpload({ path: dir, title: 'T', name: 'x.pdf' }, '"x.pdf" is not a file.');
    });
  });

  describe('constructor', () => {
    it('refuses an API key with a quote or non-ASCII characters', () => {
      for (const apiKey of ['k"x', 'kë', 'k\r\nX: 1']) {
        assert.throws(() => new ServiceClient({ ...OPTIONS, credentials: { ...OPTIONS.credentials, apiKey } }),
          isError('invalidRequest', 'The API key must be printable ASCII without quotes.'), apiKey);
      }
    });

    it('refuses a base URL with user:pass@', () => {
      for (const baseUrl of ['http://user:pass@127.0.0.1:9/x', 'https://user@example.com/x']) {
        assert.throws(() => new ServiceClient({ ...OPTIONS, baseUrl }), isError('invalidRequest', 'The base URL must not contain a user name or password.'), baseUrl);
      }
    });

    it('refuses a user name with a line break, and accepts quotes and non-ASCII', () => {
      assert.throws(() => new ServiceClient({ ...OPTIONS, credentials: { ...OPTIONS.credentials, username: 'u\nx' } }),
        isError('invalidRequest', 'The user name must be a single line without control characters.'));
      for (const username of ['u"x', 'Zoë']) assert.doesNotThrow(() => new ServiceClient({ ...OPTIONS, credentials: { ...OPTIONS.credentials, username } }));
    });

    it('refuses a base URL that is not a URL with invalidRequest', () => {
      assert.throws(() => new ServiceClient({ ...OPTIONS, baseUrl: 'not a url' }), isError('invalidRequest'));
    });

    it('accepts valid options without contacting the service', () => {
      const counted = requestCounter();
      new ServiceClient({ ...OPTIONS, logger: counted.logger });
      assert.equal(counted.count, 0);
    });
  });
});

describe('ids typed or sent as a path segment', () => {
  it('refuses only what cannot be a segment (empty, "." and ".."); anything else is escaped', () => {
    assert.deepEqual(['', '.', '..'].map((v) => identifierProblem(v)?.code), ['invalidIdentifier', 'invalidIdentifier', 'invalidIdentifier']);
    assert.deepEqual(['1001', 'a/b', '..a', 'ü 1'].map((v) => identifierProblem(v)), [undefined, undefined, undefined, undefined]);
  });
});
