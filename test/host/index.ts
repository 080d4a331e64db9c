// Entry point the extension host loads (extensionTestsPath): runs the host
// suites with mocha and settles with the result. The same module serves the
// offline runner (code-server) and @vscode/test-electron.
import Mocha from 'mocha';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { save, settle } from '../reliability/tally';
import { ARTIFACTS, log, screenshot } from './helpers';
import { partFiles } from './hostParts';

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

  // Suites that need a VS Code of their own, loaded alone (in this order) by the runner's run of that name:
  // restricted.test.js an untrusted workspace (--restricted), installed.test.js the extension
  // installed from its .vsix and this suite as another extension's (--installed), reloadRoots.test.js
  // then reload.test.js a real window reload, across two extension hosts (--reload; reload.test.js
  // reloads the window at the end of its first pass, so it comes last).
  const own: Record<string, readonly string[]> = { restricted: ['restricted.test.js'], installed: ['installed.test.js'], reload: ['reloadRoots.test.js', 'reload.test.js'] };
  const run = process.env.DSAS_HOST_RUN ?? '';
  const only = own[run];
  const present = readdirSync(__dirname).filter((n) => n.endsWith('.test.js'));
  const suites = only ? only.filter((n) => present.includes(n)) : present.filter((n) => !Object.values(own).flat().includes(n)).sort();
  // `k/n`: the k-th of n parts, dealt by measured duration (hostParts.ts).
  const [k, n] = (process.env.DSAS_HOST_PART || '1/1').split('/').map(Number);
  // The leak search reads what the suites before it left: it runs last, in every part.
  const last = 'workspaceSettings.test.js';
  const stem = (f: string) => f.replace(/\.test\.js$/, '');
  const mine = partFiles(suites.filter((f) => f !== last).map(stem), k, n).map((s) => `${s}.test.js`);
  [...mine, ...suites.filter((f) => f === last)].forEach((f) => mocha.addFile(path.join(__dirname, f)));
  await mocha.loadFilesAsync();
  const name = only ? `test:host-${run}` : n > 1 ? `test:host-part${k}` : 'test:host';
  // Each file's duration, for test/host/durations.json (how the parts are dealt), written as each ends.
  const tookFile = path.join(ARTIFACTS, 'host-durations', `${name.replace(/:/g, '-')}.json`);
  mkdirSync(path.dirname(tookFile), { recursive: true });
  const took: Record<string, number> = {};
  const failures = await new Promise<number>((resolve) => {
    const runner = mocha.run(resolve);
    const started = new Map<Mocha.Suite, number>();
    runner.on('suite', (s) => started.set(s, Date.now()));
    runner.on('suite end', (s) => {
      if (!s.file || !s.parent?.root) return;
      const f = stem(path.basename(s.file));
      took[f] = (took[f] ?? 0) + (Date.now() - (started.get(s) ?? Date.now())) / 1000;
      writeFileSync(tookFile, JSON.stringify(took, null, 1));
    });
  });
  save(name);
  if (failures > 0) throw new Error(`${failures} host test(s) failed`);
}
