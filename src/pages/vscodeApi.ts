/** The webview side of the message protocol (each page's src/shared/*Protocol.ts). */
import { t } from './l10n';
import type { MessageCheck } from '../shared/protocolChecks';
import { bidiVisible } from '../shared/visibleText';

interface VsCodeApi<State> {
  postMessage(message: unknown): void;
  getState(): State | undefined;
  setState(state: State): void;
}

declare function acquireVsCodeApi<State>(): VsCodeApi<State>;

/**
 * Typed wrapper: acquireVsCodeApi may be called once per page. A message that
 * `accepts` refuses (from the page's protocol file) is ignored, and said so in the console.
 */
export function connect<Out, In, State>(accepts: MessageCheck<In>, onMessage: (m: In) => void): { post(m: Out): void; state: VsCodeApi<State> } {
  const api = acquireVsCodeApi<State>();
  window.addEventListener('message', (e: MessageEvent<unknown>) => {
    if (accepts(e.data)) onMessage(e.data);
    else console.warn('Ignored a message that is not part of this page\'s protocol.');
  });
  return { post: (m: Out) => api.postMessage(m), state: api };
}

/** Builds an element; text goes in as text (textContent), never as HTML. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { className?: string; text?: string; title?: string; attrs?: Record<string, string> } = {},
  ...children: (Node | null | undefined)[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (props.className) e.className = props.className;
  if (props.text !== undefined) e.textContent = bidiVisible(props.text);
  if (props.title !== undefined) e.title = bidiVisible(props.title);
  for (const [k, v] of Object.entries(props.attrs ?? {})) e.setAttribute(k, v);
  for (const c of children) if (c) e.append(c);
  return e;
}

/**
 * Settles once the icon font (preloaded with the style sheets) has arrived, or
 * failed, or after 3 s. A page says it is ready only then: its icons show with
 * its first content, and no file of the page is still on its way when the page
 * can first be closed. (The browser workbench serves a page's files through a
 * service worker; a page closed while one was on its way keeps that worker
 * waiting 30 s for it, and every webview opened meanwhile stays blank.)
 */
export function iconsLoaded(): Promise<void> {
  const font = document.fonts.load('16px codicon').then(() => undefined, () => undefined);
  return Promise.race([font, new Promise<void>((resolve) => setTimeout(resolve, 3000))]);
}

/** A codicon (from the shipped @vscode/codicons font). */
export function icon(name: string, label?: string): HTMLElement {
  const i = el('span', { className: `codicon codicon-${name}` });
  if (label) i.setAttribute('aria-label', label);
  else i.setAttribute('aria-hidden', 'true');
  return i;
}

export function button(iconName: string, label: string, onClick: () => void): HTMLButtonElement {
  const b = el('button', { className: 'btn', title: label, attrs: { type: 'button', 'aria-label': label } }, icon(iconName), el('span', { text: label }));
  b.addEventListener('click', onClick);
  return b;
}

/**
 * The one notice a page shows above its content (refreshing, stale data, a
 * changed submission), or above `before` (a part of the content where the
 * user is), with its action; none removes it. The content stays.
 */
export function setNotice(app: HTMLElement, notice?: { icon: string; text: string; warn?: boolean; action?: HTMLButtonElement }, before?: Element | null): void {
  app.querySelector(':scope > .notice')?.remove();
  if (!notice) return;
  const shown = el('div', { className: notice.warn ? 'notice warn' : 'notice', attrs: { role: 'status' } },
    icon(notice.icon), el('span', { text: notice.text }), notice.action);
  if (before?.parentElement === app) before.before(shown);
  else app.prepend(shown);
}

/** What a page shows when nothing could be loaded: why, and a retry. */
export function failure(message: string, retry?: () => void): HTMLElement {
  return el('div', { className: 'error' }, icon('error'), el('span', { text: ` ${message}` }), ...(retry ? [button('refresh', t('Retry'), retry)] : []));
}

/** The stale notice, worded as the trees word it; without `retry` (none can help), what is shown stays as it is, not refreshed. */
export function staleNotice(message: string, retry?: () => void): { icon: string; text: string; warn: boolean; action?: HTMLButtonElement } {
  if (!retry) return { icon: 'warning', text: t('Showing what was loaded before, not refreshed. {0}', message), warn: true };
  return { icon: 'warning', text: t('Showing earlier data: the refresh failed. {0}', message), warn: true, action: button('refresh', t('Retry'), retry) };
}
