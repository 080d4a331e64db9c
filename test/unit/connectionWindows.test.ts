// Two windows on one user settings file: each reads the list of connections
// from its own copy of the settings, which learns another window's write only
// a moment later, and writes the whole list back, as `Connections` does.
import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { undoneWrite, type WrittenConnections } from '../../src/core/connectionWrites';
import { accountKey, accountOf, changedSetting, legacyConnection, readConnections, type Connection } from '../../src/core/connections';

class SettingsFile {
  value: unknown = undefined;
  writes = 0;
}

class Window {
  /** What this window read last: the file as it was then. */
  private copy: unknown;
  private last?: WrittenConnections;

  constructor(readonly file: SettingsFile) {
    this.copy = structuredClone(file.value);
  }

  get list(): readonly Connection[] {
    return readConnections(this.copy).connections;
  }

  /** The file changed: this window reads it, and writes again a change of its own that the other window undid. */
  see(): void {
    this.copy = structuredClone(this.file.value);
    const again = this.last && undoneWrite(this.last, this.list);
    if (again) this.write(again, true);
  }

  /** Writes `next`; a change written again is not written a third time. */
  write(next: readonly Connection[], again = false): void {
    const before = this.list;
    this.file.value = changedSetting(this.copy, next);
    this.file.writes++;
    this.copy = structuredClone(this.file.value);
    this.last = again ? undefined : { before, after: next };
  }

  add(c: Connection): void { this.write([...this.list, c]); }
  rename(id: string, name: string): void { this.write(this.list.map((c) => (c.id === id ? { ...c, name } : c))); }
  remove(id: string): void { this.write(this.list.filter((c) => c.id !== id)); }

  /** The earlier settings' address and user name become a connection, as `Connections.migrate` makes it. */
  migrate(legacy: { baseUrl: string; userName: string }): Connection | undefined {
    const made = legacyConnection(this.list, legacy);
    if (made) this.add(made);
    return made;
  }
}

const conn = (id: string, host = `${id}.example.com`): Connection => ({ id, name: id.toUpperCase(), baseUrl: `https://${host}/dsas`, userName: 'ann' });

/** Both windows see the file until neither writes any more; returns how many rounds that took. */
function settle(...windows: Window[]): number {
  for (let round = 1; round <= 10; round++) {
    const writes = windows[0].file.writes;
    windows.forEach((w) => w.see());
    if (windows[0].file.writes === writes) return round;
  }
  throw new Error('the windows kept writing');
}

describe('two windows writing the connections at once', () => {
  it('moving the earlier settings, neither having read the other\'s write, end with one connection, under the account its secrets are kept for', () => {
    const file = new SettingsFile();
    const [a, b] = [new Window(file), new Window(file)];
    const legacy = { baseUrl: 'https://dsas.example.com/service/v1.1', userName: 'demo' };
    const made = [a.migrate(legacy), b.migrate(legacy)];
    settle(a, b);
    const { connections, skipped } = readConnections(file.value);
    assert.equal(connections.length, 1);
    assert.deepEqual(skipped, []);
    assert.deepEqual(made.map((c) => c?.id), [connections[0].id, connections[0].id], 'the connection each window used (and a workspace may remember) is the one written');
    assert.equal(accountKey(accountOf(connections[0])), accountKey({ baseUrl: legacy.baseUrl, username: legacy.userName }), 'the secrets stored for the earlier settings are this connection\'s');
    assert.deepEqual(a.list, b.list);
  });

  it('keep a connection added in one while the other, not having read it, adds another', () => {
    const file = new SettingsFile();
    file.value = changedSetting(undefined, [conn('a')]);
    const [one, two] = [new Window(file), new Window(file)];
    one.add(conn('p'));
    two.add(conn('q'));
    settle(one, two);
    assert.deepEqual(readConnections(file.value).connections.map((c) => c.id).sort(), ['a', 'p', 'q']);
    assert.deepEqual(one.list, two.list);
  });

  it('keep a connection removed in one while the other, not having read it, renames another', () => {
    const file = new SettingsFile();
    file.value = changedSetting(undefined, [conn('a'), conn('x')]);
    const [one, two] = [new Window(file), new Window(file)];
    one.remove('x');
    two.rename('a', 'Renamed');
    settle(one, two);
    assert.deepEqual(readConnections(file.value).connections.map((c) => [c.id, c.name]), [['a', 'Renamed']]);
  });

  it('keep a rename in one while the other, not having read it, adds a connection', () => {
    const file = new SettingsFile();
    file.value = changedSetting(undefined, [conn('a')]);
    const [one, two] = [new Window(file), new Window(file)];
    one.rename('a', 'Production');
    two.add(conn('q'));
    settle(one, two);
    assert.deepEqual(readConnections(file.value).connections.map((c) => [c.id, c.name]), [['a', 'Production'], ['q', 'Q']]);
  });

  it('renaming one connection in both at once end with one of the names, in both, without writing back and forth', () => {
    const file = new SettingsFile();
    file.value = changedSetting(undefined, [conn('a')]);
    const [one, two] = [new Window(file), new Window(file)];
    one.rename('a', 'One');
    two.rename('a', 'Two');
    const writes = file.writes;
    assert.equal(settle(one, two), 1, 'nothing written again');
    assert.equal(file.writes, writes);
    assert.deepEqual(one.list, two.list);
    assert.equal(one.list[0].name, 'Two', 'the last write stands');
  });

  it('adding one account in both at once, under two ids, end with one connection, without writing back and forth', () => {
    const file = new SettingsFile();
    const [one, two] = [new Window(file), new Window(file)];
    one.add(conn('p', 'same.example.com'));
    two.add(conn('q', 'same.example.com'));
    settle(one, two);
    assert.deepEqual(readConnections(file.value).connections.map((c) => c.id), ['q']);
    assert.deepEqual(readConnections(file.value).skipped, []);
  });

  it('write nothing again for their own writes, one after the other', () => {
    const file = new SettingsFile();
    const [one, two] = [new Window(file), new Window(file)];
    one.add(conn('a'));
    two.see();
    two.add(conn('b'));
    one.see();
    one.remove('a');
    const writes = file.writes;
    settle(one, two);
    assert.equal(file.writes, writes);
    assert.deepEqual(readConnections(file.value).connections.map((c) => c.id), ['b']);
  });
});
