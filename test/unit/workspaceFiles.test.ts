import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import type { ArchiveFile, HashAlgorithm } from '../../src/core';
import { ArchiveDetails, MAX_FETCHED } from '../../src/ui/workspace/archiveDetails';
import { ArchiveIndex, DigestCache } from '../../src/ui/workspace/contentIndex';
import { FileRecords, MAX_RECORDS, newest, recordArchived, type FileRecord } from '../../src/ui/workspace/fileRecords';
import { decorationOf, lookUp } from '../../src/ui/workspace/lookup';
import { SentStates, type SentNews } from '../../src/ui/workspace/sentStates';

const SHA = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);

function detail(id: string, fullSize: number | undefined, hash: string, title = `Title ${id}`): ArchiveFile {
  const t = { raw: '' };
  return { id, name: `${id}.bin`, title, ticket: 't', fullSize, mimetype: 'application/octet-stream', hash, atime: t, mtime: t, ctime: t, tags: [] };
}

/** A digest cache over a fake hasher that counts its calls and answers from a table. */
function digests(table: Record<string, string> = {}) {
  const calls: string[] = [];
  const cache = new DigestCache(async (p, a) => {
    calls.push(`${a} ${p}`);
    const hex = table[p];
    if (hex === undefined) throw new Error(`cannot read ${p}`);
    return hex;
  });
  return { cache, calls };
}

function sources(archive: ArchiveIndex, cache: DigestCache, news: Record<string, SentNews> = {}) {
  return { archive, digests: cache, submission: (id: string) => news[id] };
}

const t = (text: string, ...args: (string | number)[]) => text.replace(/\{(\d)\}/g, (_, i: string) => String(args[Number(i)]));

describe('workspace files: the digest cache', () => {
  it('hashes a file once per size and modification time, whoever asks, and again once it changed', async () => {
    const { cache, calls } = digests({ '/w/a': SHA });
    const v1 = { size: 10, mtimeMs: 1 };
    assert.equal(cache.peek('/w/a', v1, 'SHA-256'), undefined);
    const [x, y] = await Promise.all([cache.get('/w/a', v1, 'SHA-256'), cache.get('/w/a', v1, 'SHA-256')]);
    assert.equal(x, SHA);
    assert.equal(y, SHA);
    assert.equal(cache.peek('/w/a', v1, 'SHA-256'), SHA);
    assert.equal(calls.length, 1, 'one computation for two askers');
    assert.equal(cache.peek('/w/a', { size: 10, mtimeMs: 2 }, 'SHA-256'), undefined, 'touched: not known for the new version');
    assert.equal(cache.peek('/w/a', { size: 11, mtimeMs: 1 }, 'SHA-256'), undefined, 'another size: not known');
    await cache.get('/w/a', { size: 10, mtimeMs: 2 }, 'SHA-256');
    assert.equal(calls.length, 2);
    await cache.get('/w/a', { size: 10, mtimeMs: 2 }, 'MD5');
    assert.equal(calls.length, 3, 'each algorithm once');
  });

  it('does not keep a failure: asked again, it tries again', async () => {
    const { cache, calls } = digests();
    await assert.rejects(cache.get('/w/gone', { size: 1, mtimeMs: 1 }, 'SHA-256'));
    await assert.rejects(cache.get('/w/gone', { size: 1, mtimeMs: 1 }, 'SHA-256'));
    assert.equal(calls.length, 2);
  });
});

