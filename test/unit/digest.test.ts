import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { parseChallenges } from '../../src/core/transport/challenge';
import { describeOffered, DigestSession } from '../../src/core/transport/digest';
import { isError } from './helpers';

const USER = 'alice';
const PASS = 'p@ss:wörd "quoted"';
const URL_ = 'http://127.0.0.1:9/service/v1.1/submissions/000417/history?x=1&y=%20z';
const URI = '/service/v1.1/submissions/000417/history?x=1&y=%20z';

/** Parses an Authorization header value independently of the code under test. */
function parseAuthorization(header: string): { scheme: string; params: Record<string, string> } {
  const m = /^(\S+)\s+(.*)$/s.exec(header);
  assert.ok(m, header);
  const params: Record<string, string> = {};
  const re = /\s*([A-Za-z0-9_*-]+)=(?:"((?:[^"\\]|\\.)*)"|([^,]*))\s*(?:,|$)/gy;
  let p: RegExpExecArray | null;
  let end = 0;
  while ((p = re.exec(m[2])) !== null) {
    assert.equal(params[p[1].toLowerCase()], undefined, `duplicate ${p[1]}`);
    params[p[1].toLowerCase()] = p[2] !== undefined ? p[2].replace(/\\(.)/g, '$1') : p[3];
    end = re.lastIndex;
    if (end >= m[2].length) break;
  }
  assert.equal(end, m[2].length, `unparsed rest: ${m[2].slice(end)}`);
  return { scheme: m[1], params };
}

const HASH: Record<string, string> = { MD5: 'md5', 'SHA-256': 'sha256', 'SHA-512-256': 'sha512-256' };

/** RFC 7616 §3.4.1 response, computed with node:crypto from the header's own values and the server's secret. */
function expectedResponse(p: Record<string, string>, method: string, realm: string, password: string): string {
  const sess = p.algorithm.endsWith('-sess');
  const alg = HASH[sess ? p.algorithm.slice(0, -5) : p.algorithm];
  assert.ok(alg, `unknown algorithm ${p.algorithm}`);
  const H = (s: string) => createHash(alg).update(s, 'utf8').digest('hex');
  const user = p.username ?? decodeURIComponent(/^UTF-8''(.*)$/.exec(p['username*'] ?? '')?.[1] ?? '');
  let ha1 = H(`${user}:${realm}:${password}`);
  if (sess) ha1 = H(`${ha1}:${p.nonce}:${p.cnonce}`);
  const ha2 = H(`${method}:${p.uri}`);
  return p.qop ? H(`${ha1}:${p.nonce}:${p.nc}:${p.cnonce}:${p.qop}:${ha2}`) : H(`${ha1}:${p.nonce}:${ha2}`);
}

function session(...headers: string[]): DigestSession {
  return sessionAs(USER, ...headers);
}

function sessionAs(user: string, ...headers: string[]): DigestSession {
  const s = new DigestSession(user, PASS);
  assert.ok(s.accept(parseChallenges(headers)), 'a usable challenge');
  return s;
}

function authorize(s: DigestSession, method = 'GET', url = URL_) {
  const h = s.authorization(method, url);
  assert.ok(h, 'an Authorization header');
  return parseAuthorization(h.header);
}

