// The extension's requests follow VS Code's proxy settings: through a real
// proxy (npm `proxy`) with `http.proxy` set and `http.proxySupport` at its
// default, and direct with `http.proxySupport: "off"`. Counted by the proxy's
// own events and the sandbox's access log.
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import * as vscode from 'vscode';
import { waitFor } from './fixtures';
import { api, logMark, quiet, requireSandbox, serviceRequests, signIn, signOut, withAnswers } from './session';

const ROOT = path.resolve(__dirname, '../../..');

interface Fixture {
  /** http://127.0.0.1:PORT */
  readonly proxy: string;
  /** The sandbox's base URL under 127.0.0.2. */
  readonly alias: string;
  /** Requests the proxy received so far, as method and absolute URL. */
  readonly seen: { method: string; url: string }[];
  readonly child: ChildProcess;
}

function startFixture(sandboxBaseUrl: string): Promise<Fixture> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test', 'host', 'proxyFixture.ts'), sandboxBaseUrl], {
    cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
  });
  const seen: Fixture['seen'] = [];
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the proxy fixture exited (${code})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const v = JSON.parse(line) as { proxy?: string; alias?: string; error?: string; method?: string; url?: string };
      if (v.error) reject(new Error(`the proxy fixture failed: ${v.error}`));
      else if (v.proxy && v.alias) resolve({ proxy: v.proxy, alias: v.alias, seen, child });
      else if (v.method && v.url) seen.push({ method: v.method, url: v.url });
    });
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const http = () => vscode.workspace.getConfiguration('http');
const Global = vscode.ConfigurationTarget.Global;

/** Lists both views from scratch: every row comes from a request. */
async function listBoth(): Promise<number> {
  const { deps } = await api();
  await vscode.commands.executeCommand('dsas.refreshSubmissions');
  await vscode.commands.executeCommand('dsas.refreshArchive');
  const rows = [...await deps.submissions.getChildren(), ...await deps.archive.getChildren()];
  return rows.filter((n) => n.kind === 'submission' || n.kind === 'archiveFile').length;
}

describe('proxies', () => {
  let fx: Fixture;

  before(async function () {
    this.timeout(60_000);
    fx = await startFixture(requireSandbox().baseUrl);
    await signOut();
    await http().update('proxy', fx.proxy, Global);
    // The connection's address: the sandbox through the alias the proxy serves.
    const { deps } = await api();
    await deps.connections.update(deps.session.connection!.id, { baseUrl: fx.alias });
  });

  after(async () => {
    fx?.child.stdin?.end();
    await signOut();
    await http().update('proxy', undefined, Global);
    await http().update('proxySupport', undefined, Global);
    const { deps } = await api();
    await deps.connections.update(deps.session.connection!.id, { baseUrl: requireSandbox().baseUrl });
    await signIn();
  });

  it('with http.proxy set and http.proxySupport at its default, signing in and listing go through the proxy, every request', async () => {
    assert.equal(http().get('proxySupport'), 'override', 'the default');
    assert.equal(http().inspect('proxySupport')?.globalValue, undefined, 'not set by anyone');
    const sb = requireSandbox();
    const mark = await logMark();
    const before = fx.seen.length;
    await withAnswers([sb.password, sb.key], () => vscode.commands.executeCommand('dsas.signIn'));
    assert.equal((await api()).deps.session.signedIn, true, 'signed in through the proxy');
    assert.ok(await listBoth() > 0, 'rows listed');
    await quiet(); // the views go on loading details for the rows on screen
    const proxied = fx.seen.slice(before).filter((r) => r.url.startsWith(`${fx.alias}/`));
    // The sandbox logs a request when its connection settles, which can be a moment after the answer.
    const served = await waitFor('the sandbox to log what the proxy passed on', async () => {
      const logged = await serviceRequests(mark);
      return logged.length >= proxied.length && logged;
    }).catch(async () => serviceRequests(mark));
    assert.ok(served.length >= 3, `the sign-in and both lists reached the service (${served.length} requests)`);
    assert.equal(proxied.length, served.length, 'every request the service saw came through the proxy');
    assert.deepEqual(fx.seen.slice(before).filter((r) => !r.url.startsWith(`${fx.alias}/`)), [], 'nothing else went through it');
  });

  it('with http.proxySupport "off", the same requests go direct: the proxy sees none', async () => {
    await quiet(); // details the views were still loading through the proxy are the test before's
    await http().update('proxySupport', 'off', Global);
    assert.equal(http().get('proxySupport'), 'off');
    const mark = await logMark();
    const before = fx.seen.length;
    assert.ok(await listBoth() > 0, 'rows listed');
    assert.ok((await serviceRequests(mark)).length >= 2, 'both lists reached the service');
    await pause(500); // the proxy's report of a request would arrive over a pipe
    assert.deepEqual(fx.seen.slice(before), [], 'no request went through the proxy');
  });
});
