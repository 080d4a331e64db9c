// Proves the sandbox itself: every endpoint through `curl --digest` (an
// independent Digest client), the auth rules through a small raw-HTTP Digest
// implementation written here, the wire decisions, faults and persistence.
import { describe, it, before, after } from 'mocha';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { PDFDocument } from 'pdf-lib';
import { startSandbox, type Sandbox } from '../../tools/sandbox/index';
import { optionalSuite } from '../reliability/optional';

const work = mkdtempSync(path.join(os.tmpdir(), 'sandbox-test-'));
let fileSeq = 0;
const tmpFile = (name = 'f') => path.join(work, `${++fileSeq}-${name}`);

const xml = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (n) => ['submission', 'recipient', 'attachment', 'historyEvent', 'file', 'tag'].includes(n),
});
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type X = any;
const parse = (b: Buffer | string): X => xml.parse(b.toString());

// ---------- curl ----------

interface CurlResult {
  code: number;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  stderr: string;
}

function run(cmd: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('error', reject);
    p.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** curl with Digest and the service key unless told otherwise; returns the final response. */
async function curl(sb: Sandbox, target: string, args: string[] = [], o: { password?: string; key?: string | null } = {}): Promise<CurlResult> {
  const hfile = tmpFile('headers');
  const bfile = tmpFile('body');
  const key = o.key === undefined ? sb.key : o.key;
  const all = [
    '-sS', '--max-time', '10', '--digest', '-u', `${sb.user}:${o.password ?? sb.password}`,
    ...(key === null ? [] : ['-H', `X-Service-Key: key="${key}"`]),
    '-D', hfile, '-o', bfile, '-w', '%{http_code}', ...args,
    target.startsWith('http') ? target : sb.baseUrl + target,
  ];
  const r = await run('curl', all);
  const blocks = existsSync(hfile) ? readFileSync(hfile, 'latin1').split(/\r\n\r\n/).filter((b) => b.startsWith('HTTP/')) : [];
  const headers: Record<string, string> = {};
  for (const line of (blocks[blocks.length - 1] ?? '').split('\r\n').slice(1)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return { code: r.code, status: Number(r.stdout), headers, body: existsSync(bfile) ? readFileSync(bfile) : Buffer.alloc(0), stderr: r.stderr };
}

async function curlOk(sb: Sandbox, target: string, args: string[] = []): Promise<CurlResult> {
  const r = await curl(sb, target, args);
  assert.equal(r.code, 0, `curl failed: ${r.stderr}`);
  assert.equal(r.status, 200, `HTTP ${r.status}: ${r.body.toString()}`);
  return r;
}

// ---------- a raw Digest client, independent of the sandbox code ----------

interface RawResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  distinct: NodeJS.Dict<string[]>;
  body: Buffer;
}

function raw(url: string, opts: { method?: string; headers?: http.OutgoingHttpHeaders; body?: Buffer } = {}): Promise<RawResult> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, distinct: res.headersDistinct, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

function param(h: string, name: string): string | undefined {
  return new RegExp(`${name}="?([^",]+)"?`).exec(h)?.[1];
}

async function challenge(sb: Sandbox): Promise<{ nonce: string; opaque: string; realm: string; values: string[] }> {
  const r = await raw(sb.baseUrl + '/archives');
  assert.equal(r.status, 401);
  const values = r.distinct['www-authenticate'] ?? [];
  return { nonce: param(values[0], 'nonce')!, opaque: param(values[0], 'opaque')!, realm: param(values[0], 'realm')!, values };
}

function digest(sb: Sandbox, c: { nonce: string; opaque: string; realm: string }, o: { method?: string; uri: string; nc: number; algorithm?: string; password?: string; headerUri?: string }): string {
  const algorithm = o.algorithm ?? 'SHA-256';
  const base = algorithm.replace(/-sess$/i, '');
  const h = (s: string) => createHash(base === 'MD5' ? 'md5' : 'sha256').update(s).digest('hex');
  const cnonce = randomBytes(8).toString('hex');
  const nc = o.nc.toString(16).padStart(8, '0');
  let ha1 = h(`${sb.user}:${c.realm}:${o.password ?? sb.password}`);
  if (/-sess$/i.test(algorithm)) ha1 = h(`${ha1}:${c.nonce}:${cnonce}`);
  const uri = o.headerUri ?? o.uri;
  const ha2 = h(`${o.method ?? 'GET'}:${uri}`);
  const response = h(`${ha1}:${c.nonce}:${nc}:${cnonce}:auth:${ha2}`);
  return `Digest username="${sb.user}", realm="${c.realm}", nonce="${c.nonce}", uri="${uri}", algorithm=${algorithm}, qop=auth, nc=${nc}, cnonce="${cnonce}", response="${response}", opaque="${c.opaque}"`;
}

function authed(
  sb: Sandbox, c: { nonce: string; opaque: string; realm: string }, p: string, nc: number,
  extra: { algorithm?: string; password?: string; headerUri?: string; method?: string; headers?: http.OutgoingHttpHeaders; body?: Buffer } = {},
): Promise<RawResult> {
  const uri = new URL(sb.baseUrl + p).pathname;
  const { headers, body, ...digestOpts } = extra;
  return raw(sb.baseUrl + p, {
    method: extra.method,
    body,
    headers: { Authorization: digest(sb, c, { uri, nc, ...digestOpts }), 'X-Service-Key': `key="${sb.key}"`, ...headers },
  });
}

/** Sends bytes on a plain socket and returns everything until the server closes. */
function socketExchange(sb: Sandbox, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = net.connect(sb.port, '127.0.0.1', () => s.write(request));
    let data = '';
    s.on('data', (d) => (data += d.toString('latin1')));
    s.on('end', () => resolve(data));
    s.on('error', reject);
    setTimeout(() => {
      s.destroy();
      resolve(data);
    }, 3000).unref();
  });
}