describe('workspace files: matching by content', () => {
  it('indexes archive files by size; one without a size or a hash of a known length can never match', () => {
    const index = new ArchiveIndex();
    index.add(detail('1', 10, SHA));
    index.add(detail('2', 10, OTHER.toUpperCase()));
    index.add(detail('3', undefined, SHA));
    index.add(detail('4', 12, 'xyz'));
    index.add(detail('5', 12, 'abc'));
    assert.deepEqual(index.candidates(10).map((c) => [c.id, c.hex]), [['1', SHA], ['2', OTHER]]);
    assert.deepEqual(index.candidates(12), []);
    assert.equal(index.size, 5, 'every detail is noted as seen');
    assert.ok(index.has('3'));
  });

  it('hashes nothing when no archive file has the size; a digest is asked only in the algorithm of a same-size file', async () => {
    const index = new ArchiveIndex();
    index.add(detail('1', 10, SHA, 'Q3 report'));
    index.add(detail('2', 10, 'c'.repeat(32)));
    const { cache, calls } = digests({ '/w/a': SHA });
    const none = lookUp(sources(index, cache), '/w/b', { size: 9, mtimeMs: 1 }, undefined);
    assert.deepEqual(none, { archived: undefined, sent: undefined, pending: [] });
    const first = lookUp(sources(index, cache), '/w/a', { size: 10, mtimeMs: 1 }, undefined);
    assert.equal(first.archived, undefined);
    assert.deepEqual([...first.pending].sort(), ['MD5', 'SHA-256']);
    assert.equal(calls.length, 0, 'a lookup reads nothing');
    await cache.get('/w/a', { size: 10, mtimeMs: 1 }, 'SHA-256');
    await cache.get('/w/a', { size: 10, mtimeMs: 1 }, 'MD5');
    const later = lookUp(sources(index, cache), '/w/a', { size: 10, mtimeMs: 1 }, undefined);
    assert.deepEqual(later.archived, { fileId: '1', title: 'Q3 report', changed: false });
    assert.equal(decorationOf(later, t, String)?.tooltip, 'Archived as Q3 report');
    assert.equal(decorationOf(later, t, String)?.badge, 'A');
    // With several connections, the one it is of is named, in every line.
    const both = { ...later, archived: { ...later.archived!, changed: true }, sent: { submissionId: '7', formReference: 'REF-7' } };
    assert.equal(decorationOf(both, t, String, 'Test')?.tooltip, 'Changed since it was archived as Q3 report on Test\nSent in REF-7 on Test');
  });

  it('of several archive files with the same content, prefers the one archived from here', async () => {
    const index = new ArchiveIndex();
    index.add(detail('1', 10, SHA, 'first'));
    index.add(detail('2', 10, SHA, 'second'));
    const { cache } = digests({ '/w/a': SHA });
    await cache.get('/w/a', { size: 10, mtimeMs: 5 }, 'SHA-256');
    const record: FileRecord = { archived: { fileId: '2', title: 'second', size: 10, mtimeMs: 1, at: 1 } };
    assert.equal(lookUp(sources(index, cache), '/w/a', { size: 10, mtimeMs: 5 }, record).archived?.fileId, '2');
    assert.equal(lookUp(sources(index, cache), '/w/a', { size: 10, mtimeMs: 5 }, undefined).archived?.fileId, '1');
  });
});

