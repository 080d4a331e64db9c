import * as assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { ServiceClient } from '../../src/core';
import { describeError } from '../../src/ui/text/errorText';

/** A loopback port nothing listens on: one is opened and closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the words for a failure', () => {
  it('a service that cannot be reached is said once, with why (the notification, the view and the panel show these words)', async () => {
    const client = new ServiceClient({
      baseUrl: `http://127.0.0.1:${await closedPort()}/service/v1.1`,
      credentials: { username: 'demo', password: 'p', apiKey: 'k' },
      retry: { retries: 0 },
    });
    const e = await client.listSubmissions().then(() => undefined, (x: unknown) => x);
    assert.equal(describeError(e), 'The service could not be reached: the connection was refused (is the service running at that address?).');
  });
});
