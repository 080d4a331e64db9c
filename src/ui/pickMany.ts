import * as vscode from 'vscode';

/** A label as the user reads it: without `$(icon)` codes, lower case. */
const shown = (label: string): string => label.replace(/\$\([\w-]+\)\s*/g, '').toLowerCase();

/**
 * A multi-select quick pick that never ends silently. Enter with nothing
 * ticked takes the highlighted row, as Enter does in a single-select pick;
 * typing highlights the first row whose label contains the text (VS Code
 * highlights none in a multi-select pick). Resolves with the rows taken,
 * `[]` when Enter found nothing ticked and nothing highlighted (the caller
 * says so), undefined when dismissed.
 */
export function pickMany<T extends vscode.QuickPickItem>(items: readonly T[], o: { readonly title?: string; readonly placeHolder?: string }): Promise<T[] | undefined> {
  return new Promise((resolve) => {
    const qp = vscode.window.createQuickPick<T>();
    Object.assign(qp, { title: o.title, placeholder: o.placeHolder, items, canSelectMany: true, ignoreFocusOut: true });
    let done = false;
    const finish = (v: T[] | undefined) => {
      if (done) return;
      done = true;
      resolve(v);
      qp.dispose();
    };
    qp.onDidChangeValue((v) => {
      const text = v.trim().toLowerCase();
      const first = text ? items.find((i) => shown(i.label).includes(text)) : undefined;
      if (first) qp.activeItems = [first];
    });
    qp.onDidAccept(() => finish(qp.selectedItems.length ? [...qp.selectedItems] : [...qp.activeItems]));
    qp.onDidHide(() => finish(undefined));
    qp.show();
  });
}
