// Case 11: a generated 500-page PDF in the PDF viewer of the real workbench
// (code-server in Chromium, as the host tests run it): the time to its first
// page, and, scrolled from end to end two screens at a time, the most pages
// drawn at once, the memory of their pixels and the page's peak JS heap.
// The host suite's large-PDF test drives the viewer and measures; this case
// runs that test alone, at 500 pages (the suite's own run uses 100), and
// reads what it wrote (test-artifacts/pdf-large.json).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const MEASURES = path.join(ROOT, 'test-artifacts', 'pdf-large.json');
/** The title of the host test that measures. */
const TEST = 'PDF viewer, a large PDF';
/** The pages of the PDF measured (DSAS_PDF_LARGE_PAGES of the host test). */
const PAGES = 500;

export interface PdfLargeResult {
  readonly pages: number;
  readonly firstPageMs: number;
  /** Scrolling from the top to the end: screens stepped, and how long it took. */
  readonly steps: number;
  readonly ms: number;
  readonly maxCanvases: number;
  readonly peakCanvasMiB: number;
  readonly peakHeapMiB: number;
}

export function runPdfLarge(log: (line: string) => void): Promise<PdfLargeResult | { error: string }> {
  rmSync(MEASURES, { force: true });
  const child = spawn(process.execPath, [require.resolve('tsx/cli'), path.join('test', 'host', 'runOffline.ts')], {
    cwd: ROOT,
    env: { ...process.env, DSAS_HOST_GREP: TEST, DSAS_PDF_LARGE_PAGES: String(PAGES), DSAS_HOST_TIMEOUT_S: process.env.DSAS_HOST_TIMEOUT_S ?? '600' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  const follow = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter((l) => l.trim())) {
      log(`  ${line}`);
      tail.push(line);
      tail.splice(0, Math.max(0, tail.length - 20));
    }
  };
  child.stdout.on('data', follow);
  child.stderr.on('data', follow);
  return new Promise((resolve) => {
    child.on('close', () => {
      // The test writes its measures before it checks them: a bound missed still gives the figures.
      if (!existsSync(MEASURES)) return resolve({ error: `the host test wrote no measures: ${tail.slice(-3).join(' / ')}` });
      resolve(JSON.parse(readFileSync(MEASURES, 'utf8')) as PdfLargeResult);
    });
  });
}
