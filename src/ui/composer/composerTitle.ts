// A New Submission tab's title: its form reference, so that two open forms
// can be told apart; "New Submission" while it has none.
import * as vscode from 'vscode';
import type { ComposerForm } from '../../shared/composerProtocol';
import { oneLine } from '../text/text';

/** How long a title is, in code points, before an ellipsis: a tab is not the place for a pasted text. */
const SHOWN = 50;
/** Typing changes the reference with every key: the tab follows at most this often. */
const EVERY_MS = 500;

export function tabTitle(form: Pick<ComposerForm, 'formReference'>): string {
  const points = Array.from(oneLine(form.formReference));
  if (!points.length) return vscode.l10n.t('New Submission');
  return points.length > SHOWN ? `${points.slice(0, SHOWN).join('').trimEnd()}…` : points.join('');
}

/** Keeps a panel's title on its form's reference: at once, then at most once per EVERY_MS while it is typed, the last one always. */
export class TabTitle implements vscode.Disposable {
  private wanted: string;
  private timer?: ReturnType<typeof setTimeout>;
  private last = 0;

  constructor(private readonly panel: vscode.WebviewPanel) {
    this.wanted = panel.title;
  }

  follow(form: Pick<ComposerForm, 'formReference'>): void {
    this.wanted = tabTitle(form);
    if (this.timer || this.wanted === this.panel.title) return;
    const wait = this.last + EVERY_MS - Date.now();
    if (wait <= 0) this.apply();
    else this.timer = setTimeout(() => this.apply(), wait);
  }

  private apply(): void {
    this.timer = undefined;
    if (this.wanted === this.panel.title) return;
    this.panel.title = this.wanted;
    this.last = Date.now();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
