import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { FileRecords, type FileRecord } from '../../src/ui/workspace/fileRecords';

const KEY = 'dsas.fileRecords';
type Stored = Record<string, Record<string, FileRecord>>;

/**
 * The extension's global state as VS Code's extension host keeps it
 * (ExtensionMemento): an update changes the value here at once and sends the
 * whole value on the next turn; the window sends every value it stored back,
 * which replaces the whole value here, and answers the update after that.
 * `onEcho` is called after each value sent back is taken.
 */
function echoingState(onEcho: () => void = () => {}) {
  let value: Record<string, unknown> = {};
  /** Values the window sent back, on their way. */
  const inbox: Record<string, unknown>[] = [];
  let waiting: (() => void)[] = [];
  let scheduled = false;
  const take = () => {
    for (const v of inbox.splice(0)) {
      value = v;
      onEcho();
    }
  };
  const send = () => {
    scheduled = false;
    take(); // what arrived before this turn
    inbox.push(structuredClone(value));
    const answered = waiting;
    waiting = [];
    setTimeout(() => {
      take();
      answered.forEach((r) => r());
    }, 0);
  };
  return {
    get: <T>(k: string) => value[k] as T | undefined,
    update: (k: string, v: unknown) => {
      value[k] = structuredClone(v);
      if (!scheduled) {
        scheduled = true;
        setTimeout(send, 0);
      }
      return new Promise<void>((r) => waiting.push(r));
    },
    /** Another window's write of the global state, on its way here. */
    arrive: (v: Record<string, unknown>) => inbox.push(structuredClone(v)),
    stored: (account: string) => (value[KEY] as Stored | undefined)?.[account] ?? {},
  };
}

const sent = (i: number) => ({ uri: `file:///w/${i}.txt`, state: { size: 3, mtimeMs: 1 } });

describe('workspace files: records through the global state\'s echo', () => {
  it('a record written while another value of the global state is on its way back is not undone by it: found all along, and written again', async () => {
    const seen: (string | undefined)[] = [];
    const state = echoingState(() => seen.push(records.of(sent(1).uri)?.sent?.submissionId));
    const records = new FileRecords(state, () => 'A', () => true);
    // Something else of the extension's global state (the notices told, a draft) written just before.
    void state.update('dsas.other', { told: 1 });
    await new Promise((r) => setTimeout(r, 0));
    records.sent([sent(1)], { submissionId: 's1', formReference: 'R', recipients: 1, at: 1 });
    await records.flush();
    assert.deepEqual(seen.filter((s) => s !== 's1'), [], 'the record is found while the older value is taken back');
    assert.equal(records.of(sent(1).uri)?.sent?.submissionId, 's1', 'found after the write');
    await records.flush();
    assert.equal(state.stored('A')[sent(1).uri]?.sent?.submissionId, 's1', 'and written');
  });

  it('a record that another window replaced with a newer one meanwhile is not written back over it', async () => {
    const state = echoingState();
    const records = new FileRecords(state, () => 'A', () => true);
    records.sent([sent(1)], { submissionId: 'old', formReference: 'R', recipients: 1, at: 1 });
    const writing = records.flush();
    // Another window sent the same file again; its write arrives while this one's is on its way.
    state.arrive({ [KEY]: { A: { [sent(1).uri]: { sent: { submissionId: 'new', formReference: 'R', recipients: 1, size: 3, mtimeMs: 1, at: 2 } } } } });
    await writing;
    await records.flush();
    assert.equal(state.stored('A')[sent(1).uri]?.sent?.submissionId, 'new');
    assert.equal(records.of(sent(1).uri)?.sent?.submissionId, 'new');
  });

  it('a removed connection\'s records taken back by an earlier value of the global state are removed again, and no later write brings them back', async () => {
    const state = echoingState();
    let removed = false;
    const records = new FileRecords(state, () => 'B', (a) => a !== 'A' || !removed);
    records.sent([sent(1)], { submissionId: 's1', formReference: 'R', recipients: 1, at: 1 }, 'A');
    await records.flush();
    assert.ok(state.stored('A')[sent(1).uri], 'recorded for A');
    // Something else of the extension's global state written just before Remove Connection….
    void state.update('dsas.other', { told: 1 });
    await new Promise((r) => setTimeout(r, 0));
    removed = true;
    await records.forget('A');
    assert.deepEqual(state.stored('A'), {}, 'gone once removed');
    assert.equal(records.countOf('A'), 0);
    // Another window's write of a value from before the removal arrives; then a record of B is written.
    state.arrive({ [KEY]: { A: { [sent(1).uri]: { sent: { submissionId: 's1', formReference: 'R', recipients: 1, size: 3, mtimeMs: 1, at: 1 } } } } });
    records.sent([sent(2)], { submissionId: 's2', formReference: 'R', recipients: 1, at: 2 });
    await records.flush();
    await records.flush(); // B's record, undone by that value, written again
    assert.deepEqual(state.stored('A'), {}, 'not written back with B\'s record');
    assert.ok(state.stored('B')[sent(2).uri], 'B\'s record written');
  });
});
