import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { FileRecords, type FileRecord } from '../../src/ui/workspace/fileRecords';
import { anotherWriteOnItsWay, echoingState } from './echoingState';

const KEY = 'dsas.fileRecords';
type Stored = Record<string, Record<string, FileRecord>>;

const stored = (state: ReturnType<typeof echoingState>, account: string) => state.get<Stored>(KEY)?.[account] ?? {};

const sent = (i: number) => ({ uri: `file:///w/${i}.txt`, state: { size: 3, mtimeMs: 1 } });

/** File 1 sent here ('mine'), and file `i` sent by another window ('theirs', newer): its write arrives while this one's is on its way. */
async function sentWhileAnotherWindowSends(i: number) {
  const state = echoingState();
  const records = new FileRecords(state, () => 'A', () => true);
  records.sent([sent(1)], { submissionId: 'mine', formReference: 'R', recipients: 1, at: 1 });
  const writing = records.flush();
  state.arrive({ [KEY]: { A: { [sent(i).uri]: { sent: { submissionId: 'theirs', formReference: 'R', recipients: 1, size: 3, mtimeMs: 1, at: 2 } } } } });
  await writing;
  await records.flush();
  return { state, records };
}

describe('workspace files: records through the global state\'s echo', () => {
  it('a record written while another value of the global state is on its way back is not undone by it: found all along, and written again', async () => {
    const seen: (string | undefined)[] = [];
    const state = echoingState(() => seen.push(records.of(sent(1).uri)?.sent?.submissionId));
    const records = new FileRecords(state, () => 'A', () => true);
    await anotherWriteOnItsWay(state);
    records.sent([sent(1)], { submissionId: 's1', formReference: 'R', recipients: 1, at: 1 });
    await records.flush();
    assert.deepEqual(seen.filter((s) => s !== 's1'), [], 'the record is found while the older value is taken back');
    assert.equal(records.of(sent(1).uri)?.sent?.submissionId, 's1', 'found after the write');
    await records.flush();
    assert.equal(stored(state, 'A')[sent(1).uri]?.sent?.submissionId, 's1', 'and written');
  });

  it('a record that another window replaced with a newer one meanwhile is not written back over it', async () => {
    const { state, records } = await sentWhileAnotherWindowSends(1);
    assert.equal(stored(state, 'A')[sent(1).uri]?.sent?.submissionId, 'theirs');
    assert.equal(records.of(sent(1).uri)?.sent?.submissionId, 'theirs');
  });

  it('a record dropped by another window\'s value arriving just after it, which holds other files\' records, is written again beside them', async () => {
    const { state } = await sentWhileAnotherWindowSends(2);
    assert.equal(stored(state, 'A')[sent(1).uri]?.sent?.submissionId, 'mine');
    assert.equal(stored(state, 'A')[sent(2).uri]?.sent?.submissionId, 'theirs');
  });

  it('the records of a removed connection, forgotten just as another value of the global state comes back, stay gone', async () => {
    const state = echoingState();
    const records = new FileRecords(state, () => 'A', () => true);
    records.sent([sent(1)], { submissionId: 's1', formReference: 'R', recipients: 1, at: 1 });
    await records.flush();
    await anotherWriteOnItsWay(state);
    await records.forget('A');
    assert.equal(records.countOf('A'), 0, 'forgotten here');
    assert.deepEqual(stored(state, 'A'), {}, 'and in the global state');
  });

  it('a removed connection\'s records taken back by an earlier value of the global state are removed again, and no later write brings them back', async () => {
    const state = echoingState();
    let removed = false;
    const records = new FileRecords(state, () => 'B', (a) => a !== 'A' || !removed);
    records.sent([sent(1)], { submissionId: 's1', formReference: 'R', recipients: 1, at: 1 }, 'A');
    await records.flush();
    assert.ok(stored(state, 'A')[sent(1).uri], 'recorded for A');
    await anotherWriteOnItsWay(state); // just before Remove Connection…
    removed = true;
    await records.forget('A');
    assert.deepEqual(stored(state, 'A'), {}, 'gone once removed');
    assert.equal(records.countOf('A'), 0);
    // Another window's write of a value from before the removal arrives; then a record of B is written.
    state.arrive({ [KEY]: { A: { [sent(1).uri]: { sent: { submissionId: 's1', formReference: 'R', recipients: 1, size: 3, mtimeMs: 1, at: 1 } } } } });
    records.sent([sent(2)], { submissionId: 's2', formReference: 'R', recipients: 1, at: 2 });
    await records.flush();
    await records.flush(); // B's record, undone by that value, written again
    assert.deepEqual(stored(state, 'A'), {}, 'not written back with B\'s record');
    assert.ok(stored(state, 'B')[sent(2).uri], 'B\'s record written');
  });
});
