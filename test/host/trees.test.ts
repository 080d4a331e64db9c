import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Deps } from '../../src/extension';
import { formatBytes } from '../../src/ui/text/format';
import { droppedFiles } from '../../src/ui/archive/archiveDrop';
import { readSettings } from '../../src/ui/session/settings';
import { markdownText, safeText } from '../../src/ui/text/text';
import { needsAttention } from '../../src/ui/submissions/submissionOutcome';
import type {
  ArchiveNode, ArchiveTreeNode, GroupNode, LoadMoreNode, MessageNode, SubmissionNode, SubmissionTreeNode,
} from '../../src/ui/lists/nodes';
import { waitFor, workspaceFile } from './fixtures';
import { log, screenshot, sidebarText } from './helpers';
import { api, control, sandboxState, signIn, withAnswers } from './session';
import { tried } from '../reliability/tally';
import { expandRow } from './expandRow';

interface Tree<N> {
  getChildren(n?: N): Promise<N[]>;
  getTreeItem(n: N): vscode.TreeItem;
  getParent(n: N): N | undefined;
}

const label = (t: vscode.TreeItem) => (typeof t.label === 'string' ? t.label : t.label?.label ?? '');
const iconId = (t: vscode.TreeItem) => (t.iconPath instanceof vscode.ThemeIcon ? t.iconPath.id : undefined);
const markdown = (t: vscode.TreeItem): vscode.MarkdownString => {
  assert.ok(t.tooltip instanceof vscode.MarkdownString, `the tooltip of "${label(t)}" is a MarkdownString`);
  return t.tooltip;
};
const item = <N>(tree: Tree<N>, n: N) => tree.getTreeItem(n);

/** The root's rows of one kind, after pressing Load more until everything is shown. */
async function allRows<N extends { kind: string }, R extends N>(tree: Tree<N>, kind: R['kind'], loadMore: () => void): Promise<R[]> {
  for (let i = 0; i < 100; i++) {
    const root = await tree.getChildren();
    if (!root.some((n) => n.kind === 'loadMore')) return root.filter((n): n is R => n.kind === kind);
    loadMore();
  }
  throw new Error('Load more never ran out');
}

function assertInert(md: vscode.MarkdownString, what: string): void {
  assert.equal(md.isTrusted, false, `${what}: not trusted`);
  assert.equal(md.supportHtml, false, `${what}: no HTML`);
  assert.equal(md.supportThemeIcons, false, `${what}: no theme icons`);
}

