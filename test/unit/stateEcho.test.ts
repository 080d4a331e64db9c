// The extension's stores in global state, written just as VS Code's global
// state takes back an earlier value of it whole (see echoingState): each
// write is still there after it, in this window and in what went out.
import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { freshMemory } from '../../src/core/announcedMemory';
import { ComposerMemory } from '../../src/ui/composer/composerMemory';
import { AnnouncedStore } from '../../src/ui/status/announcedStore';
import { PdfMemory } from '../../src/ui/viewer/pdfMemory';
import { anotherWriteOnItsWay, echoingState } from './echoingState';

const ACCOUNT = JSON.stringify(['https://dsas.example.com/v1.1', 'demo']);

describe('the global state\'s stores through its echo', () => {
  it('a response told, written just as an earlier value of the global state comes back, stays told (read again after a reload, not told a second time)', async () => {
    const state = echoingState();
    const store = new AnnouncedStore(state);
    const told = { ...freshMemory(Date.now()), subs: { 1002: { c: 1 as const, r: ['ada@example.org'], j: 0, u: 1, t: Date.now() } } };
    await anotherWriteOnItsWay(state);
    await store.write(ACCOUNT, told);
    const again = new AnnouncedStore(state).read(ACCOUNT);
    assert.deepEqual(again?.subs['1002']?.r, ['ada@example.org']);
    assert.equal(again?.subs['1002']?.u, 1, 'the badge still counts it');
  });

  it('what an account was told, forgotten at Sign Out just as an earlier value comes back, stays forgotten', async () => {
    const state = echoingState();
    const store = new AnnouncedStore(state);
    await store.write(ACCOUNT, freshMemory(Date.now()));
    await anotherWriteOnItsWay(state);
    await store.forget([ACCOUNT]);
    assert.equal(new AnnouncedStore(state).read(ACCOUNT), undefined);
  });

  it('the recipients and texts of a submission sent just as an earlier value comes back are offered again (recipients as one types, Send Again With…)', async () => {
    const state = echoingState();
    const memory = new ComposerMemory(echoingState(), state);
    await anotherWriteOnItsWay(state);
    await memory.sent(ACCOUNT, '1002', [{ name: 'Ada Lovelace', email: 'ada@example.org' }], { coverNote: 'Dear Ada', data: '', advanced: { broadcast: '0', transparency: '0', confirmIntent: '0' } });
    const later = new ComposerMemory(echoingState(), state);
    assert.deepEqual(later.recentRecipients(), [{ name: 'Ada Lovelace', email: 'ada@example.org' }]);
    assert.equal(later.sentTexts(ACCOUNT, '1002')?.coverNote, 'Dear Ada');
  });

  it('where the reader left a PDF, kept just as an earlier value comes back, is where it opens next', async () => {
    const state = echoingState();
    const place = { page: 7, zoom: { mode: 'scale', scale: 1.5 } as const, left: 0, top: 700 };
    await anotherWriteOnItsWay(state);
    await new PdfMemory(state).set('summary/1002', place);
    assert.deepEqual(new PdfMemory(state).get('summary/1002'), place);
  });

  it('a PDF\'s place that another window kept meanwhile, arriving just after ours, is not written over: the newer one is kept', async () => {
    const state = echoingState();
    const ours = { page: 7, zoom: { mode: 'fitWidth' } as const };
    const theirs = { page: 9, zoom: { mode: 'fitPage' } as const };
    const writing = new PdfMemory(state).set('summary/1002', ours);
    state.arrive({ 'dsas.pdfPlaces': { 'summary/1002': theirs } });
    await writing;
    await new Promise((r) => setTimeout(r, 10));
    assert.deepEqual(new PdfMemory(state).get('summary/1002'), theirs);
  });
});

