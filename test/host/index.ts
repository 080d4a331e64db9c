// Entry point the extension host loads (extensionTestsPath): runs the host
// suites with mocha and settles with the result. The same module serves the
// offline runner (code-server) and @vscode/test-electron.
import Mocha from 'mocha';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { save, settle } from '../reliability/tally';
import { ARTIFACTS, log, screenshot } from './helpers';
import { failuresFile, partFiles, runName } from './hostParts';

export async function run(): Promise<void> {
  process.setSourceMapsEnabled(true); // stack traces name the .ts lines
  // The reporter writes through log(), i.e. console.log, which the extension
  // host forwards to the workbench page, where the offline runner reads it.
  Mocha.reporters.Base.consoleLog = log;
  // A test that fails is run once more (DSAS_HOST_RETRIES, 0 for none): the workbench's timing varies with the
  // machine's load. A test that passes only the second time is named at the end of `npm run test:host` all the same.
  const retries = Number(process.env.DSAS_HOST_RETRIES ?? 1);
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', color: false, timeout: 30_000, retries: Number.isInteger(retries) && retries >= 0 ? retries : 1 });
  const grep = process.env.DSAS_HOST_GREP;
  if (grep) mocha.grep(grep);
  log(`host: VS Code ${vscode.version} (${vscode.env.appName}, ${vscode.env.appHost}), Node ${process.version}`);

  // A test's reliability tally counts only if it passed; every failing test leaves a screenshot of the workbench.
  mocha.suite.afterEach(async function () {
    const t = this.currentTest;
    settle(t?.state === 'passed');
    if (!t || t.state === 'passed' || t.isPending()) return; // a failure, or a try that fails and is run again
    try {
      const file = await screenshot(`failed-${t.fullTitle()}`);
      if (file) log(`    screenshot of the failure: ${file}`);
    } catch (e) {
      log(`    (no screenshot of the failure: ${(e as Error).message})`);
    }
  });

  // Suites that need a VS Code of their own, loaded alone (in this order) by the runner's run of that name:
  // restricted.test.js an untrusted workspace (--restricted), installed.test.js the extension
  // installed from its .vsix and this suite as another extension's (--installed), reloadConnection.test.js,
  // reloadRoots.test.js then reload.test.js a real window reload, across two extension hosts (--reload; reload.test.js
  // reloads the window at the end of its first pass, so it comes last).
  const own: Record<string, readonly string[]> = { restricted: ['restricted.test.js'], installed: ['installed.test.js'], reload: ['reloadConnection.test.js', 'reloadRoots.test.js', 'reload.test.js'] };
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
  const name = runName(run, process.env.DSAS_HOST_PART ?? '');
  // Each file's duration, for test/host/durations.json (how the parts are dealt), written as each ends.
  const tookFile = path.join(ARTIFACTS, 'host-durations', `${name.replace(/:/g, '-')}.json`);
  mkdirSync(path.dirname(tookFile), { recursive: true });
  const took: Record<string, number> = {};
  // Each failure's title and first lines, for runAll.ts to repeat at the very end, where a CI log's tail shows it.
  // The runner empties the file when it starts: what is in it now failed in this window before it was reloaded.
  const failedFile = failuresFile(ARTIFACTS, name);
  const failedBefore = existsSync(failedFile) ? readFileSync(failedFile, 'utf8').split('\n').filter((l) => /^ {2}\S/.test(l) && !l.includes('(failed, run again)')).length : 0;
  const failures = await new Promise<number>((resolve) => {
    const runner = mocha.run(resolve);
    const tell = (how: string) => (t: Mocha.Runnable, err: Error) => {
      mkdirSync(path.dirname(failedFile), { recursive: true });
      const first = String(err?.message ?? err).split('\n').slice(0, 6).join('\n      ');
      appendFileSync(failedFile, `  ${how}${t.fullTitle()}\n      ${first}\n`);
    };
    runner.on('fail', tell(''));
    runner.on('retry', tell('(failed, run again) '));
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
  if (failures + failedBefore > 0) throw new Error(`${failures + failedBefore} host test(s) failed${failedBefore ? ` (${failedBefore} before the window was reloaded)` : ''}`);
}
