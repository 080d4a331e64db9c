// Compiles the host tests (test/host/index.ts and test/host/*.test.ts) to
// dist/test/host/ for the extension host, which loads plain JavaScript. Not
// part of the extension bundle, and kept out of the .vsix by .vscodeignore.
// mocha stays external: the extension host requires it from node_modules.
import * as esbuild from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const outdir = path.join(root, 'dist', 'test', 'host');
const tests = readdirSync(here).filter((f) => f.endsWith('.test.ts')).map((f) => path.join(here, f));

rmSync(outdir, { recursive: true, force: true });
await esbuild.build({
  entryPoints: [path.join(here, 'index.ts'), ...tests],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode', 'mocha'],
  sourcemap: 'inline',
  sourcesContent: false,
  logLevel: 'warning',
});
console.log(`host tests: ${tests.length} suite file(s) built into ${path.relative(root, outdir)}`);
