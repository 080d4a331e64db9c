// `npm run test:electron`: the same host suite in desktop VS Code 1.100.3,
// downloaded by @vscode/test-electron. Needs a machine that can reach
// Microsoft's update servers (ours cannot: use `npm run test:host` there) and,
// on Linux, a display (or xvfb-run). Screenshots are only taken by the
// offline runner.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { startSandbox } from '../../tools/sandbox';
import { ROOT, writeWorkspace } from '../../tools/codeServer';

async function main(): Promise<number> {
  for (const script of ['esbuild.mjs', 'test/host/build.mjs']) {
    const r = spawnSync(process.execPath, [script], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) return 1;
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'dsas-electron-'));
  const sb = await startSandbox({ port: 0, seed: 'demo' });
  try {
    const workspace = path.join(tmp, 'workspace');
    writeWorkspace(workspace, { 'dsas.baseURL': sb.baseUrl, 'dsas.userName': sb.user });
    return await runTests({
      version: '1.100.3',
      extensionDevelopmentPath: ROOT,
      extensionTestsPath: path.join(ROOT, 'dist', 'test', 'host', 'index.js'),
      launchArgs: [workspace, '--disable-workspace-trust', '--disable-extensions', '--user-data-dir', path.join(tmp, 'user-data')],
      extensionTestsEnv: {
        DSAS_SANDBOX_URL: sb.baseUrl,
        DSAS_SANDBOX_USER: sb.user,
        DSAS_SANDBOX_PASSWORD: sb.password,
        DSAS_SANDBOX_KEY: sb.key,
        DSAS_TEST_ARTIFACTS: path.join(ROOT, 'test-artifacts'),
        TMPDIR: tmp, // the tests' own folders go with the run's
      },
    });
  } catch (e) {
    console.error(`test:electron: ${(e as Error).message}`);
    return 1;
  } finally {
    await sb.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

void main().then((code) => process.exit(code));
