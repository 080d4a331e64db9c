import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Deps } from '../../src/extension';
import { DETAILS_PER_POLL } from '../../src/ui/status/changes';
import type { Poller } from '../../src/ui/status/poller';
import type { SubmissionNode } from '../../src/ui/lists/nodes';
import { nextEvent, waitFor, workspaceFile } from './fixtures';
import { api, control, logMark, pageMessages, quiet, sandboxState, serviceRequests, signIn, signOut, withAnswers } from './session';
import { noticesOf, pendingInSandbox, pollRound } from './polls';
import { tried } from '../reliability/tally';
import type { FromTimeline } from '../../src/shared/timelineProtocol';

const notices = noticesOf;

/** The number on the Submissions view's badge (0: none). */
const badge = (deps: Deps) => deps.submissions.view.badge?.value ?? 0;

/** Waits until the Submissions view's badge shows `value` (0: no badge). */
async function badgeIs(deps: Deps, value: number): Promise<void> {
  for (let until = Date.now() + 5000; badge(deps) !== value && Date.now() < until;) await new Promise((r) => setTimeout(r, 50));
  assert.equal(badge(deps), value, `the badge: ${deps.submissions.view.badge?.tooltip ?? 'none'}`);
  if (value === 0) assert.equal(deps.submissions.view.badge, undefined, 'no badge at 0');
}

/** Reveals a row; the view may be redrawing its rows (a poll's list): a row not drawn yet is revealed again a moment later. */
async function revealRow(deps: Deps, row: SubmissionNode, options: { select: boolean; focus?: boolean; expand: boolean }): Promise<void> {
  await deps.submissions.view.reveal(row, options).then(undefined, async () => {
    await new Promise((r) => setTimeout(r, 500));
    await deps.submissions.view.reveal(row, options);
  });
}