describe('DigestSession', () => {
  it('gives no header before a challenge', () => {
    const s = new DigestSession(USER, PASS);
    assert.equal(s.hasChallenge, false);
    assert.equal(s.authorization('GET', URL_), undefined);
    assert.equal(s.algorithm, undefined);
  });

  it('chooses SHA-256 over MD5 when both are offered (two header values, either order)', () => {
    for (const headers of [
      ['Digest realm="a", nonce="n1", algorithm=SHA-256, qop="auth"', 'Digest realm="a", nonce="n2", algorithm=MD5, qop="auth"'],
      ['Digest realm="a", nonce="n2", algorithm=MD5, qop="auth"', 'Digest realm="a", nonce="n1", algorithm=SHA-256, qop="auth"'],
    ]) {
      const s = session(...headers);
      assert.equal(s.algorithm, 'SHA-256');
      const { params } = authorize(s);
      assert.equal(params.algorithm, 'SHA-256');
      assert.equal(params.nonce, 'n1');
    }
  });

  it('chooses SHA-256 over MD5 from one comma-joined header value', () => {
    const s = session('Digest realm="a", nonce="n1", algorithm=SHA-256, qop="auth", Digest realm="a", nonce="n2", algorithm=MD5');
    assert.equal(s.algorithm, 'SHA-256');
    const { params } = authorize(s);
    assert.equal(params.nonce, 'n1');
    assert.equal(params.response, expectedResponse(params, 'GET', 'a', PASS));
  });

  it('uses MD5 when only MD5 is offered, and when no algorithm is named', () => {
    assert.equal(session('Digest realm="a", nonce="n", algorithm=MD5, qop="auth"').algorithm, 'MD5');
    const s = session('Digest realm="a", nonce="n", qop="auth"');
    assert.equal(s.algorithm, 'MD5');
    assert.equal(authorize(s).params.algorithm, 'MD5');
  });

  it('prefers SHA-512-256 over SHA-256 and accepts a lower-case algorithm name', () => {
    const s = session('Digest realm="a", nonce="n1", algorithm=sha-256, qop="auth", Digest realm="a", nonce="n2", algorithm=SHA-512-256, qop="auth"');
    assert.equal(s.algorithm, 'SHA-512-256');
    const { params } = authorize(s);
    assert.equal(params.response, expectedResponse(params, 'GET', 'a', PASS));
  });

  it('reports stale=true, and stale false otherwise', () => {
    const s = new DigestSession(USER, PASS);
    assert.deepStrictEqual(s.accept(parseChallenges(['Digest realm="a", nonce="n", qop="auth", stale=true'])), { stale: true });
    assert.deepStrictEqual(s.accept(parseChallenges(['Digest realm="a", nonce="n", qop="auth", stale="TRUE"'])), { stale: true });
    assert.deepStrictEqual(s.accept(parseChallenges(['Digest realm="a", nonce="n", qop="auth", stale=false'])), { stale: false });
    assert.deepStrictEqual(s.accept(parseChallenges(['Digest realm="a", nonce="n", qop="auth"'])), { stale: false });
  });

  it('answers nothing it cannot answer, keeps its state, and says what was offered', () => {
    const cases: [string[], string][] = [
      [['Digest realm="a", nonce="n", qop="auth-int"'], 'Digest (realm "a", qop auth-int)'],
      [['Digest realm="a", nonce="n", algorithm=SHA-1, qop="auth"'], 'Digest (realm "a", algorithm SHA-1, qop auth)'],
      [['Digest realm="a", nonce="n", algorithm=SHA-256, qop="auth-int", Digest realm="a", nonce="m", algorithm=SHA-1'], 'Digest (realm "a", algorithm SHA-256, qop auth-int), Digest (realm "a", algorithm SHA-1)'],
      [['Digest realm="a", nonce="n", algorithm=MD5-sess'], 'Digest (realm "a", algorithm MD5-sess)'],
      [['Basic realm="corporate gateway"'], 'Basic (realm "corporate gateway")'],
      [['Bearer realm="api", error="invalid_token"', 'Negotiate'], 'Bearer (realm "api"), Negotiate'],
      [['Digest realm="a"'], 'Digest (realm "a", no nonce)'],
      [[], 'no challenge at all'],
    ];
    for (const [headers, offered] of cases) {
      const s = session('Digest realm="kept", nonce="k", qop="auth"');
      assert.equal(s.accept(parseChallenges(headers)), undefined, headers.join(' | '));
      assert.equal(authorize(s).params.nonce, 'k', 'the usable challenge held before is kept');
      assert.equal(describeOffered(parseChallenges(headers)), offered);
    }
  });

  const variants: [string, string][] = [
    ['MD5', 'Digest realm="service@example.com", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", algorithm=MD5, qop="auth", opaque="5ccc069c403ebaf9f0171e9517f40e41"'],
    ['SHA-256', 'Digest realm="service@example.com", nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", algorithm=SHA-256, qop="auth", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"'],
    ['MD5-sess', 'Digest realm="service@example.com", nonce="n-sess-1", algorithm=MD5-sess, qop="auth"'],
    ['SHA-256-sess', 'Digest realm="service@example.com", nonce="n-sess-2", algorithm=SHA-256-sess, qop="auth,auth-int"'],
  ];
  for (const [alg, challenge] of variants) {
    it(`produces an Authorization header that verifies independently (${alg})`, () => {
      const s = session(challenge);
      const c = parseChallenges([challenge])[0].params;
      for (const method of ['GET', 'POST', 'PUT']) {
        const { scheme, params } = authorize(s, method);
        assert.equal(scheme, 'Digest');
        assert.equal(params.username, USER);
        assert.equal(params.realm, 'service@example.com');
        assert.equal(params.nonce, c.nonce);
        assert.equal(params.uri, URI);
        assert.equal(params.algorithm, alg);
        assert.equal(params.qop, 'auth');
        assert.equal(params.opaque, c.opaque);
        assert.match(params.cnonce, /^[0-9a-f]{8,}$/i);
        assert.match(params.nc, /^[0-9a-f]{8}$/);
        assert.equal(params.response, expectedResponse(params, method, 'service@example.com', PASS));
        // A wrong password gives another response: the comparison is not vacuous.
        assert.notEqual(params.response, expectedResponse(params, method, 'service@example.com', `${PASS}x`));
      }
    });
  }

  it('answers a challenge without qop in the RFC 2069 form', () => {
    const s = session('Digest realm="legacy", nonce="abc123"');
    const { params } = authorize(s);
    assert.equal(params.qop, undefined);
    assert.equal(params.response, expectedResponse(params, 'GET', 'legacy', PASS));
  });

  it('uses a realm with a comma exactly', () => {
    const { params } = authorize(session('Digest realm="Users, admins", nonce="n", qop="auth"'));
    assert.equal(params.realm, 'Users, admins');
    assert.equal(params.response, expectedResponse(params, 'GET', 'Users, admins', PASS));
  });

  it('uses a realm with an escaped quote exactly (RFC 7616 quoted-string)', () => {
    const { params } = authorize(session('Digest realm="The \\"A\\" team", nonce="n", qop="auth"'));
    assert.equal(params.realm, 'The "A" team');
    assert.equal(params.response, expectedResponse(params, 'GET', 'The "A" team', PASS));
  });

  it('returns the opaque value exactly, spaces included', () => {
    const { params } = authorize(session('Digest realm="r", nonce="n", qop="auth", opaque="o p q"'));
    assert.equal(params.opaque, 'o p q');
  });

  it('sends nc 00000001, 00000002, … as strictly increasing hexadecimal counts over 100 calls', () => {
    const s = session('Digest realm="a", nonce="n", algorithm=SHA-256, qop="auth"');
    const ncs: string[] = [];
    let cnonce: string | undefined;
    for (let i = 1; i <= 100; i++) {
      const { params } = authorize(s, 'GET');
      ncs.push(params.nc);
      cnonce ??= params.cnonce;
      assert.equal(params.response, expectedResponse(params, 'GET', 'a', PASS), `call ${i}`);
    }
    assert.equal(ncs[0], '00000001');
    assert.equal(ncs[1], '00000002');
    const values = ncs.map((n) => parseInt(n, 16));
    for (let i = 1; i < values.length; i++) assert.ok(values[i] > values[i - 1], `nc ${ncs[i]} after ${ncs[i - 1]}`);
    // RFC 7616 §3.4: nc is the hexadecimal count of requests with this nonce.
    ncs.forEach((nc, i) => assert.equal(nc, (i + 1).toString(16).padStart(8, '0'), `call ${i + 1}`));
  });

  it('never repeats an nc for one nonce (decimal or hexadecimal)', () => {
    const s = session('Digest realm="a", nonce="n", qop="auth"');
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const nc = authorize(s).params.nc;
      assert.equal(seen.has(nc), false, nc);
      seen.add(nc);
    }
  });

  it('starts again at nc 00000001 after a new challenge', () => {
    const s = session('Digest realm="a", nonce="n1", qop="auth"');
    for (let i = 0; i < 5; i++) authorize(s);
    assert.equal(authorize(s).params.nc, '00000006');
    s.accept(parseChallenges(['Digest realm="a", nonce="n2", qop="auth", stale=true']));
    const { params } = authorize(s);
    assert.equal(params.nonce, 'n2');
    assert.equal(params.nc, '00000001');
    assert.equal(authorize(s).params.nc, '00000002');
  });

  it('forgets the challenge on reset', () => {
    const s = session('Digest realm="a", nonce="n1", qop="auth"');
    assert.equal(s.hasChallenge, true);
    s.reset();
    assert.equal(s.hasChallenge, false);
    assert.equal(s.authorization('GET', URL_), undefined);
  });

  it('puts the path and query of the URL in uri', () => {
    const s = session('Digest realm="a", nonce="n", qop="auth"');
    assert.equal(authorize(s, 'GET', 'https://example.com:8443/x/archives/12/tick%2Fet?q=a%20b&r=1').params.uri, '/x/archives/12/tick%2Fet?q=a%20b&r=1');
    assert.equal(authorize(s, 'GET', 'http://example.com/').params.uri, '/');
    assert.equal(authorize(s, 'PUT', 'http://example.com/base/archives').params.uri, '/base/archives');
  });

  it('escapes a user name with a quote or a backslash in its quoted-string', () => {
    for (const user of ['a"b', 'a\\b', 'o\'brien@example.com']) {
      const s = sessionAs(user, 'Digest realm="r", nonce="n", qop="auth"');
      const h = s.authorization('GET', URL_)!.header;
      const { params } = parseAuthorization(h);
      assert.equal(params.username, user);
      assert.equal(params.response, expectedResponse(params, 'GET', 'r', PASS));
    }
  });

  it('sends a user name outside printable ASCII as username* (RFC 7616 3.4.4), hashed as UTF-8', () => {
    const s = sessionAs('Zoë Łukasz', 'Digest realm="r", nonce="n", qop="auth", charset=UTF-8');
    const { params } = authorize(s);
    assert.equal(params.username, undefined);
    assert.equal(params['username*'], "UTF-8''Zo%C3%AB%20%C5%81ukasz");
    assert.equal(params.response, expectedResponse(params, 'GET', 'r', PASS));
  });

  it('refuses an empty user name or one with control characters', () => {
    assert.throws(() => new DigestSession('', 'p'), isError('invalidRequest', 'The user name must not be empty.'));
    for (const u of ['a\nb', 'a\u0000', 'a\u0085b']) {
      assert.throws(() => new DigestSession(u, 'p'), isError('invalidRequest', 'The user name must be a single line without control characters.'), JSON.stringify(u));
    }
  });

  it('answers a challenge without qop without nc and cnonce (RFC 2069)', () => {
    const { params } = authorize(session('Digest realm="legacy", nonce="abc123", opaque="o"'));
    assert.deepEqual(Object.keys(params).sort(), ['algorithm', 'nonce', 'opaque', 'realm', 'response', 'uri', 'username']);
    assert.equal(params.response, expectedResponse(params, 'GET', 'legacy', PASS));
  });

  it('takes qop from the parsed challenge, not from a realm that contains "qop="', () => {
    const { params } = authorize(session('Digest realm="a qop=auth-int realm", nonce="n", qop="auth"'));
    assert.equal(params.qop, 'auth');
    assert.equal(params.realm, 'a qop=auth-int realm');
    assert.equal(params.response, expectedResponse(params, 'GET', 'a qop=auth-int realm', PASS));
  });

  it('compares qop case-insensitively (qop="AUTH", qop="Auth-Int, AUTH")', () => {
    for (const qop of ['AUTH', 'Auth-Int, AUTH']) {
      const { params } = authorize(session(`Digest realm="a", nonce="n", qop="${qop}"`));
      assert.equal(params.qop, 'auth', qop);
      assert.match(params.nc, /^0{7}1$/);
      assert.equal(params.response, expectedResponse(params, 'GET', 'a', PASS), qop);
    }
  });

  it('keeps one cnonce per nonce, so -sess keys stay valid', () => {
    const s = session('Digest realm="a", nonce="n", algorithm=SHA-256-sess, qop="auth"');
    const first = authorize(s).params;
    const second = authorize(s).params;
    assert.equal(first.cnonce, second.cnonce);
    assert.equal(second.response, expectedResponse(second, 'GET', 'a', PASS));
  });

  it('moves to the nextnonce of Authentication-Info, counting from 1 again; a late one is ignored', () => {
    const s = session('Digest realm="a", nonce="n1", qop="auth"');
    const used = s.authorization('GET', URL_)!;
    authorize(s);
    s.next('n2', used.nonce);
    const { params } = authorize(s);
    assert.equal(params.nonce, 'n2');
    assert.equal(params.nc, '00000001');
    assert.equal(params.response, expectedResponse(params, 'GET', 'a', PASS));
    s.next('n0', used.nonce); // answers a request made with n1: older than n2
    assert.equal(authorize(s).params.nonce, 'n2');
  });

  it('tells the nonce age and how many nonces were learned', () => {
    let now = 1000;
    const s = new DigestSession(USER, PASS, () => now);
    assert.equal(s.nonceAge, undefined);
    s.accept(parseChallenges(['Digest realm="a", nonce="n1", qop="auth"']));
    now += 2500;
    assert.equal(s.nonceAge, 2500);
    assert.equal(s.authorization('GET', URL_)!.nonceAge, 2500);
    assert.equal(s.generation, 1);
    s.next('n2', 'n1');
    assert.equal(s.nonceAge, 0);
    assert.equal(s.generation, 2);
  });
});
