// Bulk downloads of archive rows whose details the view has not loaded: the
// details are fetched under the download's one progress notification, a few
// at a time, and whatever happens to them (a failure, a hang, Cancel, the
// service gone) ends the download with a summary of what became of each file.
import * as assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { safeFileName } from '../../src/core';
import { archiveNodes, chooseFolder, nextEvent, sha256File, tempDir, waitFor } from './fixtures';
import { pressCancelOnProgress, withNotificationsCounted } from './helpers';
import { api, control, quiet, sandboxState, signIn, withAnswers } from './session';
import type { Asked } from './scriptedInput';
import { tried } from '../reliability/tally';

const told = (asked: readonly Asked[]) => asked.filter((a) => a.method === 'info' || a.method === 'warn' || a.method === 'error');

/** The sandbox's log of what arrived: when, and how long the answer took. */
interface TimedRequest { method: string; path: string; status: number; time: string; durationMs: number }

const DETAIL = /\/archives\/\d+$/;

/** The requests for an archive file's detail logged since `mark`. */
async function detailsSince(mark: number): Promise<TimedRequest[]> {
  return (await control<TimedRequest[]>('/log')).slice(mark).filter((e) => DETAIL.test(e.path));
}

/** The most of `log`'s requests the sandbox was answering at one moment. */
function mostAtOnce(log: readonly TimedRequest[]): number {
  const spans = log.map((e) => [Date.parse(e.time), Date.parse(e.time) + e.durationMs] as const);
  return Math.max(0, ...spans.map(([start]) => spans.filter(([s, end]) => s <= start && start < end).length));
}

const logMark = async (): Promise<number> => (await control<unknown[]>('/log')).length;

/** Runs `fn` with `dsas.responseDeadlineSeconds` set (the client is built again for it), then puts it back. */
async function withDeadlineSeconds<T>(seconds: number, fn: () => Promise<T>): Promise<T> {
  const { deps } = await api();
  const config = () => vscode.workspace.getConfiguration('dsas');
  const rebuilt = async (value: number | undefined) => {
    const changed = nextEvent(deps.session.onDidChange, () => deps.session.signedIn, 'the client built for the new deadline');
    await config().update('responseDeadlineSeconds', value, vscode.ConfigurationTarget.Global);
    await changed;
  };
  await rebuilt(seconds);
  try {
    return await fn();
  } finally {
    await rebuilt(undefined);
  }
}

