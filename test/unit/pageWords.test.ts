// The webview pages speak VS Code's display language: every word they show
// or have read out comes from t() (src/pages/l10n.ts), whole sentences with
// {0} where a value goes, one key per plural form.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parsePage, untranslatedWords, visibleParameters, type Finding } from './pageWords';

const PAGES = path.resolve(__dirname, '../../src/pages');
const pageFiles = readdirSync(PAGES).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')).sort();
const pages = pageFiles.map((f) => parsePage(f, readFileSync(path.join(PAGES, f), 'utf8')));
const shown = visibleParameters(pages);
const listed = (file: string, found: readonly Finding[]) => found.map((f) => `${file}:${f.line} ${f.why}: ${f.text.slice(0, 90)}`);

/** What the check finds in `snippet` added at the end of page `file` (the page's own findings left out). */
function plantedIn(file: string, snippet: string): string[] {
  const text = readFileSync(path.join(PAGES, file), 'utf8');
  const lines = text.split('\n').length;
  return untranslatedWords(parsePage(file, `${text}\n${snippet}\n`), shown).filter((f) => f.line > lines).map((f) => f.why);
}

describe('webview pages: every word through t()', () => {
  it('finds the pages and the helpers whose parameters are shown', () => {
    assert.ok(pageFiles.includes('composer.ts') && pageFiles.includes('timeline.ts') && pageFiles.includes('pdfViewer.ts'));
    assert.deepEqual(shown.get('button'), [1], 'button(icon, label, onClick)');
    assert.deepEqual(shown.get('actionButton'), [1], 'actionButton(id, label, onClick, o)');
    assert.deepEqual(shown.get('icon'), [1], 'icon(name, label)');
  });

  for (const page of pages) {
    it(`${page.fileName} shows no word that is not from t()`, () => {
      assert.deepEqual(listed(page.fileName, untranslatedWords(page, shown)), []);
    });
  }

  for (const file of ['timeline.ts', 'composer.ts']) {
    it(`finds words planted in ${file}, and lets class names, ids and icons be`, () => {
      assert.deepEqual(plantedIn(file, "el('p', { text: 'Planted' });"), ['shown without t()']);
      assert.deepEqual(plantedIn(file, "button('refresh', 'Planted', () => undefined);"), ['shown without t()']);
      assert.deepEqual(plantedIn(file, "el('div', { attrs: { 'aria-label': 'Planted' } });"), ['shown without t()']);
      assert.deepEqual(plantedIn(file, "document.body.setAttribute('title', 'Planted');"), ['shown without t()']);
      assert.deepEqual(plantedIn(file, "const planted = (n: number) => `Planted ${n}`;\ndocument.body.textContent = planted(2);"), ['words joined to values: t() with {0}']);
      assert.deepEqual(plantedIn(file, "const PLANTED = { a: 'Two words' };"), ['words without t()']);
      assert.deepEqual(plantedIn(file, "el('p', { text: `${2} planted` });"), ['words joined to values: t() with {0}']);
      assert.deepEqual(plantedIn(file, "el('p', { text: t('{0} planted', 2) + ' more' });"), ['words joined to values: t() with {0}', 'shown without t()']);
      assert.deepEqual(plantedIn(file, 'const n = 2; el(\'p\', { text: t(`Planted ${n}`) });'), ['the key of t() must be one literal']);
      assert.deepEqual(plantedIn(file, "el('p', { text: t('{0} file(s) planted', 2) });"), ['a plural worded "(s)": one key per form']);
      assert.deepEqual(plantedIn(file, "el('p', { className: 'planted words', text: t('Planted'), attrs: { id: 'planted-id', 'aria-hidden': 'true' } }, icon('planted'));"), []);
      assert.deepEqual(plantedIn(file, "el('p', { text: '—', title: `${2} · ${3}` }); console.warn('Planted for the console');"), []);
    });
  }
});
