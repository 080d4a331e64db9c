// Entry point the extension host loads (extensionTestsPath): runs the host
// suites with mocha and settles with the result. The same module serves the
// offline runner (code-server) and @vscode/test-electron.
import Mocha from 'mocha';
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { save, settle } from '../reliability/tally';
import { log, screenshot } from './helpers';

export async function run(): Promise<void> {
  process.setSourceMapsEnabled(true); // stack traces name the .ts lines
  // The reporter writes through log(), i.e. console.log, which the extension
  // host forwards to the workbench page, where the offline runner reads it.
  Mocha.reporters.Base.consoleLog = log;
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', color: false, timeout: 30_000 });
  const grep = process.env.DSAS_HOST_GREP;
  if (grep) mocha.grep(grep);
  log(`host: VS Code ${vscode.version} (${vscode.env.appName}, ${vscode.env.appHost}), Node ${process.version}`);

  // A test's reliability tally counts only if it passed; every failing test leaves a screenshot of the workbench.
  mocha.suite.afterEach(async function () {
    const t = this.currentTest;
    settle(t?.state === 'passed');
    if (t?.state !== 'failed') return;
    try {
      const file = await screenshot(`failed-${t.fullTitle()}`);
      if (file) log(`    screenshot of the failure: ${file}`);
    } catch (e) {
      log(`    (no screenshot of the failure: ${(e as Error).message})`);
    }
  });

  // Suites that need a VS Code of their own, loaded alone by the runner's run of that name:
  // restricted.test.js an untrusted workspace (--restricted), installed.test.js the extension
  // installed from its .vsix and this suite as another extension's (--installed), reload.test.js
  // a real window reload, across two extension hosts (--reload).
  const own: Record<string, string> = { restricted: 'restricted.test.js', installed: 'installed.test.js', reload: 'reload.test.js' };
  const run = process.env.DSAS_HOST_RUN ?? '';
  const only = own[run];
  const suites = readdirSync(__dirname).filter((n) => n.endsWith('.test.js') && (only ? n === only : !Object.values(own).includes(n))).sort();
  // `k/n`: every n-th file from the k-th, so that each part gets long and short files alike.
  const [k, n] = (process.env.DSAS_HOST_PART || '1/1').split('/').map(Number);
  // The leak search reads what the suites before it left: it runs last, in every part.
  const last = 'workspaceSettings.test.js';
  const mine = suites.filter((f) => f !== last).filter((_, i) => i % n === k - 1);
  [...mine, ...suites.filter((f) => f === last)].forEach((f) => mocha.addFile(path.join(__dirname, f)));
  await mocha.loadFilesAsync();
  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  save(only ? `test:host-${run}` : n > 1 ? `test:host-part${k}` : 'test:host');
  if (failures > 0) throw new Error(`${failures} host test(s) failed`);
}
