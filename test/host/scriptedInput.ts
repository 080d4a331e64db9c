import type * as vscode from 'vscode';
import { BACK, type Back, type InputBoxOptions, type QuickPickOptions, type UserInput } from '../../src/ui/input/userInput';

/** One scripted answer: a value, or a function of what was asked. */
export type Answer =
  | string
  | undefined
  | Back
  | vscode.Uri
  | readonly vscode.Uri[]
  | ((asked: Asked) => unknown);

export interface Asked {
  readonly method: keyof UserInput;
  /** Prompt, message or title: whatever identifies the question. */
  readonly text: string;
  /** Labels of the items offered by a quick pick. */
  readonly items?: readonly string[];
  /** The rows of a quick pick as shown: label, description and detail. */
  readonly rows?: readonly Pick<vscode.QuickPickItem, 'label' | 'description' | 'detail' | 'kind'>[];
  /** Their descriptions ('' for none), in the same order. */
  readonly descriptions?: readonly string[];
  readonly options?: unknown;
}

/**
 * A UserInput that answers from a queue and records every question, so that
 * a host test can drive a command end to end and check what the user saw.
 * Quick picks are answered by item label (or a function picking the item).
 * An unexpected question fails loudly instead of hanging the test.
 */
export class ScriptedInput implements UserInput {
  readonly asked: Asked[] = [];
  private readonly answers: Answer[];

  constructor(...answers: Answer[]) {
    this.answers = answers;
  }

  /** Answers still unused: a test can assert that its script was consumed. */
  get remaining(): number {
    return this.answers.length;
  }

  private next(a: Asked): unknown {
    this.asked.push(a);
    if (this.answers.length === 0) throw new Error(`unexpected question (${a.method}): ${a.text}`);
    const answer = this.answers.shift();
    return typeof answer === 'function' ? answer(a) : answer;
  }

  async inputBox(o: InputBoxOptions): Promise<string | Back | undefined> {
    const v = this.next({ method: 'inputBox', text: `${o.title ?? ''} ${o.prompt}`.trim(), options: o });
    if (typeof v === 'string') {
      const problem = o.validate?.(v);
      if (problem) throw new Error(`scripted answer "${v}" was refused by the input box: ${problem}`);
    }
    return v as string | Back | undefined;
  }

  async quickPick<T extends vscode.QuickPickItem>(items: readonly T[], o: QuickPickOptions): Promise<T | Back | undefined> {
    const v = this.next({ method: 'quickPick', text: `${o.title ?? ''} ${o.placeHolder ?? ''}`.trim(), items: items.map((i) => i.label), rows: rowsOf(items), descriptions: items.map((i) => i.description ?? ''), options: o });
    if (v === undefined || v === BACK) return v;
    if (typeof v === 'string') {
      // A separator (kind -1) only names a group: it cannot be picked.
      const found = items.find((i) => i.kind !== -1 && (i.label === v || i.label.includes(v)));
      if (!found) throw new Error(`no item "${v}" among: ${items.map((i) => i.label).join(' | ')}`);
      return found;
    }
    return v as T;
  }

  async quickPickMany<T extends vscode.QuickPickItem>(items: readonly T[], o: QuickPickOptions): Promise<T[] | Back | undefined> {
    const v = this.next({ method: 'quickPickMany', text: `${o.title ?? ''} ${o.placeHolder ?? ''}`.trim(), items: items.map((i) => i.label), rows: rowsOf(items), descriptions: items.map((i) => i.description ?? ''), options: o });
    if (v === undefined || v === BACK) return v;
    const wanted = Array.isArray(v) ? (v as string[]) : [v as string];
    return items.filter((i) => wanted.some((w) => i.label === w || i.label.includes(w)));
  }

  async openDialog(o: vscode.OpenDialogOptions): Promise<vscode.Uri[] | undefined> {
    const v = this.next({ method: 'openDialog', text: o.title ?? o.openLabel ?? '', options: o });
    return v === undefined ? undefined : Array.isArray(v) ? (v as vscode.Uri[]) : [v as vscode.Uri];
  }

  async saveDialog(o: vscode.SaveDialogOptions): Promise<vscode.Uri | undefined> {
    return this.next({ method: 'saveDialog', text: o.title ?? o.saveLabel ?? '', options: o }) as vscode.Uri | undefined;
  }

  async confirm(message: string, detail: string | undefined, ...actions: string[]): Promise<string | undefined> {
    return this.pick('confirm', `${message}${detail ? `\n${detail}` : ''}`, actions);
  }

  async info(message: string, ...actions: string[]): Promise<string | undefined> {
    return this.notify('info', message, actions);
  }

  async warn(message: string, ...actions: string[]): Promise<string | undefined> {
    return this.notify('warn', message, actions);
  }

  async error(message: string, ...actions: string[]): Promise<string | undefined> {
    return this.notify('error', message, actions);
  }

  /** Notifications are recorded; they take a scripted answer only when they offer actions and one is queued for them. */
  private async notify(method: 'info' | 'warn' | 'error', message: string, actions: string[]): Promise<string | undefined> {
    const head = this.answers[0];
    if (actions.length && typeof head === 'string' && actions.includes(head)) return this.pick(method, message, actions);
    this.asked.push({ method, text: message, items: actions });
    return undefined;
  }

  private pick(method: keyof UserInput, text: string, actions: string[]): string | undefined {
    const v = this.next({ method, text, items: actions });
    if (v !== undefined && (typeof v !== 'string' || !actions.includes(v))) throw new Error(`"${String(v)}" is not one of the actions offered: ${actions.join(' | ')}`);
    return v as string | undefined;
  }
}

const rowsOf = (items: readonly vscode.QuickPickItem[]) => items.map(({ label, description, detail, kind }) => ({ label, description, detail, kind }));
