// Where New Submission's drafts are kept: one entry of the workspace's state
// per draft, so that a change writes its own draft only (two forms, or two
// windows on one workspace, cannot overwrite each other's), with the account
// each belongs to; drafts kept by the earlier version (all in one entry) are
// moved to that layout, recording no account.
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import type { ComposerForm } from '../../src/shared/composerProtocol';
import { ComposerMemory } from '../../src/ui/composer/composerMemory';

/** A Memento as VS Code's behaves (a write is visible at once), recording each write. */
class RecordingMemento implements vscode.Memento {
  readonly values = new Map<string, unknown>();
  readonly writes: { key: string; value: unknown }[] = [];
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
  get<T>(key: string, fallback?: T): T | undefined {
    return this.values.has(key) ? (structuredClone(this.values.get(key)) as T) : fallback;
  }
  update(key: string, value: unknown): Thenable<void> {
    this.writes.push({ key, value: structuredClone(value) });
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, structuredClone(value));
    return Promise.resolve();
  }
}

const form = (formReference: string, email = 'ada@example.org'): ComposerForm => ({
  documents: [{ path: '/tmp/a.txt', name: 'a.txt', size: 3, sizeText: '3 bytes', type: 'text/plain' }],
  recipients: [{ nameMode: 'full', name: 'Ada Lovelace', firstName: '', lastName: '', email, type: 'PRIMARY', authMethod: 'SMS', authNumber: '+44 1' }],
  coverNote: 'Dear Ada', data: '', formReference, advanced: { broadcast: '0', transparency: '0', confirmIntent: '0' },
});

const ACCOUNT = JSON.stringify(['https://dsas.example.com/v1.1', 'demo']);

describe('the drafts of New Submission in the workspace state', () => {
  it('a change writes only its own draft: one entry per draft, the other draft not part of the write', async () => {
    const workspace = new RecordingMemento();
    const memory = new ComposerMemory(workspace, new RecordingMemento());
    await memory.saveDraft('first', form('First'), { account: ACCOUNT, touched: true });
    await memory.saveDraft('second', form('Second', 'grace@example.org'), { account: ACCOUNT, touched: true });
    workspace.writes.length = 0;
    await memory.saveDraft('first', form('First, edited'), { touched: true });
    assert.equal(workspace.writes.length, 1, JSON.stringify(workspace.writes));
    const written = JSON.stringify(workspace.writes[0].value);
    assert.match(written, /First, edited/);
    assert.doesNotMatch(written, /Second|grace@example\.org/, 'the other draft is not rewritten');
    assert.equal(memory.draft('second')?.formReference, 'Second');
    assert.equal(memory.stored('first')?.account, ACCOUNT, 'a later save keeps the account the draft belongs to');

    workspace.writes.length = 0;
    await memory.removeDraft('second');
    assert.equal(workspace.writes.length, 1);
    assert.equal(workspace.writes[0].value, undefined, 'removing a draft removes its entry');
    assert.deepEqual(memory.draftIds(), ['first']);
  });

  it('keeps the account a draft belongs to and whether it was changed since it opened', async () => {
    const memory = new ComposerMemory(new RecordingMemento(), new RecordingMemento());
    await memory.saveDraft('untouched', form('Opened by mistake'), { account: ACCOUNT, touched: false });
    assert.deepEqual({ ...memory.stored('untouched'), saved: 0 }, { form: form('Opened by mistake'), account: ACCOUNT, touched: false, saved: 0 });
    await memory.saveDraft('untouched', form('Now typed in'), { touched: true });
    assert.equal(memory.stored('untouched')?.touched, true);
    assert.equal(memory.stored('untouched')?.account, ACCOUNT);
  });

  it('moves the drafts an earlier version kept in one entry to one entry each, with no account recorded', () => {
    const workspace = new RecordingMemento();
    const legacy = form('Kept by 0.1');
    workspace.values.set('dsas.composer.drafts', { old: legacy, broken: { documents: 'not a form' } });
    const memory = new ComposerMemory(workspace, new RecordingMemento());
    assert.deepEqual(memory.draftIds(), ['old']);
    assert.deepEqual(memory.draft('old'), legacy);
    assert.equal(memory.stored('old')?.account, undefined, 'which account it belongs to is not known');
    assert.equal(memory.stored('old')?.touched, true, 'typed in: it is offered again');
    assert.equal(workspace.get('dsas.composer.drafts'), undefined, 'the old entry is gone');
  });

  it('ignores an entry that is not a draft', () => {
    const workspace = new RecordingMemento();
    workspace.values.set('dsas.composer.draft/x', { form: { documents: 42 }, touched: true });
    const memory = new ComposerMemory(workspace, new RecordingMemento());
    assert.equal(memory.draft('x'), undefined);
    assert.deepEqual(memory.draftIds(), []);
  });

  it('keeps when the user last edited a draft: a later save by the extension (a document fetched) leaves it', async () => {
    const memory = new ComposerMemory(new RecordingMemento(), new RecordingMemento());
    await memory.saveDraft('d', form('Edited'), { touched: true, edited: 1000 });
    await memory.saveDraft('d', form('Edited'), { account: ACCOUNT });
    assert.equal(memory.stored('d')?.edited, 1000);
    assert.ok((memory.stored('d')?.saved ?? 0) > 1000, 'written later');
  });
});

