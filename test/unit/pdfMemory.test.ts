import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { PdfMemory } from '../../src/ui/viewer/pdfMemory';

/** VS Code's global state as the extension sees it (ExtensionMemento): an update keeps a copy through JSON, which `get` returns. */
function memento(): vscode.Memento & { size(): number } {
  const values = new Map<string, unknown>();
  return {
    keys: () => [...values.keys()],
    get: <T>(key: string, fallback?: T) => (values.has(key) ? (values.get(key) as T) : fallback),
    update: (key: string, value: unknown) => {
      values.set(key, JSON.parse(JSON.stringify(value)));
      return Promise.resolve();
    },
    size: () => [...values.values()].reduce((n: number, v) => n + JSON.stringify(v).length, 0),
  } as vscode.Memento & { size(): number };
}

describe('where the reader left each PDF', () => {
  it('after 10,000 PDFs read, keeps the 200 read last (the oldest forgotten first), in a bounded global state', async () => {
    const state = memento();
    const memory = new PdfMemory(state);
    const place = (n: number) => ({ page: n, zoom: { mode: 'scale', scale: 1.5 } as const, left: 0, top: 700 });
    await memory.set('file//home/a/first.pdf', place(1));
    for (let n = 1; n <= 10_000; n++) {
      await memory.set(`file//home/a/reports/${n}.pdf`, place(n));
      // The first one read again now and then stays among those kept.
      if (n % 150 === 0) await memory.set('file//home/a/first.pdf', place(n));
    }
    assert.equal(memory.get('file//home/a/reports/1.pdf'), undefined);
    // 200 kept: the first one read again, and the last 199 reports.
    assert.equal(memory.get('file//home/a/reports/9801.pdf'), undefined);
    assert.deepEqual(memory.get('file//home/a/reports/9802.pdf'), place(9802));
    assert.deepEqual(memory.get('file//home/a/reports/10000.pdf'), place(10_000));
    assert.deepEqual(memory.get('file//home/a/first.pdf'), place(9900));
    assert.ok(state.size() < 25_000, `${state.size()} characters kept`);
  });

  it('ignores a place kept in a shape it does not know (another version, a hand-edited state)', async () => {
    const state = memento();
    await state.update('dsas.pdfPlaces', { 'summary/1': { page: -1, zoom: { mode: 'fitWidth' } }, 'summary/2': { page: 2, zoom: { mode: 'scale', scale: NaN } }, 'summary/3': { page: 3, zoom: { mode: 'fitPage' } } });
    const memory = new PdfMemory(state);
    assert.equal(memory.get('summary/1'), undefined);
    assert.equal(memory.get('summary/2'), undefined);
    assert.deepEqual(memory.get('summary/3'), { page: 3, zoom: { mode: 'fitPage' } });
    assert.equal(memory.get('__proto__'), undefined);
    assert.equal(memory.get('constructor'), undefined);
  });
});
