// The shape of src/: no import cycle (type-only imports included: they tie
// modules together just the same), none between the folders of src/ui, and small files.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';

const SRC = path.resolve(__dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.ts$/.test(name) && !name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The files of src/ that `file` imports (relative imports, `import type` and `export … from` included). */
export function importsOf(file: string, text = readFileSync(file, 'utf8')): string[] {
  const found = [...text.matchAll(/^\s*(?:import|export)\b[^'";]*?\bfrom\s*['"](\.[^'"]+)['"]|^\s*import\s*['"](\.[^'"]+)['"]/gm)];
  return found.map((m) => m[1] ?? m[2]).flatMap((spec) => {
    const base = path.resolve(path.dirname(file), spec);
    const hit = [`${base}.ts`, path.join(base, 'index.ts')].find((p) => existsSync(p));
    return hit ? [hit] : [];
  });
}

/** Every cycle's files, each cycle once (Tarjan's strongly connected components). */
export function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/**
 * The members of the test-mode API (the object activate() returns under
 * ExtensionMode.Test) that are read off an object of the product
 * (`name: object.member`): a member a product class keeps for the tests.
 */
export function borrowedMembers(extensionTs: string): string[] | undefined {
  const start = extensionTs.indexOf('ExtensionMode.Test) return undefined');
  const end = extensionTs.indexOf('\n  };', start);
  if (start < 0 || end < 0) return undefined;
  return [...extensionTs.slice(start, end).matchAll(/^\s*(\w+):\s*(\w+)\.(\w+)\s*,?\s*$/gm)].map((m) => `${m[1]}: ${m[2]}.${m[3]}`);
}

/** Lines of `text` that write an error to the log otherwise than with errorDetail (the user's words, or String of it). */
export function errorsLoggedOtherwise(text: string): string[] {
  return text.split('\n').filter((l) => /\blog\.(error|warn|info|debug)\(/.test(l) && /describeError\(|String\((e|err|error|reason)\)/.test(l)).map((l) => l.trim());
}

describe('the structure of src/', () => {
  const files = sourceFiles(SRC);
  const rel = (p: string) => path.relative(SRC, p);

  it('finds cycles, type-only imports included (the check can fail)', () => {
    const a = path.join(SRC, 'a.ts');
    const b = path.join(SRC, 'b.ts');
    assert.deepEqual(cycles(new Map([[a, [b]], [b, [a]]])).map((c) => c.map(rel)), [['a.ts', 'b.ts']]);
    assert.deepEqual(cycles(new Map([[a, [b]], [b, []]])), []);
    const here = path.join(SRC, 'ui', 'deps.ts');
    assert.ok(importsOf(here, "import type { Deps } from './deps';\nexport { x } from './deps';").every((p) => p === here));
  });

  it('has no import cycle', () => {
    const graph = new Map(files.map((f) => [f, importsOf(f)]));
    assert.deepEqual(cycles(graph).map((c) => c.map(rel)), []);
  });

  it('has no cycle between the folders of src/ui, nor through a file at its top (what a folder builds on never builds on it)', () => {
    const UI = path.join(SRC, 'ui');
    // A file's folder under src/ui; a file at its top level counts as a folder of its own.
    const folderOf = (f: string) => (f.startsWith(UI + path.sep) ? path.relative(UI, f).split(path.sep)[0] : undefined);
    const graph = new Map<string, string[]>();
    for (const f of files) {
      const from = folderOf(f);
      if (from === undefined) continue;
      const to = importsOf(f).map(folderOf).filter((d): d is string => d !== undefined && d !== from);
      graph.set(from, [...new Set([...(graph.get(from) ?? []), ...to])]);
    }
    assert.deepEqual(cycles(graph), []);
  });

  it('hands host tests only objects extension.ts made, no member a product class keeps for them (the check can fail)', () => {
    const sample = 'if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;\n  return {\n    deps,\n    item: statusBar.item,\n    tap: tap!,\n  };\n';
    assert.deepEqual(borrowedMembers(sample), ['item: statusBar.item']);
    assert.deepEqual(borrowedMembers(readFileSync(path.join(SRC, 'extension.ts'), 'utf8')), []);
  });

  it('writes an error to the log one way, errorDetail: its kind, status and operation (the check can fail)', () => {
    assert.equal(errorsLoggedOtherwise('x.catch((e) => log.warn(`failed: ${describeError(e)}`));\nlog.warn(`failed: ${String(e)}`);\nlog.warn(`failed: ${errorDetail(e)}`);').length, 2);
    assert.deepEqual(files.flatMap((f) => errorsLoggedOtherwise(readFileSync(f, 'utf8')).map((l) => `${rel(f)}: ${l}`)), []);
  });

  it('has no file over 300 lines', () => {
    const long = files.map((f) => ({ file: rel(f), lines: readFileSync(f, 'utf8').split('\n').length - 1 })).filter((f) => f.lines > 300);
    assert.deepEqual(long, []);
  });
});
