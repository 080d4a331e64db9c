// Several connections side by side: both trees show one root per connection,
// each filled from its own service; each connection polls, counts and tells
// on its own, and one refused or unreachable never disturbs the other's rows.
// A second sandbox, started here, stands for the second service.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Connection } from '../../src/core';
import type { Deps } from '../../src/extension';
import type { ConnectionNode, SubmissionNode, SubmissionTreeNode, ArchiveTreeNode, MessageNode } from '../../src/ui/lists/nodes';
import type { Sandbox } from '../../tools/sandbox';
import { waitFor, workspaceFile } from './fixtures';
import { clientOf, archiveOn, OtherServices } from './otherServices';
import { noticesOf } from './polls';
import { DETAILS_PER_POLL } from '../../src/ui/status/changes';
import { ScriptedInput } from './scriptedInput';
import { api, connectionOf, control, requireSandbox, sandboxState, signIn, useAccount, withAnswers } from './session';

interface Tree<N> {
  getChildren(n?: N): Promise<N[]>;
  getTreeItem(n: N): vscode.TreeItem;
  getParent(n: N): N | undefined;
}

const label = (t: vscode.TreeItem) => (typeof t.label === 'string' ? t.label : t.label?.label ?? '');
type AnyNode = SubmissionTreeNode | ArchiveTreeNode;
/** Both views, as trees of their nodes. */
const bothTrees = (deps: Deps) => [deps.submissions, deps.archive] as unknown as Tree<AnyNode>[];
const rootsOf = async <N extends { kind: string }>(tree: Tree<N>) => (await tree.getChildren()).filter((n): n is N & ConnectionNode => n.kind === 'connection');

