// Show Only… Unseen responses: the submissions whose responses were told and
// not looked at yet (those counted on the view's badge).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { waitFor, workspaceFile } from './fixtures';
import { pollRound } from './polls';
import { api, control, signIn, withAnswers } from './session';
import { expandRow } from './expandRow';

async function submission(formReference: string, email: string): Promise<string> {
  const { deps } = await api();
  const { id } = await deps.session.client.createSubmission({
    formReference, documents: [{ path: workspaceFile(`unseen/${email}.txt`, `${formReference}\n`).fsPath }],
    recipients: [{ firstName: 'Una', lastName: 'Seen', email }, { firstName: 'Copy', lastName: 'Reader', email: `copy-${email}`, type: 'COPIED' }],
  });
  return id;
}

describe('Show Only… Unseen responses', () => {
  before(signIn);

  it('keeps the submissions with responses not looked at; one looked at stays until the filter is set again', async function () {
    this.timeout(90_000);
    const { deps, poller } = await api();
    const tree = deps.submissions;
    const stamp = Date.now();
    const [a, b, c] = [await submission(`UNSEEN-A-${stamp}`, `a${stamp}@example.org`), await submission(`UNSEEN-B-${stamp}`, `b${stamp}@example.org`), await submission(`UNSEEN-C-${stamp}`, `c${stamp}@example.org`)];
    await pollRound(poller);
    await control('/respond', 'POST', { submissionId: a, email: `a${stamp}@example.org`, outcome: 'accept' });
    await pollRound(poller);
    const shown = async () => (await tree.getChildren()).flatMap((n) => (n.kind === 'submission' ? [n.item.id] : []));
    await vscode.commands.executeCommand('workbench.view.extension.dsas');
    try {
      const { input } = await withAnswers(['Unseen responses (not looked at yet)'], () => vscode.commands.executeCommand('dsas.showOnlySubmissions'));
      assert.ok(input.asked[0].items?.includes('Unseen responses (not looked at yet)'), JSON.stringify(input.asked[0].items));
      let ids = await shown();
      assert.ok(ids.includes(a), 'the submission with a response not looked at');
      assert.ok(!ids.includes(b) && !ids.includes(c), 'not those without');
      assert.equal(String(tree.view.description ?? ''), 'Unseen responses');

      // Looked at (its row expanded): it stays in view, so that it does not vanish under the pointer.
      const badge = () => tree.view.badge?.value ?? 0;
      const before = badge();
      const row = tree.items.find((n) => n.item.id === a)!;
      await expandRow(tree.view, row, () => badge() === before - 1, { select: true, focus: true });
      assert.ok((await shown()).includes(a), 'still shown once looked at');
      // A response told meanwhile joins the filtered list.
      await control('/respond', 'POST', { submissionId: b, email: `b${stamp}@example.org`, outcome: 'reject' });
      await pollRound(poller);
      ids = await waitFor('the new one shown', async () => {
        const now = await shown();
        return now.includes(b) && now;
      }, 5000);
      assert.ok(ids.includes(a), 'the one looked at is still there');
      assert.ok(!ids.includes(c));

      // Set again: only what is unseen now.
      await vscode.commands.executeCommand('dsas.showOnlySubmissions', 'unseen');
      ids = await shown();
      assert.ok(ids.includes(b) && !ids.includes(a) && !ids.includes(c), JSON.stringify({ a, b, c, ids }));
    } finally {
      await vscode.commands.executeCommand('dsas.showOnlySubmissions', 'all');
    }
  });
});