describe('workspace files: records', () => {
  const archived = (size: number, mtimeMs: number, hex?: string): FileRecord => ({ archived: { fileId: '7', title: 'Lease', size, mtimeMs, at: 1, digest: hex ? { algorithm: 'SHA-256' as HashAlgorithm, hex } : undefined } });
  const empty = () => sources(new ArchiveIndex(), digests().cache);

  it('an archived file unchanged since is "Archived as", without reading it', () => {
    const f = lookUp(empty(), '/w/a', { size: 10, mtimeMs: 1 }, archived(10, 1, SHA));
    assert.deepEqual(f, { archived: { fileId: '7', title: 'Lease', changed: false }, sent: undefined, pending: [] });
  });

  it('another size is "Changed since it was archived"; the same size at another time is hashed first, and a touched file is not changed', async () => {
    const bigger = lookUp(empty(), '/w/a', { size: 11, mtimeMs: 2 }, archived(10, 1, SHA));
    assert.equal(bigger.archived?.changed, true);
    assert.equal(decorationOf(bigger, t, String)?.tooltip, 'Changed since it was archived as Lease');
    const { cache } = digests({ '/w/a': SHA, '/w/b': OTHER });
    const src = sources(new ArchiveIndex(), cache);
    const touched = lookUp(src, '/w/a', { size: 10, mtimeMs: 2 }, archived(10, 1, SHA));
    assert.equal(touched.archived, undefined, 'unknown until hashed');
    assert.deepEqual(touched.pending, ['SHA-256']);
    await cache.get('/w/a', { size: 10, mtimeMs: 2 }, 'SHA-256');
    await cache.get('/w/b', { size: 10, mtimeMs: 2 }, 'SHA-256');
    assert.equal(lookUp(src, '/w/a', { size: 10, mtimeMs: 2 }, archived(10, 1, SHA)).archived?.changed, false);
    assert.equal(lookUp(src, '/w/b', { size: 10, mtimeMs: 2 }, archived(10, 1, SHA)).archived?.changed, true);
  });

  it('a sent file says where and how many responded: 0 of its recipients until the service says more', () => {
    const record: FileRecord = { sent: { submissionId: 's1', formReference: 'LEASE-7', recipients: 3, size: 1, mtimeMs: 1, at: 1 } };
    const before = lookUp(empty(), '/w/a', { size: 1, mtimeMs: 1 }, record);
    assert.equal(decorationOf(before, t, String)?.tooltip, 'Sent in LEASE-7 · 0/3 responded');
    const src = { ...empty(), submission: (id: string) => (id === 's1' ? { state: 'PENDING', responses: { responded: 2, involved: 3 } } : undefined) };
    const after = lookUp(src, '/w/a', { size: 1, mtimeMs: 1 }, { ...record, ...archived(1, 1) });
    const d = decorationOf(after, t, String);
    assert.equal(d?.tooltip, 'Archived as Lease\nSent in LEASE-7 · 2/3 responded');
    assert.equal(d?.badge, 'AS');
  });

  it('a sent file follows what is learned of its submission: the state as its row says it, the responses while they are current', () => {
    const record: FileRecord = { sent: { submissionId: 's1', formReference: 'BUDGET-2025', recipients: 1, size: 1, mtimeMs: 1, at: 1 } };
    const states = new SentStates();
    const tooltip = () => decorationOf(lookUp({ ...empty(), submission: (id) => states.of(id) }, '/w/a', { size: 1, mtimeMs: 1 }, record), t, String)?.tooltip;
    assert.equal(tooltip(), 'Sent in BUDGET-2025 · 0/1 responded', 'as sent');
    assert.equal(states.learn('s1', 'PENDING', undefined), false, 'pending, as it was sent: nothing new');
    assert.equal(tooltip(), 'Sent in BUDGET-2025 · 0/1 responded');
    assert.equal(states.learn('s1', 'COMPLETED', undefined), true, 'the list (Refresh, a poll) or Check Status: completed');
    assert.equal(tooltip(), 'Sent in BUDGET-2025 · COMPLETED', 'never "0/1 responded" beside COMPLETED: the responses are of before');
    assert.equal(states.learn('s1', 'COMPLETED', undefined), false, 'the same again');
    assert.equal(states.learn('s1', 'COMPLETED', { responded: 1, involved: 1 }), true, 'a detail');
    assert.equal(tooltip(), 'Sent in BUDGET-2025 · COMPLETED · 1/1 responded');
    assert.equal(states.learn('s1', undefined, { responded: 1, involved: 1 }), false, 'a detail that says no state keeps the one known');
    assert.equal(states.learn('s2', undefined, { responded: 1, involved: 2 }), true);
    assert.deepEqual(states.of('s2'), { state: undefined, responses: { responded: 1, involved: 2 } });
    assert.equal(states.learn('s3', 'PENDING', { responded: 1, involved: 2 }), true);
    const pending = decorationOf(lookUp({ ...empty(), submission: (id) => states.of(id) }, '/w/a', { size: 1, mtimeMs: 1 }, { sent: { ...record.sent!, submissionId: 's3' } }), t, String);
    assert.equal(pending?.tooltip, 'Sent in BUDGET-2025 · 1/2 responded', 'PENDING goes without saying beside the responses');
    assert.equal(states.learn('s3', 'REJECTED', undefined), true, 'a word of the status endpoint is shown as it is');
    assert.equal(decorationOf(lookUp({ ...empty(), submission: (id) => states.of(id) }, '/w/a', { size: 1, mtimeMs: 1 }, { sent: { ...record.sent!, submissionId: 's3' } }), t, String)?.tooltip, 'Sent in BUDGET-2025 · REJECTED');
    states.clear();
    assert.equal(tooltip(), 'Sent in BUDGET-2025 · 0/1 responded', 'forgotten (another session)');
  });

  it('are kept per account and URI, the newest ones up to the limit', async () => {
    const data = new Map<string, unknown>();
    const store = { get: <T>(k: string) => data.get(k) as T | undefined, update: async (k: string, v: unknown) => void data.set(k, v) };
    let account: string | undefined = 'A';
    const records = new FileRecords(store, () => account, () => true);
    const heard: string[][] = [];
    records.onDidChange((uris) => heard.push([...uris]));
    records.sent([{ uri: 'file:///w/a', state: { size: 1, mtimeMs: 2 } }], { submissionId: 's1', formReference: 'R', recipients: 1, at: 1 });
    records.archived('file:///w/a', { fileId: 'f', title: 'T', size: 1, mtimeMs: 2, at: 2 });
    assert.equal(records.of('file:///w/a')?.sent?.submissionId, 's1');
    assert.equal(records.of('file:///w/a')?.archived?.fileId, 'f');
    assert.deepEqual(records.sentIn(new Set(['s1'])), ['file:///w/a']);
    assert.deepEqual(heard, [['file:///w/a'], ['file:///w/a']]);
    account = 'B';
    assert.equal(records.of('file:///w/a'), undefined, "another account's records are not shown");
    account = undefined;
    records.archived('file:///w/b', { fileId: 'g', title: 'T', size: 1, mtimeMs: 2, at: 3 });
    assert.equal(heard.length, 2, 'nothing recorded without an account');
    const many = Object.fromEntries([3, 1, 2].map((i) => [`u${i}`, { sent: { submissionId: 's', formReference: 'R', recipients: 1, size: 1, mtimeMs: 1, at: i } }]));
    assert.deepEqual(Object.keys(newest(many, 2)).sort(), ['u2', 'u3']);
  });
});

