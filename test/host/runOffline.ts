// One run of the host suite inside a real VS Code (code-server 4.100.3 =
// VS Code 1.100.3) opened in headless Chromium, with no download beyond the
// npm registry (`npm run test:host` makes all four runs: runAll.ts). See
// shared/docs/real-vscode-offline.md.
//
// Environment: DSAS_HOST_TIMEOUT_S (default 780) limits the run after the
// install; DSAS_HOST_GREP runs only the tests whose title matches.
// `--part=k/n` runs the k-th of n parts of the main run's test files.
// `--restricted` runs restricted.test.ts alone, with workspace trust on and
// the workspace not trusted (Restricted Mode). `--installed` installs the
// extension from its .vsix (so it runs in Production mode, as users have it)
// and runs installed.test.ts alone as the tests of a separate probe
// extension. `--reload` runs reloadConnection.test.ts, reloadRoots.test.ts then reload.test.ts alone (with a second sandbox), the last reloading the window
// once (the workbench then runs it again). Otherwise trust is off and every
// other suite runs. `--built`: the extension and the host tests are built
// already (runAll.ts, `npm run test:host`, builds them once for all runs).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startSandbox } from '../../tools/sandbox';
import { CHROMIUM_ARGS, findBrowser } from './browser';
import {
  ensureCodeServer, freePort, installExtension, isNoise, linkRipgrep, RIPGREP_INSTALL, ROOT, startCodeServer, workbenchUrl, writeUserSettings, writeWorkspace,
} from '../../tools/codeServer';
import { packageVsix } from './packageVsix';
import { failuresFile, runName as hostRunName } from './hostParts';
import { consoleText, finishOff, processTree, ProcessGuard } from '../../tools/processes';
import { webviewsLoaded } from './webviewFrames';
import { pageRoutes } from './workbenchPage';
import { optionalSuite } from '../reliability/optional';

const ARTIFACTS = path.join(ROOT, 'test-artifacts');
const SCREENSHOTS = path.join(ARTIFACTS, 'screenshots');
const TESTS_ENTRY = path.join(ROOT, 'dist', 'test', 'host', 'index.js');
const timeoutS = Number(process.env.DSAS_HOST_TIMEOUT_S ?? 780);
/** Prefix the host suite puts on its console lines, so they can be told from the workbench's. */
const CONSOLE_MARK = '[dsas-host] ';
const verbose = process.env.DSAS_HOST_VERBOSE === '1';
const restricted = process.argv.includes('--restricted');
const installed = process.argv.includes('--installed');
const reload = process.argv.includes('--reload');
const built = process.argv.includes('--built');
const runName = restricted ? 'restricted' : installed ? 'installed' : reload ? 'reload' : '';
/** `--part=k/n`: the main run's k-th of n parts of its files (runAll.ts runs them side by side). */
const part = process.argv.find((a) => a.startsWith('--part='))?.slice('--part='.length) ?? '';

/**
 * A folder holding an extension that contributes nothing: the development
 * extension of the --installed run, so that the extension under test is the
 * installed one and the suite runs as another extension's tests.
 */
