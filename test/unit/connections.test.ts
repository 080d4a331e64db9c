import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { accountKey, changedSetting, legacyConnection, legacyConnectionId, MAX_CONNECTIONS, newConnectionId, readConnections, storedConnection, type Connection } from '../../src/core/connections';

const entry = (over: Record<string, unknown> = {}) => ({ id: 'test', name: 'Test service', baseUrl: 'https://test.example.com/dsas/v1.1', userName: 'ann', ...over });

describe('connections read from the settings', () => {
  it('takes well-formed entries as they are, in their order, with colour and production mark', () => {
    const { connections, skipped } = readConnections([
      entry({ color: 'charts.green' }),
      entry({ id: 'prod', name: ' Production ', baseUrl: 'https://dsas.example.com/dsas/v1.1', production: true, color: 'charts.red' }),
    ]);
    assert.deepEqual(skipped, []);
    assert.deepEqual(connections, [
      { id: 'test', name: 'Test service', baseUrl: 'https://test.example.com/dsas/v1.1', userName: 'ann', color: 'charts.green' },
      { id: 'prod', name: 'Production', baseUrl: 'https://dsas.example.com/dsas/v1.1', userName: 'ann', color: 'charts.red', production: true },
    ]);
  });

  it('reads nothing from no setting, and nothing but one line from a setting that is not a list', () => {
    assert.deepEqual(readConnections(undefined), { connections: [], at: [], skipped: [] });
    for (const raw of [{}, 'https://x.test', 3, true]) {
      const r = readConnections(raw);
      assert.deepEqual(r.connections, [], JSON.stringify(raw));
      assert.equal(r.skipped.length, 1);
    }
  });

  it('leaves out each bad entry with one line saying which and why, and keeps the others', () => {
    const bad: [unknown, RegExp][] = [
      [null, /not an object/],
      [[1, 2], /not an object/],
      ['https://x.test', /not an object/],
      [entry({ id: undefined }), /"id"/],
      [entry({ id: '' }), /"id"/],
      [entry({ id: 'a b' }), /"id"/],
      [entry({ id: 7 }), /"id"/],
      [entry({ name: '' }), /"name"/],
      [entry({ name: 'two\nlines' }), /"name"/],
      [entry({ name: 'x'.repeat(201) }), /"name"/],
      // A right-to-left override makes a name read as another ("Test\u202Enoitcudorp" shows as "Testproduction").
      [entry({ name: 'Test\u202Enoitcudorp' }), /"name"/],
      [entry({ name: 'A\u2066B' }), /"name"/],
      [entry({ baseUrl: 42 }), /"baseUrl" is not a text/],
      [entry({ baseUrl: 'not a url' }), /"baseUrl" is not a URL/],
      [entry({ baseUrl: 'https://user:pw@x.test/dsas' }), /user name or password/],
      [entry({ baseUrl: 'ftp://x.test/dsas' }), /https:\/\//],
      [entry({ baseUrl: '' }), /empty/],
      // Every request appends its path to the address: after a query or a fragment it would not reach the service's path.
      [entry({ baseUrl: 'https://x.test/dsas/v1.1?tenant=a' }), /"baseUrl" holds a query or a fragment/],
      [entry({ baseUrl: 'https://x.test/dsas/v1.1?' }), /"baseUrl" holds a query or a fragment/],
      [entry({ baseUrl: 'https://x.test/dsas/v1.1#top' }), /"baseUrl" holds a query or a fragment/],
      [entry({ userName: '' }), /"userName"/],
      [entry({ userName: 'tab\there' }), /"userName"/],
      [entry({ userName: ['ann'] }), /"userName"/],
      [entry({ color: 'red' }), /"color"/],
      [entry({ color: '#ff0000' }), /"color"/],
      [entry({ production: 'yes' }), /"production"/],
    ];
    for (const [e, why] of bad) {
      const { connections, skipped } = readConnections([e, entry({ id: 'good' })]);
      assert.deepEqual(connections.map((c) => c.id), ['good'], JSON.stringify(e));
      assert.equal(skipped.length, 1, JSON.stringify(e));
      assert.match(skipped[0], /^connection 1: /);
      assert.match(skipped[0], why, JSON.stringify(e));
    }
  });

  it('keeps the first of two entries with one id, or with one account however its address is written', () => {
    const twice = readConnections([entry(), entry({ baseUrl: 'https://other.example.com/dsas' })]);
    assert.deepEqual(twice.connections.map((c) => c.baseUrl), ['https://test.example.com/dsas/v1.1']);
    assert.match(twice.skipped[0], /^connection 2: its id "test"/);
    const same = readConnections([entry(), entry({ id: 'again', baseUrl: 'HTTPS://Test.Example.com:443/dsas/v1.1/' })]);
    assert.deepEqual(same.connections.map((c) => c.id), ['test']);
    assert.match(same.skipped[0], /^connection 2: the same address and user name/);
    const otherUser = readConnections([entry(), entry({ id: 'bob', userName: 'bob' })]);
    assert.deepEqual(otherUser.connections.map((c) => c.id), ['test', 'bob'], 'another user on the same service is another account');
  });

  it('keeps only the fields a connection has when written back', () => {
    const c: Connection = { id: 'a', name: 'A', baseUrl: 'https://a.test', userName: 'u' };
    assert.deepEqual(storedConnection(c), { id: 'a', name: 'A', baseUrl: 'https://a.test', userName: 'u' });
    assert.deepEqual(storedConnection({ ...c, production: false, color: 'charts.blue' }), { ...c, production: false, color: 'charts.blue' });
  });
});

describe('the setting written back after a change', () => {
  it('keeps each connection in its place, the new ones last, and the entries left out as the user wrote them', () => {
    const bad = { id: 'broken', baseUrl: 'not a url' };
    const raw = [entry({ id: 'a', name: 'A' }), bad, entry({ id: 'a', name: 'twice', baseUrl: 'https://z.test' }), entry({ id: 'b', name: 'B', baseUrl: 'https://b.test' })];
    const { connections } = readConnections(raw);
    const renamed = connections.map((c) => (c.id === 'b' ? { ...c, name: 'Bee' } : c));
    const added: Connection = { id: 'c', name: 'C', baseUrl: 'https://c.test', userName: 'u' };
    assert.deepEqual(changedSetting(raw, [...renamed, added]), [entry({ id: 'a', name: 'A' }), bad, raw[2], entry({ id: 'b', name: 'Bee', baseUrl: 'https://b.test' }), storedConnection(added)]);
    assert.deepEqual(changedSetting(raw, renamed.filter((c) => c.id !== 'a')), [bad, raw[2], entry({ id: 'b', name: 'Bee', baseUrl: 'https://b.test' })], 'a removed connection goes; an unusable entry of its id stays');
    assert.deepEqual(changedSetting(undefined, [added]), [storedConnection(added)]);
  });
});

describe('the address and user name of the earlier settings', () => {
  const legacy = { baseUrl: 'https://dsas.example.com:8443/service/v1.1', userName: 'demo' };

  it('become a connection named after the host, whose id is the same for the same account', () => {
    const c = legacyConnection([], legacy)!;
    assert.deepEqual(c, { id: c.id, name: 'dsas.example.com:8443', baseUrl: legacy.baseUrl, userName: 'demo' });
    assert.equal(legacyConnection([], { baseUrl: 'HTTPS://DSAS.example.com:8443/service/v1.1/', userName: 'demo' })!.id, c.id, 'the same account, written otherwise');
    assert.notEqual(legacyConnection([], { ...legacy, userName: 'other' })!.id, c.id);
    assert.equal(c.id, legacyConnectionId({ baseUrl: legacy.baseUrl, username: 'demo' }));
    assert.equal(readConnections([storedConnection(c)]).connections.length, 1, 'the connection made is one the setting accepts');
  });

  it('become none when a connection has that account already, or when they are incomplete or no service address', () => {
    const existing: Connection = { id: 'mine', name: 'Mine', baseUrl: 'https://DSAS.example.com:8443/service/v1.1/', userName: 'demo' };
    assert.equal(legacyConnection([existing], legacy), undefined);
    assert.ok(legacyConnection([{ ...existing, userName: 'someone' }], legacy), 'another user is another account');
    for (const l of [{}, { baseUrl: legacy.baseUrl }, { userName: 'demo' }, { baseUrl: 'not a url', userName: 'demo' }, { baseUrl: `${legacy.baseUrl}#x`, userName: 'demo' }, { baseUrl: legacy.baseUrl, userName: '  ' }, { baseUrl: 3, userName: 'demo' }]) {
      assert.equal(legacyConnection([], l), undefined, JSON.stringify(l));
    }
  });

  it('keep their account key: secrets, drafts, records and notices stored for them are the connection\'s', () => {
    const c = legacyConnection([], legacy)!;
    assert.equal(accountKey({ baseUrl: c.baseUrl, username: c.userName }), accountKey({ baseUrl: legacy.baseUrl, username: legacy.userName }));
  });
});

describe('a new connection\'s id', () => {
  it('is none of those taken', () => {
    const taken: Connection[] = [{ id: 'c-1', name: 'A', baseUrl: 'https://a.test', userName: 'u' }];
    const draws = ['1', '1', '2'];
    assert.equal(newConnectionId(taken, () => draws.shift()!), 'c-2');
  });
});

describe('a setting of thousands of connections, or of huge values', () => {
  const many = (n: number, from = 0) => Array.from({ length: n }, (_, i) => entry({ id: `c${from + i}`, name: `Service ${from + i}`, baseUrl: `https://s${from + i}.example.com/dsas` }));

  it('uses its first 100 usable connections and says in one line that the others are left out, which a change writes back as they were', () => {
    const raw = [entry({ id: 'broken', baseUrl: 'not a url' }), ...many(10_000)];
    const { connections, at, skipped } = readConnections(raw);
    assert.equal(MAX_CONNECTIONS, 100);
    assert.deepEqual(connections.map((c) => c.id), many(100).map((e) => e.id));
    assert.deepEqual(at, connections.map((_, i) => i + 1));
    assert.equal(skipped.length, 2);
    assert.match(skipped[0], /^connection 1: "baseUrl" is not a URL/);
    assert.equal(skipped[1], 'connections 102 to 10001: only the first 100 connections are used');
    const renamed = connections.map((c, i) => (i === 99 ? { ...c, name: 'Last used' } : c)).filter((c) => c.id !== 'c0');
    const written = changedSetting(raw, renamed);
    assert.equal(written.length, 10_000, 'the one removed goes, every other entry stays');
    assert.deepEqual(written[0], raw[0]);
    assert.deepEqual(written[99], { ...raw[100], name: 'Last used' });
    assert.deepEqual(written.slice(100), raw.slice(101), 'the entries left out, as written');
    assert.deepEqual(readConnections(written).connections.at(-1)?.id, 'c100', 'the next one is used once one is removed');
  });

  it('writes a change of 100 connections among 10,000 entries reading each entry of the new list a bounded number of times', () => {
    const raw = many(10_000);
    const { connections } = readConnections(raw);
    let reads = 0;
    const next = new Proxy([...connections], {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const written = changedSetting(raw, next);
    assert.deepEqual(written, raw);
    assert.ok(reads <= 3 * connections.length, `${reads} reads of ${connections.length} connections`);
  });

  it('leaves out an address over 2,048 characters or a user name over 256, of a megabyte too', () => {
    const mega = 'x'.repeat(1 << 20);
    for (const [e, why] of [
      [entry({ baseUrl: `https://a.example.com/${'p'.repeat(2_048)}` }), /"baseUrl" is longer than 2048 characters/],
      [entry({ baseUrl: `https://a.example.com/${mega}` }), /"baseUrl" is longer than 2048 characters/],
      [entry({ userName: 'u'.repeat(257) }), /"userName" is not a text of at most 256 characters/],
      [entry({ userName: mega }), /"userName" is not a text of at most 256 characters/],
      [entry({ name: mega }), /"name"/],
    ] as const) {
      const { connections, skipped } = readConnections([e, entry({ id: 'good', baseUrl: 'https://good.example.com/dsas' })]);
      assert.deepEqual(connections.map((c) => c.id), ['good']);
      assert.match(skipped[0], why);
      assert.ok(skipped[0].length < 200, 'the line does not repeat the value');
    }
    const longest = entry({ baseUrl: `https://a.example.com/${'p'.repeat(2_048 - 'https://a.example.com/'.length)}`, userName: 'u'.repeat(256) });
    assert.equal(readConnections([longest]).connections.length, 1, 'the longest accepted');
  });
});
