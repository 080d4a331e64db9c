// `npm start`: the one-command demo. Builds the extension, starts the sandbox
// service with its demo data and a code-server (VS Code 1.100.3 in the
// browser) with the extension from this working tree, then prints the URL to
// open and the credentials to sign in with. Ctrl+C stops everything.
//
// Options: --port N (code-server, default 8080), --sandbox-port N (default
// 8787); a busy port is replaced by a free one.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { startSandbox } from '../test/sandbox';
import { ensureCodeServer, freePort, isNoise, portIsFree, ROOT, startCodeServer, writeUserSettings, writeWorkspace } from '../test/host/codeServer';
import { ProcessGuard } from '../test/host/processes';
import manifest from '../package.json';

const DEMO = path.join(ROOT, '.vscode-test', 'demo');

async function pickPort(wanted: number): Promise<number> {
  return (await portIsFree(wanted)) ? wanted : freePort();
}

async function main(guard: ProcessGuard): Promise<void> {
  const { values } = parseArgs({ options: { port: { type: 'string' }, 'sandbox-port': { type: 'string' } } });
  ensureCodeServer();
  const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');

  const sb = await startSandbox({
    port: await pickPort(Number(values['sandbox-port'] ?? 8787)),
    seed: 'demo',
    dataDir: path.join(ROOT, '.sandbox-data'),
    log: (line) => console.log(`[sandbox] ${line}`),
  });
  guard.add(() => sb.close());

  const workspace = path.join(DEMO, 'workspace');
  writeWorkspace(workspace, { 'workbench.startupEditor': 'none', 'git.openRepositoryInParentFolders': 'never' });
  // The service address and user name count only as user settings.
  const userDataDir = path.join(DEMO, 'user-data');
  writeUserSettings(userDataDir, { 'dsas.baseUrl': sb.baseUrl, 'dsas.username': sb.user, 'security.workspace.trust.enabled': false });
  const sample = path.join(workspace, 'sample-letter.txt');
  if (!existsSync(sample)) writeFileSync(sample, 'Dear recipient,\n\nplease find the quarterly report attached.\n\nRegards\n');

  // The extension is loaded from the working tree: the extensions folder is
  // made anew on every start and holds a link to it, which code-server picks
  // up when it first scans the (empty) folder.
  const extensionsDir = path.join(DEMO, 'extensions');
  rmSync(extensionsDir, { recursive: true, force: true });
  mkdirSync(extensionsDir, { recursive: true });
  symlinkSync(ROOT, path.join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`), 'dir');

  const cs = await startCodeServer({
    port: await pickPort(Number(values.port ?? 8080)),
    userDataDir,
    extensionsDir,
    workspace,
    onLine: (line) => { if (/error/i.test(line) && !isNoise(line)) console.log(`[code-server] ${line}`); },
    register: (stop) => guard.add(stop),
  });

  console.log(`
  Document Submission and Archive: demo is running

  Open in a browser:  ${cs.url}?folder=${encodeURI(workspace)}
  Sandbox service:    ${sb.baseUrl}
    user name:        ${sb.user}
    password:         ${sb.password}
    service key:      ${sb.key}
  Demo data:          ${path.relative(ROOT, sb.dataDir)}/ (delete it for fresh demo data)

  Ctrl+C stops code-server and the sandbox.
`);
  await new Promise(() => {}); // until Ctrl+C
}

const guard = new ProcessGuard();
guard.onSignals();
main(guard).catch((e: Error) => {
  console.error(`start: ${e.message}`);
  void guard.exit(1);
});
