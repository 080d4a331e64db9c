import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import type { ServiceTime } from '../../src/core';
import { asListed, namesakes, submissionFolderName, submissionStem, summaryFileName, type NamedSubmission } from '../../src/ui/submissions/submissionNames';

/** A time as the service gives it, read: this computer's local time (the names use it). */
const at = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0): ServiceTime => {
  const date = new Date(y, mo - 1, d, h, mi, s);
  return { raw: date.toISOString(), ms: date.getTime() };
};
const listed = (...items: NamedSubmission[]) => ({ items: items.map((item) => ({ item })) });

describe('submission names', () => {
  it('names a summary and a folder after the form reference, never the id', () => {
    const s = { id: '1002', formReference: 'BUDGET-2025', created: at(2025, 3, 14, 9, 30) };
    const all = listed(s, { id: '1001', formReference: 'NDA-77', created: at(2025, 3, 1) });
    assert.equal(summaryFileName(s, all, 'summary'), 'BUDGET-2025 – summary.pdf');
    assert.equal(submissionFolderName(s, all), 'BUDGET-2025');
  });

  it('makes the name safe for every system: separators, reserved characters, a trailing dot', () => {
    const s = { id: '7', formReference: 'Q&A <round 2>/draft.', created: at(2025, 1, 1) };
    assert.equal(summaryFileName(s, listed(s), 'summary'), 'Q&A _round 2__draft – summary.pdf', 'a separator is part of the name, not a folder; the summary is named as the folder is');
    assert.equal(submissionFolderName({ id: '8', formReference: 'Q&A <round 2>' }, listed()), 'Q&A _round 2_');
    assert.equal(submissionFolderName({ id: '9', formReference: 'ends with a dot.' }, listed()), 'ends with a dot');
  });

  it('a submission without a form reference is named by its id, as its row is labelled', () => {
    assert.equal(summaryFileName({ id: '000417', formReference: '  ' }, listed(), 'summary'), '000417 – summary.pdf');
  });

  it('takes the form reference and time from the list when only the id is given', () => {
    const row = { id: '1002', formReference: 'BUDGET-2025', created: at(2025, 3, 14) };
    assert.deepEqual(asListed({ id: '1002' }, listed(row)), row);
    assert.equal(summaryFileName({ id: '1002' }, listed(row), 'Zusammenfassung'), 'BUDGET-2025 – Zusammenfassung.pdf');
  });

  it('tells apart submissions that share a form reference (as file names compare) by when each was created, as precisely as needed', () => {
    const a = { id: '1', formReference: 'Budget', created: at(2025, 3, 14, 9, 30, 5) };
    const b = { id: '2', formReference: 'BUDGET', created: at(2025, 3, 15, 9, 30, 5) };
    const c = { id: '3', formReference: 'budget', created: at(2025, 3, 15, 11, 0, 0) };
    const d = { id: '4', formReference: 'Budget', created: at(2025, 3, 15, 11, 0, 7) };
    const all = listed(a, b, c, d, { id: '5', formReference: 'Other', created: at(2025, 3, 15) });
    assert.deepEqual(namesakes(a, all).map((x) => x.id), ['2', '3', '4']);
    assert.equal(submissionStem(a, all), 'Budget (2025-03-14)', 'the day is enough');
    assert.equal(submissionStem(b, all), 'BUDGET (2025-03-15 09.30)', 'the minute');
    assert.equal(submissionStem(c, all), 'budget (2025-03-15 11.00.00)', 'the second');
    assert.equal(summaryFileName(d, all, 'summary'), 'Budget (2025-03-15 11.00.07) – summary.pdf');
    const names = [a, b, c, d].map((x) => submissionFolderName(x, all).toLowerCase());
    assert.equal(new Set(names).size, 4, 'four distinct folders');
  });

  it('uses the id only when nothing else tells them apart: the same second, or a time not understood', () => {
    const a = { id: '1', formReference: 'Same', created: at(2025, 3, 14, 9, 30, 5) };
    const b = { id: '2', formReference: 'Same', created: at(2025, 3, 14, 9, 30, 5) };
    const c = { id: '3', formReference: 'Same', created: { raw: 'yesterday' } };
    const all = listed(a, b, c);
    assert.deepEqual([a, b, c].map((x) => submissionStem(x, all)), ['Same (1)', 'Same (2)', 'Same (3)']);
    assert.equal(submissionStem(a, listed(a, c)), 'Same (2025-03-14)', 'a time not understood tells nothing, and conflicts with none');
  });
  it('keeps what tells two names apart when the form reference is long: the time and the word "summary" are never cut', () => {
    const long = 'R'.repeat(300);
    const a = { id: '1', formReference: long, created: at(2025, 3, 14) };
    const b = { id: '2', formReference: `${long}-other-ending`, created: at(2025, 3, 15) };
    const all = listed(a, b);
    const summaries = [a, b].map((x) => summaryFileName(x, all, 'summary'));
    const folders = [a, b].map((x) => submissionFolderName(x, all));
    assert.notEqual(summaries[0], summaries[1], 'two summaries');
    assert.notEqual(folders[0], folders[1], 'two folders');
    assert.match(summaries[0], /R \(2025-03-14\) – summary\.pdf$/);
    assert.match(folders[1], /R \(2025-03-15\)$/);
    for (const n of [...summaries, ...folders]) assert.ok(Buffer.byteLength(n) <= 200, `${n.length} characters`);
  });

  it('a form reference that makes no name (dots, only invisible or bidi characters) is named by the id, summary and folder alike', () => {
    const c = { id: '41', formReference: '..' };
    const d = { id: '42', formReference: '...' };
    const e = { id: '43', formReference: '\u202E' };
    const all = listed(c, d, e);
    assert.deepEqual([c, d, e].map((x) => submissionFolderName(x, all)), ['41', '42', '43']);
    assert.deepEqual([c, d, e].map((x) => summaryFileName(x, all, 'summary')), ['41 – summary.pdf', '42 – summary.pdf', '43 – summary.pdf']);
  });

  it('a name made by adding the time is never another submission\'s own form reference', () => {
    const e = { id: '5', formReference: 'X (2025-03-14)', created: at(2025, 3, 20) };
    const f = { id: '6', formReference: 'X', created: at(2025, 3, 14, 10, 0) };
    const g = { id: '7', formReference: 'X', created: at(2025, 3, 15) };
    const all = listed(e, f, g);
    const folders = [e, f, g].map((x) => submissionFolderName(x, all).toLowerCase());
    assert.equal(new Set(folders).size, 3, folders.join(', '));
  });
});