describe('workspace files: records written in batches', () => {
  /** A store that counts its writes and keeps a copy of what was written, as global state does. */
  function countingStore() {
    const data = new Map<string, unknown>();
    const s = {
      writes: 0,
      get: <T>(k: string) => data.get(k) as T | undefined,
      update: async (k: string, v: unknown) => {
        s.writes++;
        data.set(k, structuredClone(v));
      },
      stored: (account: string) => (data.get('dsas.fileRecords') as Record<string, Record<string, FileRecord>> | undefined)?.[account] ?? {},
    };
    return s;
  }
  const unchanged = { stat: async () => ({ size: 3, mtimeMs: 1 }), hash: async () => SHA };
  const file = (i: number) => ({ uri: `file:///w/${i}`, path: `/w/${i}`, size: 3, mtimeMs: 1 });

  it('archiving 3,000 files writes the store a few times, not twice per file; each is found at once, with its digest, and the newest 2,000 are kept', async () => {
    const store = countingStore();
    const records = new FileRecords(store, () => 'A', () => true);
    const heard: string[] = [];
    records.onDidChange((uris) => heard.push(...uris));
    for (let i = 0; i < 3000; i++) {
      await recordArchived(records, unchanged, file(i), { fileId: String(i), title: `T${i}`, at: i }, 'A');
      assert.equal(records.of(file(i).uri)?.archived?.digest?.hex, SHA, `file ${i} found with its digest at once`);
    }
    await records.flush();
    assert.ok(store.writes <= 3, `${store.writes} writes of the store`);
    assert.ok(heard.includes(file(2999).uri), 'the decorations are told');
    const kept = store.stored('A');
    assert.equal(Object.keys(kept).length, MAX_RECORDS);
    assert.equal(kept[file(2999).uri]?.archived?.fileId, '2999');
    assert.equal(kept[file(1000).uri]?.archived?.digest?.hex, SHA);
    assert.equal(kept[file(999).uri], undefined, 'the oldest beyond the cap are dropped');
  });

  it('a write keeps what another window wrote meanwhile, and a change made while a write is under way is written next', async () => {
    const store = countingStore();
    const records = new FileRecords(store, () => 'A', () => true);
    records.archived(file(1).uri, { fileId: '1', title: 'T1', size: 3, mtimeMs: 1, at: 1 });
    await records.flush();
    // Another window of the same account records a file.
    await store.update('dsas.fileRecords', { A: { ...store.stored('A'), [file(2).uri]: { archived: { fileId: '2', title: 'T2', size: 3, mtimeMs: 1, at: 2 } } } });
    records.sent([{ uri: file(1).uri, state: { size: 3, mtimeMs: 1 } }], { submissionId: 's', formReference: 'R', recipients: 1, at: 3 });
    const writing = records.flush();
    records.archived(file(3).uri, { fileId: '3', title: 'T3', size: 3, mtimeMs: 1, at: 4 });
    await writing;
    await records.flush();
    const kept = store.stored('A');
    assert.deepEqual(Object.keys(kept).sort(), [file(1).uri, file(2).uri, file(3).uri]);
    assert.equal(kept[file(1).uri]?.archived?.fileId, '1', 'its archiving kept beside its sending');
    assert.equal(kept[file(1).uri]?.sent?.submissionId, 's');
  });
  it('a file recorded after its connection was removed (an upload or a digest finishing then) is not recorded again for that account, in this window or another', async () => {
    const store = countingStore();
    const connected = new Set(['A', 'B']);
    const records = new FileRecords(store, () => 'B', (a) => connected.has(a));
    // A file of A is on its way: recorded as it arrives, its digest still being computed.
    let hashed!: () => void;
    const slow = { stat: unchanged.stat, hash: () => new Promise<string>((resolve) => (hashed = () => resolve(SHA))) };
    const recording = recordArchived(records, slow, file(1), { fileId: '1', title: 'T1', at: 1 }, 'A');
    records.archived(file(2).uri, { fileId: '2', title: 'T2', size: 3, mtimeMs: 1, at: 2 }, 'B');
    await records.flush();
    assert.equal(records.countOf('A'), 1);
    // Remove Connection… of A: the connection goes, then its records.
    connected.delete('A');
    await records.forget('A');
    hashed();
    await recording;
    records.archived(file(3).uri, { fileId: '3', title: 'T3', size: 3, mtimeMs: 1, at: 3 }, 'A');
    await records.flush();
    assert.equal(records.countOf('A'), 0, 'nothing of the removed connection is kept');
    assert.deepEqual(Object.keys(store.stored('A')), []);
    assert.deepEqual(Object.keys(store.stored('B')), [file(2).uri], "the other connection's record stays");
    // Another window had a change of A not written yet when A was removed there.
    const other = new FileRecords(store, () => 'B', (a) => connected.has(a));
    connected.add('A');
    other.archived(file(4).uri, { fileId: '4', title: 'T4', size: 3, mtimeMs: 1, at: 4 }, 'A');
    connected.delete('A');
    await other.flush();
    assert.deepEqual(Object.keys(store.stored('A')), [], "a window's change of a connection removed before it was written is not written");
  });
});

