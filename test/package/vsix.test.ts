// Packages the extension as `npm run package` does and checks what the .vsix
// holds: the bundle, the manifest, media and the licence; no sources, tests,
// source maps or node_modules. And the listing: the icon, the CHANGELOG, and a
// README and CHANGELOG whose every relative link and image is in the package
// (vsce runs with --no-rewrite-relative-links, which keeps it from checking
// them itself).
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { buildPackage } from '../../src/core/xml/package';

const ROOT = path.resolve(__dirname, '../..');

interface ZipEntry { name: string; size: number; method: number; compressedSize: number; offset: number }

/** The entries of a zip file, from its central directory. */
function zipEntries(zip: Buffer): ZipEntry[] {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) { eocd = i; break; }
  }
  if (eocd < 0) throw new Error('not a zip file: no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory entry at ${at}`);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      offset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The bytes of one entry (stored or deflated, the two methods vsce writes). */
function zipRead(zip: Buffer, entry: ZipEntry): Buffer {
  const at = entry.offset;
  if (zip.readUInt32LE(at) !== 0x04034b50) throw new Error(`bad local header for ${entry.name}`);
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const raw = zip.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return raw;
  if (entry.method === 8) return inflateRawSync(raw);
  throw new Error(`${entry.name}: compression method ${entry.method}`);
}

/** Width and height from a PNG's IHDR chunk, which must come first. */
function pngSize(png: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.ok(png.subarray(0, 8).equals(signature), 'not a PNG file');
  assert.equal(png.toString('latin1', 12, 16), 'IHDR', 'a PNG starts with its IHDR chunk');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

interface MarkdownRef { kind: 'link' | 'image'; target: string }

/**
 * The link and image targets of a Markdown document as a renderer sees them:
 * inline links and images, reference definitions and HTML `<img src>`; not
 * what stands in code blocks or code spans.
 */
function markdownRefs(markdown: string): MarkdownRef[] {
  const text = markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
    .replace(/(`+)[\s\S]*?\1/g, '');
  const refs: MarkdownRef[] = [];
  const inline = /(!?)\[(?:[^[\]]|\[[^[\]]*\])*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
  for (const m of text.matchAll(inline)) {
    refs.push({ kind: m[1] ? 'image' : 'link', target: m[2].replace(/^<|>$/g, '') });
  }
  for (const m of text.matchAll(/^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/gm)) {
    refs.push({ kind: 'link', target: m[1].replace(/^<|>$/g, '') });
  }
  for (const m of text.matchAll(/<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    refs.push({ kind: 'image', target: m[1] ?? m[2] ?? m[3] });
  }
  return refs;
}

/** Relative: no scheme (`https:`, `mailto:`, `command:`), not an anchor in the same page. */
function isRelative(target: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#') && !target.startsWith('//');
}

/** The .vsix entry a relative target of a file at `extension/<from>` points to. */
function entryFor(target: string): string {
  const file = decodeURI(target.replace(/[?#].*$/, ''));
  return path.posix.normalize(path.posix.join('extension', file));
}

describe('the .vsix package', () => {
  let dir: string;
  let zip: Buffer;
  let entries: ZipEntry[];
  let names: string[];
  let size: number;

  const read = (name: string): Buffer => {
    const entry = entries.find((e) => e.name === name);
    assert.ok(entry, `${name} is missing from the .vsix`);
    return zipRead(zip, entry);
  };

  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dsas-vsix-'));
    const out = path.join(dir, 'dsas.vsix');
    // Exactly `npm run package`, written elsewhere; stdin closed, so a prompt fails instead of waiting.
    const r = spawnSync('npm', ['run', 'package', '--', '--out', out], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', timeout: 150_000 });
    assert.equal(r.status, 0, `npm run package failed:\n${r.stdout}\n${r.stderr}`);
    size = statSync(out).size;
    zip = readFileSync(out);
    entries = zipEntries(zip);
    names = entries.map((e) => e.name);
    console.log(`      .vsix: ${(size / 1024).toFixed(1)} KiB, ${names.length} entries: ${names.join(', ')}`);
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  it('holds the bundle, the manifest, the licence, the README and the CHANGELOG', () => {
    for (const f of ['extension/dist/extension.js', 'extension/package.json', 'extension/LICENSE.txt', 'extension/readme.md', 'extension/changelog.md', 'extension.vsixmanifest']) {
      assert.ok(names.includes(f), `${f} is missing from the .vsix`);
    }
  });

  it('holds no sources, tests, source maps or node_modules', () => {
    const unwanted = names.filter((n) => /\.ts$|\.map$|(^|\/)(test|src|node_modules|\.vscode-test|\.sandbox-data)\//.test(n));
    assert.deepEqual(unwanted, []);
  });

  it('keeps the writer of the submission package out of the extension\'s bundle: a file of its own, loaded when a submission is sent, writing the package the client writes', () => {
    const main = read('extension/dist/extension.js');
    console.log(`      dist/extension.js: ${(main.length / 1000).toFixed(1)} KB`);
    // With the writer (xmlbuilder2, about 310 KB minified) inside, the bundle passes 600 KB; the size goal itself is a row of `npm run bench` (case 8).
    assert.ok(main.length < 450_000, `dist/extension.js is ${main.length} bytes: is the package writer inside it?`);
    assert.match(main.toString('utf8'), /require\("\.\/packageWriter\.js"\)/, 'the bundle loads the writer from beside itself');
    const unpacked = path.join(dir, 'unpacked');
    mkdirSync(unpacked);
    writeFileSync(path.join(unpacked, 'packageWriter.js'), read('extension/dist/packageWriter.js'));
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const shipped = require(path.join(unpacked, 'packageWriter.js')) as typeof import('../../src/core/xml/package');
    const pkg = { formReference: 'A&B ]]> 😀', recipients: [{ firstName: 'Zoë', lastName: 'O\'Brien', email: 'z@example.com' }], coverNote: 'x]]>y', data: '', attachmentNames: ['a.pdf'] };
    assert.equal(shipped.buildPackage(pkg), buildPackage(pkg));
  });

  // Parts loaded on first use, each with words written in that part alone (esbuild.mjs lists them).
  const parts = [
    { file: 'composerHost.js', what: 'the New Submission form\'s host side', marker: 'dsas.composerOpen' },
    { file: 'connectionEditing.js', what: 'Add, Edit, Rename, Remove and Switch Connection… and the sign-in questions', marker: 'Add Connection ({0}/3)' },
    { file: 'pdfViewerHost.js', what: 'the PDF viewer\'s host side', marker: 'This PDF is too large to show here; open it in another program.' },
  ];
  for (const part of parts) {
    it(`keeps ${part.what} out of the extension's bundle: dist/${part.file}, loaded on first use, sharing the bundle's modules`, () => {
      const main = read('extension/dist/extension.js').toString('utf8');
      const code = read(`extension/dist/${part.file}`).toString('utf8');
      console.log(`      dist/${part.file}: ${(code.length / 1000).toFixed(1)} KB`);
      assert.ok(main.includes(`require("./${part.file}")`), 'the bundle loads the part from beside itself');
      assert.ok(code.includes(part.marker), `dist/${part.file} holds ${part.what}`);
      assert.ok(!main.includes(part.marker), `dist/extension.js holds ${part.what} too`);
      // One copy of each module both need (the error classes that instanceof tells apart, the session's state): the part takes them from the bundle.
      assert.ok(code.includes('require("./extension.js")'), 'the part takes the modules it shares from the bundle');
      const serviceError = /extends Error\{kind;status;serviceMessage;/; // the core's ServiceError, minified
      assert.match(main, serviceError);
      assert.doesNotMatch(code, serviceError, 'the part has a copy of the error classes');
    });
  }

  it('stays small', () => {
    assert.ok(size < 5 * 1024 * 1024, `the .vsix is ${size} bytes`);
  });

  it('has an icon of at least 128 × 128 pixels, named by the manifest', () => {
    const manifest = JSON.parse(read('extension/package.json').toString('utf8')) as { icon?: string };
    assert.equal(manifest.icon, 'media/icon.png');
    const vsixManifest = read('extension.vsixmanifest').toString('utf8');
    assert.match(vsixManifest, /<Icon>extension\/media\/icon\.png<\/Icon>/);
    assert.match(vsixManifest, /Type="Microsoft\.VisualStudio\.Services\.Icons\.Default" Path="extension\/media\/icon\.png"/);
    const { width, height } = pngSize(read('extension/media/icon.png'));
    console.log(`      icon: ${width} × ${height}`);
    assert.ok(width >= 128 && height >= 128, `the icon is ${width} × ${height}`);
    assert.equal(width, height, 'the icon is square');
  });

  it('has a CHANGELOG with a section for the packaged version', () => {
    const { version } = JSON.parse(read('extension/package.json').toString('utf8')) as { version: string };
    const changelog = read('extension/changelog.md').toString('utf8');
    assert.match(changelog, new RegExp(`^## \\[${version.replace(/\./g, '\\.')}\\]`, 'm'));
    assert.match(read('extension.vsixmanifest').toString('utf8'), /Type="Microsoft\.VisualStudio\.Services\.Content\.Changelog" Path="extension\/changelog\.md"/);
  });

  for (const doc of ['readme.md', 'changelog.md']) {
    it(`resolves every relative link and image of the packaged ${doc} to a file in the package`, () => {
      const refs = markdownRefs(read(`extension/${doc}`).toString('utf8'));
      const broken = refs.filter((r) => isRelative(r.target) && !names.includes(entryFor(r.target)));
      assert.deepEqual(broken, [], `links into files the .vsix does not hold (the details page would show them broken)`);
    });
  }

  for (const doc of ['readme.md', 'changelog.md']) {
    it(`has no text in the packaged ${doc} that the details page would take for HTML (a <title> hides all that follows)`, () => {
      assert.deepEqual(htmlLikeTags(read(`extension/${doc}`).toString('utf8')), [], 'write such text as &lt;…&gt; or in backticks');
    });
  }

  it('carries every picture of the README inside it, as PNG data (the details page shows no relative picture)', () => {
    const source = markdownRefs(readFileSync(path.join(ROOT, 'README.md'), 'utf8')).filter((r) => r.kind === 'image');
    const packaged = markdownRefs(read('extension/readme.md').toString('utf8')).filter((r) => r.kind === 'image');
    assert.ok(source.length >= 2, `the README shows ${source.length} pictures`);
    assert.equal(packaged.length, source.length, 'every picture is still there');
    source.forEach((image, i) => {
      const data = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(packaged[i].target);
      assert.ok(data, `${image.target} is not inside the packaged README: ${packaged[i].target.slice(0, 80)}`);
      const png = Buffer.from(data[1], 'base64');
      assert.deepEqual(png, readFileSync(path.join(ROOT, decodeURI(image.target))), `${image.target}: the same bytes`);
      const { width, height } = pngSize(png);
      assert.ok(width > 0 && height > 0, `${image.target}: ${width} × ${height}`);
      assert.ok(png.length < 400 * 1024, `${image.target}: ${png.length} bytes`);
    });
    assert.deepEqual(names.filter((n) => n.startsWith('extension/media/readme/')), [], 'the picture files themselves are not packaged twice');
  });

  it('shows users a README of the extension, and developers the set-up in two commands and the way to CONTRIBUTING.md', () => {
    const readme = read('extension/readme.md').toString('utf8');
    // Developers' material lives in CONTRIBUTING.md, which is not in the package: the README
    // names it without linking to it (a relative link would be caught as broken above).
    assert.ok(existsSync(path.join(ROOT, 'CONTRIBUTING.md')), 'CONTRIBUTING.md is missing');
    assert.ok(!names.includes('extension/CONTRIBUTING.md'));
    assert.match(readme, /CONTRIBUTING\.md/);
    // The set-up alone is the README's (npm ci, then npm start and npm test); every other script is CONTRIBUTING's.
    const contributing = readme.slice(readme.indexOf('## Contributing'));
    for (const step of ['npm ci', 'npm start', 'npm test']) assert.ok(contributing.includes(step), `the Contributing section says ${step}`);
    assert.doesNotMatch(readme, /\bnpm run\b/, 'scripts other than the set-up belong in CONTRIBUTING.md');
    assert.doesNotMatch(readme.slice(0, readme.indexOf('## Contributing')), /\bnpm (ci|test|start)\b/, 'users read no set-up before the Contributing section');
    // Every command and setting the extension contributes is described.
    const manifest = JSON.parse(read('extension/package.json').toString('utf8')) as {
      contributes: { commands: { command: string }[]; configuration: { properties: Record<string, unknown> }[] };
    };
    const ids = [...manifest.contributes.commands.map((c) => c.command), ...manifest.contributes.configuration.flatMap((g) => Object.keys(g.properties))];
    const missing = ids.filter((id) => !readme.includes(`\`${id}\``));
    assert.deepEqual(missing, [], 'commands and settings the README does not describe');
  });
});

/** Tags outside code that a Markdown renderer would pass on as HTML (pictures and line breaks aside). */
function htmlLikeTags(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/<\/?([A-Za-z][\w-]*)(?:\s[^<>]*)?>/g)].map((m) => m[0]).filter((t) => !/^<\/?(img|br)\b/i.test(t));
}

describe('the HTML check of the package test', () => {
  it('finds tags in prose, and leaves out code, pictures and autolinks', () => {
    assert.deepEqual(htmlLikeTags('Archived as <title>, sent in <form reference>; `<title>` and <img src="x.png"> and <https://example.com>\n```\n<b>\n```'), ['<title>', '<form reference>']);
  });
});

describe('the link check of the package test', () => {
  it('finds links and images, and leaves out code', () => {
    const refs = markdownRefs([
      '![Sidebar](media/readme/sidebar.png) and [a picture](media/readme/a%20b.png#top "title")',
      '[Sign In](command:dsas.signIn), [site](https://example.com/x), [here](#settings)',
      '`[not](a-link.md)` and <img alt="x" src="media/x.png"> and <img src=\'y.png\'>',
      '```', '![not](in-code.png)', '```',
      '[ref]: docs/guide.md',
    ].join('\n'));
    assert.deepEqual(refs.filter((r) => isRelative(r.target)).map((r) => `${r.kind} ${entryFor(r.target)}`), [
      'image extension/media/readme/sidebar.png',
      'link extension/media/readme/a b.png',
      'link extension/docs/guide.md',
      'image extension/media/x.png',
      'image extension/y.png',
    ]);
  });
});
