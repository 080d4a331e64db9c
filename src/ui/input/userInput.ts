import * as vscode from 'vscode';
import { pickMany } from './pickMany';
import { shownUntilSettled } from './shownInput';
import { notificationText } from '../text/text';

/**
 * Returned by a step when the user pressed the Back button. A registered
 * symbol, so that a scripted input compiled into another bundle (host tests)
 * returns the very same value.
 */
export const BACK: unique symbol = Symbol.for('dsas.userInput.back');
export type Back = typeof BACK;

export interface StepOptions {
  readonly title?: string;
  readonly step?: number;
  readonly totalSteps?: number;
  /** Show a Back button (wizards, from the second step on). */
  readonly back?: boolean;
}

export interface InputBoxOptions extends StepOptions {
  readonly prompt: string;
  readonly value?: string;
  readonly placeHolder?: string;
  readonly password?: boolean;
  /** Returns a message while the value is not acceptable. */
  readonly validate?: (value: string) => string | undefined;
}

export interface QuickPickOptions extends StepOptions {
  readonly placeHolder?: string;
}

/**
 * Every question the extension asks goes through this interface, so that host
 * tests can answer them by script and see what was asked. `undefined` means
 * the user dismissed the question.
 */
export interface UserInput {
  inputBox(o: InputBoxOptions): Promise<string | Back | undefined>;
  quickPick<T extends vscode.QuickPickItem>(items: readonly T[], o: QuickPickOptions): Promise<T | Back | undefined>;
  /** Several rows; `[]` when accepted with none ticked and none highlighted. */
  quickPickMany<T extends vscode.QuickPickItem>(items: readonly T[], o: QuickPickOptions): Promise<T[] | Back | undefined>;
  openDialog(o: vscode.OpenDialogOptions): Promise<vscode.Uri[] | undefined>;
  saveDialog(o: vscode.SaveDialogOptions): Promise<vscode.Uri | undefined>;
  /** A modal question; resolves with the chosen action or undefined on cancel. */
  confirm(message: string, detail: string | undefined, ...actions: string[]): Promise<string | undefined>;
  /** A notification with optional actions. */
  info(message: string, ...actions: string[]): Promise<string | undefined>;
  warn(message: string, ...actions: string[]): Promise<string | undefined>;
  error(message: string, ...actions: string[]): Promise<string | undefined>;
}

/** The real prompts: VS Code's input box and quick pick, with a Back button where asked. */
export class VsCodeInput implements UserInput {
  inputBox(o: InputBoxOptions): Promise<string | Back | undefined> {
    const box = vscode.window.createInputBox();
    Object.assign(box, { title: o.title, step: o.step, totalSteps: o.totalSteps, prompt: o.prompt, value: o.value ?? '', placeholder: o.placeHolder, password: o.password ?? false, ignoreFocusOut: true });
    return shownUntilSettled<string, Back>(box, o.back, BACK, (settle) => {
      box.onDidChangeValue((v) => (box.validationMessage = o.validate?.(v)));
      box.onDidAccept(() => {
        const msg = o.validate?.(box.value);
        if (msg) box.validationMessage = msg;
        else settle(box.value);
      });
    });
  }

  quickPick<T extends vscode.QuickPickItem>(items: readonly T[], o: QuickPickOptions): Promise<T | Back | undefined> {
    const qp = vscode.window.createQuickPick<T>();
    Object.assign(qp, { title: o.title, step: o.step, totalSteps: o.totalSteps, placeholder: o.placeHolder, items, ignoreFocusOut: true });
    return shownUntilSettled<T, Back>(qp, o.back, BACK, (settle) => qp.onDidAccept(() => settle(qp.selectedItems[0])));
  }

  quickPickMany<T extends vscode.QuickPickItem>(items: readonly T[], o: QuickPickOptions): Promise<T[] | Back | undefined> {
    return pickMany(items, o, BACK);
  }

  async openDialog(o: vscode.OpenDialogOptions): Promise<vscode.Uri[] | undefined> {
    return vscode.window.showOpenDialog(o);
  }

  async saveDialog(o: vscode.SaveDialogOptions): Promise<vscode.Uri | undefined> {
    return vscode.window.showSaveDialog(o);
  }

  async confirm(message: string, detail: string | undefined, ...actions: string[]): Promise<string | undefined> {
    return vscode.window.showWarningMessage(message, { modal: true, detail }, ...actions);
  }

  async info(message: string, ...actions: string[]): Promise<string | undefined> {
    return vscode.window.showInformationMessage(message, ...actions);
  }

  async warn(message: string, ...actions: string[]): Promise<string | undefined> {
    return vscode.window.showWarningMessage(message, ...actions);
  }

  async error(message: string, ...actions: string[]): Promise<string | undefined> {
    return vscode.window.showErrorMessage(message, ...actions);
  }
}

/**
 * Holds the current UserInput (host tests swap in a scripted one) and hands
 * it out behind one rule: notifications turn `[text](command:…)` into links
 * whatever its source, and messages quote service text (names, references,
 * error bodies), so no link can form in a notification.
 */
export class InputHolder {
  private impl: UserInput = new VsCodeInput();
  private safe: UserInput = withPlainNotifications(this.impl);

  get current(): UserInput {
    return this.safe;
  }

  set current(u: UserInput) {
    this.impl = u;
    this.safe = withPlainNotifications(u);
  }

  /** The implementation as set, for restoring it. */
  get raw(): UserInput {
    return this.impl;
  }
}

function withPlainNotifications(u: UserInput): UserInput {
  const plain = (m: string) => notificationText(m, 2000);
  return {
    inputBox: (o) => u.inputBox(o),
    quickPick: (items, o) => u.quickPick(items, o),
    quickPickMany: (items, o) => u.quickPickMany(items, o),
    openDialog: (o) => u.openDialog(o),
    saveDialog: (o) => u.saveDialog(o),
    confirm: (m, detail, ...a) => u.confirm(plain(m), detail, ...a),
    info: (m, ...a) => u.info(plain(m), ...a),
    warn: (m, ...a) => u.warn(plain(m), ...a),
    error: (m, ...a) => u.error(plain(m), ...a),
  };
}
