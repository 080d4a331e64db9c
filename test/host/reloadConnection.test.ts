// The window reload run loads this file first. Just before the reload,
// reload.test.ts made the runner's second service (another user, password
// and key) a connection and the workspace's (secondService.ts). After it, the
// workspace still uses that one, by its id: the status bar's switch, the
// views and a palette command say so, and no request carried one service's
// credentials to the other. Then the workspace goes back to the first and
// the second connection goes, so that the files after this one see one
// connection, as before.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { Connection } from '../../src/core';
import { waitFor } from './fixtures';
import { extension, type SandboxInfo } from './helpers';
import { SECOND_MARK, SECOND_TITLE, secondService } from './secondService';
import { api, connectionOf, requireSandbox, serviceRequests, withAnswers, type LoggedRequest } from './session';

/** What `sb`'s service logged (its own control endpoint), service requests only. */
async function logOf(sb: SandboxInfo): Promise<LoggedRequest[]> {
  const res = await fetch(`${new URL(sb.baseUrl).origin}/__sandbox/log`);
  return ((await res.json()) as LoggedRequest[]).filter((e) => !e.path.startsWith('/__sandbox'));
}

describe('a window reload keeps the workspace\'s connection', () => {
  if (!existsSync(SECOND_MARK)) return; // the window before the reload: reload.test.ts sets it up at its end

  const second = JSON.parse(readFileSync(SECOND_MARK, 'utf8')) as Connection;

  it('(after) the workspace uses the second connection, restored from its stored secrets: the views, the status bar\'s switch and Switch Connection… say so; no request carried one service\'s credentials to the other', async () => {
    const other = secondService();
    await waitFor('the extension activated by a restored panel', () => extension().isActive, 20_000);
    const { deps, statusBarItem } = await api();
    await waitFor('the workspace on the second connection, signed in', () => deps.session.connection?.id === second.id && deps.session.signedIn, 20_000);
    assert.equal(deps.connections.list.length, 2, 'both connections');

    // The views' own lists (the workspace's) are the second service's.
    await deps.archive.refresh();
    assert.deepEqual(deps.archive.items.map((r) => r.item.title), [SECOND_TITLE]);
    // The status bar's click and the palette's Switch Connection… show it as the one in use here.
    assert.equal(statusBarItem.command, 'dsas.switchConnection');
    for (const run of [() => vscode.commands.executeCommand(statusBarItem.command as string), () => vscode.commands.executeCommand('dsas.switchConnection')]) {
      const { input } = await withAnswers([undefined], run);
      const asked = input.asked[0];
      assert.equal(asked.items?.[0], 'Second service', JSON.stringify(asked.items));
      assert.match(asked.descriptions?.[0] ?? '', /in use here$/);
      assert.doesNotMatch(asked.descriptions?.[1] ?? '', /in use here/);
    }
    await waitFor('the status bar\'s line of the second connection', () => /\nSecond service: 0 pending/.test(String(statusBarItem.tooltip)), 10_000)
      .catch(() => assert.match(String(statusBarItem.tooltip), /\nSecond service: 0 pending/));

    // The first service saw no request with the second's user name; the second, none with the first's.
    const [first, seconds] = [await serviceRequests(), await logOf(other)];
    assert.deepEqual(first.filter((e) => e.username === other.user), []);
    assert.deepEqual(seconds.filter((e) => e.username !== undefined && e.username !== other.user), []);
    assert.ok(seconds.some((e) => e.username === other.user && e.status === 200), 'the second service was used, with its own account');
  });

  // Back to one connection, the first, for the files after this one (whether the test passed or not).
  after(async () => {
    const { deps } = await api();
    const [main, other] = [await connectionOf(requireSandbox()), secondService()];
    await withAnswers([], async () => {
      await deps.session.switchTo(main.id);
      await deps.connections.remove(second.id);
    });
    await deps.secrets.clear({ baseUrl: other.baseUrl, username: other.user });
    await waitFor('one connection, the first', () => deps.connections.list.length === 1 && deps.session.connection?.id === main.id);
  });
});