function writeProbeExtension(dir: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({
    name: 'dsas-host-probe', publisher: 'dsas-tests', version: '0.0.0', engines: { vscode: '^1.100.0' },
  }, null, 2)}\n`);
  return dir;
}

function step(cmd: string, args: string[]): void {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
}

function safeName(name: string): string {
  return name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 120) || 'screenshot';
}

/**
 * Presses Cancel on the progress notification whose text includes `text`, as
 * a user would: on its toast, or, when the workbench shows no toast for it, in
 * the notification center (opened from the status bar, closed again after).
 * Resolves with the notification's text once it has gone.
 */
async function pressCancel(page: Page, text: string): Promise<string> {
  const cancel = { hasText: /^Cancel$/ };
  const toast = page.locator('.notification-toast', { has: page.locator('.monaco-button', cancel), hasText: text }).last();
  const listed = page.locator('.notifications-center .notification-list-item', { has: page.locator('.monaco-button', cancel), hasText: text }).last();
  let target = toast;
  let centerOpened = false;
  try {
    await toast.waitFor({ state: 'visible', timeout: 5000 });
  } catch {
    await page.locator('[id="status.notifications"]').click({ timeout: 5000 });
    centerOpened = true;
    target = listed;
  }
  try {
    const shown = (await target.innerText({ timeout: 5000 })).replace(/\s+/g, ' ').trim();
    // A progress report re-renders the notification; a click that lands during it is lost, so press again until it goes.
    for (let attempt = 1; ; attempt++) {
      await target.locator('.monaco-button', cancel).click({ timeout: 5000 });
      try {
        await target.waitFor({ state: 'detached', timeout: 1500 });
        return shown;
      } catch (e) {
        if (attempt === 5) throw new Error(`the notification stayed after ${attempt} presses of Cancel: ${(e as Error).message}`);
      }
    }
  } catch (e) {
    const toasts = await page.locator('.notification-toast').allInnerTexts().catch(() => []);
    throw new Error(`${(e as Error).message}\nnotification toasts on screen: ${JSON.stringify(toasts)}`);
  } finally {
    if (centerOpened) await page.keyboard.press('Escape');
  }
}

/**
 * Loopback endpoints the host tests call for what only the browser can do:
 * `/screenshot` takes a screenshot of the workbench; `/cancel-progress?text=`
 * presses Cancel on a progress notification, as a user would; `/sidebar-text`
 * returns the text the sidebar shows (e.g. a view's welcome content);
 * `/webviews-loaded` answers once no webview shown is loading its page; the
 * routes of workbenchPage.ts answer the quick input and read webviews, the
 * status bar and the extension's details page.
 */
async function workbenchServer(page: Page): Promise<{ url: string; close(): Promise<void> }> {
  const routes = pageRoutes(page);
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://localhost');
    const route = Object.hasOwn(routes, u.pathname) ? routes[u.pathname] : undefined;
    if (req.method === 'POST' && route) {
      route(u.searchParams).then(
        (text) => { res.writeHead(200).end(text); },
        (e: Error) => { res.writeHead(500).end(e.message); },
      );
      return;
    }
    if (req.method === 'POST' && u.pathname === '/cancel-progress') {
      pressCancel(page, u.searchParams.get('text') ?? '').then(
        (text) => { res.writeHead(200).end(text); },
        (e: Error) => { res.writeHead(500).end(e.message); },
      );
      return;
    }
    if (req.method === 'POST' && u.pathname === '/webviews-loaded') {
      void webviewsLoaded(page).then((text) => { res.writeHead(200).end(text); });
      return;
    }
    if (req.method === 'POST' && u.pathname === '/sidebar-text') {
      page.locator('[id="workbench.parts.sidebar"]').innerText({ timeout: 5000 }).then(
        (text) => { res.writeHead(200).end(text); },
        (e: Error) => { res.writeHead(500).end(e.message); },
      );
      return;
    }
    if (req.method !== 'POST' || u.pathname !== '/screenshot') {
      res.writeHead(404).end('not found');
      return;
    }
    const file = path.join(SCREENSHOTS, `${safeName(u.searchParams.get('name') ?? '')}.png`);
    mkdirSync(SCREENSHOTS, { recursive: true });
    page.screenshot({ path: file }).then(
      () => { res.writeHead(200).end(path.relative(ROOT, file)); },
      (e: Error) => { res.writeHead(500).end(e.message); },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** A loopback server that counts every request except `GET /__hits`, which reports the count. */
async function trapServer(): Promise<{ url: string; close(): Promise<void> }> {
  let hits = 0;
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/__hits') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ hits }));
      return;
    }
    hits++;
    req.resume();
    res.writeHead(418).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

async function main(guard: ProcessGuard): Promise<number> {
  const browserFound = await findBrowser();
  ensureCodeServer();
  // The main run tells (and CI requires) what the workbench search test needs.
  const ripgrep = runName ? linkRipgrep() === undefined : optionalSuite('Workbench search test', linkRipgrep(), RIPGREP_INSTALL);
  // The --installed run packages its own production bundle instead; with --built the caller
  // built both (runAll.ts, before runs that go at the same time and must not rewrite dist/).
  if (!built) {
    if (!installed) step(process.execPath, ['esbuild.mjs']);
    step(process.execPath, ['test/host/build.mjs']);
  }

  const started = Date.now();
  guard.deadline(timeoutS * 1000, `host tests did not finish within ${timeoutS} s (set DSAS_HOST_TIMEOUT_S to change the limit); stopping`);

  // Screenshots of this run only: a failure shot from an earlier run would mislead (the other runs follow the main one).
  // Parts run side by side: runAll.ts clears the screenshots before it starts them.
  if (!runName && !part) rmSync(SCREENSHOTS, { recursive: true, force: true });
  // This run's failures, written by the suite (index.ts): a reloaded window's suite adds to what its first window wrote.
  rmSync(failuresFile(ARTIFACTS, hostRunName(runName, part)), { force: true });
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'dsas-host-'));
  guard.add(async () => rmSync(tmp, { recursive: true, force: true }));
  const workspace = path.join(tmp, 'workspace');
  // The temporary folder of code-server and the extension host (the tests' download folders among them): removed with the run's.
  const hostTmp = path.join(tmp, 'tmp');
  mkdirSync(hostTmp);

  const sb = await startSandbox({ port: 0, seed: 'demo' });
  guard.add(() => sb.close());
  // The reload run's second service (another user, password and key), alive across the reload as the first is.
  const second = reload ? await startSandbox({ port: 0, seed: 'none', user: 'second', password: `pw-second-${Date.now()}`, key: `key-second-${Date.now()}` }) : undefined;
  if (second) guard.add(() => second.close());
  // The workspace tries to send the credentials elsewhere: a trap that counts
  // what reaches it. The extension must use the user settings only.
  const trap = await trapServer();
  guard.add(() => trap.close());
  // It also tries to switch off the confirmation before sending, to choose where downloads go, and
  // to cut short the check after an unknown outcome (which would invite sending twice).
  const workspaceDownloads = path.join(tmp, 'workspace-chosen-downloads');
  mkdirSync(workspaceDownloads, { recursive: true });
  writeWorkspace(workspace, {
    'dsas.baseURL': `${trap.url}/dsas/v1.1`,
    'dsas.userName': 'workspace-user',
    // and under the keys 0.1 used
    'dsas.baseUrl': `${trap.url}/dsas/v1.1`,
    'dsas.username': 'workspace-user',
    // and as a connection of its own, named as the user's is
    'dsas.connections': [{ id: 'workspace-trap', name: 'workspace-trap', baseUrl: `${trap.url}/dsas/v1.1`, userName: 'workspace-user' }],
    'dsas.confirmBeforeSending': false,
    'dsas.downloadFolder': workspaceDownloads,
    'dsas.arrivalCheckSeconds': 0,
  });

  // A browser server, so that its process can be killed outright should closing hang.
  const browserServer = await chromium.launchServer({
    ...browserFound.launch, args: CHROMIUM_ARGS, headless: true, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false,
  });
  guard.add(async () => {
    const tree = processTree(browserServer.process().pid!);
    await Promise.race([browserServer.close(), new Promise((r) => setTimeout(r, 5000))]);
    await finishOff(tree);
  });
  const browser: Browser = await chromium.connect(browserServer.wsEndpoint());
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });

  const workbench = await workbenchServer(page);
  guard.add(() => workbench.close());

  const port = await freePort();
  const userDataDir = path.join(tmp, 'user-data');
  // Restricted Mode without the startup question: the folder simply is not trusted.
  if (restricted) writeUserSettings(userDataDir, { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never' });
  // The suites poll with pollNow(): a scheduled poll would add requests to the tests that count them.
  // The installed run has no pollNow(): it waits for a notice of the scheduled polls, every 3 s.
  // A user's set-up of an earlier version: the service address and user name in the user settings, which the extension makes a connection of.
  writeUserSettings(userDataDir, { 'dsas.pollingIntervalSeconds': installed ? 3 : 0, 'dsas.baseURL': sb.baseUrl, 'dsas.userName': sb.user });
  const extensionsDir = path.join(tmp, 'extensions');
  let developmentPath = ROOT;
  if (installed) {
    const at = Date.now();
    installExtension(packageVsix(path.join(tmp, 'package')), extensionsDir, userDataDir);
    developmentPath = writeProbeExtension(path.join(tmp, 'probe'));
    console.log(`host: packaged and installed the .vsix in ${((Date.now() - at) / 1000).toFixed(1)} s`);
  }
  const cs = await startCodeServer({
    port,
    userDataDir,
    extensionsDir,
    workspace,
    workspaceTrust: restricted,
    env: {
      // Inherited by the extension host.
      TMPDIR: hostTmp,
      DSAS_SANDBOX_URL: sb.baseUrl,
      DSAS_SANDBOX_USER: sb.user,
      DSAS_SANDBOX_PASSWORD: sb.password,
      DSAS_SANDBOX_KEY: sb.key,
      DSAS_SANDBOX_DATA: sb.dataDir,
      ...(second && { DSAS_SECOND_URL: second.baseUrl, DSAS_SECOND_USER: second.user, DSAS_SECOND_PASSWORD: second.password, DSAS_SECOND_KEY: second.key }),
      DSAS_SCREENSHOT_URL: `${workbench.url}/screenshot`,
      DSAS_CANCEL_PROGRESS_URL: `${workbench.url}/cancel-progress`,
      DSAS_SIDEBAR_TEXT_URL: `${workbench.url}/sidebar-text`,
      DSAS_WORKBENCH_URL: workbench.url,
      DSAS_TRAP_URL: trap.url,
      DSAS_TEST_ARTIFACTS: ARTIFACTS,
      DSAS_HOST_GREP: process.env.DSAS_HOST_GREP ?? '',
      DSAS_HOST_RUN: runName,
      DSAS_HOST_PART: part,
      DSAS_RIPGREP: ripgrep ? '1' : '',
      DSAS_HOST_EXTENSIONS_DIR: extensionsDir,
      DSAS_HOST_CONSOLE_MARK: CONSOLE_MARK,
    },
    onLine: (line) => { if (verbose || (/error/i.test(line) && !isNoise(line))) console.log(`[code-server] ${line}`); },
    register: (stop) => guard.add(stop),
  });

  // The workbench calls this when run() of the suite settles.
  let settle: (code: number) => void = () => {};
  const exitCode = new Promise<number>((resolve) => (settle = resolve));
  await page.exposeFunction('codeAutomationExit', (code: number) => settle(Number(code)));
  page.on('console', (msg) => {
    const raw = msg.text();
    // Mocha's output and the tests' own lines: console.log in the extension host, marked.
    const at = raw.indexOf(CONSOLE_MARK);
    if (at >= 0) {
      console.log(raw.slice(at + CONSOLE_MARK.length));
      return;
    }
    const text = consoleText(raw);
    if (text === undefined || isNoise(text)) return;
    if (verbose || (msg.type() === 'error' && /dsas|Extension Host|activat/i.test(text))) console.log(`[workbench ${msg.type()}] ${text}`);
  });
  page.on('pageerror', (e) => { if (!isNoise(e.message)) console.log(`[workbench page error] ${e.message}`); });
  // A webview's files come through the workbench's service worker, which waits 30 s for a file whose page
  // was closed meanwhile; until then no other webview's worker can start, and every webview opened stays blank.
  const closedWhileLoading = new WeakSet<object>();
  page.on('requestfailed', (r) => {
    if (!/\.vscode-cdn\.net$/.test(new URL(r.url()).hostname) || r.failure()?.errorText !== 'net::ERR_ABORTED' || closedWhileLoading.has(r.frame())) return;
    closedWhileLoading.add(r.frame());
    console.log(`host: a webview was closed while it loaded ${path.basename(new URL(r.url()).pathname)}: webviews opened in the next 30 s stay blank`);
  });

  const url = workbenchUrl(cs.host, workspace, [
    ['extensionDevelopmentPath', `vscode-remote://${cs.host}${developmentPath}`],
    ['extensionTestsPath', `vscode-remote://${cs.host}${TESTS_ENTRY}`],
    ['skipWelcome', 'true'],
  ]);
  const described = restricted ? ' (Restricted Mode run)' : installed ? ' (installed .vsix, Production mode run)' : reload ? ' (window reload run)' : '';
  console.log(`host: code-server on ${cs.url}, sandbox on ${sb.baseUrl}${described}; browser: ${browserFound.description}`);
  await page.goto(url);
  const code = await exitCode;
  // Stopped by the deadline or a signal: the page went with the cleanups, which is no pass.
  if (guard.stopping) return 1;
  console.log(`host: suite ${code === 0 ? 'passed' : 'FAILED'} (exit ${code}) in ${((Date.now() - started) / 1000).toFixed(1)} s; artifacts in ${path.relative(ROOT, ARTIFACTS)}/`);
  return code;
}

const guard = new ProcessGuard();
guard.onSignals();
main(guard).then(
  (code) => guard.exit(code),
  (e: Error) => {
    console.error(`host: ${e.message}`);
    void guard.exit(1);
  },
);