describe('what this machine keeps of the submissions it sent', () => {
  const OTHER = JSON.stringify(['https://other.example.net/v1.1', 'demo']);

  it('their cover note, data and Advanced values, for Send Again With… on that account\'s submission of that id', async () => {
    const memory = new ComposerMemory(new RecordingMemento(), new RecordingMemento());
    const sent = form('Sent');
    await memory.sent(ACCOUNT, '1002', [{ name: 'Ada Lovelace', email: 'ada@example.org' }], { ...sent, data: '<d/>', advanced: { broadcast: '1', transparency: '2', confirmIntent: '1' } });
    assert.deepEqual(memory.sentTexts(ACCOUNT, '1002'), { coverNote: 'Dear Ada', data: '<d/>', advanced: { broadcast: '1', transparency: '2', confirmIntent: '1' } });
    assert.equal(memory.sentTexts(ACCOUNT, '1'), undefined);
  });

  it('never for another account\'s submission of the same id: services count their ids from the same start', async () => {
    const memory = new ComposerMemory(new RecordingMemento(), new RecordingMemento());
    await memory.sent(ACCOUNT, '1002', [], { ...form('Ours'), coverNote: 'Private terms', data: '<d/>' });
    await memory.sent(OTHER, '1002', [], { ...form('Theirs'), coverNote: 'Their note' });
    assert.equal(memory.sentTexts(ACCOUNT, '1002')?.coverNote, 'Private terms');
    assert.equal(memory.sentTexts(OTHER, '1002')?.coverNote, 'Their note');
    assert.equal(memory.sentTexts(JSON.stringify(['https://third.example.org/v1.1', 'demo']), '1002'), undefined);
    assert.equal(memory.sentTexts(undefined, '1002'), undefined);
  });

  it('those of a removed connection\'s account are forgotten, the other accounts\' and an earlier version\'s entries kept', async () => {
    const global = new RecordingMemento();
    const memory = new ComposerMemory(new RecordingMemento(), global);
    global.values.set('dsas.composer.sentNotes', { 999: 'Kept by 0.1' });
    await memory.sent(ACCOUNT, '1002', [], { ...form('Ours'), coverNote: 'Private terms' });
    await memory.sent(OTHER, '1002', [], { ...form('Theirs'), coverNote: 'Their note' });
    await memory.forgetSent([ACCOUNT]);
    assert.equal(memory.sentTexts(ACCOUNT, '1002'), undefined);
    assert.equal(memory.sentTexts(OTHER, '1002')?.coverNote, 'Their note');
    assert.deepEqual(Object.keys(global.values.get('dsas.composer.sentNotes') as object).sort(), ['999', JSON.stringify([OTHER, '1002'])].sort());
  });

  it('what an earlier version kept by the id alone (whose submission it was is not known) is not offered', async () => {
    const global = new RecordingMemento();
    const memory = new ComposerMemory(new RecordingMemento(), global);
    global.values.set('dsas.composer.sentNotes', { 999: 'Kept by 0.1', 1000: { coverNote: 'Kept without an account', data: '' } });
    assert.equal(memory.sentTexts(ACCOUNT, '999'), undefined);
    assert.equal(memory.sentTexts(ACCOUNT, '1000'), undefined);
  });
});