describe('status bar and polling', function () {
  // A round of polls reads every pending submission's detail, a few a poll: its length grows with what the suites before left pending.
  this.timeout(90_000);
  let deps: Deps;
  let status: Poller;
  let statusBarItem: vscode.StatusBarItem;

  before(async () => {
    await signIn();
    deps = (await api()).deps;
    status = (await api()).poller;
    statusBarItem = (await api()).statusBarItem;
  });

  it('shows the number of pending submissions in the sandbox, and opens the Submissions view', async () => {
    await status.pollNow();
    assert.equal(statusBarItem.text, `$(clock) ${await pendingInSandbox()} pending`);
    assert.equal(statusBarItem.command, 'dsas.submissions.focus');
    assert.equal(typeof statusBarItem.tooltip, 'string', 'a plain-text tooltip');
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
    await pollRound(status); // now known as pending, and what other suites changed is told
    const pendingBefore = await pendingInSandbox();
    assert.equal(statusBarItem.text, `$(clock) ${pendingBefore} pending`);
    assert.equal(deps.submissions.items.find((n) => n.item.id === id)?.item.completed, false);

    const stored = (await sandboxState()).submissions.find((s) => s.id === id)!;
    for (const r of stored.recipients) await control('/respond', 'POST', { submissionId: id, email: r.email });

    const first = await withAnswers([], () => status.pollNow());
    const told = notices(first.input.asked);
    assert.equal(told.length, 1, `one announcement: ${told.map((a) => a.text).join(' / ')}`);
    assert.equal(told[0].method, 'info');
    assert.match(told[0].text, /POLL-TEST.*Pia Poll, Quinn Copy responded; it is completed/);
    assert.ok(!told[0].text.includes('](command:'), `no link can form in the notification: ${told[0].text}`);
    assert.deepEqual(told[0].items, ['Show History', 'Open Summary', 'Show'], 'what to do next: its History, its Summary now final, its row');
    const row = deps.submissions.items.find((n) => n.item.id === id)!;
    assert.equal(row.item.completed, true, 'the row is updated');
    assert.equal((deps.submissions.getTreeItem(row) as vscode.TreeItem).contextValue, 'submission:completed');
    assert.equal(statusBarItem.text, `$(clock) ${pendingBefore - 1} pending`);

    assert.deepEqual(await pollRound(status), [], 'announced only once');
  });

  it('announces a rejection and a response once each, with the form reference and the recipient; the badge counts them until the row is expanded', async () => {
    const { id } = await deps.session.client.createSubmission({
      formReference: 'NOTICE-TEST',
      recipients: [
        { firstName: 'Rita', lastName: 'Reject', email: 'rita@example.com' },
        { firstName: 'Alan', lastName: 'Accept', email: 'alan@example.com' },
        { firstName: 'Cora', lastName: 'Copy', email: 'cora@example.com', type: 'COPIED' },
      ],
      documents: [{ path: workspaceFile('status/notice.txt', 'notice\n').fsPath }],
    });
    await pollRound(status);
    const base = badge(deps); // responses other tests left unseen

    await control('/respond', 'POST', { submissionId: id, email: 'rita@example.com', outcome: 'reject' });
    const rejected = await pollRound(status);
    assert.equal(rejected.length, 1, `one notice: ${rejected.map((a) => a.text).join(' / ')}`);
    assert.equal(rejected[0].method, 'warn', 'a rejection needs attention');
    assert.equal(rejected[0].text, 'Submission "NOTICE-TEST": rejected by Rita Reject.');
    assert.deepEqual(rejected[0].items, ['Show History', 'Show']);
    await badgeIs(deps, base + 1);
    const polled = deps.submissions.items.find((n) => n.item.id === id)!;
    const polledItem = deps.submissions.getTreeItem(polled) as vscode.TreeItem;
    assert.match(String(polledItem.description), /^1\/\d · 1 rejected · /, 'the row, never expanded, shows what the poll learned');
    assert.equal((polledItem.iconPath as vscode.ThemeIcon | undefined)?.id, 'report', 'and needs attention');

    await control('/respond', 'POST', { submissionId: id, email: 'alan@example.com', outcome: 'accept' });
    const responded = await pollRound(status);
    assert.deepEqual(responded.map((a) => [a.method, a.text]), [['info', 'Submission "NOTICE-TEST": Alan Accept responded.']]);
    await badgeIs(deps, base + 2);
    assert.equal(deps.submissions.view.badge?.tooltip, `${base + 2} responses not looked at yet`);

    await vscode.commands.executeCommand('workbench.view.extension.dsas');
    await deps.submissions.reveal(id);
    const row = deps.submissions.items.find((n) => n.item.id === id)!;
    await revealRow(deps, row, { select: true, focus: true, expand: true });
    await badgeIs(deps, base);
  });

  it('showing the History of a submission clears its responses from the badge', async () => {
    const { id } = await deps.session.client.createSubmission({
      formReference: 'BADGE-HISTORY',
      recipients: [{ firstName: 'Hal', lastName: 'History', email: 'hal@example.com' }],
      documents: [{ path: workspaceFile('status/history.txt', 'history\n').fsPath }],
    });
    await pollRound(status);
    const base = badge(deps);
    await control('/respond', 'POST', { submissionId: id, email: 'hal@example.com', outcome: 'accept' });
    const { input } = await withAnswers([], () => status.pollNow()); // the list says it completed: its detail comes first
    assert.deepEqual(notices(input.asked).map((a) => a.text), ['Submission "BADGE-HISTORY": Hal History responded; it is completed.']);
    await badgeIs(deps, base + 1);
    const drawn = (ms: number) => nextEvent(pageMessages<FromTimeline>('timeline.js'), (r) => r.key === id && r.message.type === 'rendered', 'the History panel', ms);
    const shown = drawn(10_000);
    await vscode.commands.executeCommand('dsas.showHistory', { kind: 'submission', item: { id } });
    await shown.catch(async () => {
      // code-server's browser workbench sometimes leaves a new webview blank (see webviews.test.ts): open it once more.
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      const again = drawn(20_000);
      await vscode.commands.executeCommand('dsas.showHistory', { kind: 'submission', item: { id } });
      await again;
    });
    await badgeIs(deps, base);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('a rejection made before the first detail a session reads is announced once, by Check Status and the polls after it', async () => {
    const { id } = await deps.session.client.createSubmission({
      formReference: 'FIRST-LOOK',
      recipients: [{ firstName: 'Fay', lastName: 'First', email: 'fay@example.com' }, { firstName: 'Gil', lastName: 'Second', email: 'gil@example.com' }],
      documents: [{ path: workspaceFile('status/first-look.txt', 'first look\n').fsPath }],
    });
    await pollRound(status);
    await signOut();
    await signIn(); // a new session: the submission is in its first list
    await withAnswers([], () => status.pollNow());
    const base = badge(deps);
    await control('/respond', 'POST', { submissionId: id, email: 'fay@example.com', outcome: 'reject' });
    const row = deps.submissions.items.find((n) => n.item.id === id)!;
    const checked = await withAnswers([], () => vscode.commands.executeCommand('dsas.checkStatus', row));
    const told = [...notices(checked.input.asked), ...await pollRound(status)].filter((a) => a.text.includes('FIRST-LOOK') && !/ is PENDING\.$/.test(a.text));
    assert.deepEqual(told.map((a) => [a.method, a.text]), [['warn', 'Submission "FIRST-LOOK": rejected by Fay First.']]);
    await badgeIs(deps, base + 1);
    assert.match(String((deps.submissions.getTreeItem(row) as vscode.TreeItem).description), /^1\/2 · 1 rejected · /);
  });

  it('Refresh shows a rejection on a collapsed row without a poll, and announces it once', async () => {
    const { id } = await deps.session.client.createSubmission({
      formReference: 'REFRESH-SHOWS',
      recipients: [{ firstName: 'Ray', lastName: 'Refresh', email: 'ray@example.com' }, { firstName: 'Sue', lastName: 'Still', email: 'sue@example.com' }],
      documents: [{ path: workspaceFile('status/refresh.txt', 'refresh\n').fsPath }],
    });
    await pollRound(status);
    await vscode.commands.executeCommand('workbench.view.extension.dsas');
    await control('/respond', 'POST', { submissionId: id, email: 'ray@example.com', outcome: 'reject' });
    const described = () => String((deps.submissions.getTreeItem(deps.submissions.items.find((n) => n.item.id === id)!) as vscode.TreeItem).description);
    const { input } = await withAnswers([], async () => {
      await vscode.commands.executeCommand('dsas.refreshSubmissions');
      await waitFor('the rejection on the row', () => /^1\/2 · 1 rejected · /.test(described()), 10_000).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 1000)); // the notices of what Refresh learned are gathered
    });
    assert.match(described(), /^1\/2 · 1 rejected · /, 'the row shows the rejection');
    assert.deepEqual(notices(input.asked).filter((a) => a.text.includes('REFRESH-SHOWS')).map((a) => a.text), ['Submission "REFRESH-SHOWS": rejected by Ray Refresh.']);
    assert.deepEqual((await pollRound(status)).filter((a) => a.text.includes('REFRESH-SHOWS')), [], 'once');
  });

  it('Enter (or a click) on a submission row opens its History, its primary action', async () => {
    const row = deps.submissions.items[0];
    const item = deps.submissions.getTreeItem(row) as vscode.TreeItem;
    assert.equal(item.command?.command, 'dsas.showHistory');
    const shown = nextEvent(pageMessages<FromTimeline>('timeline.js'), (r) => r.key === row.item.id && r.message.type === 'rendered', 'the History panel', 20_000);
    await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? []));
    await shown;
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('groups the changes of many submissions into one notice', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 4; i++) {
      ids.push((await deps.session.client.createSubmission({
        formReference: `GROUP-${i}`,
        recipients: [{ firstName: 'Gus', lastName: `Group${i}`, email: `gus${i}@example.com` }],
        documents: [{ path: workspaceFile(`status/group${i}.txt`, 'group\n').fsPath }],
      })).id);
    }
    await pollRound(status);
    for (const id of ids) await control('/respond', 'POST', { submissionId: id, outcome: id === ids[0] ? 'reject' : 'accept' });
    const { input } = await withAnswers([], () => status.pollNow());
    const told = notices(input.asked);
    assert.equal(told.length, 1, `one notice for four submissions: ${told.map((a) => a.text).join(' / ')}`);
    assert.match(told[0].text, /^4 submissions changed: 4 completed, \d new responses?\./);
    assert.deepEqual(told[0].items, ['Show']);
    await pollRound(status); // the detail left for the next poll
  });

  it(`a poll sends the list and at most ${DETAILS_PER_POLL} details, whatever the number of pending submissions`, async () => {
    await pollRound(status);
    await quiet();
    const pending = deps.submissions.items.filter((n) => n.item.completed === false).length;
    assert.ok(pending > DETAILS_PER_POLL, `more pending submissions (${pending}) than details per poll`);
    const mark = await logMark();
    await status.pollNow();
    const sent = (await serviceRequests(mark)).map((r) => `${r.method} ${r.path.replace(/^.*?\/submissions/, '/submissions').replace(/\/submissions\/[^/]+$/, '/submissions/<id>')}`);
    assert.deepEqual(sent.sort(), ['GET /submissions', ...Array<string>(DETAILS_PER_POLL).fill('GET /submissions/<id>')]);
  });

  it('a poll stays within its bound when many expanded rows changed; the rest are fetched by the next polls', async () => {
    const many = DETAILS_PER_POLL + 2;
    const ids: string[] = [];
    for (let i = 0; i < many; i++) {
      const doc = workspaceFile(`status/bound-${i}.txt`, `bound ${i}\n`);
      ids.push((await deps.session.client.createSubmission({ formReference: `BOUND-${i}`, recipients: [{ firstName: 'B', lastName: `Bound${i}`, email: `bound${i}@example.com` }], documents: [{ path: doc.fsPath }] })).id);
    }
    await pollRound(status);
    for (const id of ids) {
      const row = deps.submissions.items.find((n) => n.item.id === id)!;
      await revealRow(deps, row, { select: false, expand: true });
    }
    await quiet();
    const row = (id: string) => deps.submissions.items.find((n) => n.item.id === id)!;
    assert.ok(ids.every((id) => row(id).detail), 'every row expanded, its detail loaded');
    for (const id of ids) await control('/respond', 'POST', { submissionId: id });

    const mark = await logMark();
    await withAnswers([], () => status.pollNow());
    await quiet();
    const sent = await serviceRequests(mark);
    assert.ok(sent.length <= 1 + DETAILS_PER_POLL, `${sent.length} requests: ${sent.map((r) => `${r.method} ${r.path}`).join(', ')}`);
    const described = (id: string) => String((deps.submissions.getTreeItem(row(id)) as vscode.TreeItem).description);
    assert.equal(ids.filter((id) => /^1\/1 /.test(described(id))).length, DETAILS_PER_POLL, 'the rows fetched show the response');
    await withAnswers([], () => status.pollNow());
    await quiet();
    assert.deepEqual(ids.filter((id) => !/^1\/1 /.test(described(id))), [], 'the next poll fetched the outdated rest first');
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
      assert.match(statusBarItem.text, /^\$\(warning\) \d+ pending$/, 'the count says it is stale');
      assert.match(String(statusBarItem.tooltip), /may be out of date: the service could not be reached[\s\S]*last check failed/);
      assert.match(statusBarItem.accessibilityInformation?.label ?? '', /may be out of date/);
    } finally {
      await control('/faults', 'DELETE');
    }
    await status.pollNow();
    assert.equal(deps.submissions.stale, undefined);
    assert.match(statusBarItem.text, /^\$\(clock\) \d+ pending$/);
    assert.doesNotMatch(String(statusBarItem.tooltip), /out of date/);
    tried('faults');
  });

  it('shows Sign In when signed out', async () => {
    await signOut();
    try {
      assert.equal(statusBarItem.text, '$(account) Sign In');
      assert.equal(statusBarItem.command, 'dsas.signIn');
      const { input } = await withAnswers([], () => status.pollNow());
      assert.deepEqual(input.asked, [], 'no poll while signed out');
    } finally {
      await signIn();
    }
    await status.pollNow();
    assert.equal(statusBarItem.text, `$(clock) ${await pendingInSandbox()} pending`);
  });
});
