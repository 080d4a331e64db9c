import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { Deadline } from '../../src/core/transport/deadline';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('response deadline', () => {
  it('runs only while a connection is held: time waiting for one is not counted', async () => {
    const d = new Deadline(150, undefined);
    await wait(250); // queued
    assert.equal(d.signal.aborted, false);
    const stop = d.run();
    await wait(100);
    stop();
    await wait(150); // queued again, for a retry
    assert.equal(d.signal.aborted, false, '100 of 150 ms used');
    d.run();
    await wait(80);
    assert.equal(d.signal.aborted, true);
    assert.match(String((d.signal.reason as Error).message), /within the 0\.2 s allowed/);
    d.dispose();
  });

  it('two connections held at once (a 401 closing while the retry goes out) count once, and the clock stops only when both are given back', async () => {
    const d = new Deadline(120, undefined);
    const first = d.run();
    const second = d.run();
    first();
    first(); // a second call of the same stop changes nothing
    await wait(160);
    assert.equal(d.signal.aborted, true, 'still running while the second is held');
    second();
    d.dispose();
  });

  it('follows the caller\'s signal, held or not', () => {
    const ac = new AbortController();
    const d = new Deadline(10_000, ac.signal);
    ac.abort(new Error('cancelled by the user'));
    assert.equal((d.signal.reason as Error).message, 'cancelled by the user');
    d.dispose();
  });
});
