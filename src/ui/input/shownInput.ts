import * as vscode from 'vscode';

/** What an input box and a quick pick have in common. */
type Shown = Pick<vscode.QuickInput, 'show' | 'dispose' | 'onDidHide'> & Pick<vscode.InputBox, 'buttons' | 'onDidTriggerButton'>;

/**
 * Shows `input` and resolves once: with what `wire`'s handlers settle it to,
 * with `back` when its Back button (shown where `withBack`) is pressed, or
 * undefined when it is hidden; then it is disposed.
 */
export function shownUntilSettled<V, B>(input: Shown, withBack: boolean | undefined, back: B, wire: (settle: (v: V | B | undefined) => void) => void): Promise<V | B | undefined> {
  return new Promise((resolve) => {
    if (withBack) input.buttons = [vscode.QuickInputButtons.Back];
    let done = false;
    const settle = (v: V | B | undefined) => {
      if (done) return;
      done = true;
      resolve(v);
      input.dispose();
    };
    wire(settle);
    input.onDidTriggerButton((b) => b === vscode.QuickInputButtons.Back && settle(back));
    input.onDidHide(() => settle(undefined));
    input.show();
  });
}
