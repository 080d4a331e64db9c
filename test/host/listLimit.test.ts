import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MessageNode, SubmissionTreeNode } from '../../src/ui/lists/nodes';
import { waitFor, withUserSetting } from './fixtures';
import { api, control, signIn } from './session';
import { tried } from '../reliability/tally';

/** A list of the sandbox's submissions followed by an XML comment: 1.1 MB, the same rows. */
const PADDED = { method: 'GET', path: '^/submissions$', kind: 'padded', bytes: 1_100_000, times: 20 };

describe('the largest list read (dsas.listLimitMegabytes)', () => {
  before(signIn);

  it('a list above the limit set is refused, with a message naming the setting; the same list below it is read', async () => {
    const { deps } = await api();
    const rows = async () => (await deps.submissions.getChildren()) as SubmissionTreeNode[];
    await control('/faults', 'POST', PADDED);
    try {
      await vscode.commands.executeCommand('dsas.refreshSubmissions');
      const read = await rows();
      assert.ok(read.some((n) => n.kind === 'submission') && !read.some((n) => n.kind === 'message'), 'at the default limit the 1.1 MB list is read');
      const before = deps.session.client;
      await withUserSetting('listLimitMegabytes', 1, async () => {
        // The session makes a new client when a setting it is built from changes.
        await waitFor('the client of the new limit', () => deps.session.signedIn && deps.session.client !== before);
        await vscode.commands.executeCommand('dsas.refreshSubmissions');
        const first = (await rows())[0] as MessageNode;
        assert.equal(first.kind, 'message');
        assert.match(first.text, /larger than the 1 MB limit for lists/);
        assert.match(first.text, /"dsas\.listLimitMegabytes"/, 'the message names the setting that raises the limit');
      });
    } finally {
      await control('/faults', 'DELETE');
    }
    await deps.submissions.refresh();
    assert.notEqual((await rows())[0]?.kind, 'message', 'the limit back at its default, the list is read again');
    tried('faults');
  });
});
