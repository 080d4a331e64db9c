// The PDF viewer's toolbar: one row at 800 px; what is used less (fit
// modes, first and last page, refresh) in the overflow menu. Every control
// says its state to a screen reader (aria-pressed, aria-disabled, aria-expanded).
import { ZOOM_STEPS, parseZoom, zoomLabel } from '../shared/pdfZoom';
import type { ZoomState } from '../shared/pdfProtocol';
import { t } from './l10n';
import { button, el, icon } from './vscodeApi';

export interface ToolbarActions {
  goTo(page: number): void;
  step(direction: 1 | -1): void;
  setZoom(z: ZoomState): void;
  toggleOutline(): void;
  toggleThumbnails(): void;
  find(): void;
  cycleColors(): void;
  save(): void;
  archive?: () => void;
  refresh(): void;
}

/** An icon button named for screen readers (its label is also its tooltip). */
export function iconButton(name: string, label: string, onClick: () => void): HTMLButtonElement {
  const b = el('button', { className: 'btn icon-only', title: label, attrs: { type: 'button', 'aria-label': label } }, icon(name));
  b.addEventListener('click', () => {
    if (b.getAttribute('aria-disabled') !== 'true') onClick();
  });
  return b;
}

export class Toolbar {
  readonly element: HTMLElement;
  readonly outline: HTMLButtonElement;
  readonly thumbnails: HTMLButtonElement;
  readonly colors: HTMLButtonElement;
  private readonly previous: HTMLButtonElement;
  private readonly next: HTMLButtonElement;
  private readonly pageInput: HTMLInputElement;
  private readonly pageLabel: HTMLElement;
  private readonly zoomInput: HTMLInputElement;
  private readonly menu: HTMLElement;
  private readonly more: HTMLButtonElement;
  private pages = 0;

  constructor(private readonly act: ToolbarActions) {
    this.outline = iconButton('list-tree', t('Outline'), () => act.toggleOutline());
    this.outline.setAttribute('aria-pressed', 'false');
    this.outline.id = 'outline-toggle';
    this.thumbnails = iconButton('layout-sidebar-left', t('Thumbnails'), () => act.toggleThumbnails());
    this.thumbnails.setAttribute('aria-pressed', 'false');
    this.thumbnails.id = 'thumbnails-toggle';
    this.previous = iconButton('arrow-up', t('Previous page'), () => act.goTo(this.current() - 1));
    this.next = iconButton('arrow-down', t('Next page'), () => act.goTo(this.current() + 1));
    this.pageInput = el('input', { className: 'page-input', attrs: { type: 'text', inputmode: 'numeric', 'aria-label': t('Page number'), autocomplete: 'off' } });
    this.pageInput.addEventListener('change', () => act.goTo(Number(this.pageInput.value)));
    this.pageLabel = el('span', { className: 'page-label' });
    const levels = el('datalist', { attrs: { id: 'zoom-levels' } },
      ...[t('Fit width'), t('Fit page'), t('Actual size'), ...ZOOM_STEPS.map(zoomLabel)].map((v) => el('option', { attrs: { value: v } })));
    this.zoomInput = el('input', { className: 'zoom-input', attrs: { type: 'text', list: 'zoom-levels', 'aria-label': t('Zoom level'), autocomplete: 'off' } });
    this.zoomInput.addEventListener('change', () => this.zoomTyped());
    this.colors = iconButton('color-mode', t('Page colours'), () => act.cycleColors());
    this.colors.classList.add('invert-toggle');
    this.more = iconButton('ellipsis', t('More actions'), () => this.toggleMenu());
    this.more.setAttribute('aria-haspopup', 'menu');
    this.more.setAttribute('aria-expanded', 'false');
    this.menu = el('div', { className: 'overflow-menu', attrs: { role: 'menu', hidden: '' } },
      this.item(t('Fit width'), () => act.setZoom({ mode: 'fitWidth' })),
      this.item(t('Fit page'), () => act.setZoom({ mode: 'fitPage' })),
      this.item(t('Actual size'), () => act.setZoom({ mode: 'scale', scale: 1 })),
      this.item(t('First page'), () => act.goTo(1)),
      this.item(t('Last page'), () => act.goTo(this.pages)),
      this.item(t('Refresh'), () => act.refresh()),
      // What leaves the row when the panel is narrow (media/pdfViewer.css) comes here.
      this.item(t('Save PDF…'), () => act.save(), 'when-narrow'),
      ...(act.archive ? [this.item(t('Archive…'), act.archive, 'when-narrow')] : []),
      this.item(t('Zoom in'), () => act.step(1), 'when-narrower'),
      this.item(t('Zoom out'), () => act.step(-1), 'when-narrower'));
    this.menu.addEventListener('keydown', (e) => this.menuKeys(e));
    this.element = el('div', { className: 'toolbar', attrs: { role: 'toolbar', 'aria-label': t('PDF toolbar') } },
      this.thumbnails, this.outline, this.previous, this.next, this.pageInput, this.pageLabel, el('span', { className: 'separator' }),
      zoomStep(iconButton('zoom-out', t('Zoom out'), () => act.step(-1))), this.zoomInput, levels, zoomStep(iconButton('zoom-in', t('Zoom in'), () => act.step(1))),
      el('span', { className: 'separator' }),
      iconButton('search', t('Find'), () => act.find()), this.colors,
      labelled(button('save', t('Save PDF…'), () => act.save())),
      ...(act.archive ? [labelled(button('archive', t('Archive…'), act.archive))] : []),
      el('span', { className: 'more' }, this.more, this.menu));
    document.addEventListener('click', (e) => {
      if (!this.menu.hidden && !this.more.parentElement?.contains(e.target as Node)) this.closeMenu(false);
    });
  }

