import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { accountKey, accountOf, type Connection } from '../../src/core/connections';
import { accountDigest, ownership } from '../../src/ui/session/accountOwner';

const bob: Connection = { id: 'c1', name: 'Bob', baseUrl: 'https://bob.example.com/dsas/v1.1', userName: 'bob' };
/** The account a connection points at, as sessions name it. */
const accountNow = (c: Connection) => accountKey(accountOf(c));
/** The digest a panel or tab opened from `c` notes. */
const opened = (c: Connection) => accountDigest(accountNow(c)!);

describe('whose a panel or tab opened from a connection is', () => {
  it('names the service and user by a short digest that spells neither out, the same for the same account', () => {
    const d = opened(bob);
    assert.match(d, /^[0-9a-f]{16}$/);
    assert.doesNotMatch(d, /bob|example/);
    assert.equal(opened({ ...bob, baseUrl: 'https://bob.example.com/dsas/v1.1/' }), d, 'the address as the connection normalises it');
    assert.notEqual(opened({ ...bob, userName: 'carol' }), d, 'another user at the same service');
    assert.notEqual(opened({ ...bob, baseUrl: 'https://carol.example.com/dsas/v1.1' }), d, 'the same user at another service');
  });

  it('may be fetched while its connection points at the account it was opened for: renamed, recoloured or marked production it still does', () => {
    const noted = opened(bob);
    assert.equal(ownership(noted, accountNow(bob)), 'own');
    assert.equal(ownership(noted, accountNow({ ...bob, name: 'Robert', color: 'charts.red', production: true })), 'own');
  });

  it('is fetched nothing for once Edit Connection… points its connection at another address or user name, and again once it points back', () => {
    const noted = opened(bob);
    assert.equal(ownership(noted, accountNow({ ...bob, baseUrl: 'https://carol.example.com/dsas/v1.1' })), 'moved');
    assert.equal(ownership(noted, accountNow({ ...bob, userName: 'carol' })), 'moved');
    assert.equal(ownership(noted, undefined), 'moved', 'a connection without a usable account');
    assert.equal(ownership(noted, accountNow(bob)), 'own', 'pointed back');
  });

  it('is fetched nothing for while its connection points back but its session still holds the client of the account it pointed at meanwhile', () => {
    const noted = opened(bob);
    const carol = accountNow({ ...bob, baseUrl: 'https://carol.example.com/dsas/v1.1' });
    assert.equal(ownership(noted, accountNow(bob), carol), 'switching', 'the other account\'s client still held');
    assert.equal(ownership(noted, accountNow(bob), accountNow(bob)), 'own', 'its own client read again');
    assert.equal(ownership(noted, accountNow(bob), undefined), 'own', 'signed out: nothing held that could fetch elsewhere');
    assert.equal(ownership(noted, carol, accountNow(bob)), 'moved', 'pointed away, its client not yet rebuilt');
  });

  it('is fetched nothing for when it was kept without the account it was opened for (an earlier version\'s saved panel), even where the connection is unchanged', () => {
    assert.equal(ownership(undefined, accountNow(bob)), 'unnoted');
    assert.equal(ownership(undefined, undefined), 'unnoted');
  });
});
