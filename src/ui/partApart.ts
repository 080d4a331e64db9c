/**
 * A part of the extension bundled apart from dist/extension.js (esbuild.mjs
 * lists them): what activation and the first paint do not need is loaded
 * when first used, once. A file that cannot be loaded (an installation
 * damaged or half updated) is named in the error, and tried again at the
 * next use.
 */
export class PartNotLoadedError extends Error {
  constructor(readonly file: string, cause: unknown) {
    super(`dist/${file} could not be loaded: ${cause instanceof Error ? cause.message.split('\n')[0] : String(cause)}`, { cause });
  }
}

/** `load` is the part's `require`, written where it is used so that the bundler sees which. */
export function partApart<T>(file: string, load: () => T): () => T {
  let loaded: T | undefined;
  return () => {
    if (loaded === undefined) {
      try {
        loaded = load();
      } catch (e) {
        throw new PartNotLoadedError(file, e);
      }
    }
    return loaded;
  };
}
