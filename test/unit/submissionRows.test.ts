import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import type { Recipient, SubmissionDetail, SubmissionListItem } from '../../src/core/models';
import { silentLogger } from '../../src/core/logger';
import { RowList } from '../../src/ui/lists/rowList';
import type { SubmissionNode } from '../../src/ui/lists/nodes';
import { compareSubmissions, passesQuickFilter } from '../../src/ui/submissions/submissionOutcome';
import { submissionModel, submissionRow, type RowOptions } from '../../src/ui/submissions/submissionRows';
import { tried } from '../reliability/tally';

function item(id: string, over: Partial<SubmissionListItem> = {}): SubmissionListItem {
  return {
    id,
    formReference: `Form ${id}`,
    sender: { fullName: 'Anna Müller', email: 'anna@example.com' },
    md5Id: 'x',
    created: { raw: '2025-01-01 08:00:00', ms: new Date(Date.UTC(2025, 0, 1, 8)).getTime() },
    completed: false,
    primaryRecipient: { name: 'Bob', email: 'bob@example.org' },
    ...over,
  };
}

/** The Submissions view's list (as the tree keeps it) after fetching `items`, with a filter set. */
async function listOf(items: readonly SubmissionListItem[], pageSize: number, filter?: string) {
  const list = new RowList(submissionModel, { what: 'submissions', fetch: async () => items, describe: String, pageSize: () => pageSize, log: silentLogger });
  await list.load();
  list.setFilter(filter);
  return list;
}

/** The rows shown, as the tree turns them into tree items. */
async function shown(items: readonly SubmissionListItem[], pageSize: number, filter?: string, o: RowOptions = {}) {
  const page = (await listOf(items, pageSize, filter)).page();
  return { ...page, rows: page.rows.map((n) => submissionRow(n, o)) };
}

describe('the Submissions view\'s rows (its RowList and row builder, without VS Code)', () => {
  const items = Array.from({ length: 120 }, (_v, i) => item(String(i), { completed: i % 2 === 0 }));
  const fmt = { formatTime: (t: { raw: string }) => t.raw };

  it('builds the first page only and says how many remain', async () => {
    const page = await shown(items, 50, undefined, fmt);
    assert.equal(page.rows.length, 50);
    assert.equal(page.matched, 120);
    assert.equal(page.remaining, 70);
    assert.deepStrictEqual(page.rows[0], {
      id: 'submission/0',
      label: 'Form 0',
      description: 'Bob · 2025-01-01 08:00:00',
      tooltip: page.rows[0].tooltip,
      icon: 'pass-filled',
      iconKind: 'completed',
      contextValue: 'submission:completed',
      accessibilityLabel: 'Form 0, COMPLETED, Bob, 2025-01-01 08:00:00',
    });
    assert.equal(page.rows[1].contextValue, 'submission:pending');
    assert.equal(page.rows[1].icon, 'clock');
    const list = await listOf(items, 50);
    list.more();
    list.more();
    assert.equal(list.page().rows.length, 120);
  });

  it('filters on id, form reference, sender and primary recipient, case-insensitively, never across fields', async () => {
    const list = [item('1', { formReference: 'Tenancy ZOË' }), item('2', { primaryRecipient: { name: 'Zoë', email: 'z@example.com' } }), item('3')];
    assert.deepStrictEqual((await shown(list, 10, ' zoë ')).rows.map((r) => r.id), ['submission/1', 'submission/2']);
    assert.equal((await shown(list, 10, 'müller')).matched, 3);
    assert.equal((await shown(list, 10, 'bobbob')).matched, 0);
    assert.equal((await shown(list, 10, 'org\u00003')).matched, 0);
  });

  it('ignores accents and case in the filter, both ways', async () => {
    const list = [item('1', { formReference: 'Übersicht 2025' }), item('2', { formReference: 'Ubersicht' }), item('3')];
    assert.deepStrictEqual((await shown(list, 10, 'ubersicht')).rows.map((r) => r.id), ['submission/1', 'submission/2']);
    assert.deepStrictEqual((await shown(list, 10, 'ÜBERSICHT')).rows.map((r) => r.id), ['submission/1', 'submission/2']);
    assert.equal((await shown(list, 10, 'muller')).matched, 3, 'the sender Anna Müller');
  });

  it('shows an id once, uses the id when there is no form reference, and escapes service text', async () => {
    const list = [item('7', { formReference: ' ' }), item('7'), item('8', { formReference: '**[x](command:evil)** <img>\u202E' })];
    const page = await shown(list, 10);
    assert.equal(page.matched, 2);
    assert.equal(page.rows[0].label, '7');
    assert.equal(page.rows[1].label, '**[x](command:evil)** <img>\\u202E');
    assert.ok(!page.rows[1].tooltip.includes('[x](command'), page.rows[1].tooltip);
    assert.ok(page.rows[1].tooltip.includes('&lt;img&gt;'), page.rows[1].tooltip);
    tried('hostile', 3); // a Markdown command: link, markup, a bidi override
  });
});

function recipient(responded: string, over: Partial<Recipient> = {}): Recipient {
  const time = (raw: string) => ({ raw, ms: raw ? Date.parse(raw) : undefined });
  return {
    name: 'R', email: 'r@example.com', recpType: 'REGULAR', timeViewed: time(''), responded: time(responded),
    comment: '', endorsement: '', created: time(''), responseStatus: '', ...over,
  };
}

function withDetail(n: SubmissionNode, recipients: Recipient[], total: SubmissionDetail['total']): SubmissionNode {
  return { ...n, detail: { ...n.item, recipients, attachments: [], total } };
}

