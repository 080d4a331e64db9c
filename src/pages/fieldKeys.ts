// Keys a text field keeps to itself. The workbench's webview frame hands
// every key pressed in a page on to the workbench (pre/index.html, its
// keydown listener on the page's window), and the workbench answers Ctrl+A
// with its own Select All, which reaches the page a moment later and selects
// the whole field again: what was typed meanwhile is then selected, and the
// next key replaces it. Stopped before it reaches the window, Ctrl+A (Cmd+A)
// in a field is the browser's select-all alone, at once.

const TEXT_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);

function isTextField(t: EventTarget | null): boolean {
  if (t instanceof HTMLTextAreaElement) return true;
  if (t instanceof HTMLInputElement) return TEXT_INPUTS.has(t.type);
  return t instanceof HTMLElement && t.isContentEditable;
}

/**
 * Whether the key is the workbench's A: the letter itself, or, on a layout
 * whose letters are not Latin (Russian gives "ф" there), the key where A is
 * on a US keyboard, which is how the workbench reads such a layout's keys.
 */
function isKeyA(e: KeyboardEvent): boolean {
  const key = e.key.toLowerCase();
  return key === 'a' || (e.code === 'KeyA' && !/^[a-z]$/.test(key));
}

/** Ctrl+A (Cmd+A) in any text field of the page selects that field's text, and goes no further. */
export function keepSelectAllInFields(): void {
  document.addEventListener('keydown', (e) => {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && isKeyA(e) && isTextField(e.target)) e.stopPropagation();
  });
}