describe('bulk downloads: the details they fetch', () => {
  before(signIn);
  afterEach(() => control('/faults', 'DELETE'));

  it('archive rows whose details are not known yet: one progress notification from the first step, the details fetched a few at a time', async function () {
    if (!process.env.DSAS_WORKBENCH_URL) this.skip();
    const ids = ['101', '102', '103', '104', '105', '106'];
    const nodes = await archiveNodes(...ids);
    const dir = tempDir();
    await quiet();
    const mark = await logMark();
    // Each detail takes 0.4 s: requests sent all at once would all overlap.
    await control('/faults', 'POST', { method: 'GET', path: '^/archives/\\d+$', kind: 'delay', ms: 400, rate: 1 });
    const { result: { input }, toasts } = await withNotificationsCounted(() => withAnswers(chooseFolder(dir), () => vscode.commands.executeCommand('dsas.downloadArchiveFile', nodes[0], nodes)));
    assert.equal(toasts.length, 1, `one notification, not ${JSON.stringify(toasts)}`);
    assert.match(toasts[0], /^Downloading 6 files…/);
    assert.deepEqual(told(input.asked).map((t) => t.text), [`6 files downloaded into "${path.basename(dir)}".`]);
    const stored = (await sandboxState()).archives;
    for (const id of ids) {
      const f = stored.find((x) => x.id === id)!;
      assert.equal(sha256File(path.join(dir, safeFileName(f.name))), f.hash, f.name);
    }
    const most = mostAtOnce(await detailsSince(mark));
    assert.ok(most >= 2 && most <= 4, `${most} details at once`);
  });

  it('a detail that fails fails that file only: the others are saved, the summary counts it', async () => {
    const nodes = await archiveNodes('101', '105', '106');
    const dir = tempDir();
    await control('/faults', 'POST', { method: 'GET', path: '^/archives/105$', kind: 'status', status: 404 });
    const { input } = await withAnswers(chooseFolder(dir), () => vscode.commands.executeCommand('dsas.downloadArchiveFile', nodes[0], nodes));
    assert.deepEqual(readdirSync(dir).sort(), ['notes.txt', 'settings.json']);
    assert.deepEqual(told(input.asked).map((t) => [t.method, t.text]), [
      ['warn', `2 files downloaded into "${path.basename(dir)}". 1 file failed.`],
    ]);
    tried('faults');
  });

  it('a detail that never comes: its file fails at the response deadline, the others are saved, the download ends', async function () {
    this.timeout(60_000);
    const nodes = await archiveNodes('101', '105', '106');
    const dir = tempDir();
    await withDeadlineSeconds(5, async () => {
      await control('/faults', 'POST', { method: 'GET', path: '^/archives/105$', kind: 'delay', ms: 60_000, rate: 1 });
      const started = Date.now();
      const { input } = await withAnswers(chooseFolder(dir), () => vscode.commands.executeCommand('dsas.downloadArchiveFile', nodes[0], nodes));
      const took = Date.now() - started;
      assert.ok(took >= 4500 && took < 15_000, `took ${took} ms`);
      assert.deepEqual(readdirSync(dir).sort(), ['notes.txt', 'settings.json']);
      assert.deepEqual(told(input.asked).map((t) => [t.method, t.text]), [
        ['warn', `2 files downloaded into "${path.basename(dir)}". 1 file failed.`],
      ]);
    });
    tried('faults');
  });

  it('Cancel while the details are fetched: ends at once, quietly, nothing saved, the details not yet asked for never asked', async function () {
    if (!process.env.DSAS_CANCEL_PROGRESS_URL) this.skip();
    const nodes = await archiveNodes('101', '102', '103', '104', '105', '106', '107');
    const dir = tempDir();
    await quiet();
    const mark = await logMark();
    await control('/faults', 'POST', { method: 'GET', path: '^/archives/\\d+$', kind: 'delay', ms: 5000, rate: 1 });
    const download = withAnswers(chooseFolder(dir), () => vscode.commands.executeCommand('dsas.downloadArchiveFile', nodes[0], nodes));
    // The first details are under way (the sandbox logs a request once it is answered or given up).
    await new Promise((r) => setTimeout(r, 1000));
    const started = Date.now();
    await pressCancelOnProgress('Downloading 7 files');
    const { input } = await download;
    assert.ok(Date.now() - started < 2500, `ended ${Date.now() - started} ms after Cancel`);
    assert.deepEqual(told(input.asked), [], 'a cancel before anything was saved is quiet');
    assert.deepEqual(readdirSync(dir), []);
    await new Promise((r) => setTimeout(r, 5000)); // until the delayed ones are logged
    await control('/faults', 'DELETE');
    const asked = await detailsSince(mark);
    assert.ok(asked.length >= 1 && asked.length <= 4, `${asked.length} details asked for: only those under way`);
    tried('faults');
    tried('lossChecks');
  });

  it('the network down and back while the first file arrives: the details that failed ahead of their files are fetched again in their turn, and every file is saved', async function () {
    this.timeout(60_000);
    const ids = ['101', '102', '103', '104', '105', '106', '107'];
    const nodes = await archiveNodes(...ids);
    const dir = tempDir();
    // The first file arrives slowly (about 5 s). Meanwhile the last three details, fetched ahead,
    // find every connection cut, each through its retries; then the network is back.
    await control('/faults', 'POST', { method: 'GET', path: '^/archives/101/', kind: 'slowBody', ms: 1200, chunkBytes: 16 });
    await control('/faults', 'POST', { method: 'GET', path: '^/archives/10[5-7]$', kind: 'drop', rate: 1 });
    const download = withAnswers(chooseFolder(dir), () => vscode.commands.executeCommand('dsas.downloadArchiveFile', nodes[0], nodes));
    await new Promise((r) => setTimeout(r, 3000));
    await control('/faults', 'DELETE'); // the first file's answer goes on as slowly as it began
    const { input } = await download;
    const stored = (await sandboxState()).archives;
    assert.deepEqual(told(input.asked).map((t) => [t.method, t.text]), [['info', `7 files downloaded into "${path.basename(dir)}".`]]);
    for (const id of ids) {
      const f = stored.find((x) => x.id === id)!;
      assert.equal(sha256File(path.join(dir, safeFileName(f.name))), f.hash, f.name);
    }
    tried('faults');
    tried('lossChecks');
  });

  it('the service gone in the middle: after 3 files in a row fail to reach it, the rest are not tried, and the summary says why', async function () {
    this.timeout(60_000);
    const nodes = await archiveNodes('101', '102', '103', '104', '105', '106', '107');
    const dir = tempDir();
    // The first file arrives slowly; while it does, every new request is cut off.
    await control('/faults', 'POST', { method: 'GET', path: '^/archives/101/', kind: 'slowBody', ms: 500, chunkBytes: 16 });
    const download = withAnswers(chooseFolder(dir), () => vscode.commands.executeCommand('dsas.downloadArchiveFile', nodes[0], nodes));
    await waitFor('the first file to be under way', () => readdirSync(dir).some((n) => n.endsWith('.part')));
    const mark = await logMark();
    await control('/faults', 'POST', { kind: 'drop', rate: 1 });
    const { input } = await download;
    await control('/faults', 'DELETE');
    assert.deepEqual(readdirSync(dir), ['notes.txt']);
    const [summary, ...more] = told(input.asked);
    assert.deepEqual(more, []);
    assert.equal(summary.method, 'warn');
    assert.match(summary.text, new RegExp(`^1 file downloaded into "${path.basename(dir)}"\\. 3 files failed\\. 3 files not downloaded\\. Stopped after 3 files in a row could not be downloaded: The service could not be reached`));
    const downloads = (await control<TimedRequest[]>('/log')).slice(mark).filter((e) => /\/archives\/\d+\/./.test(e.path));
    const tried3 = new Set(downloads.map((e) => /\/archives\/(\d+)\//.exec(e.path)?.[1]));
    assert.deepEqual(['102', '103', '104', '105', '106', '107'].filter((id) => tried3.has(id)), ['102', '103', '104'], 'the rest were not tried');
    tried('faults');
  });
});
