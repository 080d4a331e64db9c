// The list of connections as the user settings hold it, written by another
// window or by a hostile settings file: thousands of entries, and a write of
// another window made before it had read this window's.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { changedSetting, readConnections, type Connection } from '../../src/core';
import { CONNECTIONS_SETTING } from '../../src/ui/session/connections';
import { extensionLog, waitFor } from './fixtures';
import { api, signIn, withAnswers } from './session';

const Global = vscode.ConfigurationTarget.Global;
const config = () => vscode.workspace.getConfiguration('dsas');
const rawSetting = () => structuredClone(config().inspect(CONNECTIONS_SETTING)?.globalValue);
const entry = (i: number) => ({ id: `many-${i}`, name: `Service ${i}`, baseUrl: `https://s${i}.example.com/dsas/v1.1`, userName: 'ann' });

/**
 * Entries in the setting: ten times the connections used. code-server does not always finish
 * writing a list of 10,000 (test/unit/connections.test.ts reads that many).
 */
const MANY = 1_000;

interface Tree { getChildren(n?: unknown): Promise<{ kind: string }[]> }

describe('the connections setting, large or written by two windows', () => {
  let kept: unknown;
  before(async () => {
    await signIn();
    // The earlier settings moved at activation: the list is in the file.
    await waitFor('the connections written', () => ['baseURL', 'userName'].every((k) => config().inspect(k)?.globalValue === undefined) && Array.isArray(rawSetting()));
    kept = rawSetting();
  });
  afterEach(async () => {
    if (JSON.stringify(rawSetting()) !== JSON.stringify(kept)) await config().update(CONNECTIONS_SETTING, kept, Global);
    const { deps } = await api();
    await waitFor('the connections as before', () => deps.connections.list.length === readConnections(kept).connections.length);
  });

  it('1,000 connections in the user settings: the first 100 are used, both views show 100 roots, Switch Connection… offers 100, the log says once that the others are left out, and the window answers meanwhile', async function () {
    this.timeout(120_000);
    const { deps } = await api();
    const raw = [...(kept as unknown[]), ...Array.from({ length: MANY }, (_, i) => entry(i))];
    const logBefore = (await extensionLog()).length;
    let last = Date.now();
    let longest = 0;
    const beat = setInterval(() => {
      longest = Math.max(longest, Date.now() - last);
      last = Date.now();
    }, 100);
    try {
      await config().update(CONNECTIONS_SETTING, raw, Global);
      await waitFor('100 connections', () => deps.connections.list.length === 100, 60_000).catch((e: Error) => {
        throw new Error(`${e.message}: ${deps.connections.list.length} used, ${(rawSetting() as unknown[] | undefined)?.length} read`);
      });
      for (const tree of [deps.submissions, deps.archive] as unknown as Tree[]) {
        const roots = (await tree.getChildren()).filter((n) => n.kind === 'connection');
        assert.equal(roots.length, 100);
      }
      const { input } = await withAnswers([undefined], () => vscode.commands.executeCommand('dsas.switchConnection'));
      assert.equal(input.asked[0]?.items?.length, 100, 'the picker offers the connections used');
      const told = (await extensionLog()).slice(logBefore).split('\n').filter((l) => l.includes('only the first 100 connections are used'));
      assert.equal(told.length, 1, told.join('\n'));
      assert.match(told[0], new RegExp(`connections ${(kept as unknown[]).length + 100} to ${raw.length}:`), 'the first left out is the 101st usable');
      assert.ok(longest < 3_000, `the extension host was busy for ${longest} ms at a time`);
    } finally {
      clearInterval(beat);
    }
  });

  it('a connection added here and undone by another window\'s write, made before it had read it, is written again; that window\'s change stays', async () => {
    const { deps } = await api();
    const seenByTheOther = rawSetting();
    const added = await deps.connections.add({ name: 'Added here', baseUrl: 'https://added.example.com/dsas/v1.1', userName: 'ann' });
    // The other window adds its own to the list it read before this one's Add.
    const theirs: Connection = { id: 'their-window', name: 'Added there', baseUrl: 'https://there.example.com/dsas/v1.1', userName: 'ann' };
    await config().update(CONNECTIONS_SETTING, changedSetting(seenByTheOther, [...readConnections(seenByTheOther).connections, theirs]), Global);
    await waitFor('both connections written', () => {
      const ids = readConnections(rawSetting()).connections.map((c) => c.id);
      return ids.includes(added.id) && ids.includes(theirs.id);
    }, 10_000);
    assert.ok(deps.connections.get(added.id) && deps.connections.get(theirs.id));
  });

  it('a connection removed here and brought back by another window\'s write, made before it had read it, is removed again', async () => {
    const { deps } = await api();
    const doomed = await deps.connections.add({ name: 'Doomed', baseUrl: 'https://doomed.example.com/dsas/v1.1', userName: 'ann' });
    const seenByTheOther = rawSetting();
    await deps.connections.remove(doomed.id);
    // The other window renames the main connection in the list it read before the removal.
    const others = readConnections(seenByTheOther).connections.map((c) => (c.id === doomed.id ? c : { ...c, name: `${c.name} (renamed there)` }));
    await config().update(CONNECTIONS_SETTING, changedSetting(seenByTheOther, others), Global);
    await waitFor('the removed one gone again, the rename kept', () => {
      const now = readConnections(rawSetting()).connections;
      return !now.some((c) => c.id === doomed.id) && now.some((c) => c.name.endsWith('(renamed there)'));
    }, 10_000);
    assert.equal(deps.connections.get(doomed.id), undefined);
  });
});