  private current(): number {
    return Number(this.pageInput.dataset.page ?? '1');
  }

  /** The page count, the page at the top and the zoom shown; Previous and Next disabled at the ends. */
  update(page: number, pages: number, zoom: ZoomState, scale: number): void {
    this.pages = pages;
    this.pageInput.dataset.page = String(page);
    if (document.activeElement !== this.pageInput) this.pageInput.value = String(page);
    this.pageLabel.textContent = t('/ {0}', pages);
    this.previous.setAttribute('aria-disabled', String(page <= 1));
    this.next.setAttribute('aria-disabled', String(page >= pages));
    if (document.activeElement !== this.zoomInput) this.zoomInput.value = zoomLabel(scale);
    this.zoomInput.title = zoom.mode === 'fitWidth' ? t('Fit width') : zoom.mode === 'fitPage' ? t('Fit page') : t('Zoom level');
  }

  private zoomTyped(): void {
    const v = this.zoomInput.value.trim();
    if (v === t('Fit width')) this.act.setZoom({ mode: 'fitWidth' });
    else if (v === t('Fit page')) this.act.setZoom({ mode: 'fitPage' });
    else if (v === t('Actual size')) this.act.setZoom({ mode: 'scale', scale: 1 });
    else {
      const scale = parseZoom(v);
      if (scale !== undefined) this.act.setZoom({ mode: 'scale', scale });
    }
    this.zoomInput.blur();
  }

  private item(label: string, run: () => void, when?: 'when-narrow' | 'when-narrower'): HTMLButtonElement {
    const b = el('button', { className: when ? `menu-item ${when}` : 'menu-item', text: label, attrs: { type: 'button', role: 'menuitem', tabindex: '-1' } });
    b.addEventListener('click', () => {
      this.closeMenu(true);
      run();
    });
    return b;
  }

  private toggleMenu(): void {
    if (!this.menu.hidden) return this.closeMenu(true);
    this.menu.hidden = false;
    this.more.setAttribute('aria-expanded', 'true');
    this.menuItems()[0]?.focus();
  }

  private closeMenu(refocus: boolean): void {
    this.menu.hidden = true;
    this.more.setAttribute('aria-expanded', 'false');
    if (refocus) this.more.focus();
  }

  private menuKeys(e: KeyboardEvent): void {
    const items = this.menuItems();
    const i = items.indexOf(document.activeElement as HTMLElement);
    const move = (n: number) => items[(n + items.length) % items.length]?.focus();
    if (e.key === 'ArrowDown') move(i + 1);
    else if (e.key === 'ArrowUp') move(i - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(items.length - 1);
    else if (e.key === 'Escape' || e.key === 'Tab') this.closeMenu(e.key === 'Escape');
    else return;
    if (e.key !== 'Tab') e.preventDefault();
  }

  /** The menu's items shown at the panel's width now. */
  private menuItems(): HTMLElement[] {
    return [...this.menu.querySelectorAll<HTMLElement>('[role="menuitem"]')].filter((i) => getComputedStyle(i).display !== 'none');
  }
}

/** A button with a visible label: icon only when the panel is narrow, then in the menu. */
function labelled(b: HTMLButtonElement): HTMLButtonElement {
  b.classList.add('labelled');
  return b;
}

/** Zoom in / Zoom out: in the menu when the panel is very narrow (the zoom box stays). */
function zoomStep(b: HTMLButtonElement): HTMLButtonElement {
  b.classList.add('zoom-step');
  return b;
}
