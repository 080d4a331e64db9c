// Case 8: the production bundle's size and the activation time the host
// harness recorded (test-artifacts/activation.json, written by npm run test:host).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(__dirname, '..', '..');

export interface BundleResult {
  readonly bytes: number;
  readonly gzipBytes: number;
  /** Browser bundles under dist/webview (pdf.js among them), for information. */
  readonly webviews: { readonly file: string; readonly bytes: number }[];
}

export interface ActivationResult {
  /** VS Code's own figure, as its Running Extensions view adds it up: the loading of the code and the call of activate(). */
  readonly ms?: number;
  readonly codeLoadingMs?: number;
  readonly activateCallMs?: number;
  /** The whole of `ext.activate()` as the test waited for it, VS Code's reading of the extension's state included. */
  readonly wallMs?: number;
  readonly recordedAt?: string;
  readonly vscode?: string;
  readonly file: string;
}

/**
 * Runs `node esbuild.mjs --production` as it is, in a folder that links to
 * this project's sources, so that the working tree's dist/ (which other
 * tasks may be using) is left alone; measures dist/extension.js there.
 */
export function measureBundle(): BundleResult {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dsas-bench-bundle-'));
  try {
    for (const entry of ['src', 'node_modules', 'esbuild.mjs', 'package.json', 'tsconfig.json']) {
      symlinkSync(path.join(ROOT, entry), path.join(dir, entry));
    }
    const r = spawnSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`the production build failed:\n${r.stderr}`);
    const file = path.join(dir, 'dist', 'extension.js');
    const code = readFileSync(file);
    const webDir = path.join(dir, 'dist', 'webview');
    const webviews = existsSync(webDir)
      ? spawnSync('find', [webDir, '-type', 'f'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean)
        .map((f) => ({ file: path.relative(path.join(dir, 'dist'), f), bytes: statSync(f).size }))
      : [];
    return { bytes: code.length, gzipBytes: gzipSync(code).length, webviews };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `activation.json`: the development build in the main host run; `activation-installed.json`: the packaged one (`--installed`). */
export function readActivation(name = 'activation.json'): ActivationResult {
  const file = path.join(ROOT, 'test-artifacts', name);
  try {
    const j = JSON.parse(readFileSync(file, 'utf8')) as { ms?: unknown; codeLoadingMs?: unknown; activateCallMs?: unknown; wallMs?: unknown; at?: unknown; vscode?: unknown };
    const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
    return {
      file: path.relative(ROOT, file),
      ms: num(j.ms),
      codeLoadingMs: num(j.codeLoadingMs),
      activateCallMs: num(j.activateCallMs),
      wallMs: num(j.wallMs),
      recordedAt: typeof j.at === 'string' ? j.at : undefined,
      vscode: typeof j.vscode === 'string' ? j.vscode : undefined,
    };
  } catch {
    return { file: path.relative(ROOT, file) };
  }
}
