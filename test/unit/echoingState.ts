import type * as vscode from 'vscode';

/**
 * The extension's global state as VS Code's extension host keeps it
 * (ExtensionMemento): an update changes the value here at once and sends the
 * whole value on the next turn; the window sends every value it stored back,
 * which replaces the whole value here, and answers the update after that.
 * `onEcho` is called after each value sent back is taken.
 */
export function echoingState(onEcho: () => void = () => {}) {
  let value: Record<string, unknown> = {};
  /** Values the window sent back, on their way. */
  const inbox: Record<string, unknown>[] = [];
  let waiting: (() => void)[] = [];
  let scheduled = false;
  const take = () => {
    for (const v of inbox.splice(0)) {
      value = v;
      onEcho();
    }
  };
  const send = () => {
    scheduled = false;
    take(); // what arrived before this turn
    inbox.push(structuredClone(value));
    const answered = waiting;
    waiting = [];
    setTimeout(() => {
      take();
      answered.forEach((r) => r());
    }, 0);
  };
  const state = {
    keys: () => Object.keys(value).filter((k) => value[k] !== undefined),
    get: <T>(k: string, fallback?: T) => (value[k] === undefined ? fallback : (value[k] as T)),
    update: (k: string, v: unknown) => {
      value[k] = structuredClone(v);
      if (!scheduled) {
        scheduled = true;
        setTimeout(send, 0);
      }
      return new Promise<void>((r) => waiting.push(r));
    },
    /** Another window's write of the global state, on its way here. */
    arrive: (v: Record<string, unknown>) => inbox.push(structuredClone(v)),
  };
  return state as typeof state & vscode.Memento;
}

/**
 * Something else of the extension's global state written just before (the
 * notices told, a PDF's page, a file's record): its whole value, sent back, lands
 * just after the next write.
 */
export async function anotherWriteOnItsWay(state: ReturnType<typeof echoingState>): Promise<void> {
  void state.update('dsas.other', { told: 1 });
  await new Promise((r) => setTimeout(r, 0));
}
