// `npm start` (scripts/start.ts) as a user runs it: the sandbox stopped
// alone leaves the workbench running, and the launcher killed outright
// (SIGKILL, which runs no cleanup) leaves nothing it started behind.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findBrowser } from '../host/browser';
import { ensureCodeServer, linkRipgrep } from '../../tools/codeServer';

/**
 * What a first visit to the demo's workbench shows: the editor tabs open at
 * start, and the rows Quick Open offers for `typed` (when ripgrep is there).
 */
async function firstVisit(url: string, typed: string): Promise<{ tabs: string[]; quickOpen?: string }> {
  const found = await findBrowser();
  const browser = await chromium.launch({ ...found.launch, args: CHROMIUM_ARGS, headless: true });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(url);
    await page.locator('[id="workbench.parts.statusbar"]').waitFor({ timeout: 60_000 });
    await page.waitForTimeout(3000); // a start page opens a moment after the workbench
    const tabs = await page.locator('.tabs-container .tab').allInnerTexts();
    if (linkRipgrep() !== undefined) return { tabs };
    await page.keyboard.press('Control+P');
    await page.locator('.quick-input-widget .quick-input-box input').pressSequentially(typed);
    const row = page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: typed }).first();
    await row.waitFor({ timeout: 15_000 });
    return { tabs, quickOpen: await row.innerText() };
  } finally {
    await browser.close();
  }
}

const ROOT = path.resolve(__dirname, '../..');

/** Processes whose command line names `marker` (Linux /proc). */
function processesNaming(marker: string): number[] {
  return readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map(Number).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
    } catch {
      return false;
    }
  });
}

async function until<T>(what: string, check: () => T | undefined | Promise<T | undefined>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`${what} within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('the demo (npm start)', function () {
  this.timeout(90_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dsas-demo-'));
  after(() => {
    for (const pid of processesNaming(dir)) try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
    rmSync(dir, { recursive: true, force: true });
  });

  it('stopping the sandbox leaves the workbench running; killing the launcher stops everything it started', async function () {
    if (process.platform !== 'linux') this.skip(); // it finds the processes it started in /proc
    this.timeout(240_000);
    ensureCodeServer(); // on first use, about a minute (the host tests use the same install)
    // code-server and its extension host put sockets in the temporary folder: one of the demo's own, removed with it.
    const tmp = path.join(dir, 'tmp');
    mkdirSync(tmp);
    const launcher = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'start.ts'), '--port', '0', '--sandbox-port', '0', '--dir', dir], {
      cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TMPDIR: tmp },
    });
    let out = '';
    launcher.stdout.on('data', (d: Buffer) => (out += d.toString()));
    launcher.stderr.on('data', (d: Buffer) => (out += d.toString()));
    await until('the demo to say it is running', () => (/demo is running/.test(out) ? true : launcher.exitCode !== null ? Promise.reject(new Error(out)) : undefined), 60_000);
    const workbench = /Open in a browser:\s+(http:\/\/\S+?\/)\?/.exec(out)![1];
    const sandboxPid = Number(/\(process (\d+)\)/.exec(out)![1]);

    const seen = await firstVisit(/Open in a browser:\s+(\S+)/.exec(out)![1], 'sample-letter');
    assert.deepEqual(seen.tabs, [], 'no start page or walkthrough covers the workbench');
    if (linkRipgrep() === undefined) assert.match(seen.quickOpen ?? '', /sample-letter\.txt/, 'Quick Open finds a workspace file');

    process.kill(sandboxPid, 'SIGTERM');
    await until('the launcher to say the sandbox stopped', () => (/\[sandbox\] stopped/.test(out) ? true : undefined), 10_000);
    assert.equal((await fetch(`${workbench}healthz`)).ok, true, 'the workbench still answers');
    assert.equal(launcher.exitCode, null, 'the launcher keeps running');

    const started = processesNaming(dir);
    assert.ok(started.length >= 2, `code-server and its extension host run: ${started.length} processes`);
    launcher.kill('SIGKILL');
    await until('every process the demo started to end', () => (processesNaming(dir).length === 0 ? true : undefined), 15_000);
  });
});