describe('where a submission stands (counters, icon, order, quick filters)', () => {
  const fmt = { formatTime: (t: { raw: string }) => t.raw };
  const base = (id: string, over: Partial<SubmissionListItem> = {}): SubmissionNode => ({ kind: 'submission', item: item(id, over) });

  it('shows responded of involved and the non-zero counters once the detail is known; a rejection needs attention', () => {
    const pending = base('1');
    assert.equal(submissionRow(pending, fmt).description, 'Bob · 2025-01-01 08:00:00', 'no counters before the detail');
    assert.equal(submissionRow(pending, fmt).iconKind, 'pending');
    const rejected = withDetail(pending, [recipient('2025-01-02 08:00:00'), recipient('2025-01-02 09:00:00'), recipient('')], { involved: 3, accepted: 1, clarified: 0, rejected: 1 });
    const row = submissionRow(rejected, fmt);
    assert.equal(row.description, '2/3 · 1 accepted · 1 rejected · Bob · 2025-01-01 08:00:00');
    assert.equal(row.icon, 'report');
    assert.equal(row.iconKind, 'attention');
    assert.equal(row.contextValue, 'submission:pending', 'the state still comes from completed / the status endpoint');
    assert.match(row.accessibilityLabel, /PENDING, 2 of 3 responded, 1 accepted, 1 rejected/);
    const done = withDetail(base('2', { completed: true }), [recipient('2025-01-02 08:00:00', { responseStatus: '0' })], { involved: 1, accepted: 0 });
    assert.equal(submissionRow(done, fmt).description, '1/1 · Bob · 2025-01-01 08:00:00', 'nothing said accepted that the service did not count');
    assert.equal(submissionRow(done, fmt).iconKind, 'completed');
    const clarified = withDetail(base('3'), [], { involved: 2, clarified: 1 });
    assert.equal(submissionRow(clarified, fmt).iconKind, 'attention');
  });

  it('the tooltip asks to expand only a collapsed row without detail', () => {
    assert.match(submissionRow(base('1'), fmt).tooltip, /Expand the row/);
    assert.doesNotMatch(submissionRow(base('1'), { ...fmt, expanded: true }).tooltip, /Expand the row/);
  });

  it('sorts newest first, by form reference, or by status (attention, pending, completed)', () => {
    // Each time written another way, so that the order of the instants is not the order of the texts.
    const raws = ['', '2025-01-01T00:00:00Z', '2025-01-02 00:00:00', '1735862400'];
    const at = (day: number) => ({ raw: raws[day], ms: Date.UTC(2025, 0, day) });
    const a = base('a', { formReference: 'beta', created: at(1), completed: true });
    const b = base('b', { formReference: 'Alpha', created: at(3), completed: false });
    const c = withDetail(base('c', { formReference: 'gamma', created: at(2), completed: true }), [], { rejected: 1 });
    const ids = (sort: Parameters<typeof compareSubmissions>[0]) => [a, b, c].sort(compareSubmissions(sort)).map((n) => n.item.id);
    assert.deepStrictEqual(ids('created'), ['b', 'c', 'a']);
    assert.deepStrictEqual(ids('formReference'), ['b', 'a', 'c']);
    assert.deepStrictEqual(ids('status'), ['c', 'b', 'a']);
    assert.deepStrictEqual([a, b, c].filter((n) => passesQuickFilter(n, 'pending')).map((n) => n.item.id), ['b']);
    assert.deepStrictEqual([a, b, c].filter((n) => passesQuickFilter(n, 'completed')).map((n) => n.item.id), ['a', 'c']);
    assert.deepStrictEqual([a, b, c].filter((n) => passesQuickFilter(n, 'attention')).map((n) => n.item.id), ['c']);
  });

  it('a RowList keeps its order and quick filter with the text filter, and a reveal clears the filters that hide a row', async () => {
    const items = [item('1', { completed: true }), item('2'), item('3', { formReference: 'Zoë' })];
    const list = await listOf(items, 10);
    list.setOrder((x, y) => y.item.id.localeCompare(x.item.id));
    list.setQuickFilter({ label: 'Pending', keep: (n) => passesQuickFilter(n, 'pending') });
    assert.deepStrictEqual(list.page().rows.map((r) => r.item.id), ['3', '2']);
    list.setFilter('zoe');
    assert.deepStrictEqual(list.page().rows.map((r) => r.item.id), ['3']);
    assert.ok(list.include(list.get('1')!));
    assert.equal(list.quick, undefined);
    assert.equal(list.filter, undefined);
    assert.deepStrictEqual(list.page().rows.map((r) => r.item.id), ['3', '2', '1']);
  });
  it('a list that repeats ids shows the first of each and says so in one log line per list, not one per repeat', async () => {
    // A hostile or broken service: 30,000 rows naming three ids; every poll brings the same list again.
    const repeated = Array.from({ length: 30_000 }, (_v, i) => item(String(i % 3), { formReference: `Form ${i}` }));
    const lines: string[] = [];
    const log = { ...silentLogger, warn: (m: string) => void lines.push(m) };
    const list = new RowList(submissionModel, { what: 'submissions', fetch: async () => repeated, describe: String, pageSize: () => 50, log });
    await list.load();
    assert.deepEqual(list.page().rows.map((n) => n.item.formReference), ['Form 0', 'Form 1', 'Form 2']);
    await list.load();
    assert.equal(lines.length, 2, `${lines.length} log lines for two lists`);
    assert.match(lines[0], /29997 rows repeat an id .*"0"/);
    tried('hostile');
  });
});
