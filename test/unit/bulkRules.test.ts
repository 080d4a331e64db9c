import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { distinctNames, failsEveryFile, ruleExample, summaryText, summaryWarns, titleByRule, UnreachableRun } from '../../src/ui/transfers/bulkRules';

describe('bulk transfer rules', () => {
  it('titles a folder\'s file by name, name without extension, or path below the folder', () => {
    assert.equal(titleByRule('name', 'reports/2025/q1.final.pdf'), 'q1.final.pdf');
    assert.equal(titleByRule('stem', 'reports/2025/q1.final.pdf'), 'q1.final');
    assert.equal(titleByRule('relative', 'reports\\2025\\q1.final.pdf'), 'reports/2025/q1.final.pdf');
    assert.equal(titleByRule('stem', 'README'), 'README');
    assert.equal(titleByRule('stem', 'notes/.profile'), '.profile', 'a leading dot is no extension');
    assert.equal(titleByRule('relative', 'top.txt'), 'top.txt');
  });

  it('shows the title rules on a file inside a subfolder, with an extension, where there is one', () => {
    assert.equal(ruleExample(['a.txt', 'README', 'sub/LICENSE', 'sub/b.bin', 'c.md']), 'sub/b.bin');
    assert.equal(ruleExample(['a.txt', 'sub\\LICENSE']), 'sub\\LICENSE', 'in a subfolder first');
    assert.equal(ruleExample(['README', 'a.txt']), 'a.txt', 'else one with an extension');
    assert.equal(ruleExample(['README']), 'README');
  });

  it('gives several downloads into one folder safe, distinct names', () => {
    assert.deepEqual(distinctNames(['a.pdf', 'A.pdf', 'a.pdf', 'b.txt'], (i) => `f${i}`), ['a.pdf', 'A (1).pdf', 'a (2).pdf', 'b.txt']);
    assert.deepEqual(distinctNames(['../../.bashrc', '', 'x/y.csv'], (i) => `download-${i + 1}`), ['bashrc', 'download-2', 'y.csv']);
  });

  it('words the summary: only what happened, each count with its noun, never "(s)"', () => {
    const none = { done: 0, skipped: 0, failed: 0, notDone: 0, mismatched: 0 };
    assert.equal(summaryText('download', { ...none, done: 3 }, 'Downloads'), '3 files downloaded into "Downloads".');
    assert.equal(summaryText('download', { ...none, done: 1 }, 'Downloads'), '1 file downloaded into "Downloads".');
    assert.equal(summaryText('download', { ...none, done: 1, skipped: 1, failed: 1, notDone: 2, mismatched: 1 }, 'd'),
      '1 file downloaded into "d". 1 file skipped. 1 file failed. 2 files not downloaded. 1 file differs from what the archive recorded (kept; the log has the digests).');
    assert.equal(summaryText('download', { ...none, done: 2, skipped: 2, failed: 2, mismatched: 2 }, 'd'),
      '2 files downloaded into "d". 2 files skipped. 2 files failed. 2 files differ from what the archive recorded (kept; the log has the digests).');
    assert.equal(summaryText('download', { ...none, skipped: 3 }, 'd'), 'Nothing downloaded into "d". 3 files skipped.', 'Skip All: said, not silence');
    assert.equal(summaryText('archive', { ...none, done: 4, failed: 1, notDone: 2 }, ''), '4 files archived. 1 file failed. 2 files not sent.');
    assert.equal(summaryText('archive', { ...none, done: 1, skipped: 2 }, ''), '1 file archived. 2 files skipped.');
    assert.equal(summaryText('archive', { ...none, failed: 1, notDone: 1 }, ''), 'Nothing archived. 1 file failed. 1 file not sent.');
    for (const done of [0, 1, 2]) {
      for (const kind of ['download', 'archive'] as const) {
        const text = summaryText(kind, { done, skipped: done, failed: done, notDone: done, mismatched: done }, 'f');
        assert.doesNotMatch(text, /\(s\)|\b0 /, text);
      }
    }
    assert.equal(summaryWarns({ ...none, done: 2 }), false);
    assert.equal(summaryWarns({ ...none, mismatched: 1 }), true);
    assert.equal(summaryWarns({ ...none, failed: 1 }), true);
  });

  it('stops a bulk transfer after 3 files in a row could not reach the service, not after failures of their own', () => {
    const run = new UnreachableRun();
    assert.deepEqual(['network', 'timeout'].map((k) => run.failed(k)), [false, false]);
    run.done();
    assert.deepEqual(['network', 'notFound', 'timeout', 'network'].map((k) => run.failed(k)), [false, false, false, false], 'a 404 is an answer: the run starts again');
    assert.equal(run.failed('network'), true, 'the third in a row');
    const other = new UnreachableRun();
    assert.deepEqual(['serviceError', 'badResponse', undefined, 'localFile'].map((k) => other.failed(k)), [false, false, false, false]);
  });

  it('stops at once when the destination takes no more: a full disk or quota, a read-only file system', () => {
    assert.deepEqual(['ENOSPC', 'EDQUOT', 'EROFS'].map((code) => failsEveryFile('localFile', code)), [true, true, true]);
    // One file's own trouble (its folder removed meanwhile, its name taken) is not every file's.
    assert.deepEqual(['ENOENT', 'EEXIST', 'EISDIR', undefined].map((code) => failsEveryFile('localFile', code)), [false, false, false, false]);
    assert.equal(failsEveryFile('network', 'ENOSPC'), false, 'only a local file\'s error');
  });
});
