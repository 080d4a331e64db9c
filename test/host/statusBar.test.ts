import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Deps } from '../../src/ui/deps';
import type { PendingStatus } from '../../src/ui/status/statusBar';
import { workspaceFile } from './fixtures';
import { api, control, sandboxState, signIn, signOut, withAnswers } from './session';
import { tried } from '../reliability/tally';

const pendingInSandbox = async () => (await sandboxState()).submissions.filter((s) => s.completedAt === undefined).length;

describe('status bar and polling', () => {
  let deps: Deps;
  let status: PendingStatus;

  before(async () => {
    await signIn();
    deps = (await api()).deps;
    status = (await api()).pendingStatus;
  });

  it('shows the number of pending submissions in the sandbox, and opens the Submissions view', async () => {
    await status.pollNow();
    assert.equal(status.item.text, `$(clock) ${await pendingInSandbox()} pending`);
    assert.equal(status.item.command, 'dsas.submissions.focus');
    assert.equal(typeof status.item.tooltip, 'string', 'a plain-text tooltip');
  });

  it('polling announces a submission that turned COMPLETED once, and updates the row and the count', async () => {
    const doc = workspaceFile('status/poll.txt', 'poll\n');
    const { id } = await deps.session.client.createSubmission({
      formReference: 'POLL-TEST [x](command:dsas.signOut)',
      recipients: [
        { firstName: 'Pia', lastName: 'Poll', email: 'pia@example.com' },
        { firstName: 'Quinn', lastName: 'Copy', email: 'quinn@example.com', type: 'COPIED' },
      ],
      documents: [{ path: doc.fsPath }],
    });
    await status.pollNow(); // now known as pending
    const pendingBefore = await pendingInSandbox();
    assert.equal(status.item.text, `$(clock) ${pendingBefore} pending`);
    assert.equal(deps.submissions.items.find((n) => n.item.id === id)?.item.completed, false);

    const stored = (await sandboxState()).submissions.find((s) => s.id === id)!;
    for (const r of stored.recipients) await control('/respond', 'POST', { submissionId: id, email: r.email });

    const first = await withAnswers([], () => status.pollNow());
    const told = first.input.asked.filter((a) => a.method === 'info');
    assert.equal(told.length, 1, `one announcement: ${told.map((a) => a.text).join(' / ')}`);
    assert.match(told[0].text, /POLL-TEST/);
    assert.ok(!told[0].text.includes('](command:'), `no link can form in the notification: ${told[0].text}`);
    assert.deepEqual(told[0].items, ['Show']);
    const row = deps.submissions.items.find((n) => n.item.id === id)!;
    assert.equal(row.item.completed, true, 'the row is updated');
    assert.equal((deps.submissions.getTreeItem(row) as vscode.TreeItem).contextValue, 'submission:completed');
    assert.equal(status.item.text, `$(clock) ${pendingBefore - 1} pending`);

    const second = await withAnswers([], () => status.pollNow());
    assert.deepEqual(second.input.asked.filter((a) => a.method === 'info'), [], 'announced only once');
  });

  it('polls do not overlap, and a failing poll only marks the data stale', async () => {
    const a = status.pollNow();
    const b = status.pollNow();
    assert.equal(a, b, 'a poll while one runs joins it');
    await a;

    await control('/faults', 'POST', { method: 'GET', path: '^/submissions$', kind: 'status', status: 503, times: 10 });
    try {
      const { input } = await withAnswers([], () => status.pollNow());
      assert.deepEqual(input.asked, [], 'no message pops up');
      assert.ok(deps.submissions.stale, 'the tree knows its data is stale');
      assert.match(String(status.item.tooltip), /last check failed/);
    } finally {
      await control('/faults', 'DELETE');
    }
    await status.pollNow();
    assert.equal(deps.submissions.stale, undefined);
    tried('faults');
  });

  it('shows Sign In when signed out', async () => {
    await signOut();
    try {
      assert.equal(status.item.text, '$(account) Sign In');
      assert.equal(status.item.command, 'dsas.signIn');
      const { input } = await withAnswers([], () => status.pollNow());
      assert.deepEqual(input.asked, [], 'no poll while signed out');
    } finally {
      await signIn();
    }
    await status.pollNow();
    assert.equal(status.item.text, `$(clock) ${await pendingInSandbox()} pending`);
  });
});