describe('archive details for matching', () => {
  const rowsOf = (ids: readonly number[]) => ids.map((i) => ({ kind: 'archiveFile', item: { id: String(i), name: `${i}.bin`, title: `T${i}` } }));
  const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

  /** Archive rows of `n` listed files (none with a detail), a client counting detail requests; `list` gives the view a new list, `session` says the session changed. */
  function setUp(n: number) {
    const listeners: (() => void)[] = [];
    const sessionListeners: (() => void)[] = [];
    const rows = { items: rowsOf(range(0, n)), loaded: true, onDidChangeTreeData: (l: () => void) => (listeners.push(l), { dispose() {} }), refresh: async () => {} };
    let requests = 0;
    const client = { getArchiveFile: async (id: string) => (requests++, detail(id, 10, SHA)) };
    const log = { debug() {}, info() {}, warn() {}, error() {} };
    let asked = 0;
    const session = { signedIn: true, client: client as never, onDidChange: (l: () => void) => (sessionListeners.push(l), { dispose() {} }) };
    const details = new ArchiveDetails(rows as never, session, log, () => asked++);
    const set = (items: ReturnType<typeof rowsOf>) => {
      rows.items = items;
      listeners.forEach((l) => l());
    };
    return {
      details,
      rows: Object.assign(rows, { set }),
      requests: () => requests,
      asked: () => asked,
      list: (ids: readonly number[]) => set(rowsOf(ids)),
      session: () => sessionListeners.forEach((l) => l()),
    };
  }

  it('fetches the detail of every listed file up to the bound', async () => {
    const { details, requests } = setUp(MAX_FETCHED);
    await details.ensure();
    assert.equal(requests(), MAX_FETCHED);
    assert.equal(details.index.size, MAX_FETCHED);
  });

  it('a new list keeps the details of the files still listed: only new files are fetched, and one no longer listed is forgotten', async () => {
    const { details, requests, asked, list } = setUp(400);
    await details.ensure();
    assert.equal(requests(), 400);
    const askedBefore = asked();
    list([...range(1, 400), 400]); // file 0 gone, file 400 new
    assert.equal(asked(), askedBefore + 1, 'the decorations are asked again');
    await details.ensure();
    assert.equal(requests(), 401, 'one more request: the new file\'s detail');
    assert.equal(details.index.has('400'), true);
    assert.equal(details.index.has('0'), false, 'a file no longer listed is not matched');
    assert.equal(details.index.size, 400);
    assert.deepEqual(details.index.candidates(10).map((f) => f.id).includes('0'), false);
  });

  it('asked before the view has its list (Reveal in Archive right after signing in), it loads the list and settles once the details are in', async () => {
    const { details, requests, rows } = setUp(0);
    rows.loaded = false;
    Object.assign(rows, {
      refreshList: async () => {
        rows.loaded = true;
        rows.set(rowsOf(range(0, 3)));
      },
    });
    await details.ensure();
    assert.equal(details.index.size, 3, 'the details of the list just loaded');
    assert.equal(requests(), 3);
  });

  it('asked before the view has its list, it loads the workspace\'s connection\'s list alone: another service that does not answer holds nothing back', async () => {
    const { details, rows } = setUp(0);
    rows.loaded = false;
    // Every connection's lists (the view's Refresh): one of them never comes.
    rows.refresh = () => new Promise<void>(() => undefined);
    Object.assign(rows, {
      refreshList: async () => {
        rows.loaded = true;
        rows.set(rowsOf(range(0, 2)));
        return true;
      },
    });
    const late = new Promise<string>((resolve) => setTimeout(() => resolve('still waiting after 2 s'), 2000));
    assert.equal(await Promise.race([details.ensure().then(() => 'settled'), late]), 'settled');
    assert.equal(details.index.size, 2);
  });

  it('another session forgets every detail: the same ids may name other files', async () => {
    const { details, requests, session } = setUp(5);
    await details.ensure();
    session();
    assert.equal(details.index.size, 0);
    await details.ensure();
    assert.equal(requests(), 10);
  });

  it('fetches none for a larger archive: a refresh must not cost a request per file', async () => {
    const { details, requests } = setUp(MAX_FETCHED + 1);
    await details.ensure();
    assert.equal(requests(), 0);
  });
});