async function waitFor(pred: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const b64word = (s: string) => `=?UTF-8?B?${Buffer.from(s, 'utf8').toString('base64')}?=`;

function packageXml(attachments: string[], recipients = 2): string {
  const rs = [
    '<recipient type="REGULAR"><first_name>Ann</first_name><last_name>Lee</last_name><email_address>ann@example.com</email_address></recipient>',
    '<recipient type="COPIED"><first_name>Zoë</first_name><last_name>Ørsted</last_name><email_address>zoe@example.dk</email_address>' +
      '<recipient_auth>SMS</recipient_auth><recipient_auth_number>+45 1234</recipient_auth_number></recipient>',
  ].slice(0, recipients);
  return `<?xml version="1.0" encoding="UTF-8"?>
<submission type="8" broadcast="1">
  <form_reference>REF-007</form_reference>
  <transparency>0</transparency>
  <confirm_intent>1</confirm_intent>
  <recipients>${rs.join('')}</recipients>
  <cover_note><![CDATA[  Dear all, see <b>this</b> & ]]]]><![CDATA[> that – 日本  ]]></cover_note>
  <data><![CDATA[{"a":"0e123"}]]></data>
  <attachments>${attachments.map((a) => `<attachment name="${a}"/>`).join('')}</attachments>
</submission>
`;
}

// ---------- tests ----------

describe('sandbox service', function () {
  this.timeout(15000);
  let sb: Sandbox;

  before(async function () {
    const v = spawnSync('curl', ['--version']);
    if (!optionalSuite('Sandbox suite (against curl)', v.error || v.status !== 0 ? 'curl is not installed' : undefined, 'apt-get update && apt-get install -y curl')) this.skip();
    sb = await startSandbox({ seed: 'demo' });
  });

  after(async () => {
    await sb?.close();
    rmSync(work, { recursive: true, force: true });
  });

  describe('Digest auth and the service key', () => {
    it('answers 401 with one challenge per algorithm, SHA-256 first', async () => {
      const c = await challenge(sb);
      assert.equal(c.values.length, 2);
      assert.match(c.values[0], /^Digest realm="dsas-sandbox", qop="auth", algorithm=SHA-256, nonce="[^"]+", opaque="[^"]+"$/);
      assert.match(c.values[1], /algorithm=MD5,/);
      assert.equal(param(c.values[1], 'nonce'), c.nonce);
    });

    for (const alg of ['MD5', 'SHA-256'] as const) {
      it(`curl --digest lists submissions when only ${alg} is offered`, async () => {
        const one = await startSandbox({ algorithms: [alg], seed: 'demo' });
        try {
          const c = await challenge(one);
          assert.equal(c.values.length, 1);
          const r = await curlOk(one, '/submissions');
          assert.equal(parse(r.body).response.Submissions.submission.length, 6);
          await waitFor(() => one.accessLog.some((e) => e.status === 200));
          assert.equal(one.accessLog.find((e) => e.status === 200)!.algorithm, alg);
        } finally {
          await one.close();
        }
      });
    }

    it('refuses a wrong password (401) and a wrong or missing key (403)', async () => {
      const bad = await curl(sb, '/submissions', [], { password: 'nope' });
      assert.equal(bad.status, 401);
      assert.doesNotMatch(bad.headers['www-authenticate'] ?? '', /stale/);
      const wrongKey = await curl(sb, '/submissions', [], { key: 'wrong' });
      assert.equal(wrongKey.status, 403);
      assert.equal(parse(wrongKey.body).response.error.message, 'API key refused');
      assert.equal((await curl(sb, '/submissions', [], { key: null })).status, 403);
      // The key header must have exactly the key="…" form.
      const c = await challenge(sb);
      const r = await raw(sb.baseUrl + '/archives', { headers: { Authorization: digest(sb, c, { uri: '/dsas/v1.1/archives', nc: 1 }), 'X-Service-Key': sb.key } });
      assert.equal(r.status, 403);
    });

    it('refuses a replayed nc, accepts unused ones out of order, accepts -sess variants', async () => {
      const c = await challenge(sb);
      assert.equal((await authed(sb, c, '/archives', 1)).status, 200);
      const replay = await authed(sb, c, '/archives', 1);
      assert.equal(replay.status, 401);
      assert.doesNotMatch(String(replay.headers['www-authenticate']), /stale/);
      assert.equal((await authed(sb, c, '/archives', 3)).status, 200);
      assert.equal((await authed(sb, c, '/archives', 2)).status, 200);
      assert.equal((await authed(sb, c, '/archives', 4, { algorithm: 'MD5' })).status, 200);
      assert.equal((await authed(sb, c, '/archives', 5, { algorithm: 'MD5-sess' })).status, 200);
      assert.equal((await authed(sb, c, '/archives', 6, { algorithm: 'SHA-256-sess' })).status, 200);
      assert.equal((await authed(sb, c, '/archives', 7, { algorithm: 'SHA-512-256' })).status, 401);
      const wrong = await authed(sb, c, '/archives', 8, { password: 'nope' });
      assert.equal(wrong.status, 401);
      assert.doesNotMatch(String(wrong.headers['www-authenticate']), /stale/);
      const otherUri = await authed(sb, c, '/archives', 9, { headerUri: '/dsas/v1.1/submissions' });
      assert.equal(otherUri.status, 400);
      assert.match(parse(otherUri.body).response.error.message, /does not match the request target/);
    });

    it('answers stale=true for an expired nonce and for a forgotten one', async () => {
      const short = await startSandbox({ nonceTtlMs: 150 });
      try {
        let c = await challenge(short);
        assert.equal((await authed(short, c, '/archives', 1)).status, 200);
        await new Promise((r) => setTimeout(r, 250));
        const expired = await authed(short, c, '/archives', 2);
        assert.equal(expired.status, 401);
        const values = expired.distinct['www-authenticate']!;
        assert.equal(values.length, 2);
        for (const v of values) assert.match(v, /stale=true/);
        assert.equal((await authed(short, c, '/archives', 3, { password: 'nope' })).headers['www-authenticate']?.includes('stale'), false);

        c = await challenge(short);
        short.forgetNonces();
        const forgotten = await authed(short, c, '/archives', 1);
        assert.equal(forgotten.status, 401);
        assert.match(forgotten.distinct['www-authenticate']![0], /stale=true/);
      } finally {
        await short.close();
      }
    });

    it('treats an empty Expect header as a normal request and answers other expectations with 417', async () => {
      const c = await challenge(sb);
      const auth = digest(sb, c, { uri: '/dsas/v1.1/archives', nc: 1 });
      const ok = await socketExchange(sb, `GET /dsas/v1.1/archives HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\nX-Service-Key: key="${sb.key}"\r\nExpect:\r\nConnection: close\r\n\r\n`);
      assert.match(ok, /^HTTP\/1\.1 200 /);
      const odd = await socketExchange(sb, 'GET /dsas/v1.1/archives HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\nConnection: close\r\n\r\n');
      assert.match(odd, /^HTTP\/1\.1 417 /);
    });

    it('sends 100 Continue only to an authenticated upload', async () => {
      const body = randomBytes(5000);
      const put = (headers: http.OutgoingHttpHeaders) =>
        new Promise<{ status: number; continued: boolean }>((resolve, reject) => {
          let continued = false;
          const req = http.request(sb.baseUrl + '/archives', {
            method: 'PUT', agent: false,
            headers: { Expect: '100-continue', 'Content-Length': body.length, 'X-Service-Title': 'cont', 'X-Service-Name': 'cont.bin', ...headers },
          }, (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, continued }));
          });
          req.on('continue', () => {
            continued = true;
            req.end(body);
          });
          req.on('error', reject);
        });
      const refused = await put({});
      assert.deepEqual(refused, { status: 401, continued: false });
      const c = await challenge(sb);
      const okRes = await put({ Authorization: digest(sb, c, { method: 'PUT', uri: '/dsas/v1.1/archives', nc: 1 }), 'X-Service-Key': `key="${sb.key}"` });
      assert.deepEqual(okRes, { status: 200, continued: true });
    });
  });

  describe('endpoints through curl', () => {
    it('lists, details, history and status keep ids and md5_ids as strings', async () => {
      const list = parse((await curlOk(sb, '/submissions')).body).response;
      const ids = list.Submissions.submission.map((s: X) => s.id);
      assert.ok(ids.includes('000417'));
      assert.ok(ids.some((id: string) => id.length >= 20));
      const s417 = list.Submissions.submission.find((s: X) => s.id === '000417');
      assert.equal(s417['@_type'], '8');
      assert.match(s417.md5_id, /^0e\d{30}$/);
      const long = list.Submissions.submission.find((s: X) => s.id.length >= 20);
      assert.equal(long.primary_recipient.recipient_auth, 'SMS');
      assert.equal(s417.primary_recipient.recipient_auth, undefined);

      const detail = parse((await curlOk(sb, '/submissions/000417')).body).response.submission[0];
      assert.equal(detail.id, '000417');
      assert.equal(detail.recipients.recipient[0].recp_type, 'PRIMARY');
      assert.equal(detail.total.involved, '2');

      const history = parse((await curlOk(sb, '/submissions/1002/history')).body).response.history;
      assert.equal(history.submission_id, '1002');
      assert.ok(history.events.historyEvent.length >= 5);
      assert.match(history.events.historyEvent[0].time, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      const status = parse((await curlOk(sb, '/submissions/1002/status')).body).response.submission[0];
      assert.equal(status.status, 'COMPLETED');
      assert.equal((await curl(sb, '/submissions/417')).status, 404);
    });

    it('carries `]]>` in CDATA as adjacent sections', async () => {
      const body = (await curlOk(sb, '/submissions/1001')).body.toString();
      assert.match(body, /<comment><!\[CDATA\[Signed\. Note: \]\]\]\]><!\[CDATA\[> is not a problem\]\]><\/comment>/);
      const cdata = new XMLParser({ ignoreAttributes: false, cdataPropName: '#cdata', isArray: (n) => n === 'recipient' });
      const r = cdata.parse(body).response.submission.recipients.recipient[0];
      assert.equal([].concat(r.comment['#cdata']).join(''), 'Signed. Note: ]]> is not a problem');
    });

    it('PUT /archives with curl -T stores the exact bytes and decodes RFC 2047 headers', async () => {
      const bytes = randomBytes(200_000);
      const file = tmpFile('upload.bin');
      writeFileSync(file, bytes);
      const title = 'Übersicht – 2024 <final> & more';
      const r = await curlOk(sb, '/archives', ['-T', file, '-H', `X-Service-Title: ${b64word(title)}`, '-H', 'X-Service-Name: =?UTF-8?Q?=C3=9Cbersicht_=E2=80=93?= =?UTF-8?Q?_2024.pdf?=']);
      const id = parse(r.body).response.file[0].id;
      const stored = sb.store.getArchive(id)!;
      assert.equal(stored.title, title);
      assert.equal(stored.name, 'Übersicht – 2024.pdf');
      assert.equal(stored.fullSize, bytes.length);
      assert.equal(stored.mimetype, 'application/pdf');
      assert.ok(readFileSync(sb.store.archivePath(id)).equals(bytes));

      const detail = parse((await curlOk(sb, `/archives/${id}`)).body).response.Files.file[0];
      assert.equal(detail.hash, sha256(bytes));
      assert.equal(detail.full_size, String(bytes.length));
      assert.match(detail.mtime, /^\d{10}$/);

      const dl = await curlOk(sb, `/archives/${id}/${detail.ticket}`);
      assert.ok(dl.body.equals(bytes));
      assert.equal(dl.headers['content-type'], 'application/pdf');
      assert.equal(dl.headers['content-length'], String(bytes.length));
      assert.equal(dl.headers['content-disposition'], `attachment; filename="Ubersicht _ 2024.pdf"; filename*=UTF-8''%C3%9Cbersicht%20%E2%80%93%202024.pdf`);
      assert.equal((await curl(sb, `/archives/${id}/${'0'.repeat(32)}`)).status, 404);
    });

    it('PUT /archives accepts RFC 8187 values and refuses missing or control-character headers', async () => {
      const file = tmpFile('small.txt');
      writeFileSync(file, 'hello');
      const ok = await curlOk(sb, '/archives', ['-T', file, '-H', `X-Service-Title: UTF-8''Gr%C3%BC%C3%9Fe`, '-H', 'X-Service-Name: plain name.txt']);
      const stored = sb.store.getArchive(parse(ok.body).response.file[0].id)!;
      assert.equal(stored.title, 'Grüße');
      assert.equal(stored.name, 'plain name.txt');
      const noTitle = await curl(sb, '/archives', ['-T', file, '-H', 'X-Service-Name: a.txt']);
      assert.equal(noTitle.status, 400);
      assert.match(parse(noTitle.body).response.error.message, /X-Service-Title/);
      const crlf = await curl(sb, '/archives', ['-T', file, '-H', `X-Service-Title: ${b64word('evil\r\nX-Injected: 1')}`, '-H', 'X-Service-Name: a.txt']);
      assert.equal(crlf.status, 400);
      assert.match(parse(crlf.body).response.error.message, /control characters/);
    });

    it('POST /submissions with curl -F stores the package and the documents', async () => {
      const pdf = Buffer.from(await (await PDFDocument.create()).save());
      const txt = Buffer.from('Zoë Ørsted – 日本\n');
      const pkg = packageXml(['doc.pdf', 'Zoë notes.txt']);
      const pkgFile = path.join(work, 'package.xml');
      writeFileSync(pkgFile, pkg);
      const dir = mkdtempSync(path.join(work, 'docs-'));
      writeFileSync(path.join(dir, 'doc.pdf'), pdf);
      writeFileSync(path.join(dir, 'Zoë notes.txt'), txt);
      const r = await curlOk(sb, '/submissions', [
        '-F', `attachment[]=@${pkgFile};type=application/xml`,
        '-F', `attachment[]=@${path.join(dir, 'doc.pdf')};type=application/pdf`,
        '-F', `attachment[]=@${path.join(dir, 'Zoë notes.txt')};type=text/plain`,
      ]);
      const created = parse(r.body).response.submission[0];
      assert.equal(created['@_status'], 'created');
      const id: string = created.id;
      assert.ok(sb.store.packageXml(id).equals(Buffer.from(pkg)));
      const s = sb.store.getSubmission(id)!;
      assert.equal(s.coverNote, '  Dear all, see <b>this</b> & ]]> that – 日本  ');
      assert.equal(s.data, '{"a":"0e123"}');
      assert.deepEqual(s.recipients.map((x) => [x.recpType, x.email]), [['PRIMARY', 'ann@example.com'], ['COPIED', 'zoe@example.dk']]);
      assert.equal(s.recipients[1].recipientAuthNumber, '+45 1234');
      assert.ok(readFileSync(sb.store.attachmentPath(id, s.attachments[0].id)).equals(pdf));

      const detail = parse((await curlOk(sb, `/submissions/${id}`)).body).response.submission[0];
      const atts = detail.attachments.attachment;
      assert.deepEqual(atts.map((a: X) => a.name), ['doc.pdf', 'Zoë notes.txt']);
      const dl = await curlOk(sb, `/submissions/${id}/attachment/${atts[1].id}/${atts[1].ticket}`);
      assert.ok(dl.body.equals(txt));
      assert.equal(dl.headers['content-type'], 'text/plain');
      assert.equal(dl.headers['content-length'], String(txt.length));
      assert.equal(dl.headers['content-disposition'], `attachment; filename="Zoe notes.txt"; filename*=UTF-8''Zo%C3%AB%20notes.txt`);
      assert.equal((await curl(sb, `/submissions/${id}/attachment/${atts[1].id}/${atts[0].ticket}`)).status, 404);
      assert.deepEqual(readdirSync(path.join(sb.dataDir, 'tmp')), []);
    });

    it('POST /submissions takes the first application/xml part as the package, wherever it is, and RFC 5987 filename*', async () => {
      const boundary = 'b0undary' + randomBytes(6).toString('hex');
      const doc = randomBytes(3000);
      const pkg = Buffer.from(packageXml(['Übersicht.pdf', 'second.xml']));
      const part = (disposition: string, type: string, content: Buffer) =>
        Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\nContent-Type: ${type}\r\n\r\n`), content, Buffer.from('\r\n')]);
      const body = Buffer.concat([
        part(`name="attachment[]"; filename*=UTF-8''%C3%9Cbersicht.pdf`, 'application/pdf', doc),
        part('name="attachment[]"; filename="package.xml"', 'application/xml', pkg),
        part('name="attachment[]"; filename="second.xml"', 'application/xml', Buffer.from('<x/>')),
        Buffer.from(`--${boundary}--\r\n`),
      ]);
      const c = await challenge(sb);
      const r = await authed(sb, c, '/submissions', 1, { method: 'POST', body, headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Expect: '' } });
      assert.equal(r.status, 200, r.body.toString());
      const id = parse(r.body).response.submission[0].id;
      assert.ok(sb.store.packageXml(id).equals(pkg));
      const s = sb.store.getSubmission(id)!;
      assert.deepEqual(s.attachments.map((a) => [a.name, a.mimetype]), [['Übersicht.pdf', 'application/pdf'], ['second.xml', 'application/xml']]);
      assert.ok(readFileSync(sb.store.attachmentPath(id, s.attachments[0].id)).equals(doc));
    });

    it('PUT /archives accepts a chunked body', async () => {
      const bytes = randomBytes(100_000);
      const c = await challenge(sb);
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request(sb.baseUrl + '/archives', {
          method: 'PUT', agent: false,
          headers: { Authorization: digest(sb, c, { method: 'PUT', uri: '/dsas/v1.1/archives', nc: 1 }), 'X-Service-Key': `key="${sb.key}"`, 'X-Service-Title': 'chunked', 'X-Service-Name': 'c.bin' },
        }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        for (let i = 0; i < bytes.length; i += 7000) req.write(bytes.subarray(i, i + 7000));
        req.end();
      });
      assert.equal(status, 200);
      const f = sb.store.archives.find((x) => x.title === 'chunked')!;
      assert.equal(f.hash, sha256(bytes));
      assert.equal(f.fullSize, bytes.length);
    });

    it('POST /submissions answers 400 with a precise message', async () => {
      const dir = mkdtempSync(path.join(work, 'bad-'));
      const write = (name: string, content: string | Buffer) => {
        writeFileSync(path.join(dir, name), content);
        return path.join(dir, name);
      };
      const doc = write('doc.pdf', 'x');
      const cases: [string[], RegExp][] = [
        [['-F', `attachment[]=@${doc};type=application/pdf`], /no package/],
        [['-F', `attachment[]=@${write('p1.xml', packageXml([]))};type=application/xml`, '-F', `attachment[]=@${doc};type=application/pdf`], /document part "doc.pdf" is not named/],
        [['-F', `attachment[]=@${write('p2.xml', packageXml(['doc.pdf', 'missing.pdf']))};type=application/xml`, '-F', `attachment[]=@${doc};type=application/pdf`], /attachment "missing.pdf" is named in the package but no document part/],
        [['-F', `attachment[]=@${write('p3.xml', packageXml([], 0))};type=application/xml`], /no recipient/],
        [['-F', `attachment[]=@${write('p4.xml', '<submission type="8" broadcast="0"><form_reference>')};type=application/xml`], /malformed package XML/],
        [['-F', `other=@${doc};type=application/pdf`], /every part must be named attachment\[\]/],
      ];
      const before = sb.store.submissions.length;
      for (const [args, message] of cases) {
        const r = await curl(sb, '/submissions', args);
        assert.equal(r.status, 400, r.body.toString());
        assert.match(parse(r.body).response.error.message, message);
      }
      assert.equal(sb.store.submissions.length, before);
      assert.deepEqual(readdirSync(path.join(sb.dataDir, 'tmp')), []);
    });

    it('serves the summary as a real PDF (several pages for a long history)', async () => {
      const r = await curlOk(sb, '/submissions/1003/summary');
      assert.equal(r.body.subarray(0, 5).toString(), '%PDF-');
      assert.equal(r.headers['content-type'], 'application/pdf');
      assert.equal(r.headers['content-length'], String(r.body.length));
      assert.match(r.headers['content-disposition'], /^attachment; filename="summary-1003\.pdf"/);
      const pdf = await PDFDocument.load(r.body);
      assert.ok(pdf.getPageCount() >= 2);
    });

    it('answers 404 for unknown routes and 405 for wrong methods', async () => {
      assert.equal((await curl(sb, '/nothing')).status, 404);
      const r = await curl(sb, '/archives', ['-X', 'DELETE']);
      assert.equal(r.status, 405);
      assert.equal(r.headers.allow, 'GET, PUT, HEAD');
    });
  });

  describe('simulated responses', () => {
    it('simulateResponse completes a submission and grows its history', async () => {
      const s = sb.store.submissions.find((x) => x.completedAt === undefined && x.recipients.every((r) => r.responded === undefined))!;
      const start = s.history.length;
      sb.simulateResponse(s.id, { outcome: 'reject', comment: 'no ]]> thanks', endorsement: 'Zoë' });
      const mid = parse((await curlOk(sb, `/submissions/${s.id}/status`)).body).response.submission[0];
      assert.equal(mid.status, 'PENDING');
      for (let i = 1; i < s.recipients.length; i++) sb.simulateResponse(s.id);
      const status = parse((await curlOk(sb, `/submissions/${s.id}/status`)).body).response.submission[0];
      assert.equal(status.status, 'COMPLETED');
      const detail = parse((await curlOk(sb, `/submissions/${s.id}`)).body).response.submission[0];
      assert.equal(detail.completed, '1');
      assert.equal(detail.total.rejected, '1');
      assert.equal(detail.recipients.recipient[0].response_status, '1');
      const history = parse((await curlOk(sb, `/submissions/${s.id}/history`)).body).response.history;
      assert.ok(history.events.historyEvent.length > start);
      assert.match(history.events.historyEvent.at(-1).description, /completed/);
      assert.throws(() => sb.simulateResponse(s.id), /already completed/);
    });

    it('POST /__sandbox/respond does the same over HTTP', async () => {
      const s = sb.store.submissions.find((x) => x.completedAt === undefined && x.recipients.some((r) => r.responded === undefined))!;
      const r = await raw(`${sb.origin}/__sandbox/respond`, { method: 'POST', body: Buffer.from(JSON.stringify({ submissionId: s.id, outcome: 'clarify' })) });
      assert.equal(r.status, 200, r.body.toString());
      assert.equal(JSON.parse(r.body.toString()).outcome, 'clarify');
      assert.equal((await raw(`${sb.origin}/__sandbox/respond`, { method: 'POST', body: Buffer.from('{"submissionId":"999"}') })).status, 404);
    });

    it('POST /__sandbox/remove-submission takes a submission out: no longer listed nor found', async () => {
      const s = sb.store.submissions.at(-1)!;
      const r = await raw(`${sb.origin}/__sandbox/remove-submission`, { method: 'POST', body: Buffer.from(JSON.stringify({ submissionId: s.id })) });
      assert.equal(r.status, 200, r.body.toString());
      assert.equal((await curl(sb, `/submissions/${s.id}`)).status, 404);
      assert.ok(!(await curlOk(sb, '/submissions')).body.includes(`<id>${s.id}</id>`));
      assert.equal((await raw(`${sb.origin}/__sandbox/remove-submission`, { method: 'POST', body: Buffer.from(JSON.stringify({ submissionId: s.id })) })).status, 404);
    });
  });

  describe('the reported archive hash', () => {
    it('is the SHA-256 of the bytes; POST /__sandbox/archive-hash makes a detail report any other text', async () => {
      const f = sb.store.archives[0];
      const detailHash = async () => String(parse((await curlOk(sb, `/archives/${f.id}`)).body).response.Files.file[0].hash);
      const bytes = (await curlOk(sb, `/archives/${f.id}/${f.ticket}`)).body;
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      assert.equal(await detailHash(), sha256);
      const md5 = createHash('md5').update(bytes).digest('hex').toUpperCase();
      const set = (body: unknown) => raw(`${sb.origin}/__sandbox/archive-hash`, { method: 'POST', body: Buffer.from(JSON.stringify(body)) });
      try {
        assert.equal((await set({ id: f.id, hash: md5 })).status, 200);
        assert.equal(await detailHash(), md5);
        assert.ok((await curlOk(sb, `/archives/${f.id}/${f.ticket}`)).body.equals(bytes), 'the bytes stay');
        assert.equal((await set({ id: 'none', hash: md5 })).status, 404);
        assert.equal((await set({ id: f.id })).status, 400);
      } finally {
        assert.equal((await set({ id: f.id, hash: sha256 })).status, 200);
      }
      assert.equal(await detailHash(), sha256);
    });
  });

  describe('faults', () => {
    it('drop with afterBytes cuts a download, and the 401 round trip does not consume it', async () => {
      const f = sb.store.getArchive('107')!;
      sb.faults.add({ kind: 'drop', path: '^/archives/\\d+/[0-9a-f]+$', afterBytes: 1000 });
      const r = await curl(sb, `/archives/107/${f.ticket}`);
      assert.equal(r.code, 18, r.stderr); // CURLE_PARTIAL_FILE
      assert.equal(r.body.length, 1000);
      assert.ok(r.body.equals(readFileSync(sb.store.archivePath('107')).subarray(0, 1000)));
      assert.deepEqual(sb.faults.list(), []);
      await waitFor(() => sb.accessLog.some((e) => e.aborted && e.path.endsWith(f.ticket)));
      assert.equal((await curlOk(sb, `/archives/107/${f.ticket}`)).body.length, f.fullSize);
    });

    it('drop with afterBytes on an upload stores nothing', async () => {
      const file = tmpFile('big.bin');
      writeFileSync(file, randomBytes(400_000));
      const before = sb.store.archives.length;
      sb.faults.add({ kind: 'drop', method: 'PUT', path: '^/archives$', afterBytes: 50_000, times: 3 });
      const r = await curl(sb, '/archives', ['-T', file, '-H', 'X-Service-Title: t', '-H', 'X-Service-Name: big.bin']);
      assert.notEqual(r.code, 0);
      assert.equal(sb.store.archives.length, before);
      await waitFor(() => sb.accessLog.some((e) => e.fault === 'drop' && e.method === 'PUT'));
      const entry = sb.accessLog.find((e) => e.fault === 'drop' && e.method === 'PUT')!;
      assert.equal(entry.aborted, true);
      assert.equal(entry.bytesIn, 50_000);
      sb.faults.clear();
      await waitFor(() => readdirSync(path.join(sb.dataDir, 'tmp')).length === 0);
    });

    it('drop with afterBytes on a multipart POST creates nothing and the sandbox keeps serving', async () => {
      const dir = mkdtempSync(path.join(work, 'dropmp-'));
      writeFileSync(path.join(dir, 'package.xml'), packageXml(['big.pdf']));
      writeFileSync(path.join(dir, 'big.pdf'), randomBytes(300_000));
      const before = sb.store.submissions.length;
      // times 3: curl silently retries once on a fresh connection when a reused one dies.
      sb.faults.add({ kind: 'drop', method: 'POST', path: '^/submissions$', afterBytes: 20_000, times: 3 });
      const r = await curl(sb, '/submissions', ['-F', `attachment[]=@${path.join(dir, 'package.xml')};type=application/xml`, '-F', `attachment[]=@${path.join(dir, 'big.pdf')};type=application/pdf`]);
      assert.notEqual(r.code, 0);
      await waitFor(() => readdirSync(path.join(sb.dataDir, 'tmp')).length === 0);
      assert.equal(sb.store.submissions.length, before);
      assert.ok(sb.accessLog.some((e) => e.method === 'POST' && e.fault === 'drop' && e.aborted && e.status === 0 && e.bytesIn === 20_000));
      sb.faults.clear();
      await curlOk(sb, '/submissions');
    });

    it('hangUp reads the whole multipart POST, creates nothing and never answers', async () => {
      const dir = mkdtempSync(path.join(work, 'hangup-'));
      writeFileSync(path.join(dir, 'package.xml'), packageXml(['big.pdf']));
      writeFileSync(path.join(dir, 'big.pdf'), randomBytes(300_000));
      const before = sb.store.submissions.length;
      sb.faults.add({ kind: 'hangUp', method: 'POST', path: '^/submissions$', times: 3 });
      const r = await curl(sb, '/submissions', ['-F', `attachment[]=@${path.join(dir, 'package.xml')};type=application/xml`, '-F', `attachment[]=@${path.join(dir, 'big.pdf')};type=application/pdf`]);
      assert.notEqual(r.code, 0);
      assert.equal(sb.store.submissions.length, before);
      await waitFor(() => sb.accessLog.some((e) => e.method === 'POST' && e.fault === 'hangUp'));
      const entry = sb.accessLog.find((e) => e.method === 'POST' && e.fault === 'hangUp')!;
      assert.equal(entry.aborted, true);
      assert.ok(entry.bytesIn > 300_000, `all of it arrived (${entry.bytesIn} bytes)`);
      sb.faults.clear();
      await curlOk(sb, '/submissions');
    });

    it('faults set over HTTP: status, malformed, notXml, statusNotOk, empty, slowBody, delay', async () => {
      const add = async (rule: object) => {
        const r = await raw(`${sb.origin}/__sandbox/faults`, { method: 'POST', body: Buffer.from(JSON.stringify({ path: '^/archives$', ...rule })) });
        assert.equal(r.status, 201, r.body.toString());
      };
      await add({ kind: 'status', status: 503 });
      const s503 = await curl(sb, '/archives');
      assert.equal(s503.status, 503);
      assert.equal(parse(s503.body).response['@_status'], 'error');
      await add({ kind: 'status', status: 502, body: 'html' });
      const html502 = await curl(sb, '/archives');
      assert.equal(html502.status, 502);
      assert.match(html502.headers['content-type'], /text\/html/);
      await add({ kind: 'malformed' });
      const bad = await curlOk(sb, '/archives');
      assert.notEqual(XMLValidator.validate(bad.body.toString()), true);
      await add({ kind: 'notXml' });
      assert.match((await curlOk(sb, '/archives')).body.toString(), /<!DOCTYPE html>/);
      await add({ kind: 'statusNotOk' });
      assert.equal(parse((await curlOk(sb, '/archives')).body).response['@_status'], 'error');
      await add({ kind: 'empty' });
      assert.equal((await curlOk(sb, '/archives')).body.length, 0);
      const normal = (await curlOk(sb, '/archives')).body;
      await add({ kind: 'slowBody', chunkBytes: 256, ms: 5 });
      let t = Date.now();
      assert.ok((await curlOk(sb, '/archives')).body.equals(normal));
      assert.ok(Date.now() - t >= Math.floor(normal.length / 256) * 5);
      await add({ kind: 'delay', ms: 300 });
      t = Date.now();
      await curlOk(sb, '/archives');
      assert.ok(Date.now() - t >= 300);
      assert.equal((await raw(`${sb.origin}/__sandbox/faults`, { method: 'POST', body: Buffer.from('{"kind":"explode"}') })).status, 400);
      await add({ kind: 'status', times: 5 });
      assert.equal((await raw(`${sb.origin}/__sandbox/faults`, { method: 'DELETE' })).status, 200);
      assert.deepEqual(sb.faults.list(), []);
    });

    it('a delay under way ends at once on POST /__sandbox/faults/release: the request held goes on', async () => {
      sb.faults.add({ kind: 'delay', path: '^/archives$', ms: 60_000 });
      const t = Date.now();
      const held = curlOk(sb, '/archives');
      await waitFor(() => sb.faults.list().length === 0, 10_000); // taken: the request is held
      const r = await raw(`${sb.origin}/__sandbox/faults/release`, { method: 'POST' });
      assert.equal(r.status, 200);
      assert.deepEqual(JSON.parse(r.body.toString()), { released: 1 });
      await held;
      assert.ok(Date.now() - t < 10_000, `answered ${Date.now() - t} ms after it was sent`);
    });
  });

  describe('logs, persistence and the CLI', () => {
    it('keeps an access log in memory and in access.log, without secrets in the file', async () => {
      await curlOk(sb, '/archives');
      await waitFor(() => sb.accessLog.some((e) => e.hadAuthorization && e.nc !== undefined));
      const e = sb.accessLog.find((x) => x.hadAuthorization && x.status === 200)!;
      assert.match(e.authorization!, /^Digest /);
      assert.ok(e.nonce && e.algorithm);
      const r = await raw(`${sb.origin}/__sandbox/log`);
      const entries = JSON.parse(r.body.toString()) as { authorization?: string }[];
      assert.ok(entries.length > 10 && entries.every((x) => x.authorization === undefined));
      await new Promise((res) => setTimeout(res, 50));
      const file = readFileSync(path.join(sb.dataDir, 'access.log'), 'utf8');
      assert.ok(file.split('\n').filter(Boolean).every((l) => typeof JSON.parse(l).status === 'number'));
      assert.ok(!file.includes(sb.password) && !file.includes(sb.key) && !file.includes('Digest '));
      assert.ok(!readFileSync(path.join(sb.dataDir, 'state.json'), 'utf8').includes(sb.password));
    });

    it('keeps data across a restart with the same data folder', async () => {
      const dataDir = path.join(work, 'persist');
      const bytes = randomBytes(10_000);
      const file = tmpFile('persist.bin');
      writeFileSync(file, bytes);
      const first = await startSandbox({ dataDir, seed: 'demo' });
      let id: string;
      try {
        id = parse((await curlOk(first, '/archives', ['-T', file, '-H', 'X-Service-Title: kept', '-H', 'X-Service-Name: kept.bin'])).body).response.file[0].id;
        first.simulateResponse('000417');
      } finally {
        await first.close();
      }
      const second = await startSandbox({ dataDir, seed: 'demo' });
      try {
        assert.equal(second.store.submissions.length, 6); // not seeded twice
        assert.equal(second.store.getSubmission('000417')!.recipients[0].responded !== undefined, true);
        const f = second.store.getArchive(id)!;
        assert.equal(f.title, 'kept');
        assert.ok((await curlOk(second, `/archives/${id}/${f.ticket}`)).body.equals(bytes));
      } finally {
        await second.close();
      }
    });

    it('the CLI prints SANDBOX_READY and stops cleanly on SIGTERM', async () => {
      const dataDir = path.join(work, 'cli-data');
      const cli = spawn(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'tools/sandbox/main.ts', '--port', '0', '--data', dataDir, '--quiet'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      cli.stdout.on('data', (d) => (out += d));
      cli.stderr.on('data', (d) => (out += d));
      const exited = new Promise<number | null>((r) => cli.on('exit', (code) => r(code)));
      try {
        await waitFor(() => /SANDBOX_READY (\S+)/.test(out), 10000);
        const baseUrl = /SANDBOX_READY (\S+)/.exec(out)![1];
        assert.match(out, /password : demo-password/);
        const r = await run('curl', ['-sS', '--digest', '-u', 'demo:demo-password', '-H', 'X-Service-Key: key="demo-key"', `${baseUrl}/submissions`]);
        assert.equal(r.code, 0, r.stderr);
        assert.equal(parse(r.stdout).response.Submissions.submission.length, 6);
      } finally {
        cli.kill('SIGTERM');
      }
      assert.equal(await exited, 0, out);
      assert.ok(existsSync(path.join(dataDir, 'state.json')));
    });
  });
});
