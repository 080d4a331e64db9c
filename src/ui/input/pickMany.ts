import * as vscode from 'vscode';
import { shownUntilSettled } from './shownInput';

/** A label as the user reads it: without `$(icon)` codes, lower case. */
const shown = (label: string): string => label.replace(/\$\([\w-]+\)\s*/g, '').toLowerCase();

/**
 * A multi-select quick pick that never ends silently. Enter with nothing
 * ticked takes the highlighted row, as Enter does in a single-select pick;
 * typing highlights the first row whose label contains the text (VS Code
 * highlights none in a multi-select pick), and a space typed after the text
 * ticks that row, or unticks it (in VS Code's own pick, Space ticks only in
 * the list, never from the filter box). Resolves with the rows taken, `[]`
 * when Enter found nothing ticked and nothing highlighted (the caller says
 * so), `back` when the Back button was pressed, undefined when dismissed.
 */
export function pickMany<T extends vscode.QuickPickItem, B>(
  items: readonly T[],
  o: { readonly title?: string; readonly step?: number; readonly totalSteps?: number; readonly placeHolder?: string; readonly back?: boolean },
  back?: B,
): Promise<T[] | B | undefined> {
  const qp = vscode.window.createQuickPick<T>();
  Object.assign(qp, { title: o.title, step: o.step, totalSteps: o.totalSteps, placeholder: o.placeHolder, items, canSelectMany: true, ignoreFocusOut: true });
  return shownUntilSettled<T[], B | undefined>(qp, o.back, back, (settle) => {
    let typed = '';
    qp.onDidChangeValue((v) => {
      const text = v.trim().toLowerCase();
      // A space just typed after the text (the workbench may pass it on together with the last letters).
      const space = v.endsWith(' ') && !typed.endsWith(' ');
      typed = v;
      if (!text) return;
      const matches = (i: T) => shown(i.label).includes(text);
      // The row highlighted, if it has the text (the arrow keys may have moved it); else the first that has it.
      const row = qp.activeItems.find(matches) ?? items.find(matches);
      if (!row) return;
      // The filter ignores a trailing space, so the value is left as typed: setting it here could lose what is typed meanwhile.
      if (space && !items.some((i) => shown(i.label).includes(`${text} `))) {
        qp.selectedItems = qp.selectedItems.includes(row) ? qp.selectedItems.filter((i) => i !== row) : [...qp.selectedItems, row];
      }
      if (qp.activeItems[0] !== row) qp.activeItems = [row];
    });
    qp.onDidAccept(() => settle(qp.selectedItems.length ? [...qp.selectedItems] : [...qp.activeItems]));
  });
}
