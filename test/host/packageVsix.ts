// Builds the .vsix for the runner's --installed run exactly as `npm run
// package` does (vsce, whose vscode:prepublish makes the production bundle),
// but in a staging folder: the production build starts by deleting dist/,
// which the other runs and `npm start` use.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, symlinkSync } from 'node:fs';
import * as path from 'node:path';
import { ROOT } from './codeServer';

/** What vsce and the build read; .vscodeignore then decides what is packaged. */
const COPIED = ['package.json', 'package.nls.json', 'README.md', 'LICENSE', '.vscodeignore', 'esbuild.mjs', 'media'];
/** Read in place (esbuild follows the links, so the sources find their tsconfig). */
const LINKED = ['src', 'node_modules'];

/** Writes `<dir>/staging` and returns the path of the .vsix built there. */
export function packageVsix(dir: string): string {
  const staging = path.join(dir, 'staging');
  mkdirSync(staging, { recursive: true });
  for (const f of COPIED) cpSync(path.join(ROOT, f), path.join(staging, f), { recursive: true });
  for (const f of LINKED) symlinkSync(path.join(ROOT, f), path.join(staging, f));
  const vsix = path.join(dir, 'dsas-vscode.vsix');
  const vsce = path.join(ROOT, 'node_modules', '.bin', 'vsce');
  const r = spawnSync(vsce, ['package', '--no-dependencies', '--no-rewrite-relative-links', '--out', vsix], {
    cwd: staging, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', timeout: 120_000,
  });
  if (r.status !== 0) throw new Error(`vsce package failed (exit ${r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`);
  return vsix;
}
