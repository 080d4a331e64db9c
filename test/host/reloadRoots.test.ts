// The window reload run loads this file before reload.test.ts: a connection's
// root collapsed before the reload is still collapsed after it. Before the
// reload a second connection is added (one that is never signed in: its root
// is enough), its root collapsed in the Submissions view, and the connection
// taken out of the settings again, so that reload.test.ts runs with one
// connection, as everywhere else; after it, the same entry (same id) is put
// back and its root drawn collapsed, the other's expanded.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Connection } from '../../src/core';
import type { ConnectionNode, SubmissionTreeNode } from '../../src/ui/lists/nodes';
import { waitFor } from './fixtures';
import { api, signIn } from './session';

const MARK = path.join(os.tmpdir(), 'dsas-reload-roots-mark.json');
const Collapsed = vscode.TreeItemCollapsibleState.Collapsed;
const Expanded = vscode.TreeItemCollapsibleState.Expanded;

/** The roots of the Submissions view and how they are drawn. */
async function roots(): Promise<{ node: ConnectionNode; item: vscode.TreeItem }[]> {
  const tree = (await api()).deps.submissions;
  const nodes = (await tree.getChildren()).filter((n: SubmissionTreeNode): n is ConnectionNode => n.kind === 'connection');
  return nodes.map((node) => ({ node, item: tree.getTreeItem(node) }));
}

const config = () => vscode.workspace.getConfiguration('dsas');

describe('a window reload keeps the connections\' roots', () => {
  if (!existsSync(MARK)) {
    it('(before) a second connection\'s root is collapsed in the Submissions view; the connection is then taken out of the settings', async () => {
      await signIn();
      const { deps } = await api();
      const kept = await deps.connections.add({ name: 'Collapsed across a reload', baseUrl: 'http://127.0.0.1:9/dsas/v1.1', userName: 'nobody' });
      await vscode.commands.executeCommand('dsas.submissions.focus');
      const root = await waitFor('two roots', async () => (await roots()).find((r) => r.node.connectionId === kept.id));
      assert.equal(root.item.collapsibleState, Expanded, 'a root opens expanded');
      // The view may not have drawn the new root yet ("Data tree node not found"): revealed once it has.
      await waitFor('the new root revealed', async () => Promise.resolve(deps.submissions.view.reveal(root.node, { select: true, focus: true, expand: false })).then(() => true, () => false));
      await vscode.commands.executeCommand('list.collapse');
      await waitFor('its root collapsed', async () => (await roots()).find((r) => r.node.connectionId === kept.id)?.item.collapsibleState === Collapsed);
      writeFileSync(MARK, JSON.stringify(kept));
      await deps.connections.remove(kept.id);
      await waitFor('one connection again', () => deps.connections.list.length === 1);
    });
    return;
  }

  const kept = JSON.parse(readFileSync(MARK, 'utf8')) as Connection;

  it('(after) the connection put back under the same id: its root is still collapsed, the other\'s expanded', async () => {
    const { deps } = await api();
    await waitFor('a connection', () => deps.connections.list.length > 0, 20_000);
    const raw = config().inspect<unknown[]>('connections')?.globalValue ?? [];
    await config().update('connections', [...raw, { ...kept }], vscode.ConfigurationTarget.Global);
    try {
      await waitFor('two roots', async () => (await roots()).length === 2);
      const drawn = await roots();
      assert.deepEqual(drawn.map((r) => [r.node.connectionId === kept.id, r.item.collapsibleState]), [[false, Expanded], [true, Collapsed]]);
    } finally {
      await deps.connections.remove(kept.id);
      await waitFor('one connection again', () => deps.connections.list.length === 1);
    }
  });
});