describe('connections side by side', () => {
  const others = new OtherServices();
  let bob: Sandbox;
  let main: Connection;
  let bobs: Connection;
  const pendingOf = (subs: readonly { completedAt?: number }[]) => subs.filter((s) => s.completedAt === undefined).length;

  before(async () => {
    await signIn();
    const { deps } = await api();
    main = await connectionOf(requireSandbox());
    bob = await others.start('bob');
    await archiveOn(bob, 'Only on bob\'s service', 'bob.txt', 'bob\n');
    for (const ref of ['BOB-1', 'BOB-2']) {
      await clientOf(bob).createSubmission({
        formReference: ref, documents: [{ path: workspaceFile('connectionTrees/bob.txt', 'bob\n').fsPath }],
        recipients: [{ firstName: 'Bo', lastName: 'Bob', email: 'bo@example.org' }],
      });
    }
    bobs = await connectionOf(bob, 'Bob');
    await deps.connections.update(bobs.id, { production: true });
    await useAccount(bob); // signs in there (its secrets are then stored)
    await useAccount(requireSandbox());
    await deps.submissions.refresh();
    await deps.archive.refresh();
  });
  /** What this suite made on the run's sandbox that is still pending: each submission and its recipients' addresses. */
  const madeHere: [string, string[]][] = [];
  after(async () => {
    // Completed and told here, so that the suites after this one poll and are told no more than they were.
    const { poller } = await api();
    for (const [submissionId, emails] of madeHere) {
      for (const email of emails) await control('/respond', 'POST', { submissionId, email, outcome: 'accept' }).catch(() => undefined);
    }
    await withAnswers([], async () => {
      for (let i = 0; i < 3; i++) await poller.pollNow();
    });
    await signIn(); // one connection again
    await others.close();
  });

  /** The rows under a root, of one kind. */
  async function rowsUnder<N extends { kind: string }>(tree: Tree<N>, root: N, kind: string): Promise<N[]> {
    return (await tree.getChildren(root)).filter((n) => n.kind === kind);
  }

  it('both trees show one root per connection (its name, production marked, "user @ host"), each filled from its own service, every row carrying its connection', async () => {
    const { deps } = await api();
    const sb = requireSandbox();
    for (const tree of bothTrees(deps)) {
      const roots = await rootsOf(tree);
      assert.deepEqual(roots.map((r) => r.connectionId), [main.id, bobs.id], 'one root per connection, in the settings\' order');
      const items = roots.map((r) => tree.getTreeItem(r));
      assert.deepEqual(items.map(label), [main.name, 'Bob (production)']);
      assert.deepEqual(items.map((t) => t.description), [`${sb.user} @ ${new URL(sb.baseUrl).host}`, `${bob.user} @ ${new URL(bob.baseUrl).host}`]);
      assert.notEqual(items[0].id, items[1].id);
      assert.equal(items[1].collapsibleState, vscode.TreeItemCollapsibleState.Expanded, 'a root opens expanded');
      for (const r of roots) assert.equal(tree.getParent(r), undefined);
    }
    const subs = deps.submissions as Tree<SubmissionTreeNode>;
    const [mainRoot, bobRoot] = await rootsOf(subs);
    const mainRows = (await rowsUnder(subs, mainRoot, 'submission')) as SubmissionNode[];
    const bobRows = (await rowsUnder(subs, bobRoot, 'submission')) as SubmissionNode[];
    assert.deepEqual(bobRows.map((r) => r.item.formReference).sort(), ['BOB-1', 'BOB-2']);
    const mainRefs = new Set((await sandboxState()).submissions.map((s) => s.formReference));
    assert.ok(mainRows.length > 0 && mainRows.every((r) => mainRefs.has(r.item.formReference) && !r.item.formReference.startsWith('BOB-')), 'the first root lists the sandbox\'s submissions');
    assert.ok(mainRows.every((r) => r.connectionId === main.id) && bobRows.every((r) => r.connectionId === bobs.id), 'each row carries its connection');
    assert.equal(subs.getParent(bobRows[0]), bobRoot, 'a row\'s parent is its connection\'s root');
    // The same submission id on both services: two rows, two tree item ids.
    const ids = [...mainRows, ...bobRows].map((r) => subs.getTreeItem(r).id);
    assert.equal(new Set(ids).size, ids.length, `tree item ids unique across connections: ${ids.join(', ')}`);
    const arch = deps.archive as Tree<ArchiveTreeNode>;
    const [, bobArchive] = await rootsOf(arch);
    assert.deepEqual((await rowsUnder(arch, bobArchive, 'archiveFile')).map((n) => (n as { item: { title: string } }).item.title), ['Only on bob\'s service']);
  });

  it('a filter applies to every root, each saying when none of its rows matches', async () => {
    const { deps } = await api();
    const subs = deps.submissions as Tree<SubmissionTreeNode>;
    deps.submissions.setFilter('BOB-1');
    try {
      const [mainRoot, bobRoot] = await rootsOf(subs);
      assert.deepEqual(((await rowsUnder(subs, bobRoot, 'submission')) as SubmissionNode[]).map((r) => r.item.formReference), ['BOB-1']);
      const under = await subs.getChildren(mainRoot);
      assert.deepEqual(under.map((n) => n.kind), ['message'], 'the other root says nothing matches');
      assert.match((under[0] as MessageNode).text, /No submission matches "BOB-1"/);
    } finally {
      deps.submissions.setFilter(undefined);
    }
  });

  it('a response on each service is told once, each notice naming its connection; the badge counts both', async () => {
    const { deps, poller } = await api();
    const { id: mainId } = await deps.sessions.get(main.id)!.client.createSubmission({
      formReference: 'MAIN-TOLD', documents: [{ path: workspaceFile('connectionTrees/main.txt', 'main\n').fsPath }],
      recipients: [{ firstName: 'Mo', lastName: 'Main', email: 'mo@example.org' }, { firstName: 'Al', lastName: 'Also', email: 'al@example.org' }],
    });
    madeHere.push([mainId, ['al@example.org']]);
    const bobSub = bob.store.submissions.find((s) => s.formReference === 'BOB-1')!;
    // Enough polls to go round every pending submission of the busier service.
    const polls = Math.ceil((pendingOf((await sandboxState()).submissions) + 1) / DETAILS_PER_POLL) + 1;
    for (let i = 0; i < polls; i++) await poller.pollNow();
    const before = deps.submissions.view.badge?.value ?? 0;
    const { input } = await withAnswers([], async () => {
      bob.simulateResponse(bobSub.id, { email: 'bo@example.org', outcome: 'accept' });
      await fetch(`${new URL(requireSandbox().baseUrl).origin}/__sandbox/respond`, {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ submissionId: mainId, email: 'mo@example.org', outcome: 'accept' }),
      });
      for (let i = 0; i < polls; i++) await poller.pollNow();
    });
    const texts = noticesOf(input.asked).map((a) => a.text).sort();
    assert.deepEqual(texts, [
      'Bob (production): Submission "BOB-1": Bo Bob responded; it is completed.',
      `${main.name}: Submission "MAIN-TOLD": Mo Main responded.`,
    ].sort());
    await waitFor('the badge counts the responses of both', () => (deps.submissions.view.badge?.value ?? 0) >= before + 2, 5000);
    const { input: again } = await withAnswers([], async () => {
      for (let i = 0; i < polls; i++) await poller.pollNow();
    });
    assert.deepEqual(noticesOf(again.asked), [], 'told once');
  });

  it('the status bar counts the pending submissions of both, its tooltip names each, and it offers Switch Connection…', async () => {
    const { poller, statusBarItem } = await api();
    await poller.pollNow();
    const count = pendingOf((await sandboxState()).submissions) + pendingOf(bob.store.submissions);
    assert.equal(statusBarItem.text, `$(clock) ${count} pending`);
    const tooltip = String(statusBarItem.tooltip);
    assert.match(tooltip, new RegExp(`${main.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: ${pendingOf((await sandboxState()).submissions)} pending`));
    assert.match(tooltip, new RegExp(`Bob \\(production\\): ${pendingOf(bob.store.submissions)} pending`));
    assert.equal(statusBarItem.command, 'dsas.switchConnection');
  });

  it('the status bar\'s tooltip marks the connection this workspace uses, after Switch Connection…, a rename and a removal', async () => {
    const { deps, statusBarItem } = await api();
    /** The tooltip's lines that say "in use here": the connection each names. */
    const marked = () => String(statusBarItem.tooltip).split('\n').filter((l) => l.endsWith(' · in use here')).map((l) => l.slice(0, l.indexOf(': ')));
    assert.deepEqual(marked(), [main.name], 'the workspace\'s connection marked, the other not');
    await withAnswers(['Bob (production)'], () => vscode.commands.executeCommand('dsas.switchConnection'));
    await waitFor('Bob marked after Switch Connection…', () => marked().join() === 'Bob (production)');
    try {
      await deps.connections.update(bobs.id, { name: 'Robert' });
      await waitFor('the renamed connection marked by its new name', () => marked().join() === 'Robert (production)');
    } finally {
      await deps.connections.update(bobs.id, { name: 'Bob' });
    }
    // The workspace's connection removed: the one it takes is marked.
    const ghost = await deps.connections.add({ name: 'Ghost', baseUrl: bob.baseUrl, userName: 'ghost' });
    await withAnswers([], () => deps.session.switchTo(ghost.id));
    await waitFor('Ghost marked', () => marked().join() === 'Ghost');
    await withAnswers([], async () => {
      await deps.connections.remove(ghost.id);
      await waitFor('the workspace on its first connection, and told', () => deps.session.connection?.id === main.id && (deps.input.raw as ScriptedInput).asked.length > 0);
    });
    await waitFor('the first connection marked after the removal', () => marked().join() === main.name);
    await useAccount(requireSandbox());
  });

  it('a wrong password on one connection shows on its root with Sign In; the other\'s rows stay, and it keeps polling', async () => {
    const { deps, poller, statusBarItem } = await api();
    const subs = deps.submissions as Tree<SubmissionTreeNode>;
    const mainRows = async () => ((await rowsUnder(subs, (await rootsOf(subs))[0], 'submission')) as SubmissionNode[]).map((r) => r.item.id);
    const before = await mainRows();
    // Bob's password changes on the service: the stored one is refused at the next poll.
    await fetch(`${bob.origin}/__sandbox/credentials`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ password: `pw-bob-new-${Date.now()}` }) });
    const said = new ScriptedInput();
    const restore = (await api()).setUserInput(said);
    try {
      await poller.pollNow();
      await waitFor('Bob\'s connection signed out, and said so', () => !deps.sessions.get(bobs.id)!.signedIn && said.asked.length > 0);
    } finally {
      restore();
    }
    assert.match(said.asked.map((a) => a.text).join('\n'), /^Bob \(production\): .*refused/m, 'the refusal names its connection');
    for (const tree of bothTrees(deps)) {
      const [, bobRoot] = await rootsOf(tree);
      const t = tree.getTreeItem(bobRoot);
      assert.match(String(t.description), /refused/, `the root says why: ${String(t.description)}`);
      assert.equal(t.contextValue, 'connection:signedOut');
      const under = await tree.getChildren(bobRoot);
      assert.equal(under.length, 1);
      const m = tree.getTreeItem(under[0]);
      assert.equal(m.command?.command, 'dsas.signIn', 'its row signs in to it');
      assert.deepEqual(m.command?.arguments, [bobRoot]);
    }
    assert.deepEqual(await mainRows(), before, 'the other root keeps its rows');
    // The other connection keeps polling: a submission made there shows up.
    const { id } = await deps.sessions.get(main.id)!.client.createSubmission({
      formReference: 'MAIN-AFTER-REFUSAL', documents: [{ path: workspaceFile('connectionTrees/after.txt', 'after\n').fsPath }],
      recipients: [{ firstName: 'Mo', lastName: 'Main', email: 'mo@example.org' }],
    });
    madeHere.push([id, ['mo@example.org']]);
    await withAnswers([], () => poller.pollNow());
    assert.ok(deps.submissions.listOf(main.id)?.all.some((r) => r.item.id === id), 'the poll brought the new row'); // (maybe on a later page)
    assert.match(String(statusBarItem.tooltip), /Bob \(production\): .*(refused|signed out)/);
    // Sign In on the root asks for its password only, and fills it again.
    const bobRoot = (await rootsOf(subs))[1];
    await withAnswers([bob.password], () => vscode.commands.executeCommand('dsas.signIn', bobRoot));
    await waitFor('Bob signed in again', () => deps.sessions.get(bobs.id)!.signedIn);
    assert.ok((await rowsUnder(subs, (await rootsOf(subs))[1], 'submission')).length > 0, 'Bob\'s rows again');
  });

  it('a root collapsed stays collapsed when the view draws it again', async () => {
    const { deps } = await api();
    const subs = deps.submissions as Tree<SubmissionTreeNode>;
    await vscode.commands.executeCommand('dsas.submissions.focus');
    const [, bobRoot] = await rootsOf(subs);
    await deps.submissions.view.reveal(bobRoot, { select: true, focus: true, expand: false });
    await vscode.commands.executeCommand('list.collapse');
    await waitFor('collapsed', () => subs.getTreeItem(bobRoot).collapsibleState === vscode.TreeItemCollapsibleState.Collapsed);
    await deps.submissions.refresh();
    const [, again] = await rootsOf(subs);
    assert.equal(subs.getTreeItem(again).collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    assert.equal(subs.getTreeItem((await rootsOf(subs))[0]).collapsibleState, vscode.TreeItemCollapsibleState.Expanded);
    await deps.submissions.view.reveal(again, { select: true, focus: true, expand: true });
    await waitFor('expanded', () => subs.getTreeItem(again).collapsibleState === vscode.TreeItemCollapsibleState.Expanded);
  });
  it('a stopped service shows on its root as unreachable; the other\'s rows stay and its polls go on', async () => {
    const { deps, poller, statusBarItem } = await api();
    const subs = deps.submissions as Tree<SubmissionTreeNode>;
    const mainRows = async () => ((await rowsUnder(subs, (await rootsOf(subs))[0], 'submission')) as SubmissionNode[]).map((r) => r.item.id);
    const before = await mainRows();
    await bob.close();
    await withAnswers([], () => poller.pollNow());
    const [mainRoot, bobRoot] = await rootsOf(subs);
    assert.match(String(subs.getTreeItem(bobRoot).description), /could not be reached/);
    const under = await subs.getChildren(bobRoot);
    assert.equal(under[0].kind, 'message', 'the stale notice under its root');
    assert.equal(under.filter((n) => n.kind === 'submission').length, 2, 'its earlier rows stay under it');
    assert.deepEqual(await mainRows(), before, 'the other root keeps its rows');
    assert.ok(!(await subs.getChildren(mainRoot)).some((n) => n.kind === 'message'), 'no notice under the other root');
    assert.doesNotMatch(String(subs.getTreeItem(mainRoot).description), /could not be reached/);
    assert.match(statusBarItem.text, /^\$\(warning\) \d+ pending$/, 'the count says part of it may be out of date');
    // The other connection's polls go on: a submission made there shows up.
    const { id } = await deps.sessions.get(main.id)!.client.createSubmission({
      formReference: 'MAIN-WHILE-BOB-IS-DOWN', documents: [{ path: workspaceFile('connectionTrees/down.txt', 'down\n').fsPath }],
      recipients: [{ firstName: 'Mo', lastName: 'Main', email: 'mo@example.org' }],
    });
    madeHere.push([id, ['mo@example.org']]);
    await withAnswers([], () => poller.pollNow());
    assert.ok(deps.submissions.listOf(main.id)?.all.some((r) => r.item.id === id), 'the poll brought the new row'); // (maybe on a later page)
  });
});
