import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import type { SubmissionListItem } from '../../src/core/models';
import { silentLogger } from '../../src/core/logger';
import { RowList } from '../../src/ui/trees/rowList';
import { submissionModel, submissionRow, type RowOptions } from '../../src/ui/trees/submissionRows';
import { tried } from '../reliability/tally';

function item(id: string, over: Partial<SubmissionListItem> = {}): SubmissionListItem {
  return {
    id,
    formReference: `Form ${id}`,
    sender: { fullName: 'Anna Müller', email: 'anna@example.com' },
    md5Id: 'x',
    created: { raw: '2025-01-01 08:00:00', date: new Date(Date.UTC(2025, 0, 1, 8)) },
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
