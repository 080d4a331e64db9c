// The PDF viewer's find bar: a query, Previous / Next, the match count, Match
// case and Whole words; every match highlighted, on pages not drawn yet too
// (pdf.js's find controller reads the text of every page).
import type { EventBus } from 'pdfjs-dist/web/pdf_viewer.mjs';
import { t } from './l10n';
import { iconButton } from './pdfToolbar';
import { el } from './vscodeApi';

/** pdf.js's FindState. */
const NOT_FOUND = 1;
const PENDING = 3;

export class FindBar {
  readonly element: HTMLElement;
  private readonly input: HTMLInputElement;
  private readonly count: HTMLElement;
  private readonly matchCase: HTMLButtonElement;
  private readonly wholeWords: HTMLButtonElement;
  private total = 0;

  constructor(private readonly bus: EventBus, private readonly onClose: () => void) {
    this.input = el('input', { className: 'find-input', attrs: { type: 'search', 'aria-label': t('Find in document'), placeholder: t('Find in document'), spellcheck: 'false' } });
    this.count = el('span', { className: 'find-count', attrs: { role: 'status', 'aria-live': 'polite' } });
    this.matchCase = toggle(iconButton('case-sensitive', t('Match case'), () => this.flip(this.matchCase, 'casesensitivitychange')));
    this.wholeWords = toggle(iconButton('whole-word', t('Whole words'), () => this.flip(this.wholeWords, 'entirewordchange')));
    this.element = el('div', { className: 'findbar', attrs: { role: 'search', hidden: '' } },
      this.input, this.count,
      iconButton('arrow-up', t('Previous match (Shift+Enter)'), () => this.again(true)),
      iconButton('arrow-down', t('Next match (Enter)'), () => this.again(false)),
      this.matchCase, this.wholeWords,
      iconButton('close', t('Close (Escape)'), () => this.close()));
    this.input.addEventListener('input', () => this.search(''));
    this.input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        this.again(e.shiftKey);
      } else if (e.key === 'Escape') {
        e.preventDefault();
        this.close();
      }
    });
    bus.on('updatefindmatchescount', (e: { matchesCount: { current: number; total: number } }) => this.show(e.matchesCount));
    bus.on('updatefindcontrolstate', (e: { state: number; matchesCount: { current: number; total: number } }) => {
      if (e.state === NOT_FOUND && this.input.value) this.setCount(t('No results'));
      else if (e.state !== PENDING) this.show(e.matchesCount);
    });
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  /** Opens the bar (the selected text as the query, if any) and selects its text. */
  open(selected = ''): void {
    this.element.hidden = false;
    if (selected && !selected.includes('\n')) this.input.value = selected;
    this.input.focus();
    this.input.select();
    if (this.input.value) this.search('');
  }

  close(): void {
    if (!this.isOpen) return;
    this.element.hidden = true;
    this.bus.dispatch('findbarclose', { source: this });
    this.onClose();
  }

  /** F3 / Shift+F3, Enter / Shift+Enter: the next or previous match, opening the bar when it is closed. */
  again(previous: boolean): void {
    if (!this.isOpen) this.open();
    if (this.input.value) this.search('again', previous);
  }

  private flip(b: HTMLButtonElement, type: string): void {
    b.setAttribute('aria-pressed', String(b.getAttribute('aria-pressed') !== 'true'));
    this.search(type);
  }

  private search(type: string, findPrevious = false): void {
    if (!this.input.value) this.setCount('');
    this.bus.dispatch('find', {
      source: this, type, query: this.input.value, findPrevious, highlightAll: true, matchDiacritics: false,
      caseSensitive: this.matchCase.getAttribute('aria-pressed') === 'true',
      entireWord: this.wholeWords.getAttribute('aria-pressed') === 'true',
    });
  }

  private show({ current, total }: { current: number; total: number }): void {
    this.total = total;
    if (!this.input.value) this.setCount('');
    else if (total) this.setCount(t('{0} of {1}', current, total));
  }

  private setCount(text: string): void {
    this.count.textContent = text;
    this.element.classList.toggle('no-match', text === t('No results'));
    this.count.dataset.total = String(this.total);
  }
}

function toggle(b: HTMLButtonElement): HTMLButtonElement {
  b.setAttribute('aria-pressed', 'false');
  b.classList.add('toggle');
  return b;
}
