// `npm run package [-- --out FILE]`: the .vsix, built with vsce in a staging
// folder (the production build starts by deleting dist/, which the tests and
// `npm start` use). The host tests' --installed run installs the same package.
//
// The README's pictures travel inside the packaged README as `data:` PNGs:
// VS Code's details page loads only `https:` and `data:` pictures (its CSP),
// so relative ones never show for an installed .vsix, and there is no public
// address to point https links at. vsce checks pictures only when it rewrites
// links into such an address, hence --no-rewrite-relative-links; the package
// test checks every link itself instead.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(__dirname, '..');
/** Where the README's pictures live in the source tree (shown there by relative links). */
export const README_PICTURES = 'media/readme/';
/** What vsce and the build read; .vscodeignore then decides what is packaged. */
const COPIED = ['package.json', 'package.nls.json', 'README.md', 'CHANGELOG.md', 'LICENSE', '.vscodeignore', 'esbuild.mjs', 'media'];
/** Read in place (esbuild follows the links, so the sources find their tsconfig). */
const LINKED = ['src', 'node_modules'];

/** The README with each `![alt](media/readme/NAME.png)` replaced by the picture's bytes. */
export function inlinePictures(readme: string, root = ROOT): string {
  const picture = new RegExp(`(!\\[[^\\]]*\\]\\()(${README_PICTURES.replace(/\//g, '\\/')}[^)\\s]+\\.png)(\\))`, 'g');
  return readme.replace(picture, (_, open: string, file: string, close: string) =>
    `${open}data:image/png;base64,${readFileSync(path.join(root, decodeURI(file))).toString('base64')}${close}`);
}

/** Builds the .vsix at `out` from a staging folder `<out>.staging`, removed afterwards. */
export function packageVsix(out: string): string {
  const staging = `${out}.staging`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    for (const f of COPIED) cpSync(path.join(ROOT, f), path.join(staging, f), { recursive: true, filter: (src) => !src.startsWith(path.join(ROOT, README_PICTURES)) });
    for (const f of LINKED) symlinkSync(path.join(ROOT, f), path.join(staging, f));
    writeFileSync(path.join(staging, 'README.md'), inlinePictures(readFileSync(path.join(ROOT, 'README.md'), 'utf8')));
    const vsce = path.join(ROOT, 'node_modules', '.bin', 'vsce');
    const r = spawnSync(vsce, ['package', '--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links', '--out', path.resolve(out)], {
      cwd: staging, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', timeout: 120_000,
    });
    if (r.status !== 0) throw new Error(`vsce package failed (exit ${r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return out;
}

if (require.main === module) {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  try {
    const out = packageVsix(values.out ?? path.join(ROOT, `${manifest.name}-${manifest.version}.vsix`));
    console.log(`package: ${path.relative(process.cwd(), out) || out}`);
  } catch (e) {
    console.error(`package: ${(e as Error).message}`);
    process.exit(1);
  }
}
