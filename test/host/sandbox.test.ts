import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ServiceClient } from '../../src/core';
import { sandbox } from './helpers';

// The offline runner starts a sandbox service with demo data and hands its
// URL and credentials to the extension host through the environment; the
// test workspace's settings point at it too.
describe('sandbox hand-off', () => {
  const sb = sandbox();
  before(() => {
    // Both runners start a sandbox; its absence means the hand-off broke.
    assert.ok(sb, 'DSAS_SANDBOX_* did not reach the extension host');
  });

  it('the workspace settings point at the sandbox', () => {
    assert.equal(vscode.workspace.getConfiguration('dsas').get<string>('baseURL'), sb!.baseUrl);
  });

  it('the service client reaches the sandbox from the extension host', async () => {
    const client = new ServiceClient({
      baseUrl: sb!.baseUrl,
      credentials: { username: sb!.user, password: sb!.password, apiKey: sb!.key },
      timeoutMs: 5000,
    });
    const submissions = await client.listSubmissions();
    assert.ok(submissions.length > 0, 'the demo data has submissions');
  });
});
