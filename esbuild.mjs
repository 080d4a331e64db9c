// Builds the extension bundle (Node, CommonJS, `vscode` external) and, once
// they exist, the webviews' browser bundles. Flags: --watch, --production, --analyze.
import * as esbuild from 'esbuild';
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, watch as watchFiles, writeFileSync } from 'node:fs';
import * as path from 'node:path';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
// Prints what each bundle holds, by folder and by module.
const analyze = process.argv.includes('--analyze');

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

/**
 * Parts bundled apart from dist/extension.js, each loaded by the
 * extension's `require` of `source` when first used (src/ui/partApart.ts),
 * so that activation neither loads nor parses them. The writer of the
 * submission package (xmlbuilder2, as large as the rest of the extension) is
 * whole in itself, pure code the package test also runs outside VS Code. A
 * part that `shares` takes every module it has in common with the bundle
 * from the bundle (its `sharedModules` export) instead of a copy of its own:
 * one session, one set of error classes (`instanceof` tells them apart).
 */
const APART = [
  { source: 'src/core/xml/package.ts', file: 'packageWriter.js', shares: false },
  { source: 'src/ui/composer/composerHost.ts', file: 'composerHost.js', shares: true },
  { source: 'src/ui/session/connectionCommands.ts', file: 'connectionEditing.js', shares: true },
  { source: 'src/ui/viewer/pdfViewers.ts', file: 'pdfViewerHost.js', shares: true },
];
const SHARED_EXPORT = 'sharedModules';

/** @type {import('esbuild').Plugin} */
const partsApart = {
  name: 'parts-apart',
  setup(build) {
    build.onResolve({ filter: /^\./ }, (args) => {
      if (args.kind !== 'require-call') return undefined;
      // Compared as real paths: the packaging's staging folder links to the sources.
      const target = path.resolve(args.resolveDir, args.path).replace(/\.ts$/, '');
      const part = APART.find((p) => realpathSync(p.source).replace(/\.ts$/, '') === target);
      return part ? { path: `./${part.file}`, external: true } : undefined;
    });
  },
};

/**
 * Every module reads the one \`vscode\` namespace of a module re-exporting it:
 * imported as external by each file, esbuild copied the API's few hundred
 * names into a namespace of its own for each of the ~80 importing files as
 * the bundle loaded (about 10 ms of the extension host's activation).
 */
/** @type {import('esbuild').Plugin} */
const oneVscodeNamespace = {
  name: 'one-vscode-namespace',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) => (args.namespace === 'vscode-api' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-api' }));
    build.onLoad({ filter: /.*/, namespace: 'vscode-api' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
  },
};

/**
 * In a part that shares: a module the bundle holds (`inMain`) becomes the
 * bundle's own, read from dist/extension.js (loaded already: the part is
 * required by its code); `used` collects them, for the bundle to export.
 */
function fromMain(inMain, used) {
  return {
    name: 'from-main',
    setup(build) {
      build.onResolve({ filter: /^\.\/extension\.js$/, namespace: 'from-main' }, () => ({ path: './extension.js', external: true }));
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === 'from-main' || args.kind === 'entry-point') return undefined;
        const r = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'from-main' });
        if (r.errors.length || r.external || r.namespace !== 'file') return undefined;
        const module = moduleKey(r.path);
        if (!inMain.has(module)) return undefined;
        used.add(module);
        return { path: module, namespace: 'from-main' };
      });
      build.onLoad({ filter: /.*/, namespace: 'from-main' }, (args) => ({ contents: `module.exports = require('./extension.js').${SHARED_EXPORT}[${JSON.stringify(args.path)}];`, loader: 'js' }));
    },
  };
}

/** A module's name in `sharedModules`: its path in the project (src/…, node_modules/…), whichever folder builds. */
const SOURCES_ROOT = path.dirname(realpathSync('src'));
const moduleKey = (file) => path.relative(SOURCES_ROOT, realpathSync(file)).split(path.sep).join('/');

const node = { ...common, platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'], metafile: true };
const mainOptions = { ...node, outfile: 'dist/extension.js', plugins: [partsApart, oneVscodeNamespace] };

/**
 * The extension's bundle and its parts: the bundle is built once to learn
 * its modules, then the parts, then the bundle again exporting the modules
 * the parts share (the same modules, so the same code, with those exports).
 */
async function buildNode() {
  const first = await esbuild.build({ ...mainOptions, entryPoints: ['src/extension.ts'], write: false, logLevel: 'silent' });
  const inMain = new Set(Object.keys(first.metafile.inputs).filter((f) => existsSync(f)).map(moduleKey));
  const used = new Set();
  const metafiles = [];
  for (const part of APART) {
    const plugins = part.shares ? [oneVscodeNamespace, fromMain(inMain, used), partsApart] : [partsApart];
    metafiles.push((await esbuild.build({ ...node, entryPoints: [part.source], outfile: `dist/${part.file}`, plugins })).metafile);
  }
  // A module outside the bundle that two parts hold would be two copies of it: it belongs in the bundle, or in one part.
  const own = APART.map((p, i) => (p.shares ? Object.keys(metafiles[i].inputs).filter((f) => existsSync(f)) : []));
  const twice = own.flatMap((files, i) => files.filter((f) => own.some((other, j) => j > i && other.includes(f))));
  if (twice.length) throw new Error(`modules in two parts (esbuild.mjs, APART): ${twice.join(', ')}`);
  const shared = [...used].sort();
  const entry = [
    "export * from './src/extension.ts';",
    ...shared.map((m, i) => `import * as m${i} from ${JSON.stringify(path.join(SOURCES_ROOT, m))};`),
    `export const ${SHARED_EXPORT} = { ${shared.map((m, i) => `${JSON.stringify(m)}: m${i}`).join(', ')} };`,
  ].join('\n');
  metafiles.unshift((await esbuild.build({ ...mainOptions, stdin: { contents: entry, resolveDir: process.cwd(), sourcefile: 'extension-entry.js', loader: 'js' } })).metafile);
  if (analyze) for (const m of metafiles) console.log(byFolder(m) + await esbuild.analyzeMetafile(m));
}

/** Each output's bytes by folder of source (src/ui/composer, node_modules/saxes …), largest first. */
function byFolder(metafile) {
  return Object.entries(metafile.outputs).filter(([f]) => f.endsWith('.js')).map(([file, out]) => {
    const folders = new Map();
    for (const [input, { bytesInOutput }] of Object.entries(out.inputs)) {
      const parts = input.split('/');
      const folder = parts[0] === 'node_modules' ? parts.slice(0, parts[1].startsWith('@') ? 3 : 2).join('/') : parts.slice(0, parts.length > 3 ? 3 : parts.length - 1).join('/');
      folders.set(folder, (folders.get(folder) ?? 0) + bytesInOutput);
    }
    const rows = [...folders].sort((a, b) => b[1] - a[1]).map(([f, b]) => `  ${(b / 1000).toFixed(1).padStart(7)} KB  ${f}`);
    return `\n${file}: ${(out.bytes / 1000).toFixed(1)} KB\n${rows.join('\n')}\n`;
  }).join('');
}

const contexts = [];

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

await buildNode();
if (watch) {
  await Promise.all(contexts.map((c) => c.watch()));
  // The extension's bundle and its parts depend on each other's modules: any change builds them again together.
  let pending;
  watchFiles('src', { recursive: true }, () => {
    clearTimeout(pending);
    pending = setTimeout(() => void buildNode().catch(() => undefined), 100);
  });
} else {
  await Promise.all(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
}
