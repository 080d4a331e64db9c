// Builds the extension bundle (Node, CommonJS, `vscode` external) and, once
// they exist, the webviews' browser bundles. Flags: --watch, --production.
import * as esbuild from 'esbuild';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

// A production build starts from nothing, so no development file (source maps) is packaged.
if (production) rmSync('dist', { recursive: true, force: true });

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'info',
  legalComments: 'none',
};

const contexts = [
  await esbuild.context({
    ...common,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
  }),
];

// Webview code (browser, iife), one bundle per entry point under src/pages/.
const webviewEntries = ['src/pages/timeline.ts', 'src/pages/pdfViewer.ts', 'src/pages/composer.ts'].filter((f) => existsSync(f));
if (webviewEntries.length) {
  contexts.push(await esbuild.context({
    ...common,
    entryPoints: webviewEntries,
    outdir: 'dist/webview',
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
  }));
}

// The codicon font, shipped with the extension so the webviews load nothing from the network. The style
// sheet names the font without its cache-busting query, so that the pages' preload of it is the same request.
mkdirSync('dist/webview/codicons', { recursive: true });
cpSync('node_modules/@vscode/codicons/dist/codicon.ttf', 'dist/webview/codicons/codicon.ttf');
const codiconCss = readFileSync('node_modules/@vscode/codicons/dist/codicon.css', 'utf8');
if (!/url\("\.\/codicon\.ttf\?[0-9a-f]+"\)/.test(codiconCss)) throw new Error('codicon.css no longer names its font as ./codicon.ttf?<hash>');
writeFileSync('dist/webview/codicons/codicon.css', codiconCss.replace(/url\("\.\/codicon\.ttf\?[0-9a-f]+"\)/, 'url("./codicon.ttf")'));

// pdf.js's style sheet for the viewer's pages and layers, and the pictures it names.
mkdirSync('dist/webview/pdfjs', { recursive: true });
cpSync('node_modules/pdfjs-dist/web/pdf_viewer.css', 'dist/webview/pdfjs/pdf_viewer.css');
cpSync('node_modules/pdfjs-dist/web/images', 'dist/webview/pdfjs/images', { recursive: true });

if (watch) {
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
}
