/**
 * The page's words in VS Code's display language: the extension's l10n
 * bundle (`vscode.l10n.bundle`), handed over in the shell's `data-l10n`
 * attribute, keyed by the English text as `vscode.l10n.t` is; English where
 * the bundle has no entry. `{0}`, `{1}`… are replaced by `args`.
 */
const bundle: Readonly<Record<string, unknown>> = (() => {
  try {
    const b: unknown = JSON.parse(document.body.dataset.l10n ?? '{}');
    return typeof b === 'object' && b !== null ? (b as Record<string, unknown>) : {};
  } catch {
    return {};
  }
})();

export function t(message: string, ...args: readonly (string | number)[]): string {
  const text = bundle[message];
  return (typeof text === 'string' ? text : message).replace(/\{(\d+)\}/g, (m, i: string) => (args[Number(i)] === undefined ? m : String(args[Number(i)])));
}
