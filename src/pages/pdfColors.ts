// The colours pages are drawn in. In a dark or high-contrast theme, pages
// take the theme's editor colours by default (pdf.js's pageColors: the page's
// ink in the theme's text colour on its background), or are inverted, or stay
// as printed; in a light theme they stay as printed. The choice follows the
// theme as it changes.
import type { PageColorMode } from '../shared/pdfProtocol';

export interface PageColors { background: string; foreground: string }

export const COLOR_MODES: readonly PageColorMode[] = ['theme', 'invert', 'original'];

/** Whether the workbench's theme is dark or high contrast (VS Code marks the page's body with its kind). */
export function darkTheme(): boolean {
  const c = document.body.classList;
  return c.contains('vscode-dark') || c.contains('vscode-high-contrast');
}

/** The pdf.js page colours for `mode` in the theme now; none for pages as printed. */
export function pageColorsFor(mode: PageColorMode): PageColors | undefined {
  if (mode !== 'theme' || !darkTheme()) return undefined;
  const style = getComputedStyle(document.documentElement);
  const background = resolved(style.getPropertyValue('--vscode-editor-background'));
  const foreground = resolved(style.getPropertyValue('--vscode-editor-foreground'));
  return background && foreground ? { background, foreground } : undefined;
}

/** A theme colour as the browser computes it (`rgb(…)`), which pdf.js reads. */
function resolved(css: string): string {
  if (!css.trim()) return '';
  const probe = document.createElement('span');
  probe.style.color = css.trim();
  document.body.append(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color;
}

/** Calls `changed` when the workbench's theme changes (its kind on the body, its colours on the root). */
export function onThemeChange(changed: () => void): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(changed, 50);
  };
  new MutationObserver(later).observe(document.body, { attributes: true, attributeFilter: ['class'] });
  new MutationObserver(later).observe(document.documentElement, { attributes: true, attributeFilter: ['style'] });
}
