import * as assert from 'node:assert/strict';
import { ServiceClient } from '../../src/core';
import { sandbox } from './helpers';
import { api } from './session';

// The offline runner starts a sandbox service with demo data and hands its
// URL and credentials to the extension host through the environment; the
// user settings name it, as an earlier version's did.
describe('sandbox hand-off', () => {
  const sb = sandbox();
  before(() => {
    // Both runners start a sandbox; its absence means the hand-off broke.
    assert.ok(sb, 'DSAS_SANDBOX_* did not reach the extension host');
  });

  it('the user settings\' address and user name are a connection to the sandbox', async () => {
    const { deps } = await api();
    assert.ok(deps.connections.list.some((c) => c.baseUrl === sb!.baseUrl && c.userName === sb!.user), JSON.stringify(deps.connections.list));
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