describe('sidebar trees', () => {
  let deps: Deps;
  const subs = () => deps.submissions as Tree<SubmissionTreeNode>;
  const archive = () => deps.archive as Tree<ArchiveTreeNode>;
  const submissionRows = () => allRows<SubmissionTreeNode, SubmissionNode>(subs(), 'submission', () => deps.submissions.loadMore());
  const archiveRows = () => allRows<ArchiveTreeNode, ArchiveNode>(archive(), 'archiveFile', () => deps.archive.loadMore());

  before(async () => {
    await signIn();
    deps = (await api()).deps;
    await deps.submissions.refresh();
    await deps.archive.refresh();
  });

  it('the Submissions view lists exactly the sandbox submissions, with labels, state icons and context values', async () => {
    const state = await sandboxState();
    const rows = await submissionRows();
    assert.deepEqual(rows.map((r) => r.item.id).sort(), state.submissions.map((s) => s.id).sort());
    for (const s of state.submissions) {
      const t = item(subs(), rows.find((r) => r.item.id === s.id)!);
      const kind = s.completedAt === undefined ? 'pending' : 'completed';
      assert.equal(label(t), s.formReference || s.id, `label of ${s.id}`);
      // A pending row whose detail a poll has read says so when it needs attention (the next test).
      const row = rows.find((r) => r.item.id === s.id)!;
      assert.equal(iconId(t), kind === 'completed' ? 'pass-filled' : row.detail && needsAttention(row) ? 'report' : 'clock', `icon of ${s.id}`);
      assert.equal(t.contextValue, `submission:${kind}`);
      assert.equal(t.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
      const primary = s.recipients.find((r) => r.recpType === 'PRIMARY') ?? s.recipients[0];
      assert.ok(String(t.description).includes(primary.firstName), `description of ${s.id} names the primary recipient: ${String(t.description)}`);
    }
  });

  it('expanding a submission shows its recipients, attachments and History, with the stored values', async () => {
    const id = '12345678901234567890123';
    const stored = (await sandboxState()).submissions.find((s) => s.id === id)!;
    const row = (await submissionRows()).find((r) => r.item.id === id)!;
    const children = await subs().getChildren(row);
    assert.deepEqual(children.map((c) => c.kind), ['recipients', 'attachments', 'history']);
    const [recipients, attachments, history] = children as [GroupNode, GroupNode, SubmissionTreeNode];
    assert.equal(label(item(subs(), recipients)), `Recipients (${stored.recipients.length})`);
    assert.equal(label(item(subs(), attachments)), `Attachments (${stored.attachments.length})`);

    const people = await subs().getChildren(recipients);
    assert.equal(people.length, stored.recipients.length);
    for (const [i, r] of stored.recipients.entries()) {
      const t = item(subs(), people[i]);
      assert.ok(label(t).includes(r.firstName) && label(t).includes(r.lastName), `recipient label ${label(t)}`);
      assert.ok(String(t.description).includes(r.email) && String(t.description).includes(r.recpType), `recipient description ${String(t.description)}`);
      assert.equal(t.contextValue, 'recipient');
      assert.equal(subs().getParent(people[i]), recipients);
    }
    // Bob responded, Zoë only viewed, Cleo did nothing. A response is not shown as an acceptance (no check mark);
    // response_status is shown as the service sent it.
    assert.deepEqual(people.map((p) => iconId(item(subs(), p))), ['eye', 'reply', 'mail']);
    assert.match(String(item(subs(), people[1]).description), /response_status 1$/);
    assert.match(String(item(subs(), people[2]).description), /response_status 0$/);

    const files = await subs().getChildren(attachments);
    assert.deepEqual(files.map((f) => label(item(subs(), f))), stored.attachments.map((a) => a.name));
    assert.ok(files.every((f) => item(subs(), f).contextValue === 'attachment'));

    const h = item(subs(), history);
    assert.equal(h.contextValue, 'history');
    assert.equal(h.command?.command, 'dsas.showHistory');
    assert.equal(h.command?.arguments?.[0], row, 'History runs Show History with the submission row');
  });

  it('tooltips show the fields the service returned, escaped, untrusted and without HTML', async () => {
    const rows = await submissionRows();
    const qa = rows.find((r) => r.item.id === '12345678901234567890123')!;
    const md = markdown(item(subs(), qa));
    assertInert(md, 'submission tooltip');
    for (const v of ['12345678901234567890123', qa.item.md5Id, markdownText(qa.item.sender.email)]) assert.ok(md.value.includes(v), `tooltip shows ${v}`);
    assert.ok(md.value.includes('Q&amp;A &lt;round 2&gt;'), md.value);
    assert.ok(!md.value.includes('<round'), 'no raw markup');

    const [group] = (await subs().getChildren(qa)) as GroupNode[];
    const bob = (await subs().getChildren(group))[1];
    const bobTip = markdown(item(subs(), bob));
    assertInert(bobTip, 'recipient tooltip');
    assert.ok(bobTip.value.includes('Looks fine &lt;b&gt;really&lt;\\/b&gt; &amp; &quot;quoted&quot;'), bobTip.value);
    assert.ok(bobTip.value.includes('Approved – B\\.B\\.'), 'endorsement shown');
    tried('hostile', 2); // markup in a form reference and in a comment
  });

  it('a hostile form reference stays inert in the label and the tooltip', async () => {
    const hostile = '<img src=x onerror=alert(1)> [click](command:dsas.signOut) \u202Eevil';
    const doc = workspaceFile('trees/hostile.txt', 'hostile\n');
    const { id } = await deps.session.client.createSubmission({
      formReference: hostile,
      recipients: [{ firstName: '[x](command:dsas.signOut)', lastName: '**bold**', email: 'h@example.com' }],
      documents: [{ path: doc.fsPath }],
    });
    await deps.submissions.reveal(id);
    const row = deps.submissions.items.find((r) => r.item.id === id)!;
    const t = item(subs(), row);
    assert.ok(!label(t).includes('\u202E') && label(t).includes('\\u202E'), `the override shows as an escape: ${label(t)}`);
    const md = markdown(t);
    assertInert(md, 'hostile tooltip');
    for (const bad of ['<img', '](command:', 'command:dsas', '\u202E', '[click]']) assert.ok(!md.value.includes(bad), `tooltip keeps "${bad}" inert: ${md.value}`);
    assert.ok(md.value.includes('&lt;img src\\=x onerror\\=alert\\(1\\)&gt;'), md.value);
    const [group] = (await subs().getChildren(row)) as GroupNode[];
    const [person] = await subs().getChildren(group);
    const pt = markdown(item(subs(), person));
    assert.ok(!pt.value.includes('](command:') && !pt.value.includes('**bold**'), pt.value);
    tried('hostile', 5); // markup, a command: link and a bidi override in the form reference; a link and Markdown in the names
  });

  it('Refresh on a row fetches its detail and status again; hovering an archive row fetches its detail', async () => {
    const row = deps.submissions.items.find((r) => r.item.id === '1003')!;
    await vscode.commands.executeCommand('dsas.refreshItem', row);
    assert.equal(row.detail?.id, '1003');
    assert.equal(row.status, 'PENDING');

    const file = deps.archive.items.find((r) => r.item.id === '101')!;
    const resolved = await deps.archive.resolveTreeItem(new vscode.TreeItem('x'), file);
    const md = markdown(resolved);
    assertInert(md, 'archive tooltip');
    assert.ok(md.value.includes(file.detail!.hash) && md.value.includes('notes'), md.value);
  });

  it('the Archive view lists exactly the sandbox files; details fill in lazily with size and tags', async () => {
    await vscode.workspace.getConfiguration('dsas').update('pageSize', 1000, vscode.ConfigurationTarget.Global);
    try {
      await deps.archive.refresh();
      const state = await sandboxState();
      const rows = await archiveRows();
      assert.deepEqual(rows.map((r) => r.item.id).sort(), state.archives.map((a) => a.id).sort());
      await waitFor('every archive row to get its detail', () => rows.every((r) => r.detail));
      for (const a of state.archives) {
        const t = item(archive(), rows.find((r) => r.item.id === a.id)!);
        assert.equal(label(t), a.title || a.name);
        assert.equal(t.contextValue, 'archiveFile');
        const d = String(t.description);
        // Names are shown with invisible and reordering characters escaped (a file an earlier suite archived may have one).
        assert.ok(d.includes(safeText(a.name)) && d.includes(formatBytes(a.fullSize)), `description of ${a.id}: ${d}`);
        for (const tag of a.tags) assert.ok(d.includes(safeText(tag.text)), `description of ${a.id} shows tag ${tag.text}: ${d}`);
      }
      const contract = rows.find((r) => r.item.id === '0042')!;
      const lines = await archive().getChildren(contract);
      const text = lines.map((l) => `${label(item(archive(), l))}: ${String(item(archive(), l).description)}`).join('\n');
      const stored = state.archives.find((a) => a.id === '0042')!;
      for (const v of ['application/pdf', stored.hash, 'contracts, signed', `${stored.fullSize.toLocaleString(vscode.env.language)} bytes`, 'Folder: 3']) {
        assert.ok(text.includes(v), `detail lines show ${v}:\n${text}`);
      }
      assertInert(markdown(item(archive(), contract)), 'archive tooltip');
    } finally {
      await vscode.workspace.getConfiguration('dsas').update('pageSize', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('shows a page of rows and a Load more row; loading more and refreshing keep what is shown', async () => {
    const client = deps.session.client;
    const doc = workspaceFile('trees/page.txt', 'page\n');
    const have = (await sandboxState()).archives.length;
    for (let i = have; i < 25; i++) {
      const file = { path: doc.fsPath, title: `Paging test ${i}` };
      // Setup only: one more try after a dropped connection (seen now and then in this suite), logged so that it stays visible.
      await client.uploadArchiveFile(file).catch((e: Error) => {
        log(`    (paging setup: upload ${i} failed, trying once more: ${e.message})`);
        return client.uploadArchiveFile(file);
      });
    }
    const total = (await sandboxState()).archives.length;
    await vscode.workspace.getConfiguration('dsas').update('pageSize', 10, vscode.ConfigurationTarget.Global);
    try {
      await deps.archive.refresh();
      let root = await archive().getChildren();
      assert.equal(root.filter((n) => n.kind === 'archiveFile').length, 10);
      const more = root.at(-1) as LoadMoreNode;
      assert.equal(more.kind, 'loadMore');
      assert.equal(more.remaining, total - 10);
      const t = item(archive(), more);
      assert.equal(t.contextValue, 'loadMore');
      assert.equal(t.command?.command, 'dsas.loadMore');
      assert.match(label(t), new RegExp(`\\(${total - 10} remaining\\)`));
      assert.match(String(t.accessibilityInformation?.label), new RegExp(`${total - 10} remaining`), 'the count is in the accessible name');

      await vscode.commands.executeCommand(t.command!.command, ...(t.command!.arguments ?? []));
      root = await archive().getChildren();
      assert.equal(root.filter((n) => n.kind === 'archiveFile').length, 20);
      await vscode.commands.executeCommand('dsas.loadMore', root.at(-1));
      root = await archive().getChildren();
      assert.equal(root.filter((n) => n.kind === 'archiveFile').length, Math.min(30, total));

      await vscode.commands.executeCommand('dsas.refreshArchive');
      root = await archive().getChildren();
      assert.equal(root.filter((n) => n.kind === 'archiveFile').length, Math.min(30, total), 'a refresh keeps the pages shown');
    } finally {
      await vscode.workspace.getConfiguration('dsas').update('pageSize', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('at the smallest page size (5, also below it) the demo data shows Load more in both views', async () => {
    await vscode.workspace.getConfiguration('dsas').update('pageSize', 2, vscode.ConfigurationTarget.Global);
    try {
      assert.equal(readSettings().pageSize, 5);
      for (const tree of [subs(), archive()] as const) {
        const root = await tree.getChildren();
        assert.equal(root.filter((n) => n.kind === 'submission' || n.kind === 'archiveFile').length, 5);
        assert.equal(root.at(-1)?.kind, 'loadMore');
      }
    } finally {
      await vscode.workspace.getConfiguration('dsas').update('pageSize', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('a filter narrows the rows, says so, and clearing it restores them', async () => {
    const all = (await submissionRows()).length;
    await withAnswers(['nda-77'], () => vscode.commands.executeCommand('dsas.filterSubmissions'));
    let root = await subs().getChildren();
    assert.deepEqual(root.map((n) => n.kind === 'submission' && n.item.id), ['1001']);
    assert.match(String(deps.submissions.view.description), /nda-77/);

    const { input } = await withAnswers(['no such thing'], () => vscode.commands.executeCommand('dsas.filterSubmissions'));
    assert.equal((input.asked[0].options as { value?: string }).value, 'nda-77', 'the filter prompt starts from the current filter');
    root = await subs().getChildren();
    assert.equal(root.length, 1);
    assert.match((root[0] as MessageNode).text, /No submission matches "no such thing"/);

    await vscode.commands.executeCommand('dsas.clearSubmissionsFilter');
    assert.equal((await submissionRows()).length, all);
    assert.equal(deps.submissions.view.description, undefined);

    // The archive filter also matches tags (which come with the details).
    await withAnswers(['CONTRACTS'], () => vscode.commands.executeCommand('dsas.filterArchive'));
    const tagged = (await sandboxState()).archives.filter((a) => a.tags.some((t) => t.text === 'contracts')).map((a) => a.id).sort();
    await waitFor('the tag filter to apply', async () => {
      const ids = (await archive().getChildren()).flatMap((n) => (n.kind === 'archiveFile' ? [n.item.id] : [])).sort();
      return JSON.stringify(ids) === JSON.stringify(tagged);
    });
    await withAnswers([''], () => vscode.commands.executeCommand('dsas.filterArchive'));
    assert.equal(deps.archive.filter, undefined, 'an empty filter clears it');
  });

  it('a failed refresh keeps the rows shown and says that they are stale', async () => {
    const before = (await subs().getChildren()).flatMap((n) => (n.kind === 'submission' ? [n.item.id] : []));
    await control('/faults', 'POST', { method: 'GET', path: '^/submissions$', kind: 'status', status: 503, times: 10 });
    try {
      await vscode.commands.executeCommand('dsas.refreshSubmissions');
      const root = await subs().getChildren();
      const first = root[0] as MessageNode;
      assert.equal(first.kind, 'message');
      assert.equal(first.icon, 'warning');
      assert.match(first.text, /Could not refresh: .*Showing the submissions loaded earlier/);
      assert.match(first.text, /503/);
      assert.deepEqual(root.flatMap((n) => (n.kind === 'submission' ? [n.item.id] : [])), before, 'the old rows stay');
      assert.ok(!deps.submissions.view.message, 'the notice is said once: as the row, not also as the view message');
      assert.equal(root.filter((n) => n.kind === 'message').length, 1);
      assert.equal(item(subs(), first).command?.command, 'dsas.refreshSubmissions', 'clicking the notice refreshes');
    } finally {
      await control('/faults', 'DELETE');
    }
    await deps.submissions.refresh();
    const root = await subs().getChildren();
    assert.notEqual(root[0].kind, 'message', 'the notice goes once a refresh works');
    assert.ok(!deps.submissions.view.message);
    tried('faults');
    tried('lossChecks'); // the rows shown were kept
  });

  it('Refresh does not wait behind a list that trickles in: it starts again at once and shows the rows', async () => {
    const ids = (await sandboxState()).submissions.map((x) => x.id).sort();
    // One byte a second: the list would take minutes (the response deadline ends it after 60 s).
    await control('/faults', 'POST', { method: 'GET', path: '^/submissions$', kind: 'slowBody', ms: 1000, chunkBytes: 1 });
    try {
      const stalled = deps.submissions.refreshList();
      await waitFor('the trickled list to start', async () => (await control<{ faults: { hits: number }[] }>('/faults')).faults.every((f) => f.hits > 0));
      const started = Date.now();
      await vscode.commands.executeCommand('dsas.refreshSubmissions');
      const took = Date.now() - started;
      assert.ok(took < 5000, `Refresh took ${took} ms`);
      const shown = (await subs().getChildren()).flatMap((n) => (n.kind === 'submission' ? [n.item.id] : []));
      assert.ok(shown.length > 0 && shown.every((id) => ids.includes(id)), `rows ${shown.join(', ')}`);
      assert.ok(!deps.submissions.view.message, 'no stale notice: the abandoned load is not an error');
      await stalled;
    } finally {
      await control('/faults', 'DELETE');
    }
    tried('faults');
  });

  it('files dropped on the Archive view are archived through Archive This File', async () => {
    const a = workspaceFile('trees/dropped a.txt', 'dropped a\n');
    const b = workspaceFile('trees/dropped-b.txt', 'dropped b\n');
    const data = new vscode.DataTransfer();
    data.set('text/uri-list', new vscode.DataTransferItem(`${a.toString()}\r\n# a comment\r\n${b.toString()}\r\n${a.toString()}`));
    const { uris, withoutPath } = await droppedFiles(data);
    assert.deepEqual(uris.map((u) => u.fsPath), [a.fsPath, b.fsPath]);
    assert.deepEqual(withoutPath, []);

    const before = new Set((await sandboxState()).archives.map((x) => x.id));
    const drop = deps.archive.dragAndDrop;
    assert.deepEqual([...drop.dropMimeTypes].sort(), ['files', 'text/uri-list']);
    const token = new vscode.CancellationTokenSource().token;
    await withAnswers(['Dropped A', 'Dropped B'], () => drop.handleDrop!(undefined, data, token) as Promise<void>);
    const added = (await sandboxState()).archives.filter((x) => !before.has(x.id)).map((x) => x.title).sort();
    assert.deepEqual(added, ['Dropped A', 'Dropped B']);

    // A file with no location (a browser's drop) is said once, as every message is, and nothing is archived.
    const nameOnly = new vscode.DataTransfer();
    const file: vscode.DataTransferFile = { name: 'from-the-web.txt', uri: undefined, data: async () => new Uint8Array([1]) };
    nameOnly.set('files', new (class extends vscode.DataTransferItem { override asFile() { return file; } })(''));
    const { input } = await withAnswers([], () => drop.handleDrop!(undefined, nameOnly, token) as Promise<void>);
    assert.deepEqual(input.asked.map((q) => [q.method, q.text]), [['warn', 'These files came without a location, so they cannot be archived from here: from-the-web.txt. Use Archive This File instead.']]);
  });

  it('each row says where it stands once its detail is known: counters and an icon for completed, pending and needing attention', async () => {
    const rows = await submissionRows();
    const byId = (id: string) => rows.find((r) => r.item.id === id)!;
    for (const id of ['1001', '1002', '1003']) await subs().getChildren(byId(id)); // expanding fetches the detail
    const look = (id: string) => {
      const r = byId(id);
      const t = item(subs(), r);
      const responded = r.detail!.recipients.filter((p) => p.responded.raw.trim()).length;
      assert.ok(String(t.description).startsWith(`${responded}/${r.detail!.total.involved} · `), `${id}: ${String(t.description)}`);
      assert.doesNotMatch(markdown(t).value, /Expand the row/, 'an expanded row does not ask to be expanded');
      return { icon: iconId(t), description: String(t.description), ctx: t.contextValue };
    };
    const completed = look('1001');
    assert.deepEqual([completed.icon, completed.ctx], ['pass-filled', 'submission:completed']);
    assert.match(completed.description, /^2\/2 · 2 accepted · /);
    const pending = look('1003');
    assert.deepEqual([pending.icon, pending.ctx], ['clock', 'submission:pending']);
    const rejected = look('1002');
    assert.equal(rejected.icon, 'report', 'a rejection needs attention');
    assert.match(rejected.description, /^3\/3 · 1 accepted · 1 clarified · 1 rejected · /);
  });

  it('sorts newest first by default, by form reference or status; quick filters; the filter ignores accents; clearing keeps rows expanded', async function () {
    this.timeout(90_000);
    const shownIds = async () => (await subs().getChildren()).flatMap((n) => (n.kind === 'submission' ? [n.item.id] : []));
    await vscode.workspace.getConfiguration('dsas').update('pageSize', 1000, vscode.ConfigurationTarget.Global);
    try {
      await deps.submissions.refresh();
      const rows = await submissionRows();
      await subs().getChildren(rows.find((r) => r.item.id === '1002')!); // its detail says it needs attention
      const created = (id: string) => rows.find((r) => r.item.id === id)!.item.created.ms!;
      const newest = await shownIds();
      assert.deepEqual(newest, [...newest].sort((a, b) => created(b) - created(a)), 'newest first');

      await vscode.commands.executeCommand('dsas.sortSubmissions', 'formReference');
      const byRef = (await subs().getChildren()).flatMap((n) => (n.kind === 'submission' ? [n.item.formReference] : []));
      assert.deepEqual(byRef, [...byRef].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true })));
      await withAnswers(['Status: needs attention, pending, completed'], () => vscode.commands.executeCommand('dsas.sortSubmissions'));
      // Suites before this one may have left others needing attention: those come first, 1002 among them.
      const byStatus = (await subs().getChildren()).flatMap((n) => (n.kind === 'submission' ? [n] : []));
      const attention = byStatus.filter(needsAttention).length;
      assert.ok(attention > 0 && byStatus.slice(0, attention).some((n) => n.item.id === '1002'), 'the submission needing attention comes first');
      assert.ok(!byStatus.slice(attention).some(needsAttention), 'every submission needing attention comes before the others');
      await withAnswers(['Newest first'], () => vscode.commands.executeCommand('dsas.sortSubmissions'));
      assert.deepEqual(await shownIds(), newest);

      await vscode.commands.executeCommand('dsas.showOnlySubmissions', 'pending');
      const pending = (await sandboxState()).submissions.filter((s) => s.completedAt === undefined).map((s) => s.id).sort();
      assert.deepEqual((await shownIds()).sort(), pending);
      assert.match(String(deps.submissions.view.description), /Pending/);
      await withAnswers(['Needs attention (a rejection or clarification)'], () => vscode.commands.executeCommand('dsas.showOnlySubmissions'));
      await waitFor('the details to say which rows need attention', async () => (await shownIds()).includes('1002'));
      assert.ok(!(await shownIds()).includes('1001'), 'an accepted submission does not need attention');

      // Accents and case are ignored: "ubersicht" finds "Übersicht – 2024".
      const expanded = rows.find((r) => r.item.id === '1001')!;
      await vscode.commands.executeCommand('dsas.clearSubmissionsFilter');
      await expandRow(deps.submissions.view, expanded, () => item(subs(), expanded).collapsibleState === vscode.TreeItemCollapsibleState.Expanded);
      await withAnswers(['ubersicht'], () => vscode.commands.executeCommand('dsas.filterSubmissions'));
      assert.deepEqual(await shownIds(), ['1004']);
      await vscode.commands.executeCommand('dsas.clearSubmissionsFilter');
      assert.equal(deps.submissions.view.description, undefined);
      assert.equal(item(subs(), expanded).collapsibleState, vscode.TreeItemCollapsibleState.Expanded, 'clearing a filter keeps an expanded row expanded');
      assert.deepEqual(await shownIds(), newest);
    } finally {
      await vscode.commands.executeCommand('dsas.sortSubmissions', 'created');
      await vscode.commands.executeCommand('dsas.clearSubmissionsFilter');
      await vscode.workspace.getConfiguration('dsas').update('pageSize', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('a revealed row (a new submission, a newly archived file) is selected', async () => {
    const doc = workspaceFile('trees/reveal.txt', 'reveal\n');
    const { id } = await deps.session.client.createSubmission({
      formReference: 'Reveal me', recipients: [{ firstName: 'R', lastName: 'V', email: 'rv@example.com' }], documents: [{ path: doc.fsPath }],
    });
    await deps.submissions.reveal(id);
    await waitFor('the new submission to be selected', () => deps.submissions.view.selection[0]?.kind === 'submission' && deps.submissions.view.selection[0].item.id === id);
    const file = await deps.session.client.uploadArchiveFile({ path: doc.fsPath, title: 'Reveal me too' });
    await deps.archive.refresh();
    await deps.archive.reveal(file.id);
    await waitFor('the new file to be selected', () => deps.archive.view.selection[0]?.kind === 'archiveFile' && deps.archive.view.selection[0].item.id === file.id);
  });

  it('shows the sidebar with a submission expanded: its row, groups and recipients (and a screenshot)', async () => {
    await vscode.commands.executeCommand('workbench.action.closePanel');
    await vscode.commands.executeCommand('workbench.view.extension.dsas');
    // With no editor open, the empty editor area is the part resized: shrinking it widens the sidebar.
    for (let i = 0; i < 6; i++) await vscode.commands.executeCommand('workbench.action.decreaseViewWidth');
    await deps.submissions.refresh();
    await deps.archive.refresh();
    const row = deps.submissions.items.find((r) => r.item.id === '12345678901234567890123')!;
    await deps.submissions.view.reveal(row, { select: true, focus: true, expand: true });
    const [recipients, attachments] = (await subs().getChildren(row)) as GroupNode[];
    await deps.submissions.view.reveal(recipients, { select: false, expand: true });
    await deps.submissions.view.reveal(attachments, { select: false, expand: true });
    await deps.submissions.view.reveal(row, { select: true, focus: true });
    const contract = deps.archive.items.find((r) => r.item.id === '0042');
    if (contract) await deps.archive.view.reveal(contract, { select: false, expand: true });
    await waitFor('archive details', () => deps.archive.items.slice(0, 8).every((r) => r.detail));
    await new Promise((r) => setTimeout(r, 800));
    const file = await screenshot('sidebar');
    if (file) log(`screenshot: ${file}`);
    // What the user reads there: the row, both groups and the first recipient, as the tree labels them.
    const labelOf = async (n: Parameters<ReturnType<typeof subs>['getTreeItem']>[0]): Promise<string> => {
      const l = (await subs().getTreeItem(n)).label;
      return typeof l === 'string' ? l : l?.label ?? '';
    };
    const [firstRecipient] = await subs().getChildren(recipients);
    const expected = await Promise.all([row, recipients, attachments, firstRecipient].map(labelOf));
    const shown = await sidebarText();
    for (const label of expected) assert.ok(label && shown.includes(label), `the sidebar shows "${label}": ${JSON.stringify(shown.slice(0, 600))}`);
  });
});
